#!/usr/bin/python3
"""doc_cites.py — every citation of a README section in the tree names a README that exists
and a section it holds: `path/README.md "Section"` in code, comments and docs resolves to a
heading of that file, or to a paragraph led by the section in bold (**Section.**). Run from
the repository root; prints one line per citation that does not resolve and exits 1 if any.
(tests/cli/test_docs.sh runs it.)"""
import os
import re
import subprocess
import sys

# README.md, a closing bracket or parenthesis, a comma, then the quoted section, possibly on the
# next comment line
CITE = re.compile(r'((?:[\w./-]*/)?README\.md)[)\]]?,?\s*(?:\n\s*(?:\*|#|//)?\s*)?"([^"\n]{3,80})"')
SKIP = ("tests/bad_input/", "tests/cli/doc_cites.py", "tests/cli/test_docs.sh")


def sections(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        heads = [h.strip() for h in re.findall(r"^#+\s*(.+)$", text, re.M)]
        bold = [b.strip() for b in re.findall(r"^\*\*([^*]+?)\.?\*\*", text, re.M)]
        cache[path] = heads + bold
    return cache[path]


def main():
    files = subprocess.run(["git", "ls-files"], capture_output=True, text=True,
                           check=True).stdout.split()
    bad = 0
    for f in files:
        if f.startswith(SKIP) or not os.path.isfile(f):
            continue
        try:
            with open(f, encoding="utf-8") as fh:
                text = fh.read()
        except (UnicodeDecodeError, OSError):
            continue
        for m in CITE.finditer(text):
            ref, sec = m.group(1), m.group(2)
            line = text.count("\n", 0, m.start()) + 1
            found = [p for p in (os.path.normpath(os.path.join(os.path.dirname(f), ref)),
                                 os.path.normpath(ref)) if os.path.isfile(p)]
            if not found:
                print(f"{f}:{line}: cites {ref}, which does not exist")
                bad += 1
            elif not any(sec.lower() in s.lower() for s in sections(found[0])):
                print(f'{f}:{line}: cites {ref} "{sec}": no such section in {found[0]}')
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
