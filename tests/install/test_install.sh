#!/usr/bin/env bash
# The installed package: `cmake --install` into a temporary prefix, then what a user outside
# the tree does with it —
#   - the shared library's soname carries the ABI version, and its dynamic symbols are exactly
#     the functions the installed public headers declare (listed here by the compiler from the
#     installed headers: none missing, nothing internal leaking);
#   - tests/install/consumer.c built through pkg-config (shared, and --static against
#     libclearsim.a) and through find_package(clearsim) → clearsim::clearsim, each run on the
#     installed pendulum model: all three print the same numbers, to the last digit, and the
#     numbers are the pendulum's (rows, final time, energy balance);
#   - the installed CLI, tools, models, schema and Python package are where GNUInstallDirs says.
#   - every installed command does its work from outside the tree: clearsim run and sweep,
#     clearsim-bench and -robustness, clearsim-plot (a run and a sweep summary), -export (both),
#     -animate, -view and -chaos, the Python tools reading with the installed package;
#     clearsim-case-studies running the installed models with the installed clearsim.
set -u
. "$(dirname "$0")/../support/cs_test.sh"
build=$(cd "${CS_BUILD_DIR:-build}" && pwd)
src=$(pwd)/tests/install
prefix=$tmp/prefix

expect "cmake --install" 0 cmake --install "$build" --prefix "$prefix"
libdir=$(sed -n 's/^libdir=\${prefix}\///p' "$build/package/clearsim.pc")
abi=$(sed -n 's/^set(CS_ABI_VERSION \([0-9]*\))/\1/p' CMakeLists.txt)
so=$prefix/$libdir/libclearsim.so.$abi
holds "shared library $so" [ -f "$so" ]
holds "static library" [ -f "$prefix/$libdir/libclearsim.a" ]
soname=$(objdump -p "$so" | awk '$1 == "SONAME" { print $2 }')
holds "soname libclearsim.so.$abi (got $soname)" [ "$soname" = "libclearsim.so.$abi" ]

# exports = the installed headers' declarations
echo '#include <clearsim.h>' >"$tmp/decl.c"
cc -std=c11 -fsyntax-only -aux-info "$tmp/decl.aux" -I"$prefix/include" "$tmp/decl.c"
grep -E '^/\* [^ ]*/include/(clearsim|cs_contact|cs_status)\.h:' "$tmp/decl.aux" | grep -v ' static ' |
  sed -E 's/^[^*]*\*[^*]*\*\/ [^(]*[ *]([A-Za-z_][A-Za-z0-9_]*) \(.*/\1/' | sort -u >"$tmp/declared"
nm -D --defined-only "$so" | awk '$2 == "T" { sub(/@.*/, "", $3); print $3 }' | sort -u >"$tmp/exported"
ndecl=$(wc -l <"$tmp/declared")
holds "the headers declare functions ($ndecl)" [ "$ndecl" -gt 50 ]
if diff "$tmp/declared" "$tmp/exported" >"$tmp/diff"; then ok; else
  bad "exported symbols differ from the headers' declarations (< declared only, > exported only):"
  cat "$tmp/diff"; fi
others=$(nm -D --defined-only "$so" | awk '$2 != "T" && $2 != "A"' | wc -l)
holds "no exported data or other symbols ($others)" [ "$others" -eq 0 ]

# a program built three ways against the installed package
model=$prefix/share/clearsim/models/pendulum.json
holds "models installed" [ -f "$model" ]
export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig
expect "pkg-config --modversion" 0 pkg-config --modversion clearsim
contains "pkg-config version" "$tmp/out" "$(sed -n 's/^project(clearsim VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
# shellcheck disable=SC2046
# (CS_SANITIZE_FLAGS: a sanitizer build's library needs its runtimes in the program too)
flags=${CS_SANITIZE_FLAGS:-}
expect "cc via pkg-config" 0 cc $flags -o "$tmp/consumer_pc" "$src/consumer.c" $(pkg-config --cflags --libs clearsim)
# shellcheck disable=SC2046
expect "cc via pkg-config --static" 0 cc $flags -o "$tmp/consumer_static" "$src/consumer.c" \
  $(pkg-config --cflags clearsim) "$prefix/$libdir/libclearsim.a" $(pkg-config --libs --static clearsim | sed "s/-lclearsim//")
expect "cmake configure via find_package" 0 cmake -S "$src" -B "$tmp/cb" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_C_FLAGS="$flags"
expect "cmake build via find_package" 0 cmake --build "$tmp/cb"
holds "find_package gives the models directory" grep -qx "$prefix/share/clearsim/models" "$tmp/cb/models_dir.txt"
expect "run (pkg-config)" 0 env LD_LIBRARY_PATH="$prefix/$libdir" "$tmp/consumer_pc" "$model" 1.0
cp "$tmp/out" "$tmp/run_pc"
expect "run (static)" 0 "$tmp/consumer_static" "$model" 1.0
cp "$tmp/out" "$tmp/run_static"
# find_package's target carries no rpath into the install tree; the loader finds it like this
expect "run (find_package)" 0 env LD_LIBRARY_PATH="$prefix/$libdir" "$tmp/cb/consumer" "$model" 1.0
cp "$tmp/out" "$tmp/run_cmake"
expect "the pkg-config build loads the installed library" 0 env LD_LIBRARY_PATH="$prefix/$libdir" ldd "$tmp/consumer_pc"
contains "ldd names the installed library" "$tmp/out" "$so"
holds "pkg-config and find_package builds agree to the last digit" cmp -s "$tmp/run_pc" "$tmp/run_cmake"
holds "shared and static builds agree to the last digit" cmp -s "$tmp/run_pc" "$tmp/run_static"
cat "$tmp/run_pc"
interval=$(sed -n 's/.*"interval": *\([0-9.e-]*\).*/\1/p' "$model")
field() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/run_pc"; }
holds "version is the build's" [ "$(field version)" = "$("$build/tools/clearsim" --version | awk '{print $2}')" ]
holds "rows: one per output interval over 1 s, plus t0 (interval $interval)" \
  awk -v n="$(field rows)" -v h="$interval" 'BEGIN { exit !(n == int(1 / h + 0.5) + 1) }'
holds "final time 1 s" awk -v t="$(field t)" 'BEGIN { exit !(t == 1) }'
holds "energy balance of the pendulum below 1e-6 of its 9.81 J swing" awk -v b="$(field balance)" 'BEGIN { exit !(b < 9.81e-6 && b > -9.81e-6) }'

# the Python package, as Debian's python3 finds it under a prefix (/usr/local: no PYTHONPATH)
pydir=$prefix/lib/python3/dist-packages
holds "Python package installed" [ -f "$pydir/clearsim/__init__.py" ]
CLEARSIM_LIBRARY= PYTHONPATH="$pydir" expect "import the installed package" 0 py -c "
import clearsim, os
r = clearsim.Model.from_file('$model').run(t_end=1.0)
print(os.path.realpath(clearsim.library_path))
assert float('$(field x)') == r.position(1)[-1, 0], 'Python and C disagree'
assert len(r.time) == $(field rows)
"
contains "it loads the installed library" "$tmp/out" "$(readlink -f "$so")"
# under /usr/local, Debian's python3 reads lib/python3.X/dist-packages: the .pth there leads it
# to the package (site.addsitedir processes it as the interpreter does at start)
pyx=$(/usr/bin/python3 -c "import sys; print('python%d.%d' % sys.version_info[:2])")
holds "clearsim.pth in lib/$pyx/dist-packages" [ -f "$prefix/lib/$pyx/dist-packages/clearsim.pth" ]
CLEARSIM_LIBRARY= expect "import through the .pth" 0 py -c "
import site; site.addsitedir('$prefix/lib/$pyx/dist-packages')
import clearsim; print(clearsim.__file__)"
contains "the .pth leads to the installed package" "$tmp/out" "$pydir/clearsim/__init__.py"

# programs and data under the GNUInstallDirs places
expect "installed clearsim check" 0 "$prefix/bin/clearsim" check "$model"
contains "installed clearsim assembles" "$tmp/out" "assembly     ok"
for t in clearsim-bench clearsim-robustness; do holds "$t installed" [ -x "$prefix/bin/$t" ]; done
expect "installed clearsim-bench runs the installed model" 0 "$prefix/bin/clearsim-bench" "$model"
contains "…one row per formulation" "$tmp/out" "pendulum           ggl"
expect "installed clearsim-robustness runs" 0 "$prefix/bin/clearsim-robustness" --rtol-list 1e-6 --t-factor 1 --formulation ggl "$model"
contains "…and completes" "$tmp/out" "1 runs: 1 completed, 0 failed"
for t in plot export animate view chaos case-studies; do
  holds "clearsim-$t links to its libexec script" [ -f "$(readlink -f "$prefix/bin/clearsim-$t")" ]
done
holds "toolenv.py beside the Python tools" [ -f "$(dirname "$(readlink -f "$prefix/bin/clearsim-plot")")/toolenv.py" ]
# the installed tools run, from outside the tree, on a run the installed CLI writes
(cd "$tmp" && expect "installed clearsim run" 0 "$prefix/bin/clearsim" run "$model" -o inst.h5)
for t in plot export animate view chaos case-studies; do
  expect "installed clearsim-$t --help" 0 "$prefix/bin/clearsim-$t" --help
done
expect "installed clearsim-plot lists a run's figures" 0 "$prefix/bin/clearsim-plot" "$tmp/inst.h5" --list
expect "installed clearsim-export lists a run's datasets" 0 "$prefix/bin/clearsim-export" "$tmp/inst.h5" --list
# every installed tool does its work, from outside the tree, reading with the installed package
(cd "$tmp" && expect "installed clearsim-plot draws" 0 "$prefix/bin/clearsim-plot" inst.h5 -o plots --only energy coordinates)
holds "…its PNGs" [ -s "$tmp/plots/energy.png" -a -s "$tmp/plots/coordinates.png" ]
expect "installed clearsim-export writes CSV" 0 "$prefix/bin/clearsim-export" "$tmp/inst.h5" energy -o "$tmp/e.csv"
contains "…headed by name and unit" "$tmp/e.csv" "energy/kinetic [J]"
expect "installed clearsim-animate writes a GIF" 0 "$prefix/bin/clearsim-animate" "$tmp/inst.h5" -o "$tmp/a.gif" --every 50
holds "…a GIF" [ "$(head -c 3 "$tmp/a.gif")" = "GIF" ]
expect "installed clearsim-view writes the page" 0 "$prefix/bin/clearsim-view" "$tmp/inst.h5" -o "$tmp/v.html"
contains "…self-contained" "$tmp/v.html" "<!DOCTYPE html>"
# a sweep with the installed CLI, its summary drawn and exported by the installed tools
cat >"$tmp/study.json" <<EOF
{"name": "s", "model": "$prefix/share/clearsim/models/slider_crank_clearance.json", "mode": "grid",
 "t_end": 0.006, "parameters": [{"path": "/clearance_joints/0/hole_radius", "values": [0.0097, 0.01]},
                                {"path": "/drivers/0/motion/velocity", "values": [314.16, 523.6]}]}
EOF
expect "installed clearsim sweep" 0 "$prefix/bin/clearsim" sweep "$tmp/study.json" -o "$tmp/s.h5" --quiet
expect "installed clearsim-plot draws the sweep summary" 0 "$prefix/bin/clearsim-plot" "$tmp/s.h5" -o "$tmp/splots"
holds "…its map of the peak force" [ -s "$tmp/splots/map-C.png" ]
expect "installed clearsim-export writes the summary's cases" 0 "$prefix/bin/clearsim-export" "$tmp/s.h5" -o "$tmp/s.csv"
holds "…one row per case" [ "$(wc -l <"$tmp/s.csv")" -eq 5 ]
# (through py: the exponent runs the library, whose sanitizer build needs its runtimes first)
expect "installed clearsim-chaos estimates an exponent" 0 py "$prefix/bin/clearsim-chaos" lyapunov "$model" --t-end 2 --tau 0.5 -o "$tmp/ly.h5"
contains "…and says it" "$tmp/out" "λ = "
holds "…writing its history" /usr/bin/python3 -c "import h5py, sys; sys.exit('lyapunov' not in h5py.File('$tmp/ly.h5'))"
# (its defaults: the installation's models and bin/clearsim, not a tree's)
(cd "$tmp" && expect "installed clearsim-case-studies draws" 0 py "$prefix/bin/clearsim-case-studies" -o cs)
contains "…with the installed clearsim" "$tmp/out" "cs/gear_rattle.png"
holds "…its three PNGs" [ -s "$tmp/cs/geneva.png" -a -s "$tmp/cs/cam.png" -a -s "$tmp/cs/gear_rattle.png" ]
holds "pkg-config file installed" [ -f "$prefix/$libdir/pkgconfig/clearsim.pc" ]
if grep -qE '\.so\.[0-9]|example\.invalid' "$prefix/$libdir/pkgconfig/clearsim.pc"; then
  bad "clearsim.pc names versioned library files or a placeholder URL"
else ok; fi
holds "CMake package installed" [ -f "$prefix/$libdir/cmake/clearsim/clearsimConfig.cmake" ]
holds "papers' data installed" [ -f "$prefix/share/clearsim/models/papers/README.md" ]
finish
