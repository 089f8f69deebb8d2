#!/usr/bin/env bash
# lockstep_c2050x8.sh -- every policy stack on three short workloads, preset
# configs/c2050.cfg cut to 8 cores (6 memory partitions, Fermi latencies;
# DYNCORE gates K = 4), engine lockstep: zero mismatches and every simulated
# cycle compared.
source "$(dirname "$0")/lockstep_common.bash"
lockstep_matrix c2050x8 "--config configs/c2050.cfg --set core.count=8 --set dyncore.k=4" \
    workloads/barrier_heavy.kern workloads/mem_compute_regions.kern workloads/wave_imbalance.kern
