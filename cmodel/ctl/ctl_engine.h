/* ctl_engine.h -- a control engine: something that turns ctl_in into ctl_out
 * once per core cycle.  Implementations: the C reference models (ctl_ref.c,
 * engine "c"), and in cosim/ the Verilated RTL ("rtl") and both compared
 * every cycle ("lockstep").  The GPU model sees only this interface.
 */
#ifndef CTL_ENGINE_H
#define CTL_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"

struct ctl_ref;

typedef struct ctl_engine {
    const char *name;
    void *impl;
    /* Reset all units; fill *out with their reset values. */
    int  (*reset)(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen);
    /* One clock edge at core cycle `cycle`: consume *in, produce *out.
     * Returns 0, or -1 with a message (lockstep mismatch, RTL error). */
    int  (*step)(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                 uint64_t cycle, char *err, size_t errlen);
    /* Cycles compared against the reference (lockstep), else 0. */
    uint64_t (*compared)(void *impl);
    /* After the run's results are written: close and commit what the engine
     * writes itself (the waveform).  NULL when there is nothing; 0 or -1. */
    int  (*finish)(void *impl, char *err, size_t errlen);
    void (*destroy)(void *impl);
    /* The C reference models stepped with this engine (the c engine itself,
     * lockstep's comparator), for the decision trace; NULL (or a NULL
     * answer) when there are none (rtl). */
    const struct ctl_ref *(*reference)(void *impl);
} ctl_engine;

/* The C reference engine: the units of ctl_ref.h selected by `units`
 * (CTL_U_* bits of ctl_ref.h, 0 = all). */
int ctl_engine_c(ctl_engine *e, unsigned units);

#endif
