#!/usr/bin/env python3
"""gen-outputs-doc.py -- write the outputs' schema and its tables in the docs.

The statistics' keys and columns are declared once, in the X-macro tables of
cmodel/report/stats_table.h (name, unit, description, and how the value is
computed); their scopes of python/ctasim/schema.tsv (scope, name, unit,
description) are written from those tables, read through the C preprocessor.
The file's other scopes (power, decisions, --rtl-power) are kept as written.
Then the key tables of docs/outputs.md are written from the schema, between
each `<!-- schema SCOPE -->` line and the next `<!-- /schema -->`.

  scripts/gen-outputs-doc.py           rewrite schema.tsv and docs/outputs.md
  scripts/gen-outputs-doc.py --check   exit 1 when either is not up to date, or
                                       docs/gpgpusim-stats.md lacks a GPGPU-Sim
                                       name of the table"""
import csv, io, os, re, subprocess, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
DOC = os.path.relpath(os.path.join(ROOT, 'docs', 'outputs.md'))
GSDOC = os.path.relpath(os.path.join(ROOT, 'docs', 'gpgpusim-stats.md'))
SCHEMA = os.path.relpath(os.path.join(ROOT, 'python', 'ctasim', 'schema.tsv'))
TABLE = 'cmodel/report/stats_table.h'
FIELDS = ['scope', 'name', 'unit', 'description']

# Each scope as `@scope "S"`, each row as `@row "name" "unit" "description..."`
# (a description may be several adjacent literals: the preprocessor keeps them).
PROBE = f'''#include "{TABLE}"
#define ROW(name, unit, desc, ...) @row #name unit desc
#define SCOPE(name, table) @scope name table(ROW)
STATS_SCHEMA_SCOPES(SCOPE)
#define GS(name, ...) @gpgpusim #name
STATS_GPGPUSIM(GS)
'''
LIT = r'"(?:[^"\\]|\\.)*"'


def unquote(lits):
    return ''.join(re.sub(r'\\(.)', r'\1', m[1:-1]) for m in re.findall(LIT, lits))


def table_rows():
    """{scope: [row]} of the scopes stats_table.h declares, and its GPGPU-Sim
    names."""
    cc = os.environ.get('CC', 'cc')
    try:
        text = subprocess.run([cc, '-E', '-P', '-x', 'c', '-'], input=PROBE, cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit(f'{TABLE}: the C preprocessor ({cc} -E) failed: {getattr(e, "stderr", e)}')
    rows, scope = {}, None
    for m in re.finditer(rf'@scope\s+({LIT})|@row\s+"(\w+)"\s+({LIT})\s+((?:{LIT}\s*)+)', text):
        if m.group(1):
            scope = unquote(m.group(1))
            rows[scope] = []
        else:
            rows[scope].append({'scope': scope, 'name': m.group(2), 'unit': unquote(m.group(3)),
                                'description': unquote(m.group(4))})
    if not rows:
        sys.exit(f'{TABLE}: no scope read (STATS_SCHEMA_SCOPES)')
    return rows, re.findall(r'@gpgpusim\s+"(\w+)"', text)


def undocumented_gpgpusim(names):
    """The GPGPU-Sim names of the table docs/gpgpusim-stats.md has no row for."""
    text = open(GSDOC).read()
    doc = {n for line in text.splitlines() if line.startswith('| `')
           for n in re.findall(r'`(\w+)`', line.split('|')[1])}
    return [n for n in names if n not in doc]


def schema_text(old, gen):
    """schema.tsv with the generated scopes' rows in place of the file's."""
    rows = list(csv.DictReader(io.StringIO(old), delimiter='\t'))
    scopes = list(dict.fromkeys([r['scope'] for r in rows] + list(gen)))
    out = ['\t'.join(FIELDS)]
    for s in scopes:
        for r in gen.get(s) or [r for r in rows if r['scope'] == s]:
            out.append('\t'.join(r[f] for f in FIELDS))
    return '\n'.join(out) + '\n'


def tables(text):
    rows = {}
    for r in csv.DictReader(io.StringIO(text), delimiter='\t'):
        rows.setdefault(r['scope'], []).append(r)
    return rows


def render(rows):
    out = ['| name | unit | description |', '|---|---|---|']
    for r in rows:
        out.append(f"| `{r['name']}` | {r['unit']} | {r['description'].replace('|', '/')} |")
    return '\n'.join(out)


def doc_text(text, rows):
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
    return new


def main():
    gen, gs_names = table_rows()
    old_schema, old_doc = open(SCHEMA).read(), open(DOC).read()
    schema = schema_text(old_schema, gen)
    rows = tables(schema)
    doc = doc_text(old_doc, rows)
    if '--check' in sys.argv[1:]:
        bad = 0
        if schema != old_schema:
            print(f'{SCHEMA} is not up to date with {TABLE}: run scripts/gen-outputs-doc.py')
            bad = 1
        if doc != old_doc:
            print(f'{DOC} is not up to date with python/ctasim/schema.tsv: run scripts/gen-outputs-doc.py')
            bad = 1
        missing = undocumented_gpgpusim(gs_names)
        if missing:
            print(f'{GSDOC} has no row for the GPGPU-Sim names {missing} of {TABLE}')
            bad = 1
        if bad:
            return 1
        n = sum(map(len, gen.values()))
        print(f'{DOC}: {sum(map(len, rows.values()))} keys in {len(rows)} tables, up to date; '
              f'{SCHEMA}: {n} of them in {len(gen)} scopes from {TABLE}, up to date; '
              f'{GSDOC}: {len(gs_names)} GPGPU-Sim names documented')
        return 0
    for path, new, old in ((SCHEMA, schema, old_schema), (DOC, doc, old_doc)):
        if new != old:
            open(path, 'w').write(new)
    return 0


if __name__ == '__main__':
    sys.exit(main())
