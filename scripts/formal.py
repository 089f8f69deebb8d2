#!/usr/bin/env python3
"""formal.py -- prove the RTL's assertions (rtl/ctasim_assert.svh) with Yosys
and yosys-smtbmc + z3 (docs/verification.md, "Formal"; docs/dependencies.md
says why this route).  For each job: a wrapper around the unit (generated from
its port list: the reset asserted in the first step, every cfg_* port held
stable, as the seam's programmable registers are), Yosys 0.23 reads rtl/ with
-formal (FORMAL: the checks become assert / assume / cover cells), writes
SMT-LIB 2, and yosys-smtbmc runs
  bmc      the assertions hold in every trace of DEPTH steps from the reset
  prove    bmc, then k-induction of DEPTH steps (a proof for every depth)
  cover    every COVER reached within DEPTH steps
A failure prints the check's name and writes the counterexample as
build/formal/JOB/trace-dDEPTH.vcd with its .gtkw (the unit's ports and the
failing check's scope); a name an earlier run took gets -2, -3, ...

  scripts/formal.py [--quick] [--jobs N] [--list] [JOB ...]

--quick runs each job at its short depth (make test); the default runs the
full depths (make formal).  Exit 0 when every job passed.
"""
import argparse
import glob
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RTL = os.path.join(ROOT, 'rtl')
OUT = os.path.join(ROOT, 'build', 'formal')

# name: (unit, parameters, mode, full depth, quick depth, what the depth covers)
# Sizes are small instances of the same RTL (2 cores, narrow periods and
# counters) so a decision period is a few cycles: the cfg ports are free, so
# every period / window / threshold up to the field's width is explored.
JOBS = {
    'dyncta':        ('dyncta', {'NumCores': 2, 'CoresW': 2, 'PeriodW': 4, 'CntW': 3, 'LimitW': 3},
                      'prove', 12, 6, 'T <= 15 (a period longer than the counters saturate)'),
    'dyncta-cover':  ('dyncta', {'NumCores': 2, 'CoresW': 2, 'PeriodW': 4, 'CntW': 3, 'LimitW': 3},
                      'cover', 20, 20, ''),
    'dyncore':       ('dyncore', {'NumCores': 3, 'CoresW': 2, 'PeriodW': 2, 'FracW': 2, 'SumW': 6},
                      'prove', 12, 6, 'T <= 3: a period, its evaluation and the drain'),
    'dyncore-cover': ('dyncore', {'NumCores': 3, 'CoresW': 2, 'PeriodW': 2, 'FracW': 2, 'SumW': 6},
                      'cover', 14, 14, ''),
    'claso':         ('claso', {'NumCores': 2, 'CtaW': 9, 'CreditW': 12, 'CoreW': 2},
                      'bmc', 16, 6, 'alloc, 9-step division, load and serving'),
    'claso-cover':   ('claso', {'NumCores': 2, 'CtaW': 9, 'CreditW': 12, 'CoreW': 2},
                      'cover', 18, 18, ''),
    'arcta':         ('arcta', {'NumCores': 2, 'NumParts': 2, 'CoresW': 2, 'PartsW': 2, 'WinW': 2},
                      'bmc', 16, 6, 'W <= 3: profile, the longest decision (9 + 2 cycles), action'),
    'arcta-cover':   ('arcta', {'NumCores': 2, 'NumParts': 2, 'CoresW': 2, 'PartsW': 2, 'WinW': 2},
                      'cover', 16, 16, ''),
    'ucs-grp':       ('ucs_grp', {}, 'prove', 8, 4, 'every state and wake-up count'),
    'ucs-grp-cover': ('ucs_grp', {}, 'cover', 8, 8, ''),
    'ucs':           ('ucs', {'NumCores': 1, 'CoresW': 1},
                      'bmc', 24, 4, 'T = 1..3: interval, 18 evaluation edges, one decision'),
    'ctl_top':       ('ctl_top', {'NumCores': 1, 'NumParts': 1},
                      'bmc', 6, 3, 'the seam rules across the units'),
}
# A unit with a folder of its own (units/NAME/, docs/adding-a-unit.md) lists its
# jobs in units/NAME/formal.json, in the form above: {"job": [unit, {params},
# mode, full, quick, note]}.
for _f in sorted(glob.glob(os.path.join(ROOT, 'units', '*', 'formal.json'))):
    JOBS.update({k: tuple(v) for k, v in json.load(open(_f)).items()})


def sources():
    """The package, then every RTL file of rtl/ and units/*/ (not testbenches)."""
    units = [f for f in glob.glob(os.path.join(ROOT, 'units', '*', '*.sv'))
             if not os.path.basename(f).startswith('tb_')]
    return [os.path.join(RTL, 'ctasim_pkg.sv')] + sorted(
        [os.path.join(RTL, f) for f in os.listdir(RTL) if f.endswith('.sv') and f != 'ctasim_pkg.sv']
        + units)


def unit_file(unit):
    """rtl/UNIT.sv, or units/*/UNIT.sv."""
    p = os.path.join(RTL, unit + '.sv')
    return p if os.path.exists(p) else (glob.glob(os.path.join(ROOT, 'units', '*', unit + '.sv'))
                                        or [p])[0]


def port_decls(text, module):
    """Parameter list text and port declarations of `module` (Ibex-style header)."""
    m = re.search(r'\bmodule\s+' + module + r'\s*(#\s*\((.*?)\)\s*)?\((.*?)\);', text, re.S)
    if not m:
        raise SystemExit('formal: cannot read the header of module %s' % module)
    params = m.group(2) or ''
    ports = []
    for line in m.group(3).split('\n'):
        line = re.sub(r'//.*', '', line).strip().rstrip(',')
        pm = re.match(r'(input|output)\s+logic\s*(\[[^\]]*\])?\s*(\w+)$', line)
        if pm:
            ports.append((pm.group(1), pm.group(2) or '', pm.group(3)))
    return params, ports


def wrapper(unit, params):
    text = open(unit_file(unit)).read()
    plist, ports = port_decls(text, unit)
    names = [p[2] for p in ports]
    if 'clk_i' not in names or 'rst_ni' not in names:
        raise SystemExit('formal: %s has no clk_i / rst_ni' % unit)
    lines = ['// generated by scripts/formal.py: the proof environment of %s' % unit,
             'module fv_%s %s(' % (unit, ('#(' + plist + ') ') if plist.strip() else '')]
    lines.append(',\n'.join('  %s logic %s %s' % (d, w, n) for d, w, n in ports))
    lines.append(');')
    pover = ', '.join('.%s(%s)' % (p, p) for p in re.findall(r'parameter\s+\w+\s+(\w+)', plist))
    lines.append('  %s %s u_dut (%s);' % (unit, ('#(' + pover + ')') if pover else '',
                                           ', '.join('.%s(%s)' % (n, n) for n in names)))
    lines.append('  // the reset is asserted in the first step; the seam drives the')
    lines.append('  // programmable registers (cfg_*) once, at the reset')
    lines.append('  initial assume (!rst_ni);')
    for d, _, n in ports:
        if d == 'input' and n.startswith('cfg_'):
            lines.append('  always @(posedge clk_i) if (!$initstate) assume ($stable(%s));' % n)
    lines.append('endmodule')
    return '\n'.join(lines) + '\n'


def check_name(src):
    """The check's name from Yosys's source location FILE:LINE.COL-... (its macro line)."""
    m = re.match(r'(.*?):(\d+)\.', src)
    if not m:
        return src
    try:
        line = open(m.group(1)).read().split('\n')[int(m.group(2)) - 1]
    except (OSError, IndexError):
        return src
    n = re.search(r'`(?:ASSERT|ASSERT_IN|ASSUME|COVER)\((\w+)', line)
    return '%s (%s:%s)' % (n.group(1), os.path.basename(m.group(1)), m.group(2)) if n else src


def free_trace(job_dir, depth):
    """trace-dDEPTH[-K] in job_dir: a name no earlier run's .vcd or .gtkw holds
    (a counterexample is never overwritten)."""
    base = os.path.join(job_dir, 'trace-d%d' % depth)
    cand, k = base, 2
    while os.path.lexists(cand + '.vcd') or os.path.lexists(cand + '.gtkw'):
        cand, k = '%s-%d' % (base, k), k + 1
    return cand


def gtkw(vcd, unit, failed):
    """A save file for the counterexample: the wrapper's ports, then the failing scope."""
    sigs = []
    scope = []
    if os.path.exists(vcd):
        for line in open(vcd):
            p = line.split()
            if not p:
                continue
            if p[0] == '$scope':
                scope.append(p[2])
            elif p[0] == '$upscope':
                scope.pop()
            elif p[0] == '$var':
                full = '.'.join(scope + [p[4]])
                if len(scope) == 1:
                    sigs.append((0, full))
                elif failed and any(f in full for f in failed) is False and full.startswith(
                        '.'.join(scope[:1]) + '.u_dut.') and 'asrt' in full:
                    sigs.append((1, full))
            elif p[0] == '$enddefinitions':
                break
    with open(vcd[:-4] + '.gtkw', 'x') as f:
        f.write('[*] scripts/formal.py: counterexample of %s (%s)\n' % (unit, ', '.join(failed)))
        f.write('[dumpfile] "%s"\n' % vcd)
        f.write('[timestart] 0\n')
        for _, s in sorted(sigs):
            f.write(s + '\n')


def run_job(name, quick):
    unit, params, mode, full, short, _ = JOBS[name]
    depth = short if quick else full
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'fv_%s.sv' % unit), 'w') as f:
        f.write(wrapper(unit, params))
    files = sources()
    chp = ''.join('chparam -set %s %d fv_%s; ' % (k, v, unit) for k, v in params.items())
    ys = ('read_verilog -sv -formal -I %s %s %s; %shierarchy -top fv_%s; prep -top fv_%s; '
          'async2sync; dffunmap; write_smt2 -wires %s' % (
              RTL, ' '.join(files), os.path.join(d, 'fv_%s.sv' % unit), chp, unit, unit,
              os.path.join(d, 'model.smt2')))
    t0 = time.time()
    log = open(os.path.join(d, 'log.txt'), 'w')
    r = subprocess.run(['yosys', '-q', '-p', ys], stdout=log, stderr=subprocess.STDOUT)
    if r.returncode:
        return name, False, 'yosys failed (%s)' % os.path.join(d, 'log.txt'), time.time() - t0
    base = ['yosys-smtbmc', '-s', 'z3', '--unroll', '-t', str(depth)]
    steps = {'bmc': [[]], 'prove': [[], ['-i']], 'cover': [['-c']]}[mode]
    notes = []
    for extra in steps:
        # a cover run's traces are its witnesses, rewritten by every run; a
        # failing check's counterexample is never overwritten
        trace = os.path.join(d, 'cover-d%d' % depth) if mode == 'cover' else free_trace(d, depth)
        cmd = base + extra + ['--dump-vcd', trace + '.vcd', os.path.join(d, 'model.smt2')]
        log.write('$ %s\n' % ' '.join(cmd))
        log.flush()
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        log.write(p.stdout)
        failed = [check_name(x) for x in re.findall(r'Assert failed in \S+: (\S+)', p.stdout)]
        unreached = [check_name(x) for x in re.findall(r'Unreached cover statement at (\S+)', p.stdout)]
        if p.returncode or 'Status: PASSED' not in p.stdout:
            what = 'induction' if extra == ['-i'] else mode
            if failed:
                gtkw(trace + '.vcd', unit, failed)
                msg = '%s: %s failed (counterexample %s.vcd, %s.gtkw)' % (
                    what, ', '.join(sorted(set(failed))), trace, trace)
            elif unreached:
                msg = 'cover: not reached within %d steps: %s' % (depth, ', '.join(unreached))
            else:
                msg = '%s did not pass (%s)' % (what, os.path.join(d, 'log.txt'))
            return name, False, msg, time.time() - t0
        if mode == 'cover':
            notes.append('%d covers reached' % len(set(re.findall(r'Reached cover statement at (\S+)',
                                                                   p.stdout))))
    n_assert = sum(1 for l in open(os.path.join(d, 'model.smt2')) if l.startswith('; yosys-smt2-assert '))
    what = {'bmc': 'bounded to %d steps' % depth, 'prove': 'proved (%d-induction)' % depth,
            'cover': ', '.join(notes)}[mode]
    return name, True, '%s, %d assertions' % (what, n_assert), time.time() - t0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--quick', action='store_true', help='short depths (make test)')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--list', action='store_true')
    ap.add_argument('job', nargs='*')
    a = ap.parse_args()
    if a.list:
        for k, v in JOBS.items():
            print('%-14s %-8s %-6s depth %2d (quick %d) %s' % (k, v[0], v[2], v[3], v[4], v[5]))
        return 0
    names = a.job or list(JOBS)
    for n in names:
        if n not in JOBS:
            print('formal: no job %s (--list)' % n, file=sys.stderr)
            return 2
    fails = 0
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for name, ok, msg, secs in ex.map(lambda n: run_job(n, a.quick), names):
            print('%s formal %-14s %s (%.1f s)' % ('PASS' if ok else 'FAIL', name, msg, secs))
            fails += not ok
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
