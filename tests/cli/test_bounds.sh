#!/usr/bin/env bash
# Nothing the user hands clearsim makes it hang or work without bound:
# - a FIFO (or any non-regular file) as a model, a sweep file, a sweep's model or a wear
#   initial_profile is refused at once (open() used to wait for a writer for ever);
# - sweep validation stops at SIGTERM (exit 5 at once; it used to run every case first: 32 s
#   for --check interrupted after 3 s) and a sweep has at most 1,000,000 cases (10^8 were
#   allowed: 9 hours of validation);
# - an impact writes at most 10^6 rows: an output interval finer than the undamped contact
#   over 10^6 is refused at once (1e-15 s wrote 1 GB a minute); an impact deeper than a quarter
#   of the radius says so, as a run does (1e20 m/s: 2.6e11 m deep, "complete" and silent).
set -u
cli="$(realpath "${CS_BUILD_DIR:-build}")/tools/clearsim"
. "$(dirname "$0")/../support/cs_test.sh"
root=$(pwd)

# ---------------------------------------------------------------- non-regular files
mkfifo "$tmp/fifo"
expect "a FIFO as the model: refused at once" 2 timeout 10 "$cli" check "$tmp/fifo"
contains "…saying so" "$tmp/err" "$tmp/fifo: cannot open: a FIFO, not a regular file"
expect "a directory as the model" 2 timeout 10 "$cli" check "$tmp"
contains "…saying so" "$tmp/err" "cannot open: a directory, not a regular file"

cp models/slider_crank_clearance.json "$tmp/model.json"
cat > "$tmp/fifo_model.json" <<JSON
{"name": "s", "model": "fifo", "parameters": [{"path": "/solver/rtol", "values": [1e-6]}]}
JSON
expect "a FIFO as a sweep's model" 2 timeout 10 "$cli" sweep "$tmp/fifo_model.json" --check
contains "…saying so" "$tmp/err" "/model: $tmp/fifo: cannot open: a FIFO, not a regular file"
expect "a FIFO as the sweep file" 2 timeout 10 "$cli" sweep "$tmp/fifo" --check
contains "…saying so" "$tmp/err" "cannot open: a FIFO, not a regular file"

sed "s|\"hardness\": 2e9}|\"hardness\": 2e9, \"initial_profile\": \"$tmp/fifo\"}|" \
  models/journal_wear.json > "$tmp/worn.json"
holds "the wear model was edited" grep -q initial_profile "$tmp/worn.json"
expect "a FIFO as a wear initial_profile" 2 timeout 10 "$cli" check "$tmp/worn.json"
contains "…saying so" "$tmp/err" "from '$tmp/fifo': a FIFO, not a regular file"

# ---------------------------------------------------------------- impact rows
sed 's/"interval": 1e-6/"interval": 1e-15/' models/impact_ball_socket.json > "$tmp/dense.json"
expect "impact: 10^11 rows refused" 2 timeout 10 "$cli" impact "$tmp/dense.json" -o "$tmp/dense.h5"
contains "…saying why and what would do" "$tmp/err" "output.interval 1e-15 s gives 1e+11 rows over the undamped contact (0.0001 s), expected at most 1000000: an interval of at least 1e-10 s"
sed 's/"interval": 1e-6/"interval": 3e-10/' models/impact_ball_socket.json > "$tmp/fine.json"
expect "impact: 3.4e5 rows run" 0 timeout 60 "$cli" impact "$tmp/fine.json" -o "$tmp/fine.h5"
contains "…complete" "$tmp/out" "status         complete"

sed 's/"velocity": 0.3/"velocity": 1e20/' models/impact_ball_socket.json > "$tmp/fast.json"
expect "impact at 1e20 m/s runs" 0 "$cli" impact "$tmp/fast.json" -o "$tmp/fast.h5"
contains "…and warns of its depth" "$tmp/out" "WARNING        impact \"impact_ball_socket\": penetration 2.58e+11 m, 5.16e+12 of the radius 0.05 m: deeper than the contact laws' small deformations"
holds "…in the file's warnings too" py -c "import h5py, sys; sys.exit('penetration 2.58e+11 m' not in h5py.File('$tmp/fast.h5').attrs['warnings'])"
expect "the shipped impact" 0 "$cli" impact models/impact_ball_socket.json -o "$tmp/ok.h5"
holds "…warns of nothing" test -z "$(grep WARNING "$tmp/out")"

# ---------------------------------------------------------------- sweep validation
cd "$tmp"
mk_grid() { # name, count of the first parameter (× 1000 of the second)
  cat > "$1.json" <<JSON
{"name": "$1", "model": "model.json", "mode": "grid", "t_end": 0.001,
 "parameters": [{"path": "/clearance_joints/0/hole_radius", "linspace": [0.0098, 0.0100, $2]},
                {"path": "/solver/rtol", "linspace": [1e-6, 1e-5, 1000]}]}
JSON
}
mk_grid big 1000
mk_grid huge 1001
expect "1,001,000 cases: past the cap" 2 timeout 10 "$cli" sweep huge.json --check
contains "…saying so" err "/parameters: the grid has more than 1000000 cases (the limit of a sweep)"

# a million cases validate in minutes: SIGTERM once it has had 1.5 s of the processor stops it
# within a case (the grid is built well before; a wall-clock wait of 1 s, then 3 s, sometimes
# fell before it on a machine busy with the rest of the suite)
"$cli" sweep big.json --check >out 2>err &
pid=$!
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
need=$(( 3 * $(getconf CLK_TCK) / 2 ))
for _ in $(seq 600); do # at most 60 s of waiting
  [ "$(cpu_ticks $pid)" -ge "$need" ] && break
  sleep 0.1
done
start=$(date +%s%N)
kill -TERM $pid
( sleep 20; kill -KILL $pid ) >/dev/null 2>&1 &
watchdog=$!
wait $pid
got=$?
kill $watchdog
ms=$(( ($(date +%s%N) - start) / 1000000 ))
holds "SIGTERM during validation: exit 5 (got $got)" [ "$got" -eq 5 ]
holds "…within 10 s of the signal (took $ms ms)" [ "$ms" -lt 10000 ]
contains "…saying where it stopped" err "big.json: interrupted while validating case"
cd "$root"

finish
