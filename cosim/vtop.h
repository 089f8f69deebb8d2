/* vtop.h -- C-callable shim over the Verilated control-unit top (rtl/ctl_top.sv).
 *
 * One handle = one instance of Vctl_top with its own Verilator context.
 * vtop_step() is one core cycle: drive the ctl_in of that cycle onto the
 * ports, one rising clock edge, read the registered outputs into ctl_out.
 * Only cores < cfg.n_cores are packed / unpacked; the other cores' inputs stay
 * 0 and their ctl_out entries are left untouched.
 *
 * Size variants: the top is Verilated for a few NumCores x NumParts (4 x 16,
 * 16 x 16 and 64 x 64 in every build; the full CTL_MAX_CORES x CTL_MAX_PARTS
 * top only after `make rtl-full`, slow to build).  vtop_reset() runs the
 * smallest variant with NumCores >= cfg->n_cores and NumParts >= cfg->n_parts
 * -- a Verilated model evaluates all of them every cycle -- and vtop_cores()
 * says which one.  An FST opened before the first reset
 * selects the VTOP_WAVES_CORES variant, so the per-core vectors keep the
 * [63:0] widths that the waves/ .gtkw files name (docs/cosim.md, "Size variants").
 *
 * Waveforms (FST, 1 ps resolution): time `cycle` ns shows the inputs of that
 * core cycle before the edge, `cycle` ns + 500 ps the registers after it, so
 * the viewer's nanoseconds are core cycles (docs/cosim.md).
 */
#ifndef VTOP_H
#define VTOP_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vtop vtop;

/* NumCores of the variant whose waveform widths the waves/ save files name. */
#define VTOP_WAVES_CORES 64

vtop *vtop_create(void);            /* NULL when out of memory; no model yet */
void  vtop_destroy(vtop *t);        /* also closes an open FST */

/* Pick the size variant for cfg->n_cores and n_parts (a new model when the current one
 * is not that size, unless it fits and has an FST open), drive every cfg_*_i
 * port from cfg, pulse the asynchronous reset, and read the reset values of
 * the outputs (cores < cfg->n_cores) into *out.  0, -1 when out of memory, -2
 * when no variant of this build holds cfg->n_cores (vtop_max_cores()). */
int   vtop_reset(vtop *t, const ctl_cfg *cfg, ctl_out *out);

/* NumCores of the variant in use: 4, 16, 64 or CTL_MAX_CORES; 0 before the
 * first reset. */
uint32_t vtop_cores(const vtop *t);

/* The most cores a variant of this build holds: CTL_MAX_CORES when the full
 * top was built (`make rtl-full`), else 64. */
uint32_t vtop_max_cores(void);

/* One clock edge consuming *in at core cycle `cycle` (used for FST time).
 * No-op before the first vtop_reset. */
void  vtop_step(vtop *t, uint64_t cycle, const ctl_in *in, ctl_out *out);

/* Start writing an FST to path; only cycles first..last are dumped (last =
 * UINT64_MAX: to the end).  Before the first reset it makes the
 * VTOP_WAVES_CORES variant; afterwards it traces the variant in use (a reset
 * that needs a larger variant starts the file again on it).  0, or -1 with a
 * message. */
int   vtop_fst_open(vtop *t, const char *path, uint64_t first, uint64_t last,
                    char *err, size_t errlen);
void  vtop_fst_close(vtop *t);      /* flush and close; no-op without an FST */
/* The signal that stopped the waveform writer (SIGBUS on a full disk), or 0.
 * After a fault the waveform is abandoned and the run goes on without it. */
int   vtop_fst_fault(const vtop *t);
/* 1 if path holds a readable FST (its header and blocks parse). */
int   vtop_fst_valid(const char *path);

#ifdef __cplusplus
}
#endif

#endif
