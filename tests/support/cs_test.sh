# cs_test.sh — the shell tests' harness, sourced by tests/test_*.sh (the shell twin of
# cs_test.h): a temporary directory $tmp removed on exit, checks that count, and the closing
# line "N passed, N failed" that CI reads. Each check names what it compares.
# removed by the script alone: an asynchronous subshell signalled before it has reset its traps
# runs them too, and would empty $tmp under the script (a watchdog killed at once)
tmp=$(mktemp -d); trap '[ "$BASHPID" != "$$" ] || rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
expect() { # name, wanted exit code, command…: its stdout in $tmp/out, stderr in $tmp/err
  local name=$1 want=$2; shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"; local got=$?
  if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, want $want"; cat "$tmp/err"; fi
}
contains() { # name, file, text
  if grep -qF -- "$3" "$2"; then ok; else bad "$1: '$3' not in output:"; cat "$2"; fi
}
holds() { # name, command…: the command succeeds (a test such as [ -s FILE ])
  local name=$1; shift
  if "$@"; then ok; else bad "$name"; fi
}
py() { # Debian's python3, with the sanitizers' runtimes first in a sanitizer build (CMake's
  # CS_PY_PRELOAD), since it may load libclearsim.so
  if [ -n "${CS_PY_PRELOAD:-}" ]; then
    LD_PRELOAD=$CS_PY_PRELOAD ASAN_OPTIONS=detect_leaks=0 /usr/bin/python3 "$@"
  else
    /usr/bin/python3 "$@"
  fi
}
needs_python() { # modules Debian's python3 must have, or the script fails saying which
  local mods pkgs m
  mods=$(IFS=,; echo "$*")
  for m in "$@"; do pkgs="${pkgs:-} python3-${m,,}"; done
  if ! /usr/bin/python3 -c "import $mods" 2>/dev/null; then
    echo "FAIL /usr/bin/python3 lacks $* (apt-get install$pkgs)"; echo "0 passed, 1 failed"
    exit 1
  fi
}
finish() { # the closing line; the script's exit status
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
