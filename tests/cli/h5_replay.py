#!/usr/bin/python3
"""h5_replay — replay the log of a run's writes (CLEARSIM_H5_LOG, engine/output/cs_h5_driver.h) as a
kill or a power loss would leave the file, and read every such file back.

    tests/cli/h5_replay.py LOG COMPLETE.h5 [--subsets 8] [--seed 1] [--tear] [--quick]

The log records every change the driver made to the file's disk image, in order: writes to new
space (W), a commit's writes in place (P) and its commit point (C), extensions (F),
truncations (T), barriers (B, fdatasync) and the naming (N; before it a crash leaves no file).

  kill:        the image after every prefix of the log (every op but the new-space writes
               between commits, of which the first, last and two random ones).
  power loss:  for every barrier, everything up to it plus a subset of the ops up to the next
               barrier, since the disk may keep any of them and in any order: every singleton,
               every "all but one", and --subsets random subsets (all subsets when there are
               at most 6 ops). With --tear a write in a subset may also land in part (a random
               set of its 512-byte sectors): what a disk without atomic sector groups does.

Each image is written to a file and opened with h5py: every attribute and dataset read whole,
status "running" or "complete", /rows at least the last durable commit point's value (the
last C before the cut or barrier) and at most the newest, every time series at least /rows rows
long, and those rows equal to the complete run's, bit for bit. Prints one line per failure and
a summary; the exit status is 1 when anything failed.
"""
import argparse
import os
import random
import struct
import sys
import tempfile

import h5py

os.environ.setdefault("HDF5_USE_FILE_LOCKING", "FALSE")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "tools", "bench"))
from h5_whole import read_whole  # noqa: E402  (the check tools/bench/crash-bench makes too)


def read_log(path):
    ops = []
    with open(path, "rb") as f:
        data = f.read()
    i = 0
    while i < len(data):
        if i + 17 > len(data):
            sys.exit("%s: the log ends inside a record" % path)
        op = chr(data[i])
        a, b = struct.unpack_from("<QQ", data, i + 1)
        i += 17
        body = b""
        if op in "WPC":
            body = data[i:i + b]
            i += b
        ops.append((op, a, b, body))
    return ops


class Image:
    """The file's bytes on disk, and whether it has its name yet."""

    def __init__(self):
        self.data = bytearray()
        self.named = False

    def copy(self):
        c = Image()
        c.data = bytearray(self.data)
        c.named = self.named
        return c

    def apply(self, op, sectors=None):
        kind, a, b, body = op
        if kind == "O":
            self.data = self.data[:b] + bytes(max(0, b - len(self.data)))
        elif kind in "WPC":
            end = a + len(body)
            if end > len(self.data):
                self.data.extend(bytes(end - len(self.data)))
            if sectors is None:
                self.data[a:end] = body
            else:  # only these 512-byte sectors of the write landed
                for s in sectors:
                    lo, hi = max(a, s * 512), min(end, (s + 1) * 512)
                    self.data[lo:hi] = body[lo - a:hi - a]
        elif kind == "F":
            if b > len(self.data):
                self.data.extend(bytes(b - len(self.data)))
        elif kind == "T":
            del self.data[b:]
        elif kind == "N":
            self.named = True


def point_value(op):
    return struct.unpack("<q", op[3][:8])[0]


def check(path, full, low, high):
    """None when the file at path is whole, with between low and high committed rows."""
    why, n, _ = read_whole(path, full)
    if why is None and not low <= n <= high:
        why = "/rows %d, the durable commit says %d (newest %d)" % (n, low, high)
    return why


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("log")
    ap.add_argument("complete")
    ap.add_argument("--subsets", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tear", action="store_true")
    ap.add_argument("--quick", action="store_true", help="power loss: past 6 ops, only the "
                    "singletons and all-but-ones of the commit's own ops (not the new-space "
                    "writes), and --subsets random subsets")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ops = read_log(args.log)
    full = h5py.File(args.complete, "r")
    work = tempfile.mkdtemp(prefix="h5-replay.")
    path = os.path.join(work, "image.h5")
    counts = {"kill": 0, "power": 0, "nofile": 0}
    failures = []

    def examine(img, how, low, high):
        if not img.named:
            counts["nofile"] += 1
            return
        with open(path, "wb") as f:
            f.write(img.data)
        why = check(path, full, low, high)
        counts[how.split()[0]] += 1
        if why:
            failures.append("%s: %s" % (how, why))
            print("%s: %s" % (how, why), flush=True)

    # points[i]: the commit point's value after ops[:i]; newest[i]: the next one after i
    values = [0]
    for op in ops:
        values.append(point_value(op) if op[0] == "C" else values[-1])
    final_point = values[-1]

    def next_point(i):
        for op in ops[i:]:
            if op[0] == "C":
                return point_value(op)
        return final_point

    # kills: prefixes
    img = Image()
    picked = set()
    run = []  # indices of the current run of new-space writes
    for i, op in enumerate(ops):
        if op[0] == "W":
            run.append(i)
            continue
        if run:
            picked.update([run[0], run[-1]] + rng.sample(run, min(2, len(run))))
            run = []
        picked.add(i)
    for i, op in enumerate(ops):
        img.apply(op)
        if i in picked:
            examine(img, "kill after op %d (%s)" % (i, op[0]), values[i + 1], next_point(i + 1))

    # power losses: a barrier, then a subset of what follows until the next one
    img = Image()
    barriers = [i for i, op in enumerate(ops) if op[0] == "B"] + [len(ops)]
    start = 0
    for k, b in enumerate(barriers[:-1]):
        for op in ops[start:b + 1]:
            img.apply(op)
        start = b + 1
        after = list(range(b + 1, barriers[k + 1]))
        if not after:
            continue
        n = len(after)
        subsets = []
        if n <= 6:
            subsets = [[after[j] for j in range(n) if m >> j & 1] for m in range(1, 2 ** n)]
        elif args.quick:
            own = [j for j in after if ops[j][0] != "W"]
            subsets = [[j] for j in own] + [[j for j in after if j != x] for x in own]
            subsets += [sorted(rng.sample(after, rng.randint(1, n - 1)))
                        for _ in range(args.subsets)]
        else:
            subsets = [[j] for j in after] + [[j for j in after if j != x] for x in after]
            subsets += [sorted(rng.sample(after, rng.randint(1, n - 1)))
                        for _ in range(args.subsets)]
            subsets += [after[:j] for j in range(1, n)] if n <= 40 else []
        low, high = values[b + 1], next_point(b + 1)
        for sub in subsets:
            lost = img.copy()
            for j in sub:
                op = ops[j]
                sectors = None
                if args.tear and op[0] in "WPC" and len(op[3]) > 512 and rng.random() < 0.5:
                    first, last = op[1] // 512, (op[1] + len(op[3]) - 1) // 512
                    all_s = list(range(first, last + 1))
                    sectors = rng.sample(all_s, rng.randint(1, len(all_s)))
                lost.apply(op, sectors)
            examine(lost, "power loss after barrier %d (op %d) keeping ops %s%s" % (
                k, b, sub if len(sub) <= 8 else "%d of %d" % (len(sub), n),
                " (some torn)" if args.tear else ""), low, high)

    os.remove(path) if os.path.exists(path) else None
    os.rmdir(work)
    full.close()
    print("%d ops, %d barriers, %d commits; kill images %d, power-loss images %d, before the "
          "file had its name %d; failed %d" % (
              len(ops), len(barriers) - 1, sum(op[0] == "C" for op in ops), counts["kill"],
              counts["power"], counts["nofile"], len(failures)))
    # no image examined would pass on nothing: the log must have named the file
    return 1 if failures or not counts["kill"] or not counts["power"] else 0


if __name__ == "__main__":
    sys.exit(main())
