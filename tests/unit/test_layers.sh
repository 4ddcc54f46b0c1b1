#!/usr/bin/env bash
# The house (issue 25): the include graph of the sources (tools/incgraph.py) has no header
# cycle, no include against the layers (contact -> public headers; joints -> contact; engine ->
# joints; tools, tests on top) and no file cycle (two files each using functions the other
# defines).
set -u
. "$(dirname "$0")/../support/cs_test.sh"

expect "tools/incgraph.py" 0 /usr/bin/python3 tools/incgraph.py .
cat "$tmp/out"
contains "no header cycle" "$tmp/out" "(1) header include cycles: 0"
contains "no file cycle" "$tmp/out" "(2) file cycles"
holds "…and none listed" [ "$(grep -c '^    [^ ].* <-> ' "$tmp/out")" -eq 0 ]
contains "no wrong-way include" "$tmp/out" "(3) wrong-way includes between layers: 0"
contains "no include unresolved" "$tmp/out" " 0 unresolved"

# the checker sees what it is for: a wrong-way include and a header cycle in a copy of the tree
mkdir -p "$tmp/tree"
find engine joints contact tools tests examples -type f \( -name '*.[ch]' -o -name '*.def' \
  -o -name '*.cpp' \) -print0 | xargs -0 cp --parents -t "$tmp/tree"
sed -i '1i #include "cs_model.h"' "$tmp/tree/contact/cs_contact.c"
sed -i '1i #include "cs_sim_linear.h"' "$tmp/tree/engine/model/cs_model.h"
echo '#include "cs_model.h"' >>"$tmp/tree/engine/solver/cs_sim_linear.h"
expect "the checker on a tree with an upward include and a cycle" 1 \
  /usr/bin/python3 tools/incgraph.py "$tmp/tree" "${args[@]}"
contains "it names the upward include" "$tmp/out" "contact/cs_contact.c -> engine/model/cs_model.h"
contains "it names the header cycle" "$tmp/out" "engine/model/cs_model.h <-> engine/solver/cs_sim_linear.h"
finish
