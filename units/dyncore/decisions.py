"""decisions.py -- DYNCORE (seed 000 Sec. 4.2): rule() recomputes a --decisions
row of the unit from its own inputs (tests/sim/check_decisions.py); CASES
are the runs tests/sim/decisions.sh checks (workload, settings: short
periods, so that a short run takes many decisions)."""
from fractions import Fraction

from check_decisions import frac  # noqa: F401  (tests/sim/check_decisions.py)


def rule(inp, dec):
    """seed 000 Sec. 4.2: G_act < t_act with every core on -> K cores drain;
    below otherwise hold; not below with a core off or draining -> wake."""
    if 'kernel_start' in inp:
        return dec[0] == 'all_on'
    n, d = frac(inp['t_act'])
    below = Fraction(int(inp['G_act'])) < Fraction(n, d)
    all_on = inp['on'] == inp['used']
    want = ('gate' if all_on else 'hold') if below else ('keep' if all_on else 'wake')
    return dec[0] == want


CASES = [('stream_copy.kern', 'policy.dyncore=1 dyncore.period=256 dyncore.k=2')]
