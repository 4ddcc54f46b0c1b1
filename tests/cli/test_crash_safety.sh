#!/usr/bin/env bash
# Crash-safe output (engine/output/cs_h5_driver.c): a full disk ends a run with exit 6, one line on
# stderr, no crash at exit, and a file that says `failed` and holds exactly the first rows of
# the complete run; a logged run's writes replayed as every kill and as power losses
# (tests/cli/h5_replay.py) and SIGKILLs at random instants of a dense-output run leave every file
# readable whole with /rows rows of the complete run (tools/bench/crash-bench, 20 kills here, 200 in
# the benchmark); without O_TMPFILE the file has a temporary name until its first commit.
#
# The full disk is a small tmpfs mounted here: a real ENOSPC from the kernel, met by the
# driver's reserve (posix_fallocate) and by plain writes alike, with the CLI's real exit path
# (where HDF5 used to crash at exit). Mounting needs root (CI runs as root); elsewhere that part
# says SKIP and /dev/full (always full, no root needed) still checks the exit path.
set -u
cli="${CS_BUILD_DIR:-build}/tools/clearsim"
py=/usr/bin/python3
. "$(dirname "$0")/../support/cs_test.sh"
trap '[ "$BASHPID" != "$$" ] || { umount "$tmp/disk" 2>/dev/null; rm -rf "$tmp"; }' EXIT

needs_python h5py numpy

one_line() { # name, file: exactly one line, no HDF5 diagnostics
  if [ "$(wc -l <"$2")" -eq 1 ] && ! grep -q "HDF5-DIAG\|time = " "$2"; then ok
  else bad "$1: stderr is not one clean line:"; cat "$2"; fi
}

# the complete run, to compare the failed runs' rows with
model=models/slider_crank_clearance.json
expect "the complete run" 0 "$cli" run "$model" -o "$tmp/full.h5" --quiet

cat >"$tmp/prefix.py" <<'PY'
import sys
import h5py, numpy as np
full, part = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
a = part.attrs
if a["status"] != "failed" or "No space left on device" not in a["message"]:
    sys.exit("status %r, message %r" % (a["status"], a["message"]))
n = part["time"].shape[0]
if n >= full["time"].shape[0]:
    sys.exit("%d rows: the run should have stopped early" % n)
for name in ("time", "bodies/position", "constraints/lambda", "energy/kinetic",
             "joints/C/penetration"):
    if not np.array_equal(part[name][()], full[name][:n]):
        sys.exit("%s: the %d rows differ from the complete run's first rows" % (name, n))
if n and a["t_final"] != part["time"][-1]:
    sys.exit("t_final %r, last row %r" % (a["t_final"], part["time"][-1]))
if part["solver"].attrs["steps"] <= 0:
    sys.exit("no solver statistics")
print(n)
PY

mkdir "$tmp/disk"
if mount -t tmpfs -o size=64k tmpfs "$tmp/disk" 2>/dev/null; then
  umount "$tmp/disk"
  rows=""
  # 200k: the first size that gets past the layout since every clearance joint has the film and
  # wear series too. Commits every block (CLEARSIM_H5_COMMIT_SECONDS=0), so that the rows kept
  # do not depend on the clock: with commits every 0.1 s a disk may fill before the first.
  for size in 40k 200k 300k 500k 700k; do
    mount -t tmpfs -o size=$size tmpfs "$tmp/disk"
    CLEARSIM_H5_COMMIT_SECONDS=0 \
      expect "disk of $size: exit 6" 6 "$cli" run "$model" -o "$tmp/disk/x.h5" --quiet
    one_line "disk of $size" "$tmp/err"
    contains "disk of $size: the reason" "$tmp/err" "No space left on device"
    if [ "$size" = 40k ]; then # full before the layout was committed: no file, not a broken one
      holds "disk of 40k: no file left" [ ! -e "$tmp/disk/x.h5" ]
    elif n=$("$py" "$tmp/prefix.py" "$tmp/full.h5" "$tmp/disk/x.h5" 2>&1); then
      ok; rows="$rows $n"
    else
      bad "disk of $size: $n"
    fi
    umount "$tmp/disk"
  done
  echo "rows kept on full disks of 200k, 300k, 500k, 700k:$rows"
  holds "a bigger disk keeps more rows" [ "$(echo $rows | tr ' ' '\n' | sort -n | tr '\n' ' ')" = "$(echo $rows) " ]
  # impact files go through the same machinery
  mount -t tmpfs -o size=40k tmpfs "$tmp/disk"
  sed 's/"interval": *[0-9.e-]*/"interval": 1e-9/' models/impact_ball_socket.json >"$tmp/imp.json"
  expect "impact on a full disk: exit 6" 6 "$cli" impact "$tmp/imp.json" -o "$tmp/disk/i.h5" --quiet
  one_line "impact on a full disk" "$tmp/err"
  umount "$tmp/disk"
else
  echo "SKIP full-disk runs: cannot mount a tmpfs here (needs root)"
fi

expect "/dev/full: exit 6" 6 "$cli" run models/pendulum.json -o /dev/full --quiet
one_line "/dev/full" "$tmp/err"
holds "/dev/full is still a device" [ -c /dev/full ]

# Kills and power losses replayed from the driver's write log (CLEARSIM_H5_LOG): a short dense
# run committing every block; every prefix of its writes (a kill) and every barrier plus
# subsets of what follows (a power loss) give a file that reads whole with /rows rows of the
# complete run (tests/cli/h5_replay.py).
sed 's/"t_end": *[0-9.e-]*/"t_end": 4e-5/; s/"interval": *[0-9.e-]*/"interval": 1e-7/' \
  "$model" >"$tmp/tiny.json"
for way in tmpfile no_tmpfile; do
  rm -f "$tmp/log"
  if [ $way = no_tmpfile ]; then export CLEARSIM_H5_NO_TMPFILE=1; fi
  CLEARSIM_H5_LOG="$tmp/log" CLEARSIM_H5_COMMIT_SECONDS=0 \
    expect "$way: the logged run" 0 "$cli" run "$tmp/tiny.json" -o "$tmp/tiny.h5" --quiet
  unset CLEARSIM_H5_NO_TMPFILE
  if "$py" tests/cli/h5_replay.py "$tmp/log" "$tmp/tiny.h5" --quick --subsets 3 >"$tmp/replay" 2>&1
  then ok; else bad "$way: replayed kills or power losses:"; head -20 "$tmp/replay"; fi
  tail -1 "$tmp/replay"
  holds "$way: nothing left beside the file" [ "$(ls "$tmp" | grep -c partial)" = 0 ]
done

# Without O_TMPFILE the file has a temporary name until its first commit: a run that fails
# before (an unwritable model path here is no use: a full disk is) leaves neither name, and one
# killed before leaves only the temporary name, never a broken file under the real one.
if mount -t tmpfs -o size=40k tmpfs "$tmp/disk" 2>/dev/null; then
  CLEARSIM_H5_NO_TMPFILE=1 expect "no O_TMPFILE, full disk at once: exit 6" 6 \
    "$cli" run "$model" -o "$tmp/disk/x.h5" --quiet
  holds "no O_TMPFILE, full disk at once: no file, no temporary file" \
    [ -z "$(ls -A "$tmp/disk")" ]
  umount "$tmp/disk"
else
  echo "SKIP the full disk without O_TMPFILE: cannot mount a tmpfs here (needs root)"
fi
CLEARSIM_H5_NO_TMPFILE=1 "$cli" run "$model" -o "$tmp/early.h5" --quiet &
pid=$!
while ! ls "$tmp"/early.h5.*.partial >/dev/null 2>&1 && [ ! -e "$tmp/early.h5" ] &&
      kill -0 $pid 2>/dev/null; do :; done
kill -KILL $pid 2>/dev/null
wait $pid 2>/dev/null
if [ -e "$tmp/early.h5" ]; then # killed after the first commit: a readable file
  holds "no O_TMPFILE, killed: the named file reads" "$py" -c \
    "import h5py,sys; f=h5py.File(sys.argv[1],'r'); int(f['rows'][()])" "$tmp/early.h5"
else
  holds "no O_TMPFILE, killed while laying out: only the temporary name" \
    ls "$tmp"/early.h5.*.partial
fi
rm -f "$tmp"/early.h5*

# SIGKILL at random instants: every file readable whole (fewer under the sanitizers, whose
# runs are three times as long)
kills=20
if ldd "$cli" 2>/dev/null | grep -q libasan; then kills=8; fi
if "$py" tools/bench/crash-bench --kills $kills --seed 7 --clearsim "$cli" >"$tmp/kills" 2>&1; then ok
else bad "files unreadable after SIGKILL:"; cat "$tmp/kills"; fi
tail -2 "$tmp/kills"
finish
