/* engines.h -- the engine switch of the command line: "c", "rtl", "lockstep". */
#ifndef ENGINES_H
#define ENGINES_H

#include <stddef.h>
#include "cfg.h"
#include "ctl_engine.h"

typedef struct engine_opts {
    const char *fst;          /* waveform file, or NULL */
    const char *fst_window;   /* "A:B" core cycles, or NULL */
    const char *mismatch_lag; /* lockstep: cycles of waveform kept before a mismatch, or NULL */
    const char *units;        /* --units as given (messages only), NULL = policy */
    unsigned units_mask;      /* the units stepped, from engine_units(); 0: engine_units(NULL) */
    const char *test;         /* the workload's path: names a failure's waveform, or NULL */
} engine_opts;

/* The units an engine steps: --units `spec` (NULL = policy) over the units the
 * policy of cfg obeys, for engine `name` (ctl_units_resolve: docs/cosim.md,
 * "Units stepped"); the one place a run resolves --units.  -1 with a message. */
int engine_units(const char *spec, const gpu_cfg *cfg, const char *name, unsigned *units,
                 char *err, size_t errlen);

/* Open engine `name` for configuration cfg.  -1 with a message. */
int engine_open(ctl_engine *e, const char *name, const gpu_cfg *cfg, const engine_opts *o,
                char *err, size_t errlen);

#endif
