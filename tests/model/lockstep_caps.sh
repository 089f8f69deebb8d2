#!/usr/bin/env bash
# lockstep_caps.sh -- every policy stack on a short workload, preset
# configs/kayiran30.cfg grown to 40 cores and 64 partitions (the caps: per-core
# ports wider than 32 bits, every partition of AR-CTA's dram_busy port in use;
# DYNCORE gates K = 8): the 40 x 64 Verilated model (the size
# tests/rtl/test_rtl_ctl_top.c builds too) against the C reference models,
# zero mismatches and every simulated cycle compared (the size caps).
# mixed_type1 runs about 12.5 K cycles here: six DYNCTA / DYNCORE periods.
source "$(dirname "$0")/lockstep_common.bash"
lockstep_matrix kayiran30x40x64 "--config configs/kayiran30.cfg --set core.count=40 --set l2.parts=64" \
    workloads/mixed_type1.kern
