#!/usr/bin/env bash
# A sweep whose trajectory files cannot be written (a full disk: a 300 kB tmpfs) records its
# cases failed and exits 6, an output error, saying how many and why (it exited 0). Needs root
# to mount the tmpfs; skipped (and said) otherwise.
set -u
cli="$(realpath "${CS_BUILD_DIR:-build}")/tools/clearsim"
. "$(dirname "$0")/../support/cs_test.sh"
if [ "$(id -u)" -ne 0 ] || ! mount -t tmpfs -o size=300k tmpfs "$tmp" 2>/dev/null; then
  echo "SKIP not root, or no tmpfs: the full disk cannot be made"
  finish
  exit
fi
trap '[ "$BASHPID" != "$$" ] || { cd /; umount "$tmp"; rm -rf "$tmp"; }' EXIT
cp models/slider_crank_clearance.json "$tmp/model.json"
cd "$tmp"
cat > t.json <<'JSON'
{"name": "t", "model": "model.json", "t_end": 0.01, "trajectories": true,
 "parameters": [{"path": "/clearance_joints/0/hole_radius", "linspace": [0.0098, 0.0100, 4]}]}
JSON
expect "trajectories on a full disk: exit 6" 6 "$cli" sweep t.json -o t.h5 -q --jobs 1
contains "…saying how many and why" err "cases could not write their trajectory files: HDF5 output 't_cases/case_0000"
contains "…the disk" err "No space left on device"
finish
