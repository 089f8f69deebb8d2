/* vtop.h -- C-callable shim over the Verilated control-unit top (rtl/ctl_top.sv).
 *
 * One handle = one instance of Vctl_top with its own Verilator context.
 * vtop_step() is one core cycle: drive the ctl_in of that cycle onto the
 * ports, one rising clock edge, read the registered outputs into ctl_out.
 * Only cores < cfg.n_cores are packed / unpacked; the other cores' inputs stay
 * 0 and their ctl_out entries are left untouched.
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

vtop *vtop_create(void);            /* NULL when out of memory */
void  vtop_destroy(vtop *t);        /* also closes an open FST */

/* Drive every cfg_*_i port from cfg, pulse the asynchronous reset, and read
 * the reset values of the outputs (cores < cfg->n_cores) into *out. */
void  vtop_reset(vtop *t, const ctl_cfg *cfg, ctl_out *out);

/* One clock edge consuming *in at core cycle `cycle` (used for FST time). */
void  vtop_step(vtop *t, uint64_t cycle, const ctl_in *in, ctl_out *out);

/* Start writing an FST to path; only cycles first..last are dumped (last =
 * UINT64_MAX: to the end).  0, or -1 with a message. */
int   vtop_fst_open(vtop *t, const char *path, uint64_t first, uint64_t last,
                    char *err, size_t errlen);
void  vtop_fst_close(vtop *t);      /* flush and close; no-op without an FST */

#ifdef __cplusplus
}
#endif

#endif
