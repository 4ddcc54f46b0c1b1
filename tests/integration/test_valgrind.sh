#!/usr/bin/env bash
# clearsim under valgrind's memcheck: a run (complete, failed, and on a full disk, whose file
# is reopened to record why), an impact and a small sweep (its forked workers too) without a
# memory error. HDF5 is not built with the sanitizers, so ASan
# cannot see errors inside it, such as a driver class read after HDF5 freed it at a file close;
# valgrind sees every library. Skipped in the sanitizer build only (valgrind and ASan cannot run
# one process together); without valgrind it fails saying what to install.
set -u
cli=$(realpath -m "${CS_BUILD_DIR:-build}/tools/clearsim")
. "$(dirname "$0")/../support/cs_test.sh"
if [ -n "${CS_SANITIZE_FLAGS:-}${CS_PY_PRELOAD:-}" ]; then
  echo "SKIP valgrind in the sanitizer build"; finish; exit
fi
if ! command -v valgrind >/dev/null; then
  echo "FAIL valgrind is not installed (apt-get install valgrind, or tools/setup --deps-only)"
  echo "0 passed, 1 failed"; exit 1
fi
root=$(pwd)
# 99: a memory error (clearsim's own exit codes stop at 7)
vg=(valgrind -q --error-exitcode=99 --trace-children=yes)

expect "pendulum run" 0 "${vg[@]}" "$cli" run models/pendulum.json -o "$tmp/run.h5" --t-end 0.1 -q
holds "…wrote its file" test -s "$tmp/run.h5"
sed 's/"atol": 1e-10}/"atol": 1e-10, "max_steps": 3}/' models/pendulum.json > "$tmp/starved.json"
expect "failed run (solver failure, 4)" 4 "${vg[@]}" "$cli" run "$tmp/starved.json" \
  -o "$tmp/starved.h5" --quiet
holds "…wrote its file" test -s "$tmp/starved.h5"
# a full disk (a small tmpfs, as in test_crash_safety; mounting needs root)
mkdir "$tmp/disk"
if mount -t tmpfs -o size=200k tmpfs "$tmp/disk" 2>/dev/null; then
  trap '[ "$BASHPID" != "$$" ] || { umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"; }' EXIT
  CLEARSIM_H5_COMMIT_SECONDS=0 expect "run on a full disk (6)" 6 "${vg[@]}" "$cli" run \
    models/slider_crank_clearance.json -o "$tmp/disk/x.h5" --quiet
  contains "…for want of space" "$tmp/err" "No space left on device"
  umount "$tmp/disk"
else
  echo "SKIP full-disk run: cannot mount a tmpfs here (needs root)"
fi
expect "ball-in-socket impact" 0 "${vg[@]}" "$cli" impact models/impact_ball_socket.json \
  -o "$tmp/impact.h5" --quiet

cp models/slider_crank_clearance.json "$tmp/model.json"
cat > "$tmp/grid.json" <<'JSON'
{"name": "grid", "model": "model.json", "mode": "grid", "t_end": 0.002,
 "parameters": [{"path": "/clearance_joints/0/hole_radius", "values": [0.0098, 0.0100]}]}
JSON
cd "$tmp"
expect "sweep of 2 cases on 2 forked workers" 0 "${vg[@]}" "$cli" sweep grid.json -o sweep.h5 \
  --jobs 2 -q
holds "…wrote its summary" test -s sweep.h5
cd "$root"
finish
