#!/usr/bin/env bash
# clearsim sweep: every place a case sets is set once. A parameter's "path" and each of its
# "also" places, across all parameters, may neither repeat one another nor lie inside another
# (a later override would silently overwrite the earlier one, and the summary would record a
# value the case did not run with). The sweep file is refused, naming both JSON pointers.
set -u
cli="$(realpath "${CS_BUILD_DIR:-build}")/tools/clearsim"
. "$(dirname "$0")/../support/cs_test.sh"
cp models/slider_crank_clearance.json "$tmp/model.json"
cd "$tmp"

refused() { # name, the parameters' JSON, the message wanted
  echo '{"name": "paths", "model": "model.json", "t_end": 0.002, "parameters": '"$2"'}' > paths.json
  expect "$1: --check refuses it" 2 "$cli" sweep paths.json --check
  contains "$1: the message" err "$3"
  expect "$1: the sweep refuses it" 2 "$cli" sweep paths.json -q
  holds "$1: no summary written" test ! -e paths.h5
}

hole='{"path": "/clearance_joints/0/hole_radius", "values": [0.0098, 0.0100]}'
refused "an \"also\" on an earlier parameter's path" \
  "[$hole, {\"path\": \"/drivers/0/motion/velocity\", \"values\": [300], \"also\": [{\"path\": \"/clearance_joints/0/hole_radius\", \"scale\": 6.5e-5}]}]" \
  'paths.json: /parameters/1/also/0: the path "/clearance_joints/0/hole_radius" is already swept by /parameters/0'
refused "a parameter on an earlier \"also\" place" \
  "[{\"path\": \"/drivers/0/motion/velocity\", \"values\": [300], \"also\": [{\"path\": \"/bodies/1/velocity/2\"}]}, {\"path\": \"/bodies/1/velocity/2\", \"values\": [1]}]" \
  'paths.json: /parameters/1: the path "/bodies/1/velocity/2" is already swept by /parameters/0/also/0'
refused "an \"also\" on its own parameter's path" \
  "[{\"path\": \"/drivers/0/motion/velocity\", \"values\": [300], \"also\": [{\"path\": \"/drivers/0/motion/velocity\", \"scale\": 2}]}]" \
  'paths.json: /parameters/0/also/0: the path "/drivers/0/motion/velocity" is already swept by /parameters/0'
refused "one \"also\" place twice" \
  "[{\"path\": \"/drivers/0/motion/velocity\", \"values\": [300], \"also\": [{\"path\": \"/bodies/1/velocity/2\"}, {\"path\": \"/bodies/2/velocity/1\"}, {\"path\": \"/bodies/1/velocity/2\", \"scale\": 0}]}]" \
  'paths.json: /parameters/0/also/2: the path "/bodies/1/velocity/2" is already swept by /parameters/0/also/0'
refused "a place inside an earlier one" \
  "[{\"path\": \"/clearance_joints/0\", \"values\": [1]}, $hole]" \
  'paths.json: /parameters/1: the path "/clearance_joints/0/hole_radius" overlaps "/clearance_joints/0", swept by /parameters/0 (one would overwrite the other)'
refused "a place around a later \"also\"" \
  "[{\"path\": \"/drivers/0/motion/velocity\", \"values\": [300], \"also\": [{\"path\": \"/bodies/1/velocity/2\"}]}, {\"path\": \"/bodies/1/velocity\", \"values\": [1]}]" \
  'paths.json: /parameters/1: the path "/bodies/1/velocity" overlaps "/bodies/1/velocity/2", swept by /parameters/0/also/0 (one would overwrite the other)'

# distinct places that share a prefix are not one inside another
cat > fine.json <<'JSON'
{"name": "fine", "model": "model.json", "t_end": 0.002,
 "parameters": [{"path": "/clearance_joints/0/hole_radius", "values": [0.0098, 0.0100]},
                {"path": "/drivers/0/motion/velocity", "values": [300],
                 "also": [{"path": "/bodies/1/velocity/1", "scale": 0.025},
                          {"path": "/bodies/1/velocity/2"},
                          {"path": "/bodies/2/velocity/1", "scale": 0.025}]}]}
JSON
expect "places sharing a prefix are distinct" 0 "$cli" sweep fine.json --check
contains "…and the sweep is counted" out "sweep fine: 2 cases of model.json, every one valid (2 parameters, 5 overrides each)"
finish
