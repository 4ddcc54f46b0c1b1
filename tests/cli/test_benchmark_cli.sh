#!/usr/bin/env bash
# The benchmark models of the clearance-joint issue run to completion with their own settings
# through the clearsim program (tests/test_bench_*.c judge their figures through the API):
# exit 0, a complete file, the model's final time, and an energy balance error within 1e-6 of
# the largest energy term (the runs give 4e-10 … 3e-7).
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
. "$(dirname "$0")/../support/cs_test.sh"

# model file, final time as the summary prints it
while read -r model t_end; do
  name=$(basename "$model" .json)
  "$cli" run "$model" -o "$tmp/$name.h5" >"$tmp/out" 2>"$tmp/err"
  code=$?
  [ "$code" -eq 0 ] && ok || { bad "$model: exit $code"; cat "$tmp/err"; continue; }
  grep -q "^status  *complete" "$tmp/out" && ok || bad "$model: status not complete"
  grep -qF "final time     $t_end s" "$tmp/out" && ok || bad "$model: final time not $t_end s"
  [ -s "$tmp/$name.h5" ] && ok || bad "$model: no output file"
  # "balance error  <J> J (<relative> of the largest energy term)"
  rel=$(sed -n 's/^balance error .*(\(.*\) of the largest energy term)/\1/p' "$tmp/out")
  awk -v r="$rel" 'BEGIN { exit !(r != "" && r + 0 < 1e-6 && r + 0 > -1e-6) }' && ok ||
    bad "$model: balance error '$rel' of the largest term, want < 1e-6"
done <<'LIST'
models/liu2022_constant_cr.json 0.4
models/liu2022_yield_strength.json 0.4
models/ball_socket_hertz.json 0.0035
models/ball_socket_lankarani_nikravesh.json 0.0035
models/ball_socket_flores.json 0.0035
models/ball_socket_wang_gao.json 0.0035
models/li2018_fractal_c05.json 0.0018
models/li2018_ln_c05.json 0.0018
models/li2018_fractal_c1.json 0.0042
models/li2018_ln_c1.json 0.0042
LIST

finish
