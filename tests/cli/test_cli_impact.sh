#!/usr/bin/env bash
# clearsim impact: help and usage errors, the exit codes of run (2 bad input, 4 solver failure,
# 6 output file error), the printed summary of the 000 Table 1 ball-in-socket impact, and its
# HDF5 file.
set -u
cli=$(realpath -m "${CS_BUILD_DIR:-build}/tools/clearsim")
. "$(dirname "$0")/../support/cs_test.sh"

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

# Goldsmith's law on a 1 mm long journal (R1 9.5 mm in R2 10 mm, steel) struck at 1 m/s by
# 1 kg: its formula ends at delta_c = 4.79 um and the impact goes 20.5 um deep, so the
# delta^3 stand-in answers 89.7 kN; with fit_range 4 um (004 sec. 2's fit within the domain)
# it is 31.4 kN. The impact warns as a run does (tests/cli/test_evidence.sh, cs_evidence.c's
# text), in the summary and the file's `warnings`; the fitted impact says nothing.
cat > "$tmp/goldsmith.json" <<'JSON'
{
  "name": "goldsmith_journal",
  "geometry": {"shape": "line", "internal": true, "R1": 0.0095, "R2": 0.01, "length": 0.001},
  "materials": [{"E": 2.07e11, "nu": 0.3}, {"E": 2.07e11, "nu": 0.3}],
  "masses": [1, 0],
  "velocity": 1.0,
  "contact": {"elastic": {"model": "goldsmith"}, "damping": {"model": "lankarani_nikravesh"},
              "restitution": {"model": "constant", "cr": 0.9}}
}
JSON
sed 's/"goldsmith"}/"goldsmith", "fit_range": 4e-6}/' "$tmp/goldsmith.json" > "$tmp/fitted.json"
expect "goldsmith past its domain: completes" 0 "$cli" impact "$tmp/goldsmith.json" \
  -o "$tmp/g.h5"
contains "goldsmith: the stand-in's force" "$tmp/out" "F_max          897"
contains "goldsmith: the summary warns" "$tmp/out" \
  'WARNING        impact "goldsmith_journal": elastic law "goldsmith" used past its domain at '
contains "goldsmith: names the depth, the limit and the way on" "$tmp/out" \
  'to delta = 2.05e-05 m against its limit 4.79e-06 m: its formula has no solution there and a stand-in answered (F ~ delta^3 for the log laws); set its fit_range to at most 4.78e-06 m'
grep '^WARNING' "$tmp/out" | sed 's/^WARNING *//' > "$tmp/warning"
holds "goldsmith: the file's warnings attribute says the same" py -c "
import h5py, sys
w = h5py.File(sys.argv[1], 'r').attrs['warnings']
sys.exit(w != open(sys.argv[2]).read().rstrip('\n'))" "$tmp/g.h5" "$tmp/warning"
sed 's/"goldsmith"}/"goldsmith", "fit_range": 4.78e-6}/' "$tmp/goldsmith.json" > "$tmp/advised.json"
expect "goldsmith with the advised fit_range: completes" 0 "$cli" impact "$tmp/advised.json" \
  -o "$tmp/a.h5"
holds "the advised fit_range lifts the warning" [ -z "$(grep WARNING "$tmp/out")" ]
expect "goldsmith fitted within its domain: completes" 0 "$cli" impact "$tmp/fitted.json" \
  -o "$tmp/f.h5"
contains "fitted: 004 sec. 2's force" "$tmp/out" "F_max          3141"
holds "fitted: no WARNING line" [ -z "$(grep WARNING "$tmp/out")" ]
holds "fitted: warnings attribute empty" py -c "
import h5py, sys
sys.exit(h5py.File(sys.argv[1], 'r').attrs['warnings'] != '')" "$tmp/f.h5"
holds "the ball-in-socket impact: warnings attribute empty" py -c "
import h5py, sys
sys.exit(h5py.File(sys.argv[1], 'r').attrs['warnings'] != '')" "$tmp/b.h5"

finish
