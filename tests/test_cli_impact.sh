#!/usr/bin/env bash
# clearsim impact: help and usage errors, the exit codes of run (2 bad input, 4 solver failure,
# 6 output file error), the printed summary of the 000 Table 1 ball-in-socket impact, and its
# HDF5 file.
set -u
cli=$(realpath -m "${CS_BUILD_DIR:-build}/tools/clearsim")
. "$(dirname "$0")/cs_test.sh"

expect "impact --help" 0 "$cli" impact --help
contains "impact --help documents -o" "$tmp/out" "-o, --output OUT.h5"
expect "the main help lists impact" 0 "$cli" --help
contains "impact in the command list" "$tmp/out" "impact IMPACT.json"
expect "impact without a file" 1 "$cli" impact
expect "impact with two files" 1 "$cli" impact models/impact_ball_socket.json extra.json
expect "impact with an unknown option" 1 "$cli" impact models/impact_ball_socket.json --fast

expect "missing impact file is bad input" 2 "$cli" impact "$tmp/none.json"
sed 's/"cr": 0.9/"cr": 1.9/' models/impact_ball_socket.json > "$tmp/bad_cr.json"
expect "c_r out of range is bad input" 2 "$cli" impact "$tmp/bad_cr.json" -o "$tmp/x.h5"
contains "the message names file and path" "$tmp/err" \
  "$tmp/bad_cr.json: /contact/restitution/cr: expected a number in (0, 1], got 1.9"
sed 's/"model": "lankarani_nikravesh"/"model": "lankarani"/' models/impact_ball_socket.json \
  > "$tmp/bad_law.json"
expect "unknown damping law is bad input" 2 "$cli" impact "$tmp/bad_law.json"
contains "the unknown law is named with the choices" "$tmp/err" \
  '/contact/damping/model: unknown damping model "lankarani" (expected one of: kelvin_voigt'

# a step cap far below what the contact needs: the integrator fails (4), the file says so
sed 's/"solver": {"rtol": 1e-9}/"solver": {"rtol": 1e-9, "max_step": 1e-15}/' \
  models/impact_ball_socket.json > "$tmp/starved.json"
expect "solver failure" 4 "$cli" impact "$tmp/starved.json" -o "$tmp/starved.h5" --quiet
contains "the failure says why" "$tmp/err" "no separation"
[ -s "$tmp/starved.h5" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL no file after a solver failure"; }

expect "unwritable output is an output error" 6 "$cli" impact models/impact_ball_socket.json \
  -o "$tmp/no/such/dir.h5"

# 000 Table 1 with L-N damping at c_r = 0.9: the impact returns e = 0.913177 (eq. 113's root for
# chi = 0.75 (1 - 0.81), test_contact_damping), F_max and t_c as test_impact pins them
expect "the ball-in-socket impact" 0 "$cli" impact models/impact_ball_socket.json -o "$tmp/b.h5"
contains "summary: status" "$tmp/out" "status         complete"
contains "summary: e_eff" "$tmp/out" "e_eff 0.913176"
contains "summary: c_r" "$tmp/out" "(c_r 0.9, +1.464 %)"
contains "summary: delta_max" "$tmp/out" "delta_max      9.8437"
contains "summary: contact time" "$tmp/out" "contact time   0.00010109"
contains "summary: balance" "$tmp/out" "balance error"
contains "summary: output path" "$tmp/out" "$tmp/b.h5"
holds "no output file" [ -s "$tmp/b.h5" ]
expect "quiet impact prints nothing" 0 "$cli" impact models/impact_ball_socket.json \
  -o "$tmp/q.h5" --quiet
holds "--quiet printed" [ ! -s "$tmp/out" ]
# without -o: the file's output.file, written in the working directory
model=$(realpath models/impact_ball_socket.json)
(cd "$tmp" && "$cli" impact "$model" --quiet)
holds "no impact_ball_socket.h5 from output.file" [ -s "$tmp/impact_ball_socket.h5" ]

finish
