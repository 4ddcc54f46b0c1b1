#!/usr/bin/env bash
# SIGINT, SIGTERM and SIGHUP end `clearsim run` and `clearsim impact` within a second, exit 5,
# with a file that says `interrupted`, whatever the output interval: a run with an output row
# every 1e-9 of its length (the finest the loader accepts) and an impact with one every
# 1.1e-10 s (nearly the 10^6 rows an impact may write, many inside a step: the interrupt is
# polled at every row).
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
py=/usr/bin/python3
. "$(dirname "$0")/../support/cs_test.sh"

needs_python h5py

sed 's/"interval": *[0-9.e-]*/"interval": 2.4e-11/' models/slider_crank_clearance.json >"$tmp/run.json"
sed 's/"interval": *[0-9.e-]*/"interval": 1.1e-10/' models/impact_ball_socket.json >"$tmp/impact.json"

# command, signal: start it, signal it after 0.3 s, time how long it takes to end (the impact
# runs about 1.2 s whole: at 0.7 s it had sometimes ended before the signal)
stop() {
  local what=$1 sig=$2 out="$tmp/$1.$2.h5"
  "$cli" "$what" "$tmp/$what.json" -o "$out" --quiet 2>"$tmp/err" &
  local pid=$!
  sleep 0.3
  local t0; t0=$(date +%s%N)
  kill -s "$sig" "$pid"
  wait "$pid"; local code=$?
  local ms=$((($(date +%s%N) - t0) / 1000000))
  echo "$what, SIG$sig: exit $code after $ms ms"
  holds "$what SIG$sig: exit 5 (got $code)" [ "$code" -eq 5 ]
  holds "$what SIG$sig: ended within a second ($ms ms)" [ "$ms" -lt 1000 ]
  contains "$what SIG$sig: says so" "$tmp/err" "interrupted at t = "
  holds "$what SIG$sig: the file says interrupted" "$py" -c "
import h5py, sys
f = h5py.File(sys.argv[1], 'r')
sys.exit(not (f.attrs['status'] == 'interrupted' and f['time'].shape[0] > 0))" "$out"
}

for sig in INT TERM HUP; do
  stop run $sig
  stop impact $sig
done

# Two SIGTERMs 1 ms apart (`timeout` sends one to the child and one to its group): the second
# must not kill the run (a one-shot handler did: exit 143, the file left "running").
"$cli" run "$tmp/run.json" -o "$tmp/twice.h5" --quiet 2>"$tmp/err" &
pid=$!
sleep 0.7
kill -TERM "$pid"; sleep 0.001; kill -TERM "$pid" 2>/dev/null
wait "$pid"; code=$?
holds "run, two SIGTERMs: exit 5 (got $code)" [ "$code" -eq 5 ]
holds "run, two SIGTERMs: the file says interrupted" "$py" -c "
import h5py, sys
sys.exit(h5py.File(sys.argv[1], 'r').attrs['status'] != 'interrupted')" "$tmp/twice.h5"
finish
