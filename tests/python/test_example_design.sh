#!/usr/bin/env bash
# examples/04_design_study/clearance_design.py (the Python package as a designer uses it) on its coarse grid:
# it runs, its recommended design keeps the peak force under the limit it printed, the grid
# has admissible and inadmissible designs, and it writes its PNG.
set -u
. "$(dirname "$0")/../support/cs_test.sh"
export PYTHONPATH="${CS_BUILD_DIR:-build}/python" PYTHONDONTWRITEBYTECODE=1
expect "clearance_design.py --quick" 0 py examples/04_design_study/clearance_design.py --quick --out "$tmp/design.png"
cat "$tmp/out"
holds "PNG written" [ -s "$tmp/design.png" ]
holds "it is a PNG" grep -q PNG <(head -c 8 "$tmp/design.png")
limit=$(awk '$1 == "ideal" { print $(NF - 1) }' "$tmp/out")
peak=$(sed -n 's/^recommended: .*(peak \([0-9.]*\) N.*/\1/p' "$tmp/out")
holds "the limit is 6 x the ideal joint's peak ($limit N)" awk -v l="$limit" 'BEGIN { exit !(l > 10000 && l < 25000) }'
holds "recommended design under the limit ($peak <= $limit N)" awk -v p="$peak" -v l="$limit" 'BEGIN { exit !(p > 0 && p <= l) }'
holds "admissible designs on the grid" grep -q '\*' "$tmp/out"
holds "inadmissible designs on the grid" grep -qE '[0-9] ' <(grep 'peak, kN' "$tmp/out" | sed 's/  peak.*//')
finish
