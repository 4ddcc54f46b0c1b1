#!/usr/bin/env bash
# tools/reproduction/reproduce --quick: every case study of the five papers in the reduced mode (tools/reproduction/README.md),
# each judged by the tolerance its report states. Prints the per-case
# verdicts and "N passed, N failed" counted from them; fails on any failed case, on a missing
# report or figure, when the tool's own exit status disagrees with its verdicts, or when its
# summary does not lead with how many cases match, use an assumed setup, differ as documented.
set -u
build="${CS_BUILD_DIR:-build}"
tmp=$(mktemp -d); trap '[ "$BASHPID" != "$$" ] || rm -rf "$tmp"' EXIT # (cs_test.sh)

if [ ! -x "$build/tools/reproduce_data" ] || [ ! -x "$build/tools/clearsim" ]; then
  echo "FAIL $build/tools/{clearsim,reproduce_data} not built"
  echo "0 passed, 1 failed"; exit 1
fi

# Run under the python3 first on PATH: the tool re-executes itself under Debian's Python when
# that one lacks h5py, numpy or matplotlib.
python3 tools/reproduction/reproduce --quick --out "$tmp/out" --build "$build" >"$tmp/log" 2>"$tmp/err"
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
  echo "FAIL tools/reproduction/reproduce exited $code, want $want"; cat "$tmp/err"; extra=$((extra + 1))
fi
# The summary leads with what the passing cases are: matched, on an assumed setup, or
# different as documented — each count the per-case verdicts', the tool's closing line and the
# report's first line the same, and no bare "N passed" that reads better than the truth.
match=$(grep -cE '^PASS [^ ]+ +matches( —|$)' "$tmp/log")
setup=$(grep -cE '^PASS [^ ]+ +setup differs —' "$tmp/log")
differs=$(grep -cE '^PASS [^ ]+ +differs, as documented —' "$tmp/log")
summary="$match match their paper, $setup use an assumed setup, $differs differ (documented); $fail failed"
if [ $((match + setup + differs)) -ne "$pass" ]; then
  echo "FAIL $pass passing cases, but $match + $setup + $differs in the three kinds"; extra=$((extra + 1))
fi
if ! tail -n 1 "$tmp/log" | grep -qF "$summary"; then
  echo "FAIL the closing line is not the three counts: want '$summary', got '$(tail -n 1 "$tmp/log")'"
  extra=$((extra + 1))
fi
lead=$(sed -n 3p "$tmp/out/report.md" 2>/dev/null)
case "$lead" in
  "**$summary"*) ;;
  *) echo "FAIL report.md does not lead with '$summary': $lead"; extra=$((extra + 1)) ;;
esac
if grep -qE '^[0-9]+ passed' "$tmp/log" || grep -qE '^\*\*[0-9]+ passed' "$tmp/out/report.md"; then
  echo "FAIL a bare 'N passed' summary"; extra=$((extra + 1))
fi
if [ "$pass" -eq 0 ]; then
  echo "FAIL no case passed"; cat "$tmp/err"; extra=$((extra + 1))
fi
echo "$pass passed, $((fail + extra)) failed"
[ "$fail" -eq 0 ] && [ "$extra" -eq 0 ]
