#!/usr/bin/env bash
# tools/reproduce --quick: every case study of the five papers in the reduced mode (README.md
# "Reproducing the papers"), each judged by the tolerance its report states. Prints the per-case
# verdicts and "N passed, N failed" counted from them; fails on any failed case, on a missing
# report or figure, or when the tool's own exit status disagrees with its verdicts.
set -u
build="${CS_BUILD_DIR:-build}"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$build/tools/reproduce_data" ] || [ ! -x "$build/tools/clearsim" ]; then
  echo "FAIL $build/tools/{clearsim,reproduce_data} not built"
  echo "0 passed, 1 failed"; exit 1
fi

# Run under the python3 first on PATH: the tool re-executes itself under Debian's Python when
# that one lacks h5py, numpy or matplotlib.
python3 tools/reproduce --quick --out "$tmp/out" --build "$build" >"$tmp/log" 2>"$tmp/err"
code=$?
cat "$tmp/log"
pass=$(grep -c '^PASS ' "$tmp/log")
fail=$(grep -c '^FAIL ' "$tmp/log")
extra=0
if [ ! -s "$tmp/out/report.md" ]; then
  echo "FAIL no report.md"; extra=$((extra + 1))
fi
# every figure the report shows exists and is a PNG
while read -r png; do
  if ! head -c 8 "$tmp/out/$png" 2>/dev/null | grep -q 'PNG'; then
    echo "FAIL figure $png missing or not a PNG"; extra=$((extra + 1))
  fi
done < <(sed -n 's/^!\[[^]]*\](\(.*\.png\))$/\1/p' "$tmp/out/report.md" 2>/dev/null)
# the exit status says what the verdicts say: 0 with no failed case, 3 with one
want=0; [ "$fail" -gt 0 ] && want=3
if [ "$code" -ne "$want" ]; then
  echo "FAIL tools/reproduce exited $code, want $want"; cat "$tmp/err"; extra=$((extra + 1))
fi
if [ "$pass" -eq 0 ]; then
  echo "FAIL no case passed"; cat "$tmp/err"; extra=$((extra + 1))
fi
echo "$pass passed, $((fail + extra)) failed"
[ "$fail" -eq 0 ] && [ "$extra" -eq 0 ]
