/* ctl_cfg.c -- the control units' programmable registers at the papers' values. */
#include <string.h>
#include "ctl_seam.h"
#include "ctl_unit.h"

void ctl_cfg_defaults(ctl_cfg *cfg, uint32_t n_cores, uint32_t n_parts)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->n_cores = n_cores;
    cfg->n_parts = n_parts;
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg->units[i] = 2;
    cfg->simt_lanes = 32;
    /* DYNCTA, seed 000 Sec. 4.1 and Table 3: T = 2048, t_idle = 16,
     * t_mem_l = 128, t_mem_h = 384. */
    cfg->dyncta_period = 2048;
    cfg->dyncta_t_idle = 16;
    cfg->dyncta_t_mem_l = 128;
    cfg->dyncta_t_mem_h = 384;
    /* DYNCORE, seed 000 Sec. 4.2: t_act = 2/3 * cores * T (40960 for 30 cores), K = 8. */
    cfg->dyncore_period = 2048;
    cfg->dyncore_frac_num = 2;
    cfg->dyncore_frac_den = 3;
    cfg->dyncore_k = 8;
    cfg->dyncore_tact_counted = 0;  /* seed 000 Sec. 4.2: t_act is a fixed 40960 */
    /* CLASO, seed 003 Sec. 3: p_A = 1, p_L = 0 reproduce the baseline grant count. */
    cfg->claso_p_a = 1;
    cfg->claso_p_l = 0;
    /* AR-CTA, seed 002 Sec. 3: W = 7000 cycles, ipc bounds 85 % / 15 %,
     * max bandwidth 1.025 % (stored as 1025 thousandths of a percent),
     * GBR 65 %, good = at least 25 of 32 lanes (78 %), calibrator -15 % / +15 %. */
    cfg->ar_window = 7000;
    cfg->ar_t_u_ipc = 85;
    cfg->ar_t_l_ipc = 15;
    cfg->ar_t_max_bw_mpct = 1025;
    cfg->ar_t_gbr = 65;
    cfg->ar_good_lanes = 25;
    cfg->ar_core_pct = 15;
    cfg->ar_mem_pct = 15;
    /* uC-States, seed 004 Sec. 4 and 6: T = 2048, th_U = 0.15, th_RT = 100,
     * break-even 19 cycles, wake-up 9 cycles. */
    cfg->uc_period = 2048;
    cfg->uc_th_u_pct = 15;
    cfg->uc_th_rt = 100;
    cfg->uc_break_even = 19;
    cfg->uc_wakeup = 9;
    /* the units that keep their defaults with them (ctl_unit.cfg_defaults) */
    for (int i = 0; i < CTL_NUNITS; i++)
        if (ctl_units[i]->cfg_defaults) ctl_units[i]->cfg_defaults(cfg);
}
