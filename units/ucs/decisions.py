"""decisions.py -- uC-States (seed 004 Algorithm 1): rule() recomputes a --decisions
row of the unit from its own inputs (tests/sim/check_decisions.py); CASES
are the runs tests/sim/decisions.sh checks (workload, settings: short
periods, so that a short run takes many decisions)."""
from check_decisions import fields, frac, pct  # noqa: F401  (tests/sim/check_decisions.py)


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


def rule(inp, dec):
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


def key(inp, dec):
    """Rows are counted per phase."""
    return 'phase ' + inp['phase']


CASES = [('sfu_heavy.kern', 'policy.gating=ucstates ucs.period=512')]
