"""decisions.py -- CLASO (seed 003 Algorithm 1): rule() recomputes a --decisions
row of the unit from its own inputs (tests/sim/check_decisions.py); CASES
are the runs tests/sim/decisions.sh checks (workload, settings: short
periods, so that a short run takes many decisions)."""
from check_decisions import fields  # noqa: F401  (tests/sim/check_decisions.py)


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


def rule(inp, dec):
    """A credit load (a kernel launch) or a CTA request."""
    return claso_load(inp, dec) if 'n_cta' in inp else claso_req(inp, dec)


CASES = [('imbalanced_ctas.kern', 'policy.claso=1')]
