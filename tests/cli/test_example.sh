#!/usr/bin/env bash
# The embedding example runs against the slider-crank and reports what the closed form says:
# the slider travels the stroke 2r = 0.1 m along x and not at all along y, and the crank
# travels a circle of diameter r = 0.05 m (its centre at r/2).
set -u
bin="${CS_BUILD_DIR:-build}/examples/crank_torque"
out=$("$bin" models/slider_crank.json motor) || { echo "crank_torque failed"; echo "0 passed, 1 failed"; exit 1; }
echo "$out"
. "$(dirname "$0")/../support/cs_test.sh"
check() { # name, got, want, tol
  if awk -v g="$2" -v w="$3" -v t="$4" 'BEGIN { exit !((g - w) <= t && (w - g) <= t) }'; then ok
  else bad "$1: got $2, want $3 (tol $4)"; fi
}
field() { echo "$out" | awk -v b="$1" -v k="$2" '$1 == "travel" && $2 == b { for (i = 3; i <= NF; i++) if ($i == k) print $(i + 1) }'; }
check "slider stroke" "$(field slider x)" 0.1 1e-8
check "slider stays on its guide" "$(field slider y)" 0 1e-9
check "crank centre circle" "$(field crank x)" 0.05 1e-8
peak=$(echo "$out" | awk '$1 == "peak" { print $3 }')
# the peak crank torque of the ideal slider-crank at 5000 rpm: 138.5 N m (test_slider_crank's
# power-balance closed form; sampled every 1e-4 s here, so within 2 %)
check "peak torque" "$peak" 138.5 3
finish
