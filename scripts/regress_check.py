#!/usr/bin/env python3
"""regress_check.py DIR -- check a regression's outputs are produced and well
formed (make test-regress): DIR/junit.xml parses, has one testcase per run
named TEST.SEED with a seed property, failures typed; DIR/summary.txt exists;
and, when DIR/cov exists, the merged coverage file, the lcov info files
(every record SF..end_of_record with DA lines; every rtl/*.sv but the
package, and every units/*/*.sv but a testbench, has a record in rtl.info, so no
module goes uncounted -- the
top rtl/ctl_top.sv comes from the `cov` model, tests/regress.list covtop=1)
and genhtml's index.html.
Prints one line per check; exit 1 on the first problem."""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def fail(msg):
    print('FAIL regress_check: ' + msg)
    sys.exit(1)


def check_junit(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == 'testsuite' else root.findall('testsuite')
    if root.tag not in ('testsuites', 'testsuite') or not suites:
        fail(f'{path}: no testsuite')
    n = 0
    for s in suites:
        cases = s.findall('testcase')
        if int(s.get('tests', -1)) != len(cases):
            fail(f'{path}: tests="{s.get("tests")}" but {len(cases)} testcases')
        nf = sum(c.find('failure') is not None for c in cases)
        if int(s.get('failures', -1)) != nf:
            fail(f'{path}: failures="{s.get("failures")}" but {nf} failed testcases')
        for c in cases:
            f = c.find('failure')
            if f is not None and (not f.get('type') or not f.get('message')):
                fail(f'{path}: {c.get("name")}: failure without type or message')
            if c.get('classname') == 'regress.coverage':   # a threshold, named by its metric
                n += 1
                continue
            m = re.fullmatch(r'(\w+)\.(\d+)', c.get('name', ''))
            if not m:
                fail(f'{path}: testcase name {c.get("name")!r} is not TEST.SEED')
            seeds = [p.get('value') for p in c.iter('property') if p.get('name') == 'seed']
            if seeds != [m.group(2)]:
                fail(f'{path}: {c.get("name")}: seed property {seeds} does not match its name')
            f = c.find('failure')
            if f is not None and (not f.get('type') or not f.get('message')):
                fail(f'{path}: {c.get("name")}: failure without type or message')
            n += 1
    print(f'ok   {path}: {n} testcases, well formed')


def check_info(path):
    """Checks one lcov info file; returns the set of its source files."""
    recs = 0
    state = None
    files = set()
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if line.startswith('SF:'):
                if state:
                    fail(f'{path}: SF inside a record')
                state, recs = 'in', recs + 1
                files.add(line[3:])
            elif line == 'end_of_record':
                if state != 'in':
                    fail(f'{path}: end_of_record outside a record')
                state = None
            elif line.startswith('DA:'):
                if state != 'in' or not re.fullmatch(r'DA:\d+,\d+(,\S+)?', line):
                    fail(f'{path}: bad line {line!r}')
    if state or recs == 0:
        fail(f'{path}: {recs} records, last one open' if state else f'{path}: no records')
    print(f'ok   {path}: {recs} lcov records')
    return files


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else 'build/regress'
    for f in ('junit.xml', 'summary.txt'):
        if not os.path.isfile(os.path.join(d, f)):
            fail(f'{d}/{f} missing')
    check_junit(os.path.join(d, 'junit.xml'))
    cov = os.path.join(d, 'cov')
    if os.path.isdir(cov):
        merged = os.path.join(cov, 'merged.dat')
        with open(merged, errors='replace') as f:
            head = f.readline()
            pts = sum(1 for line in f if line.startswith("C '"))
        if not head.startswith('# SystemC::Coverage') or pts == 0:
            fail(f'{merged}: not a Verilator coverage file with points')
        print(f'ok   {merged}: {pts} coverage points')
        have = check_info(os.path.join(cov, 'rtl.info'))
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        want = {'rtl/' + f for f in os.listdir(os.path.join(root, 'rtl'))
                if f.endswith('.sv') and f != 'ctasim_pkg.sv'}
        want |= {os.path.relpath(f, root) for f in glob.glob(os.path.join(root, 'units', '*', '*.sv'))
                 if not os.path.basename(f).startswith('tb_')}
        if want - have:
            fail(f'{cov}/rtl.info: no coverage of {", ".join(sorted(want - have))}')
        print(f'ok   {cov}/rtl.info: all {len(want)} modules of rtl/ and units/')
        check_info(os.path.join(cov, 'functional.info'))
        idx = os.path.join(cov, 'html', 'index.html')
        if not os.path.isfile(idx) or '</html>' not in open(idx).read():
            fail(f'{idx}: missing or truncated')
        print(f'ok   {idx}')


if __name__ == '__main__':
    main()
