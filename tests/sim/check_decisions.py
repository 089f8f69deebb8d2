#!/usr/bin/env python3
"""check_decisions.py FILE UNIT -- every row of UNIT in a --decisions file
agrees with the paper's rule recomputed from the row's own inputs
(docs/units/*.md).  Prints the number of rows checked per decision; exit 1
on the first disagreement, or when no row of UNIT (or no decision other
than a kernel start) is present."""
import collections
import csv
import sys
from fractions import Fraction


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


def dyncta(inp, dec):
    """seed 000 Algorithm 1: C_idle >= t_idle or C_mem < t_mem_l -> n + 1 (at most N);
    else C_mem >= t_mem_h -> n - 1 (at least 1); else keep.  Kernel start: max(1, N/2)."""
    br, new = dec[0], int(fields(dec[1])['n'])
    n, N = int(inp['n']), int(inp['N'])
    if br == 'kernel_start':
        return new == max(1, N // 2)
    ci, cm = int(inp['C_idle']), int(inp['C_mem'])
    if ci >= int(inp['t_idle']) or cm < int(inp['t_mem_l']):
        want = ('hold_at_N', n) if n >= N else (
            ('inc_idle' if ci >= int(inp['t_idle']) else 'inc_mem_low'), n + 1)
    elif cm >= int(inp['t_mem_h']):
        want = ('hold_at_1', n) if n <= 1 else ('dec_mem_high', n - 1)
    else:
        want = ('keep', n)
    return (br, new) == want


def dyncore(inp, dec):
    """seed 000 Sec. 4.2: G_act < t_act with every core on -> K cores drain;
    below otherwise hold; not below with a core off or draining -> wake."""
    if 'kernel_start' in inp:
        return dec[0] == 'all_on'
    n, d = frac(inp['t_act'])
    below = Fraction(int(inp['G_act'])) < Fraction(n, d)
    all_on = inp['on'] == inp['used']
    want = ('gate' if all_on else 'hold') if below else ('keep' if all_on else 'wake')
    return dec[0] == want


def claso_load(inp, dec):
    """seed 003 Algorithm 1 lines 2-3 (ceil reading): C_p = q + 1 + p_L,
    C_g = r + 1 + min(p_A - 1, q) * n_core with n_cta - 1 = q * n_core + r."""
    n_cta, n_core = int(inp['n_cta']), int(inp['n_core'])
    got = fields(';'.join(dec[1:]))
    if n_cta == 0 or n_core == 0:
        return dec[0] == 'load_empty' and got == {'C_p': '0', 'C_g': '0'}
    q, r = divmod(n_cta - 1, n_core)
    layers = min(max(int(inp['p_A']), 1) - 1, q)
    return dec[0] == 'load' and int(got['C_p']) == q + 1 + int(inp['p_L']) and \
        int(got['C_g']) == r + 1 + layers * n_core


def claso_req(inp, dec):
    """seed 003 Algorithm 1 lines 7-19 (credits saturate at -1)."""
    cp, cg, thr = int(inp['C_p']), int(inp['C_g']), int(inp['p_A+p_L'])
    cp = cp - 1 if cp >= 0 else cp
    if cp >= thr:
        want = 'grant_local'
    elif cp >= 0:
        cg = cg - 1 if cg >= 0 else cg
        want = 'grant_global' if cg >= 0 else 'refuse_global'
    else:
        want = 'refuse_local'
    return dec[0] == want


def claso(inp, dec):
    return claso_load(inp, dec) if 'n_cta' in inp else claso_req(inp, dec)


def arcta(inp, dec):
    """seed 002 Sec. 3.1.2: ipc > t_u -> I; ipc < t_l -> II; max bw <= t_max_bw -> I;
    good / bad >= t_GBR -> I; else II."""
    insts, lc = frac(inp['ipc'])
    busy, dram = frac(inp['bw'])
    tmax, _ = frac(inp['t_max_bw'])
    good, bad = int(inp['good']), int(inp['bad'])
    if insts * 100 > pct(inp['t_u_ipc']) * lc:
        want = ('typeI', 'ipc_high')
    elif insts * 100 < pct(inp['t_l_ipc']) * lc:
        want = ('typeII', 'ipc_low')
    elif busy * 100000 <= tmax * dram:
        want = ('typeI', 'bw_low')
    elif good * 100 >= pct(inp['t_gbr']) * bad:
        want = ('typeI', 'gbr_high')
    else:
        want = ('typeII', 'gbr_low')
    return tuple(dec[:2]) == want


def lt(a, b):
    """U_a < U_b for fractions busy/(T*units), by cross-multiplication."""
    (na, da), (nb, db) = frac(a), frac(b)
    return na * db < nb * da


def on_u(inp, name):
    """U of component `name` over its powered-on slots: T*units, or
    T*ceil(units/2) while it is tuned down (`down=` lists those)."""
    n, d = frac(inp['U_' + name])
    t = int(inp['T'])
    units = d // t
    comp = 'SCH' if name.startswith('SCH_') else name
    if comp in inp.get('down', '-').split('+'):
        units -= units // 2
    return '%d/%d' % (n, t * units)


def below_pct(u, p):
    n, d = frac(u)
    return n * 100 < p * d


def ucs(inp, dec):
    """seed 004 Algorithm 1, phases 1-3."""
    got = fields(';'.join(dec))
    want = {}
    ph, thu = inp['phase'], pct(inp.get('th_U', '0'))
    ud = lambda c: 'down' if c else 'up'
    if ph == '1':
        for c in ('EX_SP', 'EX_SFU'):
            want[c] = ud(below_pct(inp['U_' + c], thu))
        j, lam = frac(inp['RT_LDST'])
        want['EX_LDST'] = ud(lam != 0 and j > int(inp['th_RT']) * lam)
    elif ph == '2':
        # an idle stage (busy 0) is not the bottleneck
        for st in ('IDOC', 'OC', 'OCEX'):
            for t in ('SP', 'SFU', 'LDST'):
                c = '%s_%s' % (st, t)
                idle = frac(inp['U_' + c])[0] == 0
                want[c] = ud(idle or lt(on_u(inp, c), on_u(inp, 'EX_' + t)))
    else:
        # the th_U test counts all units; a type not issued (SCH_j busy 0)
        # does not make SCH the bottleneck
        sch_low = below_pct(inp['U_SCH'], 2 * thu)
        no_bottleneck = all(frac(inp['U_SCH_' + t])[0] == 0 or
                            lt(on_u(inp, 'SCH_' + t), on_u(inp, 'EX_' + t))
                            for t in ('SP', 'SFU', 'LDST'))
        down = sch_low and no_bottleneck
        want['SCH'] = ud(down)
        want['IFID'] = ud(down and lt(on_u(inp, 'IFID'), on_u(inp, 'SCH')))
    return got == want


RULES = {'dyncta': dyncta, 'dyncore': dyncore, 'claso': claso, 'arcta': arcta, 'ucs': ucs}


def main():
    path, unit = sys.argv[1], sys.argv[2]
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
            if not RULES[u](fields(inp), dec.split(';')):
                print('FAIL %s row disagrees with the rule: %s' % (u, ','.join(row)))
                return 1
            key = 'phase ' + fields(inp)['phase'] if u == 'ucs' else dec.split(';')[0]
            counts[key] += 1
    print('%s: %s' % (unit, dict(sorted(counts.items()))))
    real = sum(v for k, v in counts.items() if k not in ('kernel_start', 'all_on'))
    return 0 if real else 1


if __name__ == '__main__':
    sys.exit(main())
