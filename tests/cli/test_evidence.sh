#!/usr/bin/env bash
# Suspect results are never silent (engine/solver/cs_evidence.c): a journal that starts inside its
# bearing wall, a penetration beyond the clearance and a fraction of the pin radius (500,000
# r/min; E so small the pin leaves the bearing), multipliers far beyond the forces the
# mechanism can carry (a rod as long as the crank, index 3, through its singular position), an
# elastic law past its domain (Goldsmith's beyond its load limit):
# each run completes (exit 0) and says what is wrong in the summary (WARNING) and in the
# file's root attribute `warnings`; the sound run of the same model says nothing. `check`
# reports the start's own findings (a pin inside its wall) without integrating.
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
py=/usr/bin/python3
. "$(dirname "$0")/../support/cs_test.sh"

needs_python h5py

"$py" - "$tmp" <<'PY'
import copy, json, math, sys
out = sys.argv[1]
scc = json.load(open("models/slider_crank_clearance.json"))
def save(name, m):
    json.dump(m, open("%s/%s.json" % (out, name), "w"))
# the journal 9.5 mm inside its bearing wall: the rod turned about B until the journal centre
# is 10 mm (clearance 0.5 mm + 9.5 mm) off the bearing centre
m = copy.deepcopy(scc)
th = math.asin(0.010 / 0.12)
m["bodies"][2]["position"] = [0.05 + 0.06 * math.cos(th), 0.06 * math.sin(th), th]
m["solver"]["t_end"] = 0.002
save("inside", m)
# 500,000 r/min
m = copy.deepcopy(scc)
m["drivers"][0]["motion"]["velocity"] = 500000 * 2 * math.pi / 60
for b in m["bodies"][1:3]:
    b.pop("velocity", None)
m["solver"]["t_end"] = 0.0005
save("fast", m)
# E = 1e-10 Pa: nothing holds the journal in
m = copy.deepcopy(scc)
for mat in m["clearance_joints"][0]["materials"]:
    mat["E"] = 1e-10
m["solver"]["t_end"] = 0.01
save("soft", m)
# the ideal slider-crank with the rod as long as the crank: singular at 90 degrees (t = 3 ms)
m = json.load(open("models/slider_crank.json"))
m["bodies"][2]["position"] = [0.075, 0.0, 0.0]
m["bodies"][3]["position"] = [0.1, 0.0, 0.0]
m["joints"][1]["point2"] = [-0.025, 0]
m["joints"][2]["point1"] = [0.025, 0]
m["solver"].update(t_end=0.006, formulation="index3")
save("singular", m)
m = copy.deepcopy(scc)
m["solver"]["t_end"] = 0.006
save("sound", m)
# Goldsmith's law in a 1 mm long joint: its formula ends at 4.79 um (1.5 e^-1/2 L^2/R*), the
# journal goes 27 um deep; with fit_range inside that domain (004 sec. 2's fit) it is sound
m["clearance_joints"][0]["length"] = 0.001
m["clearance_joints"][0]["contact"]["elastic"] = {"model": "goldsmith"}
save("goldsmith", m)
m["clearance_joints"][0]["contact"]["elastic"]["fit_range"] = 4e-6
save("goldsmith_fit", m)
PY

warned() { # case, text the warning must hold
  expect "$1: completes" 0 "$cli" run "$tmp/$1.json" -o "$tmp/$1.h5"
  contains "$1: the summary warns" "$tmp/out" "WARNING        "
  contains "$1: and says what" "$tmp/out" "$2"
  holds "$1: the file's warnings attribute says the same" "$py" -c "
import h5py, sys
w = h5py.File(sys.argv[1], 'r').attrs['warnings']
line = [l for l in open(sys.argv[2]) if l.startswith('WARNING')][0]
sys.exit(not (sys.argv[3] in w and line.split(None, 1)[1].strip() == w))" "$tmp/$1.h5" "$tmp/out" "$2"
}

warned inside 'clearance joint "C" starts with the pin 0.00951 m inside the wall (clearance 0.0005 m)'
# `check` integrates nothing and still says what the assembled start shows
expect "inside: check passes the assembly" 0 "$cli" check "$tmp/inside.json"
contains "inside: check warns" "$tmp/out" 'WARNING      clearance joint "C" starts with the pin 0.00951 m inside the wall'
expect "sound: check passes" 0 "$cli" check "$tmp/sound.json"
holds "sound: check says nothing" [ -z "$(grep WARNING "$tmp/out")" ]
warned fast 'beyond the clearance 0.0005 m and 0.801 of the pin radius'
warned soft 'beyond the clearance 0.0005 m and 31.7 of the pin radius'
warned singular 'times the forces the mechanism can carry'
# (the multiplier's size at the singular position is round-off over a vanishing pivot: 1e13 to
# 1e15 depending on the order of the sums, so only the row and the time are checked. The row
# is one of the two the position makes dependent: the rod's far pin C lands on the crank's
# pivot A, so their vertical reactions can trade any amount; round-off picks which one grows,
# A.y under the Schur complement's Cholesky, C.y under its LDLᵀ.)
holds "singular: names a row the position makes dependent" grep -qE "multiplier (A|C)\.y = " "$tmp/out"
contains "singular: and the time" "$tmp/out" "at t = 0.003 s, "

warned goldsmith 'elastic law "goldsmith" used past its domain at'
contains "goldsmith: names the limit and the way on" "$tmp/out" \
  'against its limit 4.79e-06 m: its formula has no solution there and a stand-in answered (F ~ delta^3 for the log laws); set its fit_range to at most 4.78e-06 m'
expect "goldsmith_fit: completes" 0 "$cli" run "$tmp/goldsmith_fit.json" -o "$tmp/goldsmith_fit.h5"
holds "goldsmith_fit: no WARNING line" [ -z "$(grep WARNING "$tmp/out")" ]

expect "sound: completes" 0 "$cli" run "$tmp/sound.json" -o "$tmp/sound.h5"
holds "sound: no WARNING line" [ -z "$(grep WARNING "$tmp/out")" ]
holds "sound: warnings attribute empty" "$py" -c "
import h5py, sys
sys.exit(h5py.File(sys.argv[1], 'r').attrs['warnings'] != '')" "$tmp/sound.h5"
finish
