/* vtop.h -- the Verilated control-unit top (rtl/ctl_top.sv) of exactly the
 * run's size, loaded from a shared object (docs/cosim.md, "Models of the run's
 * size").
 *
 * vtop_reset() picks the model Verilated with NumCores = cfg->n_cores and
 * NumParts = cfg->n_parts -- a Verilated model evaluates all NumCores cores
 * every cycle, so a larger one would evaluate unused cores -- in one of two
 * flavours: `fast` (no tracing compiled in) or, when a waveform was asked for
 * with vtop_fst_open(), `trace`.  The model is
 *     <tree>/build/vl/top/<cores>x<parts>-<flavour>-<key>/libvtop.so
 * where <key> (scripts/vtop-key.sh) hashes rtl/, the model shim and
 * Verilator's version as they were when this program was built, so a model of
 * other sources is never loaded.  A model that is absent is built on the spot
 * by scripts/vtop-build.sh (once per size: verilator and a C++ compiler,
 * no network; a line on stderr says so), except above VTOP_AUTO_MAX_CORES
 * cores (many minutes: `make rtl-model NC=.. NP=..`) or when the environment
 * sets CTASIM_VTOP_NOBUILD=1.  CTASIM_VTOP_REPORT=1 prints the model loaded
 * on stderr.
 *
 * vtop_step() is one core cycle: drive the ctl_in of that cycle onto the
 * ports, one rising clock edge, read the registered outputs into ctl_out.
 * Only the units set with vtop_set_units() are stepped and read back (the
 * `fast` model evaluates no other; docs/cosim.md, "Units stepped"); the other
 * fields of ctl_out keep what the reset wrote, as with ctl_ref_step().
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
#include "vtop_api.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vtop vtop;

/* The most cores a model is built for on demand; larger ones (up to
 * CTL_MAX_CORES) take many minutes and are built with `make rtl-model`. */
#define VTOP_AUTO_MAX_CORES 64

vtop *vtop_create(void);            /* NULL when out of memory; no model yet */
void  vtop_destroy(vtop *t);        /* also closes an open FST */

/* Load (building it if absent) the model of cfg->n_cores x cfg->n_parts in
 * the flavour asked for, drive every cfg_*_i port from cfg, pulse the
 * asynchronous reset, read the reset values of the outputs into *out.  The
 * model is kept when it is already that one.  0, or -1 with a one-line
 * message. */
int   vtop_reset(vtop *t, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen);

/* The units (CTL_U_* of ctl_seam.h; 0 or CTL_U_ALL = all five, CTL_U_NONE =
 * none) that the steps after the next vtop_reset() evaluate and read back. */
void  vtop_set_units(vtop *t, unsigned units);

/* NumCores / NumParts of the model in use (0 before the first reset) and
 * whether it has tracing compiled in. */
uint32_t vtop_cores(const vtop *t);
uint32_t vtop_parts(const vtop *t);
int      vtop_traced(const vtop *t);

/* The program's data folder (docs/install.md): <exe>/../share/ctasim when
 * the program is installed (`make install`: rtl/, scripts/, synth/, configs/,
 * workloads/ and the prebuilt models under it), else the source tree it was
 * built in (compiled in by the Makefile).  Into buf; returns buf. */
const char *vtop_root(char *buf, size_t len);
/* 1 when vtop_root() is an installed data folder, 0 the source tree. */
int vtop_installed(void);
/* The model cache key compiled in (scripts/vtop-key.sh). */
const char *vtop_key(void);
/* rel when it names a file from the working directory, else
 * <vtop_root()>/rel (a default such as configs/small.cfg run from elsewhere).
 * Into buf; returns buf. */
const char *vtop_data_path(const char *rel, char *buf, size_t len);

/* Where the model of that size and flavour lives (no check that it exists):
 * $CTASIM_MODELS/NAME when that is set; the source tree's build/vl/top/NAME;
 * installed: the data folder's models/NAME when prebuilt there, else the
 * user's cache ($XDG_CACHE_HOME or ~/.cache)/ctasim/models/NAME. */
void  vtop_model_path(uint32_t cores, uint32_t parts, int trace, char *buf, size_t len);

/* Can the model of that size and flavour be had: 1 it is built, 0 it will be
 * built on first use, -1 it will not (above VTOP_AUTO_MAX_CORES, or
 * CTASIM_VTOP_NOBUILD; the message names what to run). */
int   vtop_check(uint32_t cores, uint32_t parts, int trace, char *err, size_t errlen);

/* 1 and *a when one of the RTL's checks (rtl/ctasim_assert.svh) failed in
 * the steps since the last call; 0 otherwise or before the first reset. */
int   vtop_assert_take(vtop *t, vtop_assert *a);

/* One clock edge consuming *in at core cycle `cycle` (used for FST time).
 * No-op before the first vtop_reset. */
void  vtop_step(vtop *t, uint64_t cycle, const ctl_in *in, ctl_out *out);

/* Write an FST to path; only cycles first..last are dumped (last =
 * UINT64_MAX: to the end).  Before the first reset it selects the `trace`
 * flavour and the file is opened at the reset; on a model in use it needs
 * that model to be the `trace` flavour.  0, or -1 with a message. */
int   vtop_fst_open(vtop *t, const char *path, uint64_t first, uint64_t last,
                    char *err, size_t errlen);
void  vtop_fst_close(vtop *t);      /* flush and close; no-op without an FST */
/* The `ref` scope of a failure's waveform (docs/verification.md, "Debugging
 * a failure"): expected NULL, before vtop_fst_open, asks for it; then, before
 * each vtop_step, the C reference's outputs after that step's edge (the
 * first call, after vtop_reset, its reset outputs).  No-op on a model
 * without tracing. */
void  vtop_fst_ref(vtop *t, const ctl_out *expected);
/* The signal that stopped the waveform writer (SIGBUS on a full disk), or 0.
 * After a fault the waveform is abandoned and the run goes on without it. */
int   vtop_fst_fault(const vtop *t);
/* 1 if path holds a readable FST (its header and blocks parse); needs t's
 * model to be the `trace` flavour (else 0). */
int   vtop_fst_valid(const vtop *t, const char *path);

#ifdef __cplusplus
}
#endif

#endif
