/* power.h -- activity-based power model in the GPUWattch / AccelWattch
 * spirit (gpu-model.md "Statistics and power"):
 *   dynamic energy  = sum over components of energy-per-event x event count;
 *   static power    = per component group, proportional to its area, removed
 *                     while the group is power-gated or the core is off;
 *   clock power     = per component, removed while it is clock-gated;
 *   transitions     = energy per power-gating event (gate + wake);
 *   idle cores      = a powered core with no CTA pays static and clock power;
 *   constant        = uncore power independent of activity;
 *   DVFS            = the calibrator's clock change f' = f (1 + p): with
 *                     V proportional to f, dynamic energy scales by (1+p)^2
 *                     and static power by (1+p).
 * Coefficients are configuration keys power.* (power_cfg below); each
 * default's source is stated in power.c.
 */
#ifndef POWER_H
#define POWER_H

#include <stdint.h>
#include <stdio.h>
#include "jw.h"
#include "power_cfg.h"
#include "stats.h"

/* Breakdown rows. */
enum pw_row {
    PW_IFID = 0, PW_SCH, PW_IDOC, PW_OC, PW_OCEX, PW_EX_SP, PW_EX_SFU, PW_EX_LDST,
    PW_L1, PW_L2, PW_ICNT, PW_DRAM, PW_GATING, PW_CONST, PW_NROWS
};


typedef struct power_report {
    double dyn_j[PW_NROWS];    /* dynamic energy per row */
    double stat_j[PW_NROWS];   /* static (+clock) energy per row */
    double total_j, time_s, avg_w;
    double static_share;       /* static (+clock) energy / total energy */
    int    pcpg;               /* per-core power gating in force (power.pcpg) */
    double alt_total_j, alt_avg_w; /* the same run with the other pcpg choice */
    double base_total_j;       /* baseline run's energy, 0 if none */
    double base_avg_w;
    int    have_base;
    /* the control logic's own power (`control` row), from --rtl-power's
     * gate-level toggles; absent (have_ctl = 0) without it */
    double ctl_dyn_j, ctl_stat_j;
    int    have_ctl;
} power_report;

/* Power of run r under coefficients p; ctl gives the calibrator's clock
 * changes and the power-gating break-even time. */
void power_compute(const power_cfg *p, const ctl_cfg *ctl, const report *r, power_report *out);
/* Add the control units' power (dynamic and leakage watts over the run's
 * time) as the `control` row: totals, average power and static share
 * include it, and so does the other pcpg choice's total (the control logic
 * is never gated). */
void power_add_control(power_report *p, double dyn_w, double leak_w);
void power_print(const power_report *p, FILE *out);
/* Static power of one memory partition's L2 slice and DRAM channel, mW:
 * power.s_l2 / power.s_dram, or when both are 0 the share seed 004 Sec. 6
 * gives the non-core components on its baseline (power.c). */
double power_l2_part_mw(const power_cfg *p);
double power_dram_part_mw(const power_cfg *p);
/* Read "energy_j" and "power_w" of a baseline JSON written by --json. */
int  power_load_baseline(power_report *p, const char *path, char *err, size_t errlen);
/* The power report as one JSON object (energy_j, power_w, time_s, rel_energy
 * and rel_power with a baseline, rows); report_write_json puts it under
 * "power". */
void power_json(jw *w, const power_report *p);
const char *power_row_name(int row);

#endif
