#!/usr/bin/env bash
# Where output may go (engine/README.md "Security"): a model or impact file names its own output file only
# below the working directory (relative, no ".." component; refused naming the file and
# /output/file), while -o names any path; and no output is written through a symbolic link:
# the run stops with exit 6 and the link's target is left byte for byte as it was, also when the
# run is killed at once (before, the target was truncated and written: its bytes changed on
# every run, and kills could leave it unreadable).
set -u
cli=$(realpath -m "${CS_BUILD_DIR:-build}/tools/clearsim")
. "$(dirname "$0")/../support/cs_test.sh"
models=$(realpath models)
mkdir "$tmp/work" "$tmp/work/sub" "$tmp/elsewhere"
cd "$tmp/work" # so that "../" stays in $tmp

named() { # model, output.file: the model with that output file
  sed "s#\"file\": \"[^\"]*\"#\"file\": \"$2\"#" "$models/$1"
}

# ---------------------------------------------------------------- the model's own output.file
for f in "$tmp/elsewhere/abs.h5" "../up.h5" "sub/../../up.h5" "sub/.."; do
  named pendulum.json "$f" > m.json
  expect "output.file \"$f\": check refuses it" 2 "$cli" check m.json
  contains "…naming the file and /output/file" "$tmp/err" \
    "m.json: /output/file: expected a path relative to the working directory, without '..' (a file names its output only below the directory it is run in; -o names any), got \"$f\""
  expect "output.file \"$f\": run refuses it" 2 "$cli" run m.json --t-end 0.01 -q
  named impact_ball_socket.json "$f" > i.json
  expect "impact output.file \"$f\": refused" 2 "$cli" impact i.json -q
  contains "…naming the impact file" "$tmp/err" "i.json: /output/file: expected a path relative"
done
holds "nothing was written outside the working directory" test ! -e ../elsewhere/abs.h5 -a ! -e ../up.h5
named pendulum.json "sub/..x.h5" > m.json
expect "output.file below the working directory is written" 0 "$cli" run m.json --t-end 0.01 -q
holds "…there" test -s "sub/..x.h5"
expect "-o names any path (the user's choice)" 0 "$cli" run m.json -o "$tmp/elsewhere/o.h5" \
  --t-end 0.01 -q
holds "…there" test -s ../elsewhere/o.h5

# ---------------------------------------------------------------- symbolic links
"$cli" run "$models/pendulum.json" -o target.h5 --t-end 0.05 -q
cp target.h5 kept.h5
ln -s target.h5 link.h5
untouched() { # name: target.h5 is still byte for byte what it was, and link.h5 still a link
  if cmp -s target.h5 kept.h5 && [ -L link.h5 ]; then ok
  else bad "$1: the link's target changed (or the link went)"; fi
}
expect "run -o a symbolic link: output error" 6 "$cli" run "$models/pendulum.json" -o link.h5 \
  --t-end 0.05 -q
contains "…saying why" "$tmp/err" "HDF5 output 'link.h5': cannot create the file: it is a symbolic link, which output is never written through (name the file it points to instead)"
untouched "run -o link"
named pendulum.json link.h5 > m.json
expect "output.file a symbolic link: output error" 6 "$cli" run m.json --t-end 0.05 -q
untouched "output.file link"
expect "impact -o a symbolic link: output error" 6 "$cli" impact \
  "$models/impact_ball_socket.json" -o link.h5 -q
untouched "impact -o link"
ln -s made.h5 dangling.h5
expect "a dangling link: output error" 6 "$cli" run "$models/pendulum.json" -o dangling.h5 \
  --t-end 0.05 -q
holds "…its target is not created" test ! -e made.h5

cp "$models/slider_crank_clearance.json" model.json
echo '{"name": "s", "model": "model.json", "t_end": 0.002, "parameters": [{"path": "/clearance_joints/0/hole_radius", "values": [0.0098]}]}' > s.json
expect "sweep -o a symbolic link: output error" 6 "$cli" sweep s.json -o link.h5 -q --jobs 1
untouched "sweep -o link"
expect "a sweep's summary" 0 "$cli" sweep s.json -o s.h5 -q --jobs 1
cp s.h5 s_kept.h5
ln -s s.h5 s_link.h5
expect "sweep --resume through a symbolic link: output error" 6 "$cli" sweep s.json -o s_link.h5 \
  --resume -q --jobs 1
contains "…saying why" "$tmp/err" "cannot open the summary to resume: it is a symbolic link"
holds "…the summary untouched" cmp -s s.h5 s_kept.h5

# killed at once, at varied instants: the target stays whole (a longer run, so that the kill
# lands while it would be writing)
for delay in 0.05 0.1 0.2 0.4; do
  cp kept.h5 target.h5
  "$cli" run "$models/slider_crank_clearance.json" -o link.h5 -q 2>/dev/null &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  untouched "killed after $delay s"
done
finish
