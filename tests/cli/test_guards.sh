#!/usr/bin/env bash
# Load guards seen from the command line (the messages themselves: tests/unit/engine/test_bad_input.c):
# exit codes stay meaningful — bad input 2, out of memory 7 (not "solver failure") — a file
# that never ends is refused at once, and the initial assembly reads no uninitialised memory
# (valgrind, when installed).
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
py=/usr/bin/python3
. "$(dirname "$0")/../support/cs_test.sh"

expect "a catalogue file is bad input" 2 "$cli" check tests/bad_input/name_dot.json
cp models/impact_ball_socket.json "$tmp/imp.json"
expect "impact -o naming the impact file is refused" 1 "$cli" impact "$tmp/imp.json" -o "$tmp/imp.json"
contains "and says why" "$tmp/err" "the output file is the impact file"
holds "the impact file is left as it was" cmp -s models/impact_ball_socket.json "$tmp/imp.json"
expect "impact -o '' is refused" 1 "$cli" impact "$tmp/imp.json" -o ""
expect "/dev/zero is bad input" 2 timeout 5 "$cli" check /dev/zero
contains "/dev/zero: said why" "$tmp/err" "cannot open: a device, not a regular file"

asan=0
if ldd "$cli" 2>/dev/null | grep -q 'libasan'; then asan=1; fi

# Out of memory while loading: a model with a 12 MB description under an address-space limit
# that the same program with a small model lives within. Sanitizer builds reserve terabytes of
# address space and cannot run under a limit: skipped there.
if [ $asan -eq 1 ]; then
  echo "SKIP out of memory: a sanitizer build cannot run under ulimit -v"
else
  "$py" -c "
import json, sys
m = json.load(open('models/pendulum.json'))
m['description'] = 'x' * (12 << 20)
json.dump(m, open(sys.argv[1], 'w'))" "$tmp/big.json"
  limit=""
  for kb in 30000 40000 50000 60000 80000 100000 150000; do
    if (ulimit -v $kb; "$cli" check models/pendulum.json >/dev/null 2>&1); then limit=$kb; break; fi
  done
  if [ -z "$limit" ]; then
    bad "the small model does not run under 150 MB of address space"
  else
    # every limit from there to 40 MB more: each allocation of the load in turn fails
    for extra in 0 5000 10000 15000 20000 25000 30000 35000 40000; do
      kb=$((limit + extra))
      (ulimit -v $kb; "$cli" check "$tmp/big.json" >"$tmp/out" 2>"$tmp/err"); code=$?
      if [ $code -eq 0 ]; then break; fi
      if [ $code -eq 7 ] && grep -q "out of memory" "$tmp/err"; then ok
      else bad "address space ${kb} kB: exit $code, want 7 (out of memory):"; cat "$tmp/err"; fi
    done
    echo "out of memory: the small model needs ${limit} kB; the big one loaded from $kb kB"
  fi
fi

if [ $asan -eq 1 ]; then
  echo "SKIP valgrind: not on a sanitizer build"
elif command -v valgrind >/dev/null; then
  for m in pendulum double_pendulum slider_crank_clearance; do
    expect "valgrind: $m assembles reading no uninitialised memory" 0 \
      valgrind --error-exitcode=9 -q "$cli" check models/$m.json
  done
else
  echo "SKIP valgrind: not installed"
fi
finish
