"""decisions.py -- the L1-miss throttle (l1thr.md, "Cycle behaviour"): rule()
recomputes a --decisions row of the unit from its own inputs
(tests/sim/check_decisions.py); CASES are the runs tests/sim/decisions.sh
checks (workload, settings: short periods, so that a short run takes many
decisions)."""
from check_decisions import fields  # noqa: F401  (tests/sim/check_decisions.py)


def rule(inp, dec):
    """Kernel start: n = N.  At a period's end: M > t_miss -> n - 1 (hold at
    1); else n + 1 (hold at N)."""
    br, new = dec[0], int(fields(dec[1])['n'])
    N = int(inp['N'])
    if br == 'kernel_start':
        return new == N
    n, m = int(inp['n']), int(inp['M'])
    if m > int(inp['t_miss']):
        want = ('hold_at_1', n) if n <= 1 else ('dec', n - 1)
    else:
        want = ('hold_at_N', n) if n >= N else ('inc', n + 1)
    return (br, new) == want


CASES = [('reuse_cache.kern', 'policy.l1thr=1 l1thr.period=256 l1thr.t_miss=40')]
