"""decisions.py -- DYNCTA (seed 000 Algorithm 1): rule() recomputes a --decisions
row of the unit from its own inputs (tests/sim/check_decisions.py); CASES
are the runs tests/sim/decisions.sh checks (workload, settings: short
periods, so that a short run takes many decisions)."""
from check_decisions import fields  # noqa: F401  (tests/sim/check_decisions.py)


def rule(inp, dec):
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


CASES = [('reuse_cache.kern', 'policy.cta_limit=dyncta dyncta.period=256')]
