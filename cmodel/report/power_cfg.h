/* power_cfg.h -- coefficients of the power model (keys power.*; table
 * power_keys in power.c).  Kept apart from power.h so the configuration can
 * embed it without pulling in the statistics. */
#ifndef POWER_CFG_H
#define POWER_CFG_H

#include <stddef.h>
#include <stdio.h>
#include "ctl_seam.h"
#include "keys.h"

typedef struct power_cfg {
    /* dynamic energy per event, picojoules */
    double e_fetch, e_issue;                        /* per fetch, per issue */
    double e_idoc, e_oc, e_ocex;                    /* per instruction passing the stage */
    double e_sp_thread, e_sfu_thread, e_dp_thread;  /* per thread instruction */
    double e_ldst_access;                           /* per line access in EX_LDST */
    double e_l1, e_l2, e_flit, e_dram_rw, e_dram_act;
    /* static power per core component (both groups), milliwatts */
    double s_comp[CTL_NCOMP];
    double s_core_other;       /* register file, L1, shared memory: never gated */
    double clk_comp[CTL_NCOMP];/* clock power per component, removed when clock-gated */
    double s_l2, s_dram;       /* per partition (0 and 0: from seed 004 Sec. 6, power.c) */
    double s_const;            /* uncore constant */
    double pcpg;               /* per-core power gating: 1 = a core a unit turned off, or
                                  left idle without CTAs, draws nothing; 0 = it is
                                  clock-gated and still leaks (gpu-model.md, seed 000
                                  Sec. 5) */
} power_cfg;

void power_cfg_defaults(power_cfg *p);

extern const key_table power_keys;

#endif
