#!/usr/bin/env python3
"""Include cycles between modules below DIR (default adjudicator).

A .c and its .h are one module.  One line per cycle: its size and its
modules, in order.  A change must add none: make lint compares the output
with tests/incycles.known, the cycles the tree has had since before this
check (each a .c and its _int.h, and the core's one loop).
"""
import os
import re
import sys

INCLUDE = re.compile(r'\s*#\s*include\s+"([^"]+)"')


def module(name):
    return name.rsplit('.', 1)[0]


def graph(root):
    g = {}
    for d, _, files in os.walk(root):
        for f in files:
            if not f.endswith(('.c', '.h')):
                continue
            deps = g.setdefault(module(f), set())
            with open(os.path.join(d, f), errors='replace') as fh:
                for line in fh:
                    m = INCLUDE.match(line)
                    if m and module(os.path.basename(m.group(1))) != \
                            module(f):
                        deps.add(module(os.path.basename(m.group(1))))
    return g


def cycles(g):
    """Tarjan's strongly connected components of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in g:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else 'adjudicator'
    for c in sorted(cycles(graph(root))):
        print(len(c), ' '.join(c))


if __name__ == '__main__':
    main()
