#!/usr/bin/env bash
# lockstep_small.sh -- every policy stack on three short workloads, preset
# configs/small.cfg (4 cores; DYNCORE gates K = 2 of them), engine lockstep:
# zero mismatches and every simulated cycle compared.
source "$(dirname "$0")/lockstep_common.bash"
lockstep_matrix small "--config configs/small.cfg --set dyncore.k=2" \
    workloads/barrier_heavy.kern workloads/mem_compute_regions.kern workloads/wave_imbalance.kern
