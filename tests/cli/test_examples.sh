#!/usr/bin/env bash
# The numbered examples run and print what their READMEs say: 01's read.py reads the first
# clearance model's run file (its 26 contacts, the hardest at 45.87 kN, the energy books closed
# to 7.6e-07 of the largest term, as clearsim's own summary says), and 03's program, a contact
# law registered from outside the library, meets a linear spring's closed form.
set -u
. "$(dirname "$0")/../support/cs_test.sh"
needs_python h5py numpy
build=${CS_BUILD_DIR:-build}
num() { # the number after the word $2 on the line that starts with $1
  awk -v k="$1" -v w="$2" 'index($0, k) == 1 { for (i = 1; i < NF; i++) if ($i == w) { print $(i + 1); exit } }' "$3"
}
near() { # name, got, want, relative tolerance
  if [ -n "$2" ] && awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t * (w < 0 ? -w : w)) }'
  then ok; else bad "$1: got '$2', want $3 (relative tolerance $4)"; fi
}

# 01: the run, then read.py on its file
expect "clearsim run models/slider_crank_clearance.json" 0 \
  "$build/tools/clearsim" run models/slider_crank_clearance.json -o "$tmp/run.h5" --quiet
expect "read.py" 0 /usr/bin/python3 examples/01_first_clearance/read.py "$tmp/run.h5"
cat "$tmp/out"
cp "$tmp/out" "$tmp/read.txt"
contains "read.py: the run completed" "$tmp/read.txt" "status          complete at t = 0.024 s (1201 rows)"
near "read.py: contacts" "$(num contacts contacts "$tmp/read.txt")" 26 0
near "read.py: the hardest contact's peak force (N)" "$(num 'peak force' force "$tmp/read.txt")" 45870 1e-3
near "read.py: dissipated energy (J)" "$(num 'energy at end' dissipated "$tmp/read.txt" | tr -d ,)" 1.62648 1e-3
share=$(awk '/^balance error/ { sub(/^\(/, "", $5); print $5 }' "$tmp/read.txt")
holds "read.py: the books close to below 1e-6 of the largest term (got $share)" \
  awk -v s="$share" 'BEGIN { exit !(s != "" && s + 0 < 1e-6) }'
recomputed=$(num 'balance error' 'recomputed:' "$tmp/read.txt")
be=$(awk '/^balance error/ { print $3 }' "$tmp/read.txt")
near "read.py: balance_error equals the books recomputed" "$recomputed" "$be" 1e-2

# 03: the custom law against the closed form of a mass on a linear spring
expect "custom_law" 0 "$build/examples/custom_law" examples/03_custom_law/ball_linear_spring.json
cat "$tmp/out"
cp "$tmp/out" "$tmp/law.txt"
near "custom_law: contact time pi sqrt(m/k)" "$(num 'contact time' time "$tmp/law.txt")" 0.00157079633 1e-6
near "custom_law: peak force v sqrt(m k)" "$(num 'peak force' force "$tmp/law.txt")" 400 1e-6
near "custom_law: rebound speed v" "$(num 'rebound speed' speed "$tmp/law.txt")" 0.2 1e-6
# without the program's registry the law is unknown: a model names nothing the library lacks
expect "clearsim check: linear_spring is not built in" 2 \
  "$build/tools/clearsim" check examples/03_custom_law/ball_linear_spring.json
contains "clearsim check names the unknown law" "$tmp/err" "linear_spring"
finish
