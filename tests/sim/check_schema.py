#!/usr/bin/env python3
"""check_schema.py -- the outputs' keys and columns against their schema
(python/ctasim/schema.tsv, rendered in docs/outputs.md):

  check_schema.py [--json F]... [--csv-header LINE] [--timeline F] [--decisions F]
                  [--rtl-power F] [--scopes S,S]

Every key or column the given outputs hold must be in the schema, and every
key of the scopes in --scopes must appear in at least one of them (so a
documented key no output writes fails too).  CSV headers must list the
schema's columns in its order.  Exit 1 with one line per difference."""
import argparse, csv, json, os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')


def schema():
    out = {}
    with open(os.path.join(ROOT, 'python', 'ctasim', 'schema.tsv'), newline='') as f:
        for row in csv.DictReader(f, delimiter='\t'):
            out.setdefault(row['scope'], []).append(row['name'])
    return out


def add(seen, scope, keys):
    seen.setdefault(scope, set()).update(keys)


def walk_report(d, seen):
    add(seen, 'json.top', d)
    for k in d.get('kernels', []) + ([d['total']] if 'total' in d else []):
        add(seen, 'json.kernel', k)
        for c in k.get('cores', []):
            add(seen, 'json.core', c)
    if 'power' in d:
        add(seen, 'json.power', d['power'])
        for r in d['power'].get('rows', []):
            add(seen, 'json.power_row', r)


def walk_rtl_power(d, seen):
    add(seen, 'rtlpower.top', d)
    for u in d.get('units', []):
        add(seen, 'rtlpower.unit', u)
        for part in ('per_core', 'shared'):
            add(seen, 'rtlpower.total', u.get(part, {}))
    add(seen, 'rtlpower.total', d.get('total', {}))


def header(path):
    with open(path, newline='') as f:
        return next(csv.reader(f))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--json', action='append', default=[])
    ap.add_argument('--rtl-power', action='append', default=[])
    ap.add_argument('--csv-header')
    ap.add_argument('--timeline')
    ap.add_argument('--decisions')
    ap.add_argument('--scopes', default='')
    a = ap.parse_args()
    sch, seen, errs = schema(), {}, []
    for f in a.json:
        walk_report(json.load(open(f)), seen)
    for f in a.rtl_power:
        walk_rtl_power(json.load(open(f)), seen)
    if a.csv_header is not None:
        cols = next(csv.reader([a.csv_header]))
        if cols != sch['csv.row']:
            errs.append(f'csv.row: header {cols} is not the schema\'s {sch["csv.row"]}')
        add(seen, 'csv.row', cols)
    if a.timeline:
        cols = header(a.timeline)
        n = sum(1 for c in cols if re.fullmatch(r'limit\d+', c))
        want = [c for c in sch['csv.timeline'] if not c.endswith('N')]
        want += [c[:-1] + str(i) for c in sch['csv.timeline'] if c.endswith('N') for i in range(n)]
        if cols != want:
            errs.append(f'csv.timeline: header {cols[:12]}... is not the schema\'s {want[:12]}... ({n} cores)')
        add(seen, 'csv.timeline', [re.sub(r'\d+$', 'N', c) if re.fullmatch(r'[a-z_]+\d+', c) else c for c in cols])
    if a.decisions:
        cols = header(a.decisions)
        if cols != sch['csv.decisions']:
            errs.append(f'csv.decisions: header {cols} is not the schema\'s {sch["csv.decisions"]}')
        add(seen, 'csv.decisions', cols)
    for scope, keys in sorted(seen.items()):
        for k in sorted(keys - set(sch.get(scope, []))):
            errs.append(f'{scope}: "{k}" is written but not documented (python/ctasim/schema.tsv)')
    for scope in filter(None, a.scopes.split(',')):
        for k in sch.get(scope, []):
            if k not in seen.get(scope, set()):
                errs.append(f'{scope}: "{k}" is documented but no output given writes it')
    for e in errs:
        print(e)
    n = sum(len(v) for v in seen.values())
    print(f'schema: {n} keys and columns written in {len(seen)} scopes, {len(errs)} differences')
    return 1 if errs else 0


if __name__ == '__main__':
    sys.exit(main())
