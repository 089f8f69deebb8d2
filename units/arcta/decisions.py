"""decisions.py -- AR-CTA (seed 002 Sec. 3.1.2): rule() recomputes a --decisions
row of the unit from its own inputs (tests/sim/check_decisions.py); CASES
are the runs tests/sim/decisions.sh checks (workload, settings: short
periods, so that a short run takes many decisions)."""
from check_decisions import frac, pct  # noqa: F401  (tests/sim/check_decisions.py)


def rule(inp, dec):
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


CASES = [('compute_fma.kern', 'policy.arcta=1'), ('stream_copy.kern', 'policy.arcta=1')]
