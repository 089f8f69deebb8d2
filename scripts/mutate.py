#!/usr/bin/env python3
"""mutate.py -- mutation check of the units' RTL (the idea of YosysHQ's MCY):
small operator mutations applied one at a time to a copy of rtl/ and of the
units' RTL, units/*/*.sv (never the tree itself), and checked in stages, as
MCY does (a cheap test first, the expensive one only on what survives it).
The units are those of the registry (seam/units.tsv) with an Icarus
testbench, units/U/tb_U.sv:
  1. icarus: the mutated unit compiled with Icarus and its testbench
     units/U/tb_U.sv replaying the directed vectors build/vectors/U.vec
     (written by the unmodified bench from the C model: `make test-icarus`;
     a unit whose units/U/mutate.json lists "vec_random" also replays that
     many constrained-random runs, VEC_RANDOM);
  2. verilator (stage-1 survivors only; --stage1-only skips it): the unit
     Verilated with --assert (no tracing), its bench relinked, the short
     regression of that unit (its regress.list, seeds=K) run on it: a
     mismatch or a failed assertion (rtl/ctasim_assert.svh) kills; a unit of
     SMALL (mutate.json "small_cores": uC-States) is built here at a few
     cores, its bench compiled at that size;
  3. formal (stage-2 survivors; --no-formal skips it): the unit's jobs of
     scripts/formal.py at their short depth on the mutated copy;
  4. verilator at the bench's size (64 cores) for a SMALL unit's mutants that
     survived every stage above (--no-full skips it).
The checks themselves (the lines between `ifdef CTASIM_ASSERT_ON and its
`endif, the ASSERT/ASSUME/COVER macro calls and the g_asrt_ generate blocks,
wherever a module has them) are not mutated.
A mutant is killed when a run fails or times out.  Reports the raw kill rate
(killed over compiling mutants), the rate per unit, the kills per stage and
every survivor, with its reason from the unit's list of equivalent mutants
(units/U/mutate_equivalent.txt) or NOT EXPLAINED.  docs/verification.md
describes the method.

  scripts/mutate.py [--count N] [--sample-seed S] [--out DIR] [--list] [--only ID,...]
                    [--stage1-only] [--no-formal] [--no-full] [--per-unit K]
                    [--exclude GLOB,...]
  scripts/mutate.py --merge DIR,DIR... --out DIR   (runs split with --only, as one)

Operators: comparison (== != < <= > >= flipped to their neighbour or
negation), boolean (&& <-> ||, a leading ! dropped), off-by-one (an integer
constant in a comparison or a +/- operand, and 1'b0/1'b1, changed by one).
Sites are drawn from every unit file (rtl/ctl_top.sv, the wiring of the
top, and the package are left out: their mutants need the co-simulation
top rebuilt, minutes each), spread over files by their number of sites.
Python 3 standard library only."""
import argparse
import fnmatch
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'scripts'))
import regress  # noqa: E402  (parse_list)

VINC = '/usr/share/verilator/include'
VFLAGS = ['--cc', '-O3', '--assert', '--trace-fst', '--x-assign', 'fast', '--x-initial', 'fast']
BENCH_SIZE = {'NumCores': 64, 'NumParts': 16}   # the Makefile's RTL_BENCH_CORES / _PARTS


def registry():
    """[(unit, folder, [ctl_top parameters it takes])] in registry order (seam/units.tsv)."""
    rows = [l.rstrip('\n').split('\t') for l in open(os.path.join(ROOT, 'seam', 'units.tsv'))
            if l.strip() and not l.startswith('#')]
    return [(r[0], r[2], r[3].split(',') if r[3] else []) for r in rows if r[2] != '-']


def unit_opts(folder):
    """The unit's units/U/mutate.json ({} when it has none)."""
    p = os.path.join(ROOT, folder, 'mutate.json')
    return json.load(open(p)) if os.path.exists(p) else {}


# The units with an Icarus testbench, Verilated at their bench's size.
DIRS = {u: d for u, d, _ in registry() if os.path.exists(os.path.join(ROOT, d, f'tb_{u}.sv'))}
GEN = {u: [f'-G{p}={BENCH_SIZE[p]}' for p in ps] for u, d, ps in registry() if u in DIRS}
# ... and replay, beside the directed cycles, constrained-random runs on the
# cores the vectors list (the bench's --vec-random K), written once per
# mutate run by the unmodified bench into OUT/vectors/U.vec.
VEC_RANDOM = {u: ['--seed', '1', '--iters', '1', '--vec-random', str(unit_opts(d)['vec_random'])]
              for u, d in DIRS.items() if 'vec_random' in unit_opts(d)}
COMMAND = None   # the command line for the results' header (mutate_units.py sets it)
SKIP_FILES = {'rtl/ctl_top.sv', 'rtl/ctasim_pkg.sv'}
DECL = re.compile(r'^\s*(localparam|parameter|input|output|inout|logic|import|module|'
                  r'typedef|function|endmodule|`)')
ASSIGN_NB = re.compile(r'^\s*[\w.]+(\s*\[[^\]]*\])*\s*<=')
TOKEN = re.compile(r"===|!==|==|!=|<<<|>>>|<<|>>|<=|>=|&&|\|\||->|=>|[<>]|!(?=[\w(])|"
                   r"1'b[01]|(?<=[\s(])\d+(?=\s*[)\];:,?]|\s*$)")
FLIP = {'==': ['!='], '!=': ['=='], '<': ['<=', '>='], '<=': ['<', '>'], '>': ['>=', '<='],
        '>=': ['>', '<'], '&&': ['||'], '||': ['&&'], "1'b0": ["1'b1"], "1'b1": ["1'b0"]}
KIND = {'==': 'cmp', '!=': 'cmp', '<': 'cmp', '<=': 'cmp', '>': 'cmp', '>=': 'cmp',
        '&&': 'bool', '||': 'bool', '!': 'bool', "1'b0": 'obo', "1'b1": 'obo'}


def units_of_files():
    """{rtl file: [units whose bench Verilates it]} from the Verilator file lists."""
    m = {}
    for u in GEN:
        dat = os.path.join(ROOT, 'build', 'vl', u, f'V{u}__verFiles.dat')
        if not os.path.isfile(dat):
            sys.exit(f'mutate: no {os.path.relpath(dat, ROOT)} (the Verilator file list of {u}: '
                     f'make mutate builds what the check needs)')
        with open(dat) as f:
            for line in f:
                if line.startswith('S '):
                    p = line.rsplit('"', 2)[1]
                    if not (p.startswith(("rtl/", "units/")) and p.endswith(".sv")):
                        continue
                    m.setdefault(p, []).append(u)
    return m


CHECK_MACRO = re.compile(r'\s*`(ASSERT|ASSUME|COVER)\w*\s*\(')
CHECK_LOOP = re.compile(r'\bbegin\s*:\s*g_asrt')


def check_lines(lines):
    """Line numbers (1-based) of a file's checks, which are never mutated: the
    helper logic between `ifdef CTASIM_ASSERT_ON and its `endif, every check
    macro call (ASSERT*, ASSUME*, COVER*, to its closing parenthesis) and a
    generate block of checks (begin : g_asrt_... to its end).  A unit may put
    its checks anywhere in the module (ctasim_assert.svh is included once,
    ASSERT_INIT, at the top or before its checks; per-core checks may sit in the
    design's own generate loop)."""
    out, depth, macro, blk = set(), 0, 0, 0
    for n, raw in enumerate(lines, 1):
        code = raw.split('//', 1)[0]
        if blk or CHECK_LOOP.search(code):
            blk += len(re.findall(r'\bbegin\b', code)) - len(re.findall(r'\bend\b', code))
            out.add(n)
            continue
        if depth:
            if re.match(r'\s*`if(n)?def\b', code):
                depth += 1
            elif re.match(r'\s*`endif\b', code):
                depth -= 1
            out.add(n)
            continue
        if re.match(r'\s*`ifdef\s+CTASIM_ASSERT_ON\b', code):
            depth = 1
            out.add(n)
            continue
        if macro or CHECK_MACRO.match(code):
            macro += code.count('(') - code.count(')')
            out.add(n)
            continue
    return out


def sites(path):
    """Mutation sites of one file: (line no, col, old, new, kind)."""
    out = []
    with open(os.path.join(ROOT, path)) as f:
        lines = f.read().split('\n')
    checks = check_lines(lines)
    for n, raw in enumerate(lines, 1):
        code = raw.split('//', 1)[0]
        if n in checks or not code.strip() or DECL.match(code):
            continue
        nb = ASSIGN_NB.match(code)
        for mt in TOKEN.finditer(code):
            tok, col = mt.group(0), mt.start()
            if tok == '<=' and nb and col == nb.end() - 2:
                continue                          # the non-blocking assignment
            if tok in FLIP:
                for new in FLIP[tok]:
                    out.append((n, col, tok, new, KIND[tok]))
            elif tok == '!':
                out.append((n, col, '!', '', 'bool'))
            elif tok.isdigit():
                before = code[:col].rstrip()
                if before.endswith(('==', '!=', '<', '>', '<=', '>=', '+', '-', "'(")):
                    out.append((n, col, tok, str(int(tok) + 1), 'obo'))
    return out


def apply(src_lines, site):
    n, col, old, new, _ = site
    line = src_lines[n - 1]
    assert line[col:col + len(old)] == old, (site, line)
    out = list(src_lines)
    out[n - 1] = line[:col] + new + line[col + len(old):]
    return out


def run(cmd, cwd, timeout=None, log=None):
    with open(log, 'a') if log else open(os.devnull, 'w') as f:
        p = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT, timeout=timeout)
    return p.returncode


# The Verilator stage of a unit listed here runs first at this many cores,
# without tracing (uC-States at 64 cores is one ucs_gcu inlined per core: its
# C++, trace code included, is the run's dominant cost when built for every
# mutant; at 4 cores it is a small fraction of that).  Its bench
# (units/U/test_rtl_U.c) is compiled once per mutate run with RB_CORES at
# that size: the directed tests drive cores 0-1 (core 2 for the fault test)
# and the random ones every core
# below RB_CORES, so the same tests run on a smaller array of identical
# cores.  The bench's size (64) is built only for the mutants that survive
# every other stage (--no-full skips it).
SMALL = {u: unit_opts(d)['small_cores'] for u, d in DIRS.items() if 'small_cores' in unit_opts(d)}
CSTD = ['-std=c11', '-D_POSIX_C_SOURCE=200809L', '-D_DEFAULT_SOURCE']


def cmodel_incs():
    incs = []
    for room in sorted(os.listdir(os.path.join(ROOT, 'cmodel'))):
        if os.path.isdir(os.path.join(ROOT, 'cmodel', room)):
            incs += ['-iquote', 'cmodel/' + room]
    for u, d, _ in registry():
        incs += ['-iquote', d]
    return incs + ['-iquote', 'cosim', '-iquote', 'tests/rtl']   # vmodel/vassert.h, the benches' headers


def bench_obj(u, out, cores):
    """The bench's test.o compiled at `cores` cores (once per run); path or exit."""
    obj = os.path.join(out, f'bench{cores}', u, 'test.o')
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    rc = run(['gcc'] + CSTD + ['-O2', '-iquote', 'tests'] + cmodel_incs() +
             [f'-DRB_CORES={cores}', '-DRB_PARTS=16', '-c', f'{DIRS[u]}/test_rtl_{u}.c',
              '-o', obj], ROOT)
    if rc:
        sys.exit(f'mutate: {DIRS[u]}/test_rtl_{u}.c at RB_CORES={cores} does not compile')
    return obj


def ydirs(work):
    """Verilator's / Icarus's -y for the copy in work: its rtl/ and every unit's folder."""
    return ['-y', os.path.join(work, 'rtl')] + [x for _, d, _ in registry()
                                               for x in ('-y', os.path.join(work, d))]


def copy_rtl(work):
    """work/rtl and work/units/*: a fresh copy of the RTL (the files a mutant changes)."""
    shutil.rmtree(os.path.join(work, 'rtl'), ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, 'rtl'), os.path.join(work, 'rtl'))
    for _, d, _ in registry():
        shutil.rmtree(os.path.join(work, d), ignore_errors=True)
        os.makedirs(os.path.join(work, d))
        for x in os.listdir(os.path.join(ROOT, d)):
            if x.endswith('.sv') and not x.startswith('tb_'):
                shutil.copy2(os.path.join(ROOT, d, x), os.path.join(work, d, x))


def build_unit(u, work, log, obj=None, cores=None):
    """Verilate unit u from work/ (its rtl/ and units/) at the bench's size (or `cores` cores, its
    bench's object `obj` at that size) without tracing (a verdict needs no
    waveform: the trace code is a third of a large unit's C++) and link its
    bench; path of the binary or None."""
    tag = u + (f'-{cores}' if cores else '')
    vl = os.path.join(work, 'vl', tag)
    shutil.rmtree(vl, ignore_errors=True)
    os.makedirs(vl)
    flags = [x for x in VFLAGS if x != '--trace-fst'] + [
        f'-GNumCores={cores}' if cores and g.startswith('-GNumCores=') else g for g in GEN[u]]
    rc = run(['verilator'] + flags + ydirs(work) +
             ['--Mdir', vl, '--top-module', u, os.path.join(work, 'rtl', 'ctasim_pkg.sv'),
              os.path.join(work, DIRS[u], u + '.sv')], ROOT, log=log)
    if rc:
        return None
    rc = run(['make', '-s', '-C', vl, '-f', f'V{u}.mk', f'V{u}__ALL.a', 'OPT_FAST=-O0',
              'OPT_SLOW=-O0'], ROOT, log=log)
    if rc:
        return None
    b = os.path.join(work, 'bin', tag)
    os.makedirs(b, exist_ok=True)
    rc = run(['g++', '-std=c++17', '-O0', '-I' + VINC, '-I' + VINC + '/vltstd', '-DVM_TRACE=0'] +
             cmodel_incs() + ['-I' + vl, '-c', f'{DIRS[u]}/shim_{u}.cpp', '-o',
                              os.path.join(b, 'shim.o')], ROOT, log=log)
    if rc:
        return None
    exe = os.path.join(b, 'test')
    vrt = [f'build/vrt/{x}.o' for x in ('verilated', 'verilated_threads')]
    rc = run(['g++', '-o', exe, obj or f'build/rtltest/{u}/test.o', 'build/rtltest/rtl_bench.o',
              os.path.join(b, 'shim.o'), os.path.join(vl, f'V{u}__ALL.a')] + vrt +
             ['build/rel/libctasim.a', '-lcmocka', '-lm', '-llzma', '-lzstd', '-lz', '-pthread'],
             ROOT, log=log)
    return exe if rc == 0 else None


def verilator_unit(u, work, log, tests, objs, small):
    """Stage 2 (small: a SMALL unit at its small size) and stage 4 (a SMALL
    unit at the bench's size): the unit's short regression on its mutated
    build; (verdict, why) with verdict killed / broken / None (survived)."""
    cores = SMALL[u] if small else None
    exe = build_unit(u, work, log, objs.get((u, cores)), cores)
    size = f' at {cores} cores' if cores else ''
    if not exe:
        return 'broken', f'{u} does not build{size}'
    for t in tests:
        if t['unit'] != u or t['optin']:
            continue
        for seed in range(1, max(1, t['seeds']) + 1):
            cmd = t['cmd'].replace('{seed}', str(seed)).replace(f'build/rtltest/{u}/test', exe)
            try:
                rc = run(['bash', '-c', cmd], ROOT, timeout=t['timeout'], log=log)
            except subprocess.TimeoutExpired:
                rc = 'timeout'
            if rc != 0:
                return 'killed', (f"verilator{size} {t['name']}.{seed} "
                                  f"({'timeout' if rc == 'timeout' else 'exit ' + str(rc)})")
    return None, ''


def vectors(out, objs):
    """{unit: vector file} for stage 1; writes the --vec-random ones (a SMALL
    unit's with its bench at the small size, built from the unmutated rtl/)."""
    vec = {u: f'build/vectors/{u}.vec' for u in GEN}
    for u, args in VEC_RANDOM.items():
        path = os.path.join(out, 'vectors', u + '.vec')
        os.makedirs(os.path.dirname(path), exist_ok=True)
        exe = f'build/rtltest/{u}/test'
        if u in SMALL:
            base = os.path.join(out, 'base')
            exe = os.path.join(base, 'bin', f'{u}-{SMALL[u]}', 'test')
            srcs = [os.path.join(d, x) for d in ['rtl', 'tests/rtl'] + [r[1] for r in registry()]
                    for x in os.listdir(d)]
            if not os.path.exists(exe) or os.path.getmtime(exe) < max(map(os.path.getmtime, srcs)):
                copy_rtl(base)
                exe = build_unit(u, base, os.path.join(out, 'base.log'), objs[(u, SMALL[u])], SMALL[u])
            if not exe:
                sys.exit(f'mutate: the unmutated {u} does not build at {SMALL[u]} cores ({out}/base.log)')
        rc = run([exe, '--vec', path] + args, ROOT)
        if rc:
            sys.exit(f'mutate: {exe} --vec {path} {" ".join(args)} failed')
        vec[u] = path
    for u, v in vec.items():
        if not os.path.isfile(os.path.join(ROOT, v)):
            sys.exit(f'mutate: no {v} (make test-icarus writes it)')
    return vec


def kill_group(pid):
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def icarus_unit(u, work, log, vec, timeout=300):
    """Stage 1: Icarus testbench of unit u on the mutated copy; True = killed."""
    vvp = os.path.join(work, f'tb_{u}.vvp')
    tb = f'{DIRS[u]}/tb_{u}.sv'
    rc = run(['iverilog', '-g2012', '-I', 'tests/rtl', '-I', os.path.join(work, 'rtl')] + ydirs(work) + ['-Y', '.sv',
              '-o', vvp, os.path.join(work, 'rtl', 'ctasim_pkg.sv'), tb], ROOT, log=log)
    if rc:
        return None
    # The replay's output is read as it comes: the first FAIL line kills the
    # mutant at once (a mismatching mutant prints one line per core per cycle
    # and runs on; stopping there saves most of the replay); a run past the
    # timeout without a FAIL is killed as a hang ('icarus: timeout').
    with open(log, 'a') as f:
        p = subprocess.Popen(['vvp', '-n', vvp, f'+vec={vec[u]}'], cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
        timer = threading.Timer(timeout, kill_group, (p.pid,))
        timer.start()
        failed = False
        try:
            for line in p.stdout:
                f.write(line)
                if re.match(r'(FAIL|ERROR)', line):
                    failed = True
                    kill_group(p.pid)
                    break
        finally:
            timer.cancel()
            rc = p.wait()
        if not failed and rc == -signal.SIGKILL:
            f.write('icarus: timeout\n')
            return True
    return failed or rc != 0


# Stage 3: the formal jobs (scripts/formal.py) that hold a unit's checks, at
# their short depth (make test-formal): an assertion a mutant breaks within
# that many cycles from the reset kills it: the unit's jobs of its formal.json
# but the covers.
def formal_jobs(u):
    import formal  # noqa: E402  (scripts/formal.py)
    return [j for j in formal.UNIT_JOBS.get(u, []) if formal.JOBS[j][2] != 'cover']


# Equivalent mutants, one list per unit: units/U/mutate_equivalent.txt (its
# FILE column relative to the unit's folder), and for the shared files of rtl/
# tests/mutate_equivalent.txt (FILE from the repository's root) when present.
EQUIV = os.path.join(ROOT, 'tests', 'mutate_equivalent.txt')
EQUIV_NAME = 'mutate_equivalent.txt'


def equivalent_lists():
    """[(path, prefix of its FILE column)] of the equivalence lists that exist."""
    lists = [(EQUIV, '')] + [(os.path.join(ROOT, d, EQUIV_NAME), d + '/') for _, d, _ in registry()]
    return [(p, pre) for p, pre in lists if os.path.exists(p)]


def equivalents():
    """[(file, old, new, source fragment, reason)] of the equivalence lists:
    survivors shown to be equivalent (no stimulus tells them from the
    original).  A malformed line stops the run with its file and line."""
    out = []
    for path, prefix in equivalent_lists():
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith('#'):
                    continue
                p = [x.strip() for x in line.rstrip('\n').split(' | ')]
                ops = re.match(r'(\S+)\s*->\s*(\S*)$', p[1]) if len(p) == 4 else None
                if not ops:
                    sys.exit(f'mutate: {os.path.relpath(path, ROOT)}:{n}: expected '
                             f'"FILE | OLD -> NEW | fragment of the line | why it is equivalent"')
                out.append((prefix + p[0], ops.group(1), ops.group(2), p[2], p[3]))
    return out


def why_equivalent(eq, f, s, src, prev=''):
    """The reason of the entry for mutant s of file f, whose source line is src
    (prev: the line before it).  A fragment 'A >> B' needs A in the line before
    and B in the line (a line whose text recurs in the file)."""
    for ef, old, new, frag, reason in eq:
        before, _, here = frag.rpartition(' >> ')
        if ef == f and old == s[2] and new == s[3] and here in src and before in prev:
            return reason
    return None


def line_before(f, n):
    """Line n - 1 of rtl file f as it is now (the merge's equivalence check)."""
    with open(os.path.join(ROOT, f)) as fh:
        lines = fh.read().split('\n')
    return lines[n - 2] if 2 <= n <= len(lines) + 1 else ''


def formal_unit(u, work, log):
    """Stage 3: the unit's formal jobs on the mutated copy; the failing job or None."""
    import formal  # noqa: E402  (scripts/formal.py)
    formal.RTL = os.path.join(work, 'rtl')
    formal.UNITS = os.path.join(work, 'units')
    formal.OUT = os.path.join(work, 'formal')
    for job in formal_jobs(u):
        name, ok, msg, secs = formal.run_job(job, True)
        with open(log, 'a') as f:
            f.write('formal %s: %s (%.1f s)\n' % (name, msg, secs))
        if not ok:
            return '%s: %s' % (job, msg.split(' (counterexample')[0])
    return None


def stages_text(a):
    """The stages a run has, in their order (the results' header)."""
    st = ['icarus']
    sm = [u for u in SMALL if u in GEN]
    if not a.stage1_only:
        st.append('verilator' + (' (%s first)' % ', '.join(f'{u} at {SMALL[u]} cores' for u in sm)
                                 if sm else ''))
        if not a.no_formal:
            st.append('formal')
        if sm and not a.no_full:
            st.append('verilator at the bench size (%s)' % ', '.join(sm))
    return ', '.join(st)


LINE = re.compile(r"^m(\d+) (killed|survived|broken)\s+(\S+?):(\d+) (\w+) (['\"])(.*?)\6 -> "
                  r"(['\"])(.*?)\8: (.*?)(  \[(.*)\])?$")


def merge(dirs, out, fmap, head):
    """The results of runs split over processes (--only, their own --out) as
    one: every mutant line, sorted by id (a later run's line replaces an
    earlier one's), survivors' reasons read again from the equivalence
    lists (units/U/mutate_equivalent.txt), the raw kill rate, per unit and
    per stage."""
    lines, heads = {}, []
    for d in dirs:
        with open(os.path.join(ROOT, d, 'results.txt')) as f:
            for raw in f:
                raw = raw.rstrip('\n')
                if raw.startswith('#'):
                    heads.append(f'#   {d}: {raw[2:]}')
                m = LINE.match(raw)
                if m:
                    lines[int(m.group(1))] = m
    eq = equivalents()
    count = {'killed': 0, 'survived': 0, 'broken': 0}
    per_unit, per_stage, survivors, unexplained = {}, {}, [], 0
    body = []
    for i in sorted(lines):
        m = lines[i]
        verdict, f, why = m.group(2), m.group(3), m.group(12) or ''
        count[verdict] += 1
        pu = per_unit.setdefault(fmap[f][0], [0, 0])
        pu[0] += verdict == 'killed'
        pu[1] += verdict != 'broken'
        if verdict == 'killed':
            st = why.split(' ')[0]
            per_stage[st] = per_stage.get(st, 0) + 1
        desc = (f'{f}:{m.group(4)} {m.group(5)} {m.group(6)}{m.group(7)}{m.group(6)} -> '
                f'{m.group(8)}{m.group(9)}{m.group(8)}: {m.group(10)}')
        if verdict == 'survived':
            site = (int(m.group(4)), 0, m.group(7), m.group(9), m.group(5))
            eqr = why_equivalent(eq, f, site, m.group(10), line_before(f, int(m.group(4))))
            why = 'equivalent: ' + eqr if eqr else 'NOT EXPLAINED: a gap in the tests?'
            unexplained += not eqr
            survivors.append(f'm{i:03} {desc}  [{why}]')
        body.append(f'm{i:03} {verdict:<8} {desc}' + (f'  [{why}]' if why else ''))
    k, sv = count['killed'], count['survived']
    valid = k + sv
    summ = [f'mutate: {k} killed, {sv} survived ({sv - unexplained} equivalent, {unexplained} '
            f'not explained), {count["broken"]} did not build; raw kill rate '
            f'{100.0 * k / valid if valid else 0.0:.1f} % of {valid} compiling mutants']
    for u in sorted(per_unit):
        uk, uv = per_unit[u]
        summ.append(f'mutate: unit {u}: {uk} killed of {uv} compiling '
                    f'({100.0 * uk / uv if uv else 0.0:.1f} %)')
    summ.append('mutate: killed by stage: ' + ', '.join(f'{x} {n}' for x, n in sorted(per_stage.items())))
    os.makedirs(os.path.join(ROOT, out), exist_ok=True)
    with open(os.path.join(ROOT, out, 'results.txt'), 'w') as f:
        f.write('\n'.join(head + [f'# merged from {len(lines)} mutants of:'] + heads + body + summ) + '\n')
    print('\n'.join(summ))
    for x in survivors:
        print('  survivor ' + x)
    print(f'mutate: results {out}/results.txt')
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    p.add_argument('--merge', metavar='DIR,...',
                   help='merge the results.txt of these --out folders into --out (no run)')
    p.add_argument('--count', type=int, default=120)
    p.add_argument('--sample-seed', type=int, default=15)
    p.add_argument('--out', default='build/mutate')
    p.add_argument('--list', action='store_true', help='print the sampled mutants and exit')
    p.add_argument('--only', help='comma-separated mutant ids to run')
    p.add_argument('--stage1-only', action='store_true', help='Icarus stage only')
    p.add_argument('--icarus-timeout', type=int, default=300,
                   help='seconds before a stage-1 run counts as killed (a hang; the '
                        'unmutated uC-States replay takes 15-30 s on a loaded machine)')
    p.add_argument('--no-formal', action='store_true', help='no formal stage')
    p.add_argument('--no-full', action='store_true',
                   help='a SMALL unit (uC-States) only at its small size in the Verilator stage')
    p.add_argument('--per-unit', type=int, default=0,
                   help='keep K of each unit\'s sampled mutants, evenly spaced by id (a '
                        'deterministic subset over all of the unit\'s files)')
    p.add_argument('--exclude', default='',
                   help='comma-separated globs of RTL files to leave out (e.g. units/NAME/*.sv)')
    a = p.parse_args()
    os.chdir(ROOT)
    tests, _ = regress.parse_list('tests/regress.list')
    for part in regress.unit_lists():
        tests += regress.parse_list(part)[0]
    fmap = units_of_files()
    if a.merge:
        head = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=ROOT,
                              capture_output=True, text=True).stdout.strip()
        return merge([d for d in a.merge.split(',') if d], a.out, fmap, [
            '# generated by: ' + (COMMAND or ' '.join(shlex.quote(x) for x in sys.argv)),
            '# date: %s, commit %s' % (time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), head)])
    excl = [g for g in a.exclude.split(',') if g]
    files = sorted(f for f in fmap if f not in SKIP_FILES
                   and not any(fnmatch.fnmatch(f, g) for g in excl))
    allsites = [(f, s) for f in files for s in sites(f)]
    rng = random.Random(a.sample_seed)
    rng.shuffle(allsites)
    # spread over files by their share of sites, then the rest in shuffled order
    chosen, per = [], {}
    for f in files:
        per[f] = max(1, round(a.count * sum(x[0] == f for x in allsites) / len(allsites)))
    for f, s in allsites:
        if per[f] > 0 and len(chosen) < a.count:
            chosen.append((f, s))
            per[f] -= 1
    chosen.sort(key=lambda x: (x[0], x[1][0], x[1][1], x[1][3]))
    muts = [(i + 1, f, s) for i, (f, s) in enumerate(chosen)]
    if a.only:
        keep = {int(x) for x in a.only.split(',')}
        muts = [m for m in muts if m[0] in keep]
    if a.per_unit:
        by_unit = {}
        for m in muts:
            by_unit.setdefault(fmap[m[1]][0], []).append(m)
        keep = set()
        for u, ms in by_unit.items():   # K evenly spaced by id: every file of the unit
            k = min(a.per_unit, len(ms))
            keep.update(ms[(i * len(ms)) // k][0] for i in range(k))
        muts = [m for m in muts if m[0] in keep]
    if a.list:
        for i, f, s in muts:
            print(f'{i:4} {f}:{s[0]} {s[4]:4} {s[2]!r} -> {s[3]!r}')
        print(f'{len(muts)} mutants of {len(allsites)} sites in {len(files)} files')
        return 0
    out = os.path.join(ROOT, a.out)
    work = os.path.join(out, 'work')
    os.makedirs(os.path.join(out, 'logs'), exist_ok=True)
    res_path = os.path.join(out, 'results.txt')
    head = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], cwd=ROOT, capture_output=True,
                          text=True).stdout.strip()
    print(f'mutate: {len(muts)} mutants of {len(allsites)} sites ({len(files)} files), '
          f'commit {head}', flush=True)
    # a SMALL unit's bench objects at both sizes (its own build/rtltest/U/test.o
    # would need the bench-size model built first: the slow build this avoids)
    objs = {}
    for u in [x for x in SMALL if x in GEN]:
        objs[(u, SMALL[u])] = bench_obj(u, out, SMALL[u])
        objs[(u, None)] = bench_obj(u, out, int(GEN[u][0].split('=')[1]))   # -GNumCores=N
    vec = vectors(out, objs)
    killed = survived = broken = unexplained = 0
    per_unit = {}    # unit: [killed, compiling]
    per_stage = {}   # the stage that killed: count
    eq = equivalents()
    survivors = []
    t0 = time.time()
    with open(res_path, 'w') as res:
        res.write('# generated by: ' + (COMMAND or ' '.join(shlex.quote(x) for x in sys.argv)) + '\n')
        res.write('# date: %s, commit %s%s\n' % (
            time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime()), head,
            '' if not subprocess.run(['git', 'status', '--porcelain', '--', 'rtl', 'units', 'tests', 'scripts'],
                                     cwd=ROOT, capture_output=True, text=True).stdout.strip()
            else ' (with uncommitted changes)'))
        res.write(f'# {len(muts)} mutants of {len(allsites)} sites in {len(files)} files '
                  f'(--count {a.count} --sample-seed {a.sample_seed}'
                  f'{" --per-unit " + str(a.per_unit) if a.per_unit else ""}); stages: '
                  + stages_text(a) + '\n')
        for i, f, s in muts:
            log = os.path.join(out, 'logs', f'm{i:03}.log')
            open(log, 'w').close()
            copy_rtl(work)
            path = os.path.join(work, f)
            with open(path) as fh:
                src = fh.read().split('\n')
            with open(path, 'w') as fh:
                fh.write('\n'.join(apply(src, s)))
            desc = f'{f}:{s[0]} {s[4]} {s[2]!r} -> {s[3]!r}: {src[s[0] - 1].strip()}'
            verdict, why = 'survived', ''
            for u in fmap[f]:
                k = icarus_unit(u, work, log, vec, a.icarus_timeout)
                if k is None:
                    verdict, why = 'broken', f'{u} does not compile (Icarus)'
                    break
                if k:
                    verdict, why = 'killed', f'icarus tb_{u}'
                    break
            # stage 2: Verilator (a SMALL unit at its small size first)
            for u in ([] if verdict != 'survived' or a.stage1_only else fmap[f]):
                v, w = verilator_unit(u, work, log, tests, objs, u in SMALL)
                if v == 'broken' and u in SMALL and not a.no_full:
                    continue            # judged at the bench's size below (stage 4)
                if v:
                    verdict, why = v, w
                    break
            # stage 3: formal
            for u in ([] if verdict != 'survived' or a.stage1_only or a.no_formal else fmap[f]):
                why_f = formal_unit(u, work, log)
                if why_f:
                    verdict, why = 'killed', 'formal ' + why_f
                    break
            # stage 4: a SMALL unit at the bench's size, for what survived the rest
            for u in ([] if verdict != 'survived' or a.stage1_only or a.no_full else
                      [x for x in fmap[f] if x in SMALL]):
                v, w = verilator_unit(u, work, log, tests, objs, False)
                if v:
                    verdict, why = v, w
                    break
            killed += verdict == 'killed'
            pu = per_unit.setdefault(fmap[f][0], [0, 0])
            pu[0] += verdict == 'killed'
            pu[1] += verdict != 'broken'
            if verdict == 'killed':
                st = why.split(' ')[0]
                per_stage[st] = per_stage.get(st, 0) + 1
            survived += verdict == 'survived'
            broken += verdict == 'broken'
            if verdict == 'survived':
                eqr = why_equivalent(eq, f, s, src[s[0] - 1], src[s[0] - 2] if s[0] > 1 else '')
                why = 'equivalent: ' + eqr if eqr else 'NOT EXPLAINED: a gap in the tests?'
                unexplained += not eqr
                survivors.append(f'm{i:03} {desc}  [{why}]')
            line = f'm{i:03} {verdict:<8} {desc}' + (f'  [{why}]' if why else '')
            res.write(line + '\n')
            res.flush()
            print(line, f'({time.time() - t0:.0f} s)', flush=True)
        valid = killed + survived
        rate = 100.0 * killed / valid if valid else 0.0
        summ = (f'mutate: {killed} killed, {survived} survived ({survived - unexplained} '
                f'equivalent, {unexplained} not explained), {broken} did not build; '
                f'raw kill rate {rate:.1f} % of {valid} compiling mutants')
        res.write(summ + '\n')
        for u in sorted(per_unit):
            k, v = per_unit[u]
            line = f'mutate: unit {u}: {k} killed of {v} compiling ({100.0 * k / v if v else 0.0:.1f} %)'
            res.write(line + '\n')
            print(line)
        line = 'mutate: killed by stage: ' + ', '.join(f'{k} {v}' for k, v in sorted(per_stage.items()))
        res.write(line + '\n')
        res.write(f'mutate: {time.time() - t0:.0f} s\n')
        print(line)
    print(summ)
    for sv in survivors:
        print('  survivor ' + sv)
    print(f'mutate: results {a.out}/results.txt, logs {a.out}/logs/')
    return 0


if __name__ == '__main__':
    sys.exit(main())
