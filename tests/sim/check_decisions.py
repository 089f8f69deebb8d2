#!/usr/bin/env python3
"""check_decisions.py FILE UNIT -- every row of UNIT in a --decisions file
agrees with the unit's rule recomputed from the row's own inputs (the rule:
rule() of units/UNIT/decisions.py; the papers' rules are in their pages).
Prints the number of rows checked per decision; exit 1 on the first
disagreement, or when no row of UNIT (or no decision other than a kernel
start) is present.
check_decisions.py --cases -- the runs tests/sim/decisions.sh checks, one a
line (UNIT|WORKLOAD|SETTINGS): every unit's CASES, in registry order.
The helpers below (fields, frac, pct) are the units' rules' parsers."""
import collections
import csv
import importlib.util
import os
import sys


def fields(text):
    out = {}
    for part in text.split(';'):
        k, _, v = part.partition('=')
        out[k] = v
    return out


def frac(v):
    n, _, d = v.partition('/')
    return int(n), int(d) if d else 1


def pct(v):
    return int(v.rstrip('%'))


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def registry():
    """[(unit, folder)] of the registry (seam/units.tsv), in its order."""
    rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(ROOT, 'seam', 'units.tsv'))
            if l.strip() and not l.startswith('#')]
    return [(r[0], r[2]) for r in rows if len(r) > 2 and r[2] != '-']


def rules(unit):
    """The unit's units/UNIT/decisions.py as a module (rule, CASES, key), or None."""
    for u, d in registry():
        p = os.path.join(ROOT, d, 'decisions.py')
        if u == unit and os.path.exists(p):
            spec = importlib.util.spec_from_file_location('decisions_' + u, p)
            m = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(m)
            return m
    return None


def main():
    if sys.argv[1:] == ['--cases']:
        for u, _ in registry():
            m = rules(u)
            for wl, sets in (m.CASES if m else []):
                print('%s|%s|%s' % (u, wl, sets))
        return 0
    path, unit = sys.argv[1], sys.argv[2]
    m = rules(unit)
    if m is None:
        print('FAIL %s: no units/%s/decisions.py in the registry' % (unit, unit))
        return 1
    key = getattr(m, 'key', lambda inp, dec: dec[0])
    counts = collections.Counter()
    with open(path, newline='') as f:
        rows = csv.reader(f)
        if next(rows) != ['cycle', 'core', 'unit', 'inputs', 'decision']:
            print('FAIL %s: bad header' % path)
            return 1
        last = -1
        for row in rows:
            cyc, core, u, inp, dec = row
            if int(cyc) < last:
                print('FAIL cycles out of order: %s' % row)
                return 1
            last = int(cyc)
            if u != unit:
                continue
            if not m.rule(fields(inp), dec.split(';')):
                print('FAIL %s row disagrees with the rule: %s' % (u, ','.join(row)))
                return 1
            counts[key(fields(inp), dec.split(';'))] += 1
    print('%s: %s' % (unit, dict(sorted(counts.items()))))
    real = sum(v for k, v in counts.items() if k not in ('kernel_start', 'all_on'))
    return 0 if real else 1


if __name__ == '__main__':
    sys.exit(main())
