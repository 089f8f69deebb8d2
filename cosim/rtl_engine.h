/* rtl_engine.h -- engines "rtl" (the Verilated rtl/ctl_top.sv drives the model)
 * and "lockstep" (the RTL drives, the C reference models of ctl_ref.h run on
 * the same ctl_in and every output of every used core is compared every
 * cycle).  See docs/cosim.md.
 *
 * Lockstep mismatch message (the first difference in the units' registry
 * order, seam/seam.yaml's units:; inside a unit global signals first,
 * then cores ascending, signals in ctl_seam.h order):
 *   lockstep mismatch at cycle C: unit U, core K, signal S: expected E (C model),
 *   actual A (RTL); waveform of cycles F..C: PATH
 * K is "-" for a global signal.  The waveform comes from a replay: lockstep
 * logs every cycle's ctl_in (the words that changed), and on a mismatch
 * re-runs them from the reset to cycle C on the tracing model of the same
 * size, dumping the last `lag` cycles (F = C-lag+1, or the first; default
 * RTL_ENGINE_LAG, --mismatch-lag or environment CTASIM_MISMATCH_LAG, 0 = no
 * log and no waveform); PATH is FILE.mismatch.fst next to --fst FILE, else
 * build/mismatch-TEST-seedS-cycleC.fst.
 */
#ifndef RTL_ENGINE_H
#define RTL_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "cfg.h"
#include "ctl_engine.h"
#include "engines.h"

#define RTL_ENGINE_LAG 1000

/* Open engine "rtl" (lockstep = 0) or "lockstep" (lockstep = 1).  o->fst and
 * o->fst_window ("A:B" core cycles, or "A:" to the end) select the waveform
 * of the driving RTL instance.  -1 with a one-line message. */
int rtl_engine_open(ctl_engine *e, int lockstep, const gpu_cfg *cfg, const engine_opts *o,
                    char *err, size_t errlen);

/* Cycles of waveform before a mismatch (lockstep only; call before reset).
 * 0 disables the input log and the mismatch waveform. */
void rtl_engine_set_lag(ctl_engine *e, uint32_t lag);

/* TEST ONLY: at core cycle `cycle`, flip bit 0 of the RTL value of `signal`
 * (a name of docs/cosim.md, e.g. "grant", "pg_state[1]", "credit_global") of
 * core `core` (ignored for global signals) as the harness reads it back; the
 * Verilog is untouched.  -1 for an unknown signal or core. */
int rtl_engine_inject(ctl_engine *e, uint64_t cycle, const char *signal, int core);

/* Path of the mismatch waveform written by the last failing step, or "". */
const char *rtl_engine_mismatch_fst(const ctl_engine *e);

#endif
