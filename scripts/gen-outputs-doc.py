#!/usr/bin/env python3
"""gen-outputs-doc.py -- write the key tables of docs/outputs.md from the
schema (python/ctasim/schema.tsv: scope, name, unit, description), between
each `<!-- schema SCOPE -->` line and the next `<!-- /schema -->`.

  scripts/gen-outputs-doc.py           rewrite docs/outputs.md
  scripts/gen-outputs-doc.py --check   exit 1 when it is not up to date"""
import csv, os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
DOC = os.path.relpath(os.path.join(ROOT, 'docs', 'outputs.md'))


def tables():
    rows = {}
    with open(os.path.join(ROOT, 'python', 'ctasim', 'schema.tsv'), newline='') as f:
        for r in csv.DictReader(f, delimiter='\t'):
            rows.setdefault(r['scope'], []).append(r)
    return rows


def render(rows):
    out = ['| name | unit | description |', '|---|---|---|']
    for r in rows:
        out.append(f"| `{r['name']}` | {r['unit']} | {r['description'].replace('|', '/')} |")
    return '\n'.join(out)


def main():
    text = open(DOC).read()
    rows = tables()
    used = set()

    def fill(m):
        scope = m.group(1)
        if scope not in rows:
            sys.exit(f'{DOC}: schema scope {scope} is not in schema.tsv')
        used.add(scope)
        return f'<!-- schema {scope} -->\n{render(rows[scope])}\n<!-- /schema -->'

    new = re.sub(r'<!-- schema (\S+) -->\n.*?<!-- /schema -->', fill, text, flags=re.S)
    missing = set(rows) - used
    if missing:
        sys.exit(f'{DOC}: no table for the scopes {sorted(missing)}')
    if '--check' in sys.argv[1:]:
        if new != text:
            print(f'{DOC} is not up to date with python/ctasim/schema.tsv: run scripts/gen-outputs-doc.py')
            return 1
        print(f'{DOC}: {sum(map(len, rows.values()))} keys in {len(rows)} tables, up to date')
        return 0
    if new != text:
        open(DOC, 'w').write(new)
    return 0


if __name__ == '__main__':
    sys.exit(main())
