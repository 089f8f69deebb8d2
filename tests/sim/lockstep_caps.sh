#!/usr/bin/env bash
# lockstep_caps.sh -- every policy stack on a short workload, preset
# configs/kayiran30.cfg grown to 40 cores (8 partitions; DYNCORE gates K = 8):
# the 40 x 8 Verilated model (built on first use) against the C reference models,
# zero mismatches and every simulated cycle compared (issue 12: the caps).
source "$(dirname "$0")/lockstep_common.bash"
lockstep_matrix kayiran30x40 "--config configs/kayiran30.cfg --set core.count=40" \
    workloads/barrier_heavy.kern
