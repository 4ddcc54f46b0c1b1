#!/usr/bin/env bash
# The clearsim program: exit codes that tell bad input, assembly failure, solver failure and
# usage apart; `check` prints the counts the model implies; `run` writes a complete file.
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
. "$(dirname "$0")/../support/cs_test.sh"

expect "no arguments is a usage error" 1 "$cli"
expect "unknown command" 1 "$cli" frobnicate
expect "--help" 0 "$cli" --help
expect "run --help" 0 "$cli" run --help
contains "run --help documents -o" "$tmp/out" "--t-end"
expect "check --help" 0 "$cli" check --help
expect "laws --help" 0 "$cli" laws --help
expect "run without a model" 1 "$cli" run
expect "bad --t-end" 1 "$cli" run models/pendulum.json --t-end -3
# the bounds of solver.t_end (the loader's): 1e-300 used to reach IDAS and fail with garbage
expect "--t-end 1e-300 is a usage error" 1 "$cli" run models/pendulum.json -o "$tmp/tiny.h5" --t-end 1e-300
contains "and says the bounds" "$tmp/err" "t_end 1e-300 s: expected 0 (the model's) or a time in [1e-20"
expect "--t-end past a billion rows is a usage error" 1 "$cli" run models/pendulum.json -o "$tmp/huge.h5" --t-end 1e12
# a full standard output is an output error, said on stderr (it went unchecked: exit 0)
expect "run > /dev/full: output error" 6 sh -c '"$0" run models/pendulum.json -o "$1" --t-end 0.1 > /dev/full' "$cli" "$tmp/full.h5"
contains "…said on stderr" "$tmp/err" "clearsim: cannot write to standard output: No space left on device"
expect "laws > /dev/full: output error" 6 sh -c '"$0" laws > /dev/full' "$cli"

expect "missing file is bad input" 2 "$cli" check "$tmp/none.json"
expect "invalid model is bad input" 2 "$cli" run tests/bad_input/inertia_negative.json -o "$tmp/x.h5"
contains "the message names file and path" "$tmp/err" "tests/bad_input/inertia_negative.json: /bodies/1/inertia"

# a chain too short to close: assembly failure, naming the joint
cat > "$tmp/open.json" <<'JSON'
{"name": "open", "bodies": [{"name": "g", "ground": true},
  {"name": "a", "mass": 1, "inertia": 0.01, "position": [0.05, 0, 0]}],
 "joints": [{"name": "O", "type": "revolute", "body1": "g", "body2": "a", "point2": [-0.05, 0]},
            {"name": "far", "type": "revolute", "body1": "g", "body2": "a", "point1": [1, 0], "point2": [0.05, 0]}]}
JSON
expect "cannot close is an assembly failure" 3 "$cli" check "$tmp/open.json"
contains "the joint is named" "$tmp/err" 'joint "'

# the pendulum with too few steps allowed: solver failure, file marked failed
sed 's/"atol": 1e-10}/"atol": 1e-10, "max_steps": 3}/' models/pendulum.json > "$tmp/starved.json"
expect "solver failure" 4 "$cli" run "$tmp/starved.json" -o "$tmp/starved.h5" --quiet
[ -s "$tmp/starved.h5" ] && pass=$((pass + 1)) || { fail=$((fail + 1)); echo "FAIL no file after a solver failure"; }

expect "check the slider-crank" 0 "$cli" check models/slider_crank.json
contains "9 coordinates" "$tmp/out" "coordinates  9"
contains "9 rows (4 joints' 8 + the driver's 1)" "$tmp/out" "constraints  9"
contains "0 degrees of freedom once driven" "$tmp/out" "dof          0"

expect "check the redundant parallelogram" 0 "$cli" check models/parallelogram_redundant.json
contains "its redundant row is said" "$tmp/out" "(1 redundant at the assembled position)"
contains "one degree of freedom, not zero" "$tmp/out" "dof          1"

expect "run the pendulum for 1 s" 0 "$cli" run models/pendulum.json -o "$tmp/p.h5" --t-end 1
contains "summary: status" "$tmp/out" "complete"
contains "summary: final time" "$tmp/out" "final time     1 s"
contains "summary: output path" "$tmp/out" "$tmp/p.h5"
holds "no output file" [ -s "$tmp/p.h5" ]
expect "quiet run prints nothing" 0 "$cli" run models/pendulum.json -o "$tmp/q.h5" --t-end 0.1 --quiet
holds "--quiet printed" [ ! -s "$tmp/out" ]

cp models/pendulum.json "$tmp/self.json"
expect "-o naming the model file is refused" 1 "$cli" run "$tmp/self.json" -o "$tmp/self.json"
contains "and says why" "$tmp/err" "the output file is the model file"
holds "the model file is left as it was" cmp -s models/pendulum.json "$tmp/self.json"
expect "-o '' is refused" 1 "$cli" run models/pendulum.json -o ""
sed 's/"interval": [0-9.e-]*/"interval": 1e-15/' models/pendulum.json > "$tmp/dense.json"
expect "an output interval below 1e-9 of t_end is bad input" 2 "$cli" check "$tmp/dense.json"
contains "it names the JSON path" "$tmp/err" "/output/interval: expected at least"

# run --verify (engine/run/README.md "Verifying a run"): the clearance slider-crank at loose tolerances finds
# 43 (GGL, rtol 1e-3, atol 1e-6) and 43 (index 3, rtol 1e-4, atol 1e-9) contacts where its
# tighter run and an rtol 1e-11 one find 26: the run's own evidence flags it, --verify says "not
# converged" in the summary and /verify and exits 8; as shipped (its file's tolerance, the
# default formulation) it is converged and exits 0
needs_python h5py
scc=models/slider_crank_clearance.json
sed 's/"rtol": 1e-8, "atol": 1e-11/"formulation": "ggl", "rtol": 1e-3, "atol": 1e-6/' $scc > "$tmp/ggl_loose.json"
sed 's/"rtol": 1e-8, "atol": 1e-11/"formulation": "index3", "rtol": 1e-4, "atol": 1e-9/' $scc > "$tmp/index3_loose.json"
holds "…the loose copies set their formulation" grep -q '"index3", "rtol": 1e-4' "$tmp/index3_loose.json"
holds "…and GGL's" grep -q '"ggl", "rtol": 1e-3' "$tmp/ggl_loose.json"
verify_attr() { # file, python expression over the /verify attributes `v` and the root's `root`
  py -c "import h5py, sys; f = h5py.File(sys.argv[1], 'r'); v, root = f['verify'].attrs, f.attrs
sys.exit(not ($2))" "$1"
}
contains "run --help documents --verify" <("$cli" run --help) "--verify"
expect "ggl rtol 1e-3 --verify: complete, not converged: exit 8" 8 "$cli" run "$tmp/ggl_loose.json" -o "$tmp/gl.h5" --verify
contains "…its own evidence flags the sequence" "$tmp/out" "WARNING        atol 1e-06 is more than 10 times the 1.5e-09 m"
contains "…the summary's verdict" "$tmp/out" "verify         not converged: 43 contacts against 26 at rtol 1e-05, atol 1e-08"
contains "…said on stderr too" "$tmp/err" "clearsim: --verify: not converged: 43 contacts against 26"
holds "…the file is complete, its warnings and /verify say so" verify_attr "$tmp/gl.h5" \
  "v['converged'] == 0 and v['contacts'] == 43 and v['contacts_tight'] == 26 and v['verdict'].startswith('not converged: 43 contacts against 26') and root['status'] == 'complete' and 'likely wrong' in root['warnings']"
expect "index3 rtol 1e-4 --verify: exit 8" 8 "$cli" run "$tmp/index3_loose.json" -o "$tmp/il.h5" --verify --quiet
holds "--quiet prints nothing" [ ! -s "$tmp/out" ]
contains "…stderr still says why" "$tmp/err" "clearsim: --verify: not converged: 43 contacts against"
holds "…and the file" verify_attr "$tmp/il.h5" \
  "v['converged'] == 0 and v['contacts'] == 43 and 'index3 leaves the velocities' in root['warnings']"
expect "the file's tolerance --verify: converged, exit 0" 0 "$cli" run $scc -o "$tmp/ok.h5" --verify
contains "…the summary says converged" "$tmp/out" "verify         converged"
contains "…with the tighter run's figures" "$tmp/out" "26 contacts against 26, 26 matched"
holds "…and no WARNING" [ -z "$(grep WARNING "$tmp/out")" ]
holds "…/verify converged, 26 against 26" verify_attr "$tmp/ok.h5" \
  "v['converged'] == 1 and v['verdict'] == 'converged' and v['contacts'] == v['contacts_tight'] == 26 and v['rtol'] == 1e-10"
# the flag never fires on a shipped model at its own tolerances (`check` reports the start's)
for m in models/*.json; do
  "$cli" check "$m" >"$tmp/out" 2>&1
  holds "$m: not flagged at its tolerances" [ -z "$(grep -E 'likely wrong' "$tmp/out")" ]
done
expect "without --verify no /verify group" 0 "$cli" run models/pendulum.json -o "$tmp/nv.h5" --t-end 0.1 --quiet
holds "…none" py -c "import h5py, sys; sys.exit('verify' in h5py.File(sys.argv[1], 'r'))" "$tmp/nv.h5"

expect "laws lists the families" 0 "$cli" laws
for f in elastic damping restitution friction; do contains "laws: $f" "$tmp/out" "$f ("; done
expect "unknown family" 1 "$cli" laws plastic

# ---------------------------------------------------------------- options (getopt_long)
# every command the dispatcher knows (its table in clearsim.c) is in --help on a line of its
# own, has its own --help, and names itself and its --help when an option is wrong
cmds=$(sed -n '/^static const cli_command commands\[\] = {/,/^};/s/^ *{"\([a-z]*\)",.*/\1/p' tools/cli/clearsim.c)
holds "the dispatcher's table lists its commands" [ "$(echo $cmds | wc -w)" -ge 6 ]
"$cli" --help >"$tmp/help" 2>&1
for c in $cmds; do
  holds "--help lists $c with what it does" grep -qE "^  $c .*[^ ]  +[^ ]" "$tmp/help"
  expect "$c --help" 0 "$cli" "$c" --help
  contains "…is its usage" "$tmp/out" "usage: clearsim $c"
  expect "$c with an unknown option" 1 "$cli" "$c" --no-such-option
  contains "…names it and the command" "$tmp/err" "clearsim $c: unknown option \"--no-such-option\""
  contains "…and says where the options are" "$tmp/err" "clearsim $c --help"
done
# --opt=VALUE as well as --opt VALUE; short options as before, grouped too
expect "run --t-end=T --output=FILE" 0 "$cli" run models/pendulum.json --t-end=0.1 --output="$tmp/eq.h5" --quiet
holds "…writes the file" [ -s "$tmp/eq.h5" ]
expect "run -qo FILE" 0 "$cli" run models/pendulum.json --t-end 0.1 -qo "$tmp/grouped.h5"
holds "…writes the file" [ -s "$tmp/grouped.h5" ]
holds "…quietly" [ ! -s "$tmp/out" ]
expect "run --t-end=-3 is checked as --t-end -3" 1 "$cli" run models/pendulum.json --t-end=-3
contains "…and says so" "$tmp/err" 'clearsim run: --t-end expects a positive number of seconds, got "-3"'
expect "run -o without its value" 1 "$cli" run models/pendulum.json -o
contains "…says which" "$tmp/err" "clearsim run: -o needs a value"
contains "…and where the options are" "$tmp/err" "clearsim run --help"
expect "run --t-end without its value" 1 "$cli" run models/pendulum.json --t-end
contains "…says which" "$tmp/err" "clearsim run: --t-end needs a value"
expect "run --quiet=yes" 1 "$cli" run models/pendulum.json --quiet=yes
contains "…takes no value" "$tmp/err" "clearsim run: --quiet takes no value"
expect "run -x" 1 "$cli" run models/pendulum.json -x
contains "…an unknown short option" "$tmp/err" 'clearsim run: unknown option "-x"'
expect "run with two models" 1 "$cli" run models/pendulum.json models/pendulum.json
contains "…the second is unexpected" "$tmp/err" 'clearsim run: unexpected argument "models/pendulum.json"'
expect "impact --output=FILE" 0 "$cli" impact models/impact_ball_socket.json --output="$tmp/imp.h5" -q
holds "…writes the file" [ -s "$tmp/imp.h5" ]
expect "impact -o without its value" 1 "$cli" impact models/impact_ball_socket.json -o
contains "…says which" "$tmp/err" "clearsim impact: -o needs a value"
expect "schema --output=FILE" 0 "$cli" schema model --output="$tmp/schema.json"
holds "…writes the file" [ -s "$tmp/schema.json" ]
expect "schema --output without its value" 1 "$cli" schema model --output
contains "…says which" "$tmp/err" "clearsim schema: --output needs a value"
expect "sweep --jobs=N --check" 0 "$cli" sweep models/studies/clearance_speed.json --jobs=2 --check
contains "…checks" "$tmp/out" "every one valid"
expect "sweep --jobs=0" 1 "$cli" sweep models/studies/clearance_speed.json --jobs=0 --check
contains "…is checked as --jobs 0" "$tmp/err" 'clearsim sweep: --jobs expects a number of workers from 1 to 4096, got "0"'
expect "sweep --jobs without its value" 1 "$cli" sweep models/studies/clearance_speed.json --jobs
contains "…says which" "$tmp/err" "clearsim sweep: --jobs needs a value"
expect "check with two models" 1 "$cli" check models/pendulum.json models/pendulum.json
expect "laws with two families" 1 "$cli" laws elastic damping
contains "…the second is unexpected" "$tmp/err" 'clearsim laws: unexpected argument "damping"'

# --set PTR=VALUE: the model edited by JSON pointer before it loads, through the loader's checks
expect "check --set a hole radius" 0 "$cli" check models/slider_crank_clearance.json \
  --set /clearance_joints/0/hole_radius=0.0102
contains "…the clearance follows" "$tmp/out" "revolute clearance, clearance 0.0007 m (hole_radius - pin_radius)"
# a profile's size and its rule (models/README.md "Profiles"): the absorber's annulus, then given
expect "check a profile's size" 0 "$cli" check models/pendulum_absorber.json
contains "…half the roller's play in its annulus" "$tmp/out" \
  "profile contact, clearance 5e-05 m (half the follower's play at the start)"
expect "check a profile's size given" 0 "$cli" check models/pendulum_absorber.json \
  --set /clearance_joints/0/clearance=2e-5
contains "…as given" "$tmp/out" "profile contact, clearance 2e-05 m (given)"
expect "run --set=PTR=VALUE, twice" 0 "$cli" run models/slider_crank_clearance.json \
  --set=/solver/t_end=0.002 --set /output/interval=0.001 -o "$tmp/set.h5" --quiet
holds "…the run took both" [ "$(py -c "import h5py; print(len(h5py.File('$tmp/set.h5')['time']))")" = 3 ]
expect "a bare word is a string" 2 "$cli" check models/slider_crank_clearance.json \
  --set /clearance_joints/0/contact/elastic/model=nosuchlaw
contains "…which the loader refuses by name" "$tmp/err" "nosuchlaw"
expect "--set of no place in the model" 2 "$cli" check models/slider_crank_clearance.json --set /nope=1
contains "…names the file and the pointer" "$tmp/err" 'models/slider_crank_clearance.json: /: unknown key "nope"'
expect "--set without a pointer" 1 "$cli" run models/slider_crank_clearance.json --set hole=1
contains "…says what it expects" "$tmp/err" "--set expects POINTER=VALUE with a JSON pointer"
# a key the loader takes instead of another (the model gives hole_radius): the --set one wins
expect "run --set a clearance over the file's hole_radius" 0 "$cli" run \
  models/slider_crank_clearance.json --set /clearance_joints/0/clearance=0.0003 --t-end 0.002 \
  -o "$tmp/gap.h5" --quiet
holds "…its file: hole = pin + 0.0003, the clearance in its model" py -c "
import h5py, json, sys; f = h5py.File('$tmp/gap.h5'); j = json.loads(f['model'][()])['clearance_joints'][0]
sys.exit(0 if f['joints/C'].attrs['clearance'] == (0.0095 + 0.0003) - 0.0095 and j['clearance'] == 0.0003
         and 'hole_radius' not in j else 1)"
expect "check --set a speed in r/min over the file's velocity" 0 "$cli" check \
  models/slider_crank_clearance.json --set /drivers/0/motion/rpm=3000
expect "--set of both keys of a pair" 2 "$cli" check models/slider_crank_clearance.json \
  --set /clearance_joints/0/clearance=0.0003 --set /clearance_joints/0/hole_radius=0.0101
contains "…is refused as a file giving both" "$tmp/err" "models/slider_crank_clearance.json: \
/clearance_joints/0/clearance: give hole_radius or clearance (hole_radius − pin_radius), not both"

# a valid model whose numbers suggest a unit typed wrongly: warned, never refused
sed -e 's/"pin_radius": 0.0095, "hole_radius": 0.0100/"pin_radius": 9.5, "hole_radius": 9.7/' \
  models/slider_crank_clearance.json >"$tmp/mm.json"
expect "check of radii typed in millimetres still runs" 0 "$cli" check "$tmp/mm.json"
contains "…and warns of the clearance" "$tmp/err" "clearsim: warning: $tmp/mm.json: clearance joint C: its clearance 0.2 m"
contains "…and of the pin" "$tmp/err" "pin radius 9.5 m exceeds the whole mechanism"
expect "run warns too" 0 "$cli" run "$tmp/mm.json" -o "$tmp/mm.h5" --t-end 0.001 --quiet
contains "…the same lines" "$tmp/err" "lengths typed in millimetres?"
expect "a shipped model: no warning" 0 "$cli" check models/slider_crank_clearance.json
if grep -q warning "$tmp/err"; then bad "a shipped model is warned: $(cat "$tmp/err")"; else ok; fi

finish
