#!/usr/bin/python3
"""incgraph.py — the include graph of clearsim's C sources: the layers go one way, no cycles.

    /usr/bin/python3 tools/incgraph.py [REPO=.] [--allow A.c,B.c ...] [--edges]

Reads every *.c, *.h, *.def, *.cpp under engine/ joints/ contact/ tools/ tests/ examples/ that
git lists in REPO (tracked or new, not ignored; every such file when REPO is no git checkout),
resolves each #include "x" (first the including file's folder, then every folder holding a
header of that name, in the order engine/include/clearsim, engine, contact, joints, tests,
tools) and reports:

 (1) header cycles: strongly connected components of the #include graph;
 (2) file cycles: A.c -> B.c when A.c includes a header H and uses a function that H declares
     and B.c defines; components of more than one file. --allow A.c,B.c (repeatable) accepts
     a cycle whose files are all in that list (a cycle being removed);
 (3) wrong-way includes between layers. A file's layer is its top folder, except that
     engine/include/clearsim is 'api' (the public headers). contact -> contact, api;
     joints -> joints, contact, api; engine -> all but tools, tests; tools -> all but tests;
     examples -> examples, api.
Exit status 0 when (1) and (3) are empty and every cycle of (2) is allowed, 1 otherwise.
(The lead's tools for issue 25 report more: public headers used by tests, link-level cycles.)
"""
import collections
import os
import re
import subprocess
import sys

ROOTS = ('engine/', 'joints/', 'contact/', 'tools/', 'tests/', 'examples/')
EXTS = ('.c', '.h', '.def', '.cpp')
ORDER = ['engine/include/clearsim', 'engine', 'contact', 'joints', 'tests', 'tools']
ALLOWED = {
    'api': {'api'},
    'contact': {'contact', 'api'},
    'joints': {'joints', 'contact', 'api'},
    'engine': {'engine', 'joints', 'contact', 'api'},
    'tools': {'tools', 'engine', 'joints', 'contact', 'api'},
    'tests': {'tests', 'tools', 'engine', 'joints', 'contact', 'api'},
    'examples': {'examples', 'api'},
}
INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
KEYW = set('if while for switch return sizeof defined _Static_assert __attribute__'.split())


def list_files(repo):
    try:
        out = subprocess.run(['git', '-C', repo, 'ls-files', '--cached', '--others',
                              '--exclude-standard'], check=True, capture_output=True,
                             text=True).stdout.split('\n')
    except (OSError, subprocess.CalledProcessError):  # a source tree without git
        out = [os.path.relpath(os.path.join(d, f), repo)
               for d, _, names in os.walk(repo) for f in names]
    return sorted(f for f in set(out) if f.startswith(ROOTS) and f.endswith(EXTS)
                  and os.path.exists(os.path.join(repo, f)))


def norm(path):
    out = []
    for part in path.split('/'):
        if part == '..':
            if out:
                out.pop()
        elif part and part != '.':
            out.append(part)
    return '/'.join(out)


def scc(nodes, edges):
    """Tarjan's strongly connected components with more than one node (or a self-loop)."""
    idx, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        idx[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in idx:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], idx[w])
        if low[v] == idx[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(sorted(comp))
    for v in sorted(nodes):
        if v not in idx:
            visit(v)
    return [c for c in out if len(c) > 1 or c[0] in edges.get(c[0], ())]


def strip(src):
    """C text without comments, string contents and preprocessor lines."""
    src = re.sub(r'/\*.*?\*/', ' ', src, flags=re.S)
    src = re.sub(r'//[^\n]*', ' ', src)
    src = re.sub(r'"(\\.|[^"\\\n])*"', '""', src)
    src = re.sub(r"'(\\.|[^'\\\n])*'", "''", src)
    src = re.sub(r'^\s*#(?:[^\n]*\\\n)*[^\n]*', ' ', src, flags=re.M)
    return re.sub(r'extern\s*""\s*\{', ' ', src)  # extern "C" { (its } clamps at depth 0)


def file_scope(src, header):
    """(declared, defined, identifiers): functions declared (;) and defined ({) at depth 0."""
    s = strip(src)
    top, depth = [], 0
    for ch in s:
        if ch == '{':
            if depth == 0:
                top.append('{')
            depth += 1
        elif ch == '}':
            depth = max(0, depth - 1)
        elif depth == 0:
            top.append(ch)
    top = ''.join(top)
    decls, defs = set(), set()
    for m in re.finditer(r'([A-Za-z_]\w*)\s*\(([^()]|\([^()]*\))*\)\s*'
                         r'(?:__attribute__\s*\(\(.*?\)\)\s*)?([;{])', top):
        name = m.group(1)
        if name in KEYW:
            continue
        start = max(top.rfind(';', 0, m.start()), top.rfind('{', 0, m.start())) + 1
        head = top[start:m.start()]
        if 'typedef' in head or '(*' in head or re.search(r'\(\s*\*\s*$', head):
            continue
        if m.group(3) == ';':
            decls.add(name)
        elif 'static' not in head.split() or header:  # a header's static inline: its own
            defs.add(name)
    return decls, defs, set(re.findall(r'[A-Za-z_]\w*', s))


def layer(f):
    return 'api' if f.startswith('engine/include/') else f.split('/', 1)[0]


def analyse(repo):
    """{'headers': [cycle], 'files': [(cycle, {(a, b): why})], 'wrong': {kind: [edge]},
    'unresolved': [(file, include)], 'nfiles': n, 'edges': {file: set}}"""
    files = list_files(repo)
    text = {f: open(os.path.join(repo, f), encoding='utf-8', errors='replace').read()
            for f in files}
    byname = collections.defaultdict(list)
    for f in files:
        byname[f.rsplit('/', 1)[-1]].append(f)

    def rank(c):
        return next((i for i, d in enumerate(ORDER) if c.startswith(d + '/')), 99)

    def resolve(f, inc):
        local = norm(f.rsplit('/', 1)[0] + '/' + inc)
        if local in text:
            return local
        cands = sorted((c for c in byname.get(inc.rsplit('/', 1)[-1], []) if c.endswith(inc)),
                       key=rank)
        return cands[0] if cands else None

    inc_edges, unresolved = collections.defaultdict(set), []
    for f in files:
        for m in INC.finditer(text[f]):
            t = resolve(f, m.group(1))
            if t:
                inc_edges[f].add(t)
            else:
                unresolved.append((f, m.group(1)))

    decl, defn, ident = {}, {}, {}
    for f in files:
        decl[f], defn[f], ident[f] = file_scope(text[f], f.endswith('.h'))
    cfiles = [f for f in files if f.endswith(('.c', '.cpp'))]
    definer = collections.defaultdict(set)
    for f in cfiles:
        for n in defn[f]:
            definer[n].add(f)
    use_edges, why = collections.defaultdict(set), collections.defaultdict(set)
    for a in cfiles:
        for h in inc_edges[a]:
            if h.endswith('.h'):
                for n in decl[h] & ident[a]:
                    for b in definer[n] - {a}:
                        use_edges[a].add(b)
                        why[(a, b)].add(f'{h.rsplit("/", 1)[-1]}:{n}')

    wrong = collections.defaultdict(list)
    for f in files:
        for t in inc_edges[f]:
            lf, lt = layer(f), layer(t)
            if lt not in ALLOWED.get(lf, {lf}):
                wrong[f'{lf} -> {lt}'].append(f'{f} -> {t}')
    file_cycles = [(c, {(a, b): sorted(why[(a, b)]) for a in c for b in c if b in use_edges[a]})
                   for c in scc(set(cfiles), use_edges)]
    return {'headers': scc(set(files), inc_edges), 'files': file_cycles, 'wrong': dict(wrong),
            'unresolved': unresolved, 'nfiles': len(files), 'edges': inc_edges}


def main(argv):
    args, allow, i = [], [], 0
    while i < len(argv):
        if argv[i] == '--allow' and i + 1 < len(argv):
            allow.append(set(argv[i + 1].split(',')))
            i += 1
        elif not argv[i].startswith('--'):
            args.append(argv[i])
        i += 1
    repo = args[0] if args else '.'
    g = analyse(repo)
    print(f'include graph of {repo}: {g["nfiles"]} files, '
          f'{sum(len(v) for v in g["edges"].values())} #include "..." edges, '
          f'{len(g["unresolved"])} unresolved')
    for f, inc in g['unresolved']:
        print(f'  unresolved: {f}: "{inc}"')
    print(f'\n(1) header include cycles: {len(g["headers"])}')
    for c in g['headers']:
        print('   ', ' <-> '.join(c))
    refused = 0
    print(f'\n(2) file cycles (A.c includes a header declaring a function B.c defines, and uses '
          f'it): {len(g["files"])}')
    for c, why in g['files']:
        allowed = any(set(c) <= a for a in allow)
        refused += not allowed
        print('   ', ' <-> '.join(c) + (' (allowed: being removed)' if allowed else ''))
        for (a, b), names in sorted(why.items()):
            print(f'        {a} -> {b}  via {", ".join(names[:6])}')
    for a in allow:
        if not any(set(c) <= a for c, _ in g['files']):
            print(f'    allowed, and gone: {",".join(sorted(a))} (delete it from the allowed list)')
    nwrong = sum(len(v) for v in g['wrong'].values())
    print(f'\n(3) wrong-way includes between layers: {nwrong}')
    for k in sorted(g['wrong']):
        print(f'    {k}: {len(g["wrong"][k])}')
        for e in sorted(g['wrong'][k]):
            print(f'        {e}')
    if '--edges' in argv:
        print('\nedges (file -> included files):')
        for f in sorted(g['edges']):
            print(f'  {f}: {" ".join(sorted(g["edges"][f]))}')
    return 1 if (g['headers'] or refused or nwrong) else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
