#!/usr/bin/env bash
# examples/05_fmu: the clearance slider-crank's FMU with the crank speed as an input, driven by
# master.py's controller, prints what the example's README quotes: slowed from 5000 to
# 3000 r/min at once, then at a limited rate, the peaks of the driving torque and of the
# bearing force after the command, and the crank at 3000 r/min at the end.
set -u
. "$(dirname "$0")/../support/cs_test.sh"
build=${CS_BUILD_DIR:-build}
expect "clearsim fmu with the crank speed as an input" 0 "$build/tools/clearsim" fmu \
  models/slider_crank_clearance.json -o "$tmp/scc.fmu" --input /drivers/0/motion/velocity
expect "master.py" 0 py examples/05_fmu/master.py "$tmp/scc.fmu"
cat "$tmp/out"
cp "$tmp/out" "$tmp/master.txt"
field() { # the number after word $2 on the line whose first word is $1
  awk -v k="$1" -v w="$2" '$1 == k { for (i = 1; i < NF; i++) if ($i == w) { print $(i + 1); exit } }' "$tmp/master.txt"
}
near() { # name, got, want, relative tolerance
  if [ -n "$2" ] && awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t * w) }'
  then ok; else bad "$1: got '$2', want $3 (relative tolerance $4)"; fi
}
near "step: peak driving torque (N m)" "$(field step torque)" 1524.9 2e-3
near "step: peak bearing force (N)" "$(field step force)" 52032 2e-3
near "rate-limited: peak driving torque (N m)" "$(field rate-limited torque)" 613.6 2e-3
near "rate-limited: peak bearing force (N)" "$(field rate-limited force)" 17821 2e-3
near "step: final speed (r/min)" "$(field step speed)" 3000 1e-6
near "rate-limited: final speed (r/min)" "$(field rate-limited speed)" 3000 1e-6
finish
