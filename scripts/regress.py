#!/usr/bin/env python3
"""regress.py -- run the RTL regression list (tests/regress.list) the way
verification teams do: one seed per run, reseeding, filters, shards, per-test
timeouts, parallel jobs; JUnit XML, a one-screen summary, failure buckets, a
waveform rerun of every failure; with --cov, merged Verilator line/toggle
coverage (verilator_coverage, lcov info, genhtml HTML) plus the benches'
functional coverage (decision branches, state arcs) and the list's thresholds.
Python 3 standard library only.  docs/verification.md describes it.

  scripts/regress.py [--long] [--seed S | --reseed N] [--filter RE] [--shard i/N]
                     [--jobs J] [--out DIR] [--cov] [--no-waves] [--list-jobs]

Exit status: 0 all passed (and coverage above its thresholds), 1 otherwise,
2 on a usage error.
"""
import argparse
import concurrent.futures as cf
import os
import random
import re
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ------------------------------------------------------------------ the list

def die(msg, code=2):
    """One line on stderr, no traceback: bad input exits 2."""
    print(f'regress: {msg}', file=sys.stderr)
    sys.exit(code)


def parse_list(path):
    """Tests and thresholds of a regression list (format in its header)."""
    tests, thresholds = [], {}
    try:
        f = open(path, encoding='utf-8')
        lines = f.read().splitlines()
        f.close()
    except (OSError, UnicodeDecodeError) as e:
        die(f'{path}:0: cannot read the regression list ({getattr(e, "strerror", None) or e})')
    if True:
        for n, raw in enumerate(lines, 1):
            line = raw.split('#', 1)[0].strip() if not raw.lstrip().startswith('test') \
                else raw.strip()
            if not line or line.startswith('#'):
                continue
            words = line.split()
            if words[0] == 'threshold' and len(words) == 3:
                try:
                    thresholds[words[1]] = float(words[2])
                except ValueError:
                    die(f'{path}:{n}: threshold {words[1]}: {words[2]!r} is not a number')
                continue
            if words[0] != 'test' or len(words) < 3 or 'cmd=' not in line:
                die(f'{path}:{n}: not "test NAME key=value ... cmd=COMMAND"')
            head, cmd = line.split('cmd=', 1)
            t = {'name': words[1], 'cmd': cmd.strip(), 'unit': words[1], 'seeds': 1,
                 'long': 1, 'timeout': 300, 'optin': 0, 'covtop': 0, 'covseeds': -1,
                 'models': ''}
            for kv in head.split()[2:]:
                k, _, v = kv.partition('=')
                if k not in t or k in ('name', 'cmd'):
                    die(f'{path}:{n}: unknown key {k}')
                if k == 'models' and not re.fullmatch(r'\d+x\d+(,\d+x\d+)*', v):
                    die(f'{path}:{n}: models={v!r}: not NCxNP[,NCxNP...]')
                if k not in ('unit', 'models') and not re.fullmatch(r'-?\d+', v):
                    die(f'{path}:{n}: {k}={v!r}: not a whole number')
                t[k] = v if k in ('unit', 'models') else int(v)
            tests.append(t)
    return tests, thresholds


def select_jobs(tests, a):
    """(test, seed) pairs of this run, in a fixed order, before sharding."""
    rx = re.compile(a.filter) if a.filter else None
    rng = random.Random(a.master_seed)
    jobs = []
    for t in tests:
        if rx and not rx.search(t['name']):
            continue
        if t['optin'] and not rx:
            continue
        if a.seed is not None:
            seeds = [a.seed]
        elif a.reseed:
            seeds = [rng.randrange(1, 2**32) for _ in range(a.reseed)]
        else:
            seeds = list(range(1, (t['long'] if a.long else t['seeds']) + 1))
        jobs += [(t, s) for s in seeds]
    return jobs


def shard(jobs, spec):
    """Jobs of shard i of N: every N-th job from the i-th; the shards of one
    N partition the list (no job in two, none left out)."""
    i, n = spec
    return [j for k, j in enumerate(jobs) if k % n == i]


# ------------------------------------------------------------------ running

def cov_run(t, seed, a, fst=None):
    """Whether this run uses a coverage build: --cov, not a waves rerun (waves
    come from the normal build; the coverage one has no tracing) and, when the
    test sets covseeds=K, only its seeds 1..K (the others run the normal,
    faster build: pass/fail only)."""
    return bool(a.cov and not fst and (t['covseeds'] < 0 or seed <= t['covseeds']))


def command(t, seed, a, fst=None):
    cmd = t['cmd'].replace('{seed}', str(seed))
    if cov_run(t, seed, a, fst):
        exe = cmd.split()[0]
        cov = exe.replace('build/rtltest/', a.cov_prefix + 'rtltest/', 1)
        if cov != exe and os.path.exists(os.path.join(ROOT, cov)):  # units only; not the top
            cmd = cov + cmd[len(exe):]
    if fst:
        cmd += ' --fst ' + shlex.quote(fst)
    return cmd


RUNNING = set()     # the tests running now, each in its own session


def stop(signum, frame):
    """SIGINT, SIGTERM, SIGHUP: end every running test's process group (they run
    in their own sessions, so nothing else would), then exit 128 + N."""
    for p in list(RUNNING):
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    print(f'regress: stopped by signal {signum}', file=sys.stderr)
    os._exit(128 + signum)


def ensure_built(jobs, a):
    """Build the programs the jobs run that are missing (each is a make target:
    build/rtltest/U/test, build/cov/rtltest/U/test, build/rel/ctasim), so a fresh
    clone runs; False with the make command to run when that fails."""
    need = set()
    for t, seed in jobs:
        exe = t['cmd'].split()[0]
        need.add(exe)
        cov = exe.replace('build/rtltest/', a.cov_prefix + 'rtltest/', 1)
        # the units have a coverage bench; the top's coverage is its `cov` model
        # (covtop=1), which its own bench loads, as in command()
        if (a.cov and cov != exe and t['unit'] != 'ctl_top' and
                (t['covseeds'] < 0 or seed <= t['covseeds'])):
            need.add(cov)
    missing = sorted(e for e in need if e.startswith('build/') and
                     not os.path.exists(os.path.join(ROOT, e)))
    cmds = []
    if missing:
        cmds.append(['make', '-j%d' % max(1, os.cpu_count() or 1)] + missing)
    # the Verilated tops a test loads (models=NCxNP): built here, not inside the
    # test's timeout (the program would build one on first use); fast for the
    # run, trace for the waves rerun (make rtl-model: nothing when it exists)
    sizes = sorted({m for t, _ in jobs for m in t['models'].split(',') if m})
    for m in sizes:
        nc, np_ = m.split('x')
        for flavor in ('fast', 'trace'):
            cmds.append(['make', '--no-print-directory', '-s', 'rtl-model', 'NC=' + nc,
                         'NP=' + np_, 'FLAVOR=' + flavor])
    for cmd in cmds:
        if cmd[1].startswith('-j'):
            print('regress: building ' + ' '.join(missing), flush=True)
        if subprocess.run(cmd, cwd=ROOT).returncode:
            print('regress: the build failed; run: ' + ' '.join(cmd), file=sys.stderr)
            return False
    return True


def run_one(t, seed, a, fst=None, tag=''):
    """Run one job; returns a result dict (status pass/fail/timeout)."""
    name = f"{t['name']}.{seed}"
    log = os.path.join(a.out, 'logs', name + tag + '.log')
    cmd = command(t, seed, a, fst)
    env = dict(os.environ)
    if a.cov:
        env['RB_COV'] = os.path.join(a.out, 'cov', 'dat', name + tag)
        if t['covtop'] and cov_run(t, seed, a, fst):   # the top's `cov` model (vtop-build.sh)
            env['CTASIM_VTOP_COV'] = '1'
    start = time.time()
    with open(log, 'w') as f:
        f.write(f'# {cmd}\n')
        f.flush()
        p = subprocess.Popen(cmd, shell=True, cwd=ROOT, stdout=f, stderr=subprocess.STDOUT,
                             env=env, start_new_session=True)
        RUNNING.add(p)
        try:
            rc = p.wait(timeout=t['timeout'])
            status = 'pass' if rc == 0 else 'fail'
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            rc, status = None, 'timeout'
        RUNNING.discard(p)
    secs = time.time() - start
    with open(log, errors='replace') as f:
        text = f.read()
    r = {'test': t, 'seed': seed, 'name': name, 'cmd': cmd, 'rc': rc, 'status': status,
         'secs': secs, 'log': log, 'text': text}
    r['first'] = first_failure(text, status, t)
    sig = crash_signal(rc) if status == 'fail' else None
    if sig:
        r['first'] = f'killed by {sig.name}'   # -11 and 139 (sh -c) in one bucket
    r['kind'], r['signal'] = classify(r)
    m = re.search(r'\bunit (\w+)', r['first'])
    r['unit'] = m.group(1) if m else t['unit']  # the top's comparator names the unit
    return r


FAIL_RX = re.compile(r'(lockstep mismatch at .*|^ERROR: .*|^\[  ERROR   \] .*|.*never reached.*'
                     r'|.*[Ee]rror: .*|^FAIL.*)', re.M)


def first_failure(text, status, t):
    if status == 'timeout':
        return f"timeout after {t['timeout']} s"
    if status == 'pass':
        return ''
    m = FAIL_RX.search(text)
    if m:
        return m.group(1).strip()
    lines = [l for l in text.splitlines() if l.strip() and not l.startswith('#')]
    return lines[-1].strip() if lines else 'failed with no output'


SIG_RX = [re.compile(r'signal (\w+(?:\[\d+\])?)'),                 # lockstep comparator
          re.compile(r'core \d+: (\w+) C '),                       # unit benches: NAME C x RTL y
          re.compile(r'cycle \d+:? (?:core \d+:? )?(\w+) expected'),
          re.compile(r'\b(\w+) expected')]


# Signals that mean the program crashed (not stopped by the harness).
CRASH_SIGNALS = {signal.SIGSEGV, signal.SIGABRT, signal.SIGBUS, signal.SIGFPE, signal.SIGILL}


def crash_signal(rc):
    """The signal a test died of: -N from Python, 128+N from the shell that ran it
    (`sh -c` reports a child killed by SIGSEGV as 139): one bucket either way."""
    if rc is None:
        return None
    n = -rc if rc < 0 else rc - 128 if 128 < rc < 128 + 65 else 0
    try:
        return signal.Signals(n) if n and (rc < 0 or signal.Signals(n) in CRASH_SIGNALS) else None
    except ValueError:
        return None


def classify(r):
    """(kind, signal) of a failure: kind mismatch / assert / timeout / crash / exit."""
    if r['status'] == 'pass':
        return '', ''
    if r['status'] == 'timeout':
        return 'timeout', '-'
    first = r['first']
    sig = '-'
    for rx in SIG_RX:
        m = rx.search(first)
        if m:
            sig = m.group(1)
            break
    if crash_signal(r['rc']):
        kind = 'crash'
    elif 'mismatch' in first or sig != '-':
        kind = 'mismatch'
    elif 'ERROR' in first or 'error' in first:
        kind = 'assert'
    else:
        kind = 'exit'
    return kind, sig


def normalise(msg):
    """A failure line without its numbers and paths (the bucket's text)."""
    msg = re.sub(r'\S+\.fst', 'FILE.fst', msg)
    msg = re.sub(r'\b(0x)?[0-9a-fA-F]*\d[0-9a-fA-F]*\b', 'N', msg)
    return re.sub(r'\s+', ' ', msg)


def signature(r):
    return f"{r['unit']} | {r['signal']} | {r['kind']} | {normalise(r['first'])}"


def free_stem(folder, name):
    """folder/name, or folder/name-2, -3, ... : the first stem none of whose
    waveform files (STEM.fst, STEM.mismatch.fst, its .gtkw) exists, so a
    regression never writes over an earlier one's waves (the rule of the
    lockstep's build/mismatch-*-cycleC-2.fst)."""
    stem, k = os.path.join(folder, name), 2
    while any(os.path.lexists(os.path.join(ROOT, stem + e))
              for e in ('.fst', '.mismatch.fst', '.mismatch.gtkw')):
        stem, k = os.path.join(folder, f'{name}-{k}'), k + 1
    return stem


def waves_rerun(r, a):
    """Rerun a failure with waves on; names the FST and the gtkwave command.
    The waves are a.out/waves/TEST.SEED.fst, or TEST.SEED-2.fst, ... when an
    earlier run's are there (never overwritten)."""
    os.makedirs(os.path.join(a.out, 'waves'), exist_ok=True)
    stem = free_stem(os.path.join(a.out, 'waves'), r['name'])
    fst = stem + '.fst'
    mism = stem + '.mismatch.fst'
    w = run_one(r['test'], r['seed'], a, fst=fst, tag='.waves')
    r['fst'] = fst if os.path.exists(os.path.join(ROOT, fst)) else None
    r['mismatch_fst'] = mism if os.path.exists(os.path.join(ROOT, mism)) else None
    gtkw = os.path.join('units', r['unit'], r['unit'] + '.gtkw')   # the unit's save file
    gtkw = gtkw if os.path.exists(os.path.join(ROOT, gtkw)) else ''
    if r['mismatch_fst'] and os.path.exists(os.path.join(ROOT, mism[:-4] + '.gtkw')):
        gtkw = mism[:-4] + '.gtkw'   # written for this failure: its unit and core first, marker
    shown = r['mismatch_fst'] or r['fst']
    r['gtkwave'] = f'gtkwave {shown} {gtkw}'.strip() if shown else ''
    r['reproduced'] = w['status'] == r['status'] and normalise(w['first']) == normalise(r['first'])
    r['rerun_first'] = w['first']


# ------------------------------------------------------------------ results

def write_junit(results, path, suite_secs, cov_checks=()):
    """One testcase per run, and one per coverage threshold (a threshold
    missed is a failure there too, so CI shows it)."""
    fails = sum(r['status'] != 'pass' for r in results) + sum(not ok for _, ok, _ in cov_checks)
    n = len(results) + len(cov_checks)
    ts = ET.Element('testsuite', name='ctasim-regress', tests=str(n),
                    failures=str(fails), errors='0', skipped='0', time=f'{suite_secs:.3f}')
    root = ET.Element('testsuites', name='ctasim', tests=str(n),
                      failures=str(fails), errors='0', time=f'{suite_secs:.3f}')
    root.append(ts)
    for k, ok, msg in cov_checks:
        tc = ET.SubElement(ts, 'testcase', classname='regress.coverage', name=k, time='0.000')
        if ok:
            ET.SubElement(tc, 'system-out').text = msg
        else:
            ET.SubElement(tc, 'failure', type='coverage', message=f'coverage {k}: {msg}')
    for r in results:
        tc = ET.SubElement(ts, 'testcase', classname='regress.' + r['test']['unit'],
                           name=r['name'], time=f"{r['secs']:.3f}")
        props = ET.SubElement(tc, 'properties')
        ET.SubElement(props, 'property', name='seed', value=str(r['seed']))
        ET.SubElement(props, 'property', name='command', value=r['cmd'])
        if r['status'] != 'pass':
            f = ET.SubElement(tc, 'failure', type=r['kind'], message=r['first'])
            extra = [f"seed {r['seed']}", f"rerun: scripts/regress.py --filter '^{r['test']['name']}$' "
                     f"--seed {r['seed']}", f"bucket: {signature(r)}"]
            if r.get('gtkwave'):
                extra.append(f"waves: {r['gtkwave']}")
            f.text = '\n'.join(extra)
        so = ET.SubElement(tc, 'system-out')
        so.text = re.sub(r'[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd]', '?', r['text'][-20000:])
    ET.indent(root)
    ET.ElementTree(root).write(path, encoding='utf-8', xml_declaration=True)


def summary(results, buckets, a):
    out = []
    per = {}
    for r in results:
        p = per.setdefault(r['test']['name'], [0, 0, 0.0])
        p[0] += 1
        p[1] += r['status'] == 'pass'
        p[2] += r['secs']
    out.append(f"{'test':<24} {'runs':>5} {'pass':>5} {'rate':>7} {'time':>8}")
    for name, (n, ok, secs) in per.items():
        out.append(f'{name:<24} {n:>5} {ok:>5} {100.0 * ok / n:>6.1f}% {secs:>7.1f}s')
    npass = sum(r['status'] == 'pass' for r in results)
    out.append(f'regress: {npass} of {len(results)} runs passed'
               + (f' ({100.0 * npass / len(results):.1f} %)' if results else ''))
    if buckets:
        out.append(f'failure buckets: {len(buckets)}')
        for sig, rs in buckets.items():
            out.append(f'  [{len(rs)}] {sig}')
            for r in rs[:3]:
                out.append(f"      {r['name']}: {r['first']}")
                out.append(f"        rerun: scripts/regress.py --filter '^{r['test']['name']}$'"
                           f" --seed {r['seed']}   (or: {r['cmd']})")
                if 'reproduced' in r:
                    out.append(f"        waves rerun: {'same failure' if r['reproduced'] else 'DIFFERENT: ' + r['rerun_first']}")
                if r.get('gtkwave'):
                    out.append(f"        {r['gtkwave']}")
            if len(rs) > 3:
                out.append(f'      ... and {len(rs) - 3} more')
    return '\n'.join(out)


# ------------------------------------------------------------------ coverage

BRANCH_RX = re.compile(r'^\s+branch (\S+)\s+(\d+)\s*$')
ARC_RX = re.compile(r'^\s+arc (\S+)\s+(\d+)\s*$')
UNIT_RX = re.compile(r'^(\w+): \d+ cycles compared')


def functional(results):
    """{unit: {'branch': {name: hits}, 'arc': {name: hits}}} summed over runs."""
    cov = {}
    for r in results:
        unit = None
        for line in r['text'].splitlines():
            m = UNIT_RX.match(line)
            if m:
                unit = m.group(1)
                continue
            for kind, rx in (('branch', BRANCH_RX), ('arc', ARC_RX)):
                m = rx.match(line)
                if m and unit:
                    d = cov.setdefault(unit, {'branch': {}, 'arc': {}})[kind]
                    d[m.group(1)] = d.get(m.group(1), 0) + int(m.group(2))
    return cov


def parse_dat(path):
    """Points of a Verilator coverage file: (type, file, line, count)."""
    pts = []
    rx = re.compile(r"^C '(.*)' (\d+)$")
    with open(path, errors='replace') as f:
        for line in f:
            m = rx.match(line.rstrip('\n'))
            if not m:
                continue
            fields = dict(kv.split('\x02', 1) for kv in m.group(1).split('\x01')[1:]
                          if '\x02' in kv)
            page = fields.get('page', '')
            typ = page.split('/')[0].replace('v_', '') if page else 'line'
            # the point's identity without its hierarchy ('h'): the same statement
            # of the same module specialisation Verilated in a unit bench and in
            # the top (rtl/ctl_top.sv's cov model) is one point, hit if either hit it
            ident = tuple(sorted((k, v) for k, v in fields.items() if k != 'h'))
            pts.append((typ, fields.get('f', '?'), int(fields.get('l', 0)), int(m.group(2)),
                        fields.get('o', ''), ident))
    return pts


def merge_hier(pts):
    """Points summed over hierarchies (parse_dat's identity): one per
    statement / branch arm / toggled bit of a module specialisation."""
    acc = {}
    for p in pts:
        q = acc.get(p[5])
        acc[p[5]] = p if q is None else q[:3] + (q[3] + p[3],) + q[4:]
    return list(acc.values())


def check_thresholds(pct, thresholds):
    """pct: metric -> (hit, points).  Returns (ok, messages, [(metric, ok, text)]):
    a metric with no points in what ran (a unit without state machines has no
    arcs) is n/a -- nothing measured, no verdict -- never 0 %."""
    key = {'line': 'rtl_line', 'toggle': 'rtl_toggle', 'branch': 'branch', 'arc': 'arc'}
    ok, msgs, checks = True, [], []
    for k, th in thresholds.items():
        h, n = pct.get(key.get(k, k), (0, 0))
        if not n:
            msgs.append(f'coverage {k}: n/a (0 points; threshold {th:g} % not applied)')
            checks.append((k, True, 'n/a (0 points)'))
            continue
        got = 100.0 * h / n
        if got + 1e-9 < th:
            msgs.append(f'coverage {k}: {got:.1f} % is below the threshold {th:g} %')
            checks.append((k, False, f'{got:.1f} % ({h} of {n}) is below the threshold {th:g} %'))
            ok = False
        else:
            checks.append((k, True, f'{got:.1f} % ({h} of {n}), threshold {th:g} %'))
    return ok, msgs, checks


def coverage(results, a, thresholds):
    """Merge, write lcov info + HTML, check thresholds; returns (ok, lines)."""
    covdir = os.path.join(ROOT, a.out, 'cov')
    dats = sorted(os.path.join(covdir, 'dat', f) for f in os.listdir(os.path.join(covdir, 'dat'))
                  if f.endswith('.dat')) if os.path.isdir(os.path.join(covdir, 'dat')) else []
    msgs, ok = [], True
    if not dats:
        return False, ['coverage: no coverage files (was the coverage build used?)']
    merged = os.path.join(covdir, 'merged.dat')
    info = os.path.join(covdir, 'rtl.info')
    subprocess.run(['verilator_coverage', '--write', merged] + dats, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    subprocess.run(['verilator_coverage', '--write-info', info, merged], check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    pts = merge_hier([p for p in parse_dat(merged) if p[1].startswith(('rtl/', 'units/'))])
    pct = {}
    uncovered = set()
    for typ in ('line', 'toggle', 'branch'):
        ps = [p for p in pts if p[0] == typ]
        if ps:
            pct['rtl_' + typ] = (sum(p[3] > 0 for p in ps), len(ps))
        if typ in ('line', 'branch'):
            uncovered |= {(p[1], p[2]) for p in ps if p[3] == 0}
    # functional coverage as pseudo source files in the same lcov report
    fcov = functional(results)
    fdir = os.path.join(covdir, 'functional')
    os.makedirs(fdir, exist_ok=True)
    finfo = os.path.join(covdir, 'functional.info')
    fb = [0, 0]
    fa = [0, 0]
    missing = []
    with open(finfo, 'w') as fi:
        for unit in sorted(fcov):
            names = [('branch', k, v) for k, v in fcov[unit]['branch'].items()] + \
                    [('arc', k, v) for k, v in fcov[unit]['arc'].items()]
            src = os.path.join(fdir, unit + '.txt')
            with open(src, 'w') as s:
                for kind, k, v in names:
                    s.write(f'{kind} {k}\n')
            fi.write(f'TN:functional\nSF:{src}\n')
            for n, (kind, k, v) in enumerate(names, 1):
                fi.write(f'DA:{n},{v}\n')
                acc = fb if kind == 'branch' else fa
                acc[1] += 1
                acc[0] += v > 0
                if v == 0:
                    missing.append(f'{unit} {kind} {k}')
            fi.write(f'LF:{len(names)}\nLH:{sum(v > 0 for _, _, v in names)}\nend_of_record\n')
    if fb[1]:
        pct['branch'] = tuple(fb)
    if fa[1]:
        pct['arc'] = tuple(fa)
    html = os.path.join(covdir, 'html')
    gen = subprocess.run(['genhtml', '-q', '--output-directory', html, '--title',
                          'ctasim RTL regression', info, finfo], cwd=ROOT,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if gen.returncode:
        msgs.append('coverage: genhtml failed: ' + gen.stderr.strip().splitlines()[-1])
        ok = False
    summ = subprocess.run(['lcov', '--summary', info], cwd=ROOT, capture_output=True, text=True)
    m = re.search(r'lines\.*: ([\d.]+% \(\d+ of \d+ lines\))', summ.stdout + summ.stderr)
    if m:
        msgs.append(f'coverage lcov rtl/ lines: {m.group(1)}')
    for k, (h, n) in pct.items():
        msgs.append(f'coverage {k}: {h} of {n} points hit ({100.0 * h / n:.1f} %)')
    with open(os.path.join(covdir, 'uncovered.txt'), 'w') as u:
        for f, l in sorted(uncovered):
            u.write(f'{f}:{l}\n')
        for m in missing:
            u.write(f'functional: {m}\n')
    msgs.append(f'coverage: {len(uncovered)} uncovered rtl/ lines, {len(missing)} functional '
                f'points missed ({a.out}/cov/uncovered.txt); HTML {a.out}/cov/html/index.html')
    tok, tmsgs, a.cov_checks = check_thresholds(pct, thresholds)
    msgs += tmsgs
    ok = ok and tok
    return ok, msgs


# ------------------------------------------------------------------ main

def args():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--list', default='tests/regress.list')
    p.add_argument('--long', action='store_true', help="each test's long seed count")
    g = p.add_mutually_exclusive_group()
    g.add_argument('--seed', type=int, help='run each selected test once with this seed')
    g.add_argument('--reseed', type=int, metavar='N', help='N fresh random seeds per test')
    p.add_argument('--master-seed', type=int, help='seed of --reseed (printed; default: time)')
    p.add_argument('--filter', help='regular expression on test names')
    p.add_argument('--shard', default='0/1', help='i/N: run the i-th of N shards')
    p.add_argument('--jobs', '-j', type=int, default=2)
    p.add_argument('--out', default='build/regress')
    p.add_argument('--cov', action='store_true', help='coverage build and report')
    p.add_argument('--cov-prefix', default='build/cov/')
    p.add_argument('--no-waves', action='store_true', help='no waveform rerun of failures')
    p.add_argument('--list-jobs', action='store_true', help='print the jobs and exit')
    p.add_argument('--expect-fail', action='store_true',
                   help='exit 0 only if every run failed (the self-test)')
    a = p.parse_args()
    if a.filter:
        try:
            re.compile(a.filter)
        except re.error as e:
            p.error(f'--filter {a.filter!r}: not a regular expression ({e})')
    m = re.fullmatch(r'(\d+)/(\d+)', a.shard)
    if not m or int(m.group(2)) < 1 or int(m.group(1)) >= int(m.group(2)):
        p.error(f'--shard {a.shard}: not i/N with 0 <= i < N')
    a.shard = (int(m.group(1)), int(m.group(2)))
    if a.reseed is not None and a.reseed < 1:
        p.error('--reseed N needs N >= 1')
    if a.reseed and a.master_seed is None:
        a.master_seed = int(time.time() * 1000) % 2**32
    return a


def unit_lists():
    """units/NAME/regress.list of every unit that has one, in registry order."""
    rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(ROOT, 'seam', 'units.tsv'))
            if l.strip() and not l.startswith('#')]
    return [p for p in (os.path.join(r[2], 'regress.list') for r in rows if len(r) > 2 and r[2] != '-')
            if os.path.exists(os.path.join(ROOT, p))]


def main():
    a = args()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    os.chdir(ROOT)
    tests, thresholds = parse_list(a.list)
    if a.list == 'tests/regress.list':
        # each unit keeps its rows in its folder (docs/adding-a-unit.md), read
        # in registry order (seam/units.tsv); the policy-level rows are in
        # tests/model/regress.list
        for part in unit_lists():
            tests += parse_list(part)[0]
        # and the whole model in lockstep under the policy stacks
        if os.path.exists('tests/model/regress.list'):
            tests += parse_list('tests/model/regress.list')[0]
    jobs = shard(select_jobs(tests, a), a.shard)
    if a.list_jobs:
        for t, s in jobs:
            print(f"{t['name']}.{s}")
        return 0
    if not ensure_built(jobs, a):
        return 2
    for d in ('logs', 'waves'):
        os.makedirs(os.path.join(a.out, d), exist_ok=True)
    if a.cov:
        import shutil
        shutil.rmtree(os.path.join(a.out, 'cov'), ignore_errors=True)
        os.makedirs(os.path.join(a.out, 'cov', 'dat'))
    print(f"regress: {len(jobs)} runs, shard {a.shard[0]}/{a.shard[1]}, {a.jobs} jobs"
          + (f', reseed master seed {a.master_seed}' if a.reseed else ''), flush=True)
    start = time.time()
    results = []
    with cf.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        futs = [ex.submit(run_one, t, s, a) for t, s in jobs]
        for fu in futs:
            r = fu.result()
            print(f"{r['status'].upper():<7} {r['name']} ({r['secs']:.1f}s) seed {r['seed']}"
                  + (f": {r['first']}" if r['first'] else ''), flush=True)
            results.append(r)
    failed = [r for r in results if r['status'] != 'pass']
    if not a.no_waves:
        for r in failed:
            waves_rerun(r, a)
    buckets = {}
    for r in failed:
        buckets.setdefault(signature(r), []).append(r)
    elapsed = time.time() - start
    text = summary(results, buckets, a)
    ok = not failed
    a.cov_checks = []
    if a.cov:
        cok, msgs = coverage(results, a, thresholds)
        text += '\n' + '\n'.join(msgs)
        ok = ok and cok
    write_junit(results, os.path.join(a.out, 'junit.xml'), elapsed, a.cov_checks)
    with open(os.path.join(a.out, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    print(text)
    print(f'regress: JUnit {a.out}/junit.xml, summary {a.out}/summary.txt, logs {a.out}/logs/'
          f' ({elapsed:.0f} s)')
    if a.expect_fail:
        return 0 if results and len(failed) == len(results) else 1
    return 0 if ok and results else 1


if __name__ == '__main__':
    try:
        sys.exit(main())
    except OSError as e:
        # a file where a folder is expected (--out), an unwritable log: one line
        die(f'{e.filename or ""}{": " if e.filename else ""}{e.strerror or e}', 3)
    except KeyboardInterrupt:
        sys.exit(130)
