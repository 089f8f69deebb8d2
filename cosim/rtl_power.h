/* rtl_power.h -- `ctasim --rtl-power FILE`: the control units' own power
 * from the toggles of their gate-level netlists on the run's own per-cycle
 * inputs (docs/synthesis.md "Power", "--rtl-power").
 *
 * The run writes its waveform (every port of every unit in every cycle, the
 * trace model of the run's size);
 * after the run, synth/rtl_power.sh synthesizes each obeyed unit at the
 * run's size (cached), replays the unit's ports through the netlist in
 * Icarus (every output compared with the RTL's in every cycle), counts every
 * cell output's toggles and prints power_calc's line per unit; rpw_run reads
 * those lines, rpw_write_json writes FILE.
 */
#ifndef RTL_POWER_H
#define RTL_POWER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ctl_ref.h"

#define RPW_MAX_UNITS CTL_NUNITS

typedef struct rpw_unit {
    char   name[16];
    double cells, ffs, cycles, toggles, area_um2;
    double sw_mw, clk_mw, dyn_mw, leak_mw;     /* 45 nm, 1.10 V, at the core clock */
    double a_core_um2, a_shared_um2;           /* synth/area_report.md, 0 if absent */
    int    sim_pass;                           /* netlist outputs = RTL outputs every cycle */
} rpw_unit;

typedef struct rpw_result {
    rpw_unit unit[RPW_MAX_UNITS];
    int      n;
    uint32_t cores, parts, mhz;
    double   dyn_mw, leak_mw;                  /* sums over the units */
    int      all_pass;
} rpw_result;

/* The units of mask (CTL_U_*) as names; returns how many (0: none). */
int rpw_units(unsigned mask, const char **names, int max);

/* The script of the program's data folder (vtop_root(): the source tree
 * it was built from, or the installed share/ctasim):
 * <root>/synth/rtl_power.sh.  0, or -1 + err. */
int rpw_script(char *path, size_t len, char *err, size_t errlen);

/* Run the script on waveform fst (work files in workdir) for the units of
 * mask at cores / parts / core clock mhz; fill r.  0, or -1 + err. */
int rpw_run(const char *fst, const char *workdir, unsigned mask, uint32_t cores, uint32_t parts,
            uint32_t mhz, rpw_result *r, char *err, size_t errlen);

/* Per unit: split by the area report's per-core and shared area at the
 * run's core count (p_core = P a_core / A, p_shared = P a_shared / A,
 * A = a_shared + cores a_core). */
void rpw_split(const rpw_result *r, const rpw_unit *u, double *per_core_share, double *shared_share);

/* FILE's JSON (docs/synthesis.md "--rtl-power").  0, or -1 on a write error. */
int rpw_write_json(FILE *f, const rpw_result *r, const char *engine, const char *workload,
                   double time_s);

#endif
