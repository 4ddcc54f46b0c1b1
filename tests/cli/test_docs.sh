#!/usr/bin/env bash
# The documentation beside the code stays true to the tree: every relative link [x](path) of
# every README*.md names a file or folder that exists, every room of engine/ and every folder of
# tools/ has its README.md, README.md stays a front page (200 lines at most), no file cites a
# design note the repository does not hold, and contact/README.md's catalogue names every law of
# the laws_*.def lists.
set -u
. "$(dirname "$0")/../support/cs_test.sh"

# the READMEs of the tree, build folders and .git left out
mapfile -t readmes < <(find . \( -name '.git' -o -name 'build*' -o -name 'corpus*' \) -prune -o \
                            -name 'README*.md' -print | sort)
holds "README.md and the folders' READMEs are found" [ "${#readmes[@]}" -ge 6 ]

# every relative link, resolved against its README's folder (a #fragment is not checked)
for f in "${readmes[@]}"; do
  dir=$(dirname "$f")
  while IFS= read -r target; do
    case "$target" in
      http://* | https://* | mailto:* | '#'*) continue ;;
    esac
    path=${target%%#*}
    holds "$f: link ($target) names an existing file" [ -e "$dir/$path" ]
  done < <(grep -oE '\]\([^) ]+\)' "$f" | sed -E 's/^\]\((.*)\)$/\1/')
done

# every room of the library and every folder of tools/ says what it holds (engine/include holds
# the public headers only, which engine/README.md describes; __pycache__ is Python's)
while IFS= read -r dir; do
  holds "$dir has a README.md" [ -f "$dir/README.md" ]
done < <(find engine tools -mindepth 1 -type d \( -name __pycache__ -o -path engine/include \) -prune \
           -o -type d -print | grep -vE '^tools/(python/clearsim|bench/(peer|simbody))$' | sort)
holds "engine/ has its rooms" [ "$(find engine -mindepth 1 -maxdepth 1 -type d | wc -l)" -ge 9 ]

# the front page stays one
lines=$(wc -l < README.md)
holds "README.md is at most 200 lines (it has $lines)" [ "$lines" -le 200 ]

# no file cites a design note outside the repository (the name spelled in pieces, so that this
# file does not cite it either)
note="DESIGN"".md"
if [ ! -e "$note" ]; then
  cites=$(grep -rlF "$note" README.md engine joints contact models tools tests examples \
          CMakeLists.txt 2>/dev/null)
  holds "no file cites $note, which the repository does not hold: ${cites//$'\n'/ }" \
        [ -z "$cites" ]
fi

# every citation of a README's section names a README that holds it (code comments included)
expect "README sections cited exist" 0 /usr/bin/python3 tests/cli/doc_cites.py

# the contact-law catalogue names every registered law (CS_LAW(family_name) is `name`)
for def in contact/laws_*.def; do
  family=$(basename "$def" .def); family=${family#laws_}
  for id in $(grep -oE '^CS_LAW\([a-z0-9_]+\)' "$def" | sed -E 's/^CS_LAW\((.*)\)$/\1/'); do
    name=${id#"${family}_"}
    row=$(grep -E "^\| $family \|" contact/README.md 2>/dev/null)
    case "$row" in
      *"\`$name\`"*) ok ;;
      *) bad "contact/README.md: the $family row of the catalogue lacks \`$name\` ($def)" ;;
    esac
  done
done

finish
