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
    const char *units;        /* --units: the units stepped (ctl_units_resolve), NULL = policy */
    const char *test;         /* the workload's path: names a failure's waveform, or NULL */
} engine_opts;

/* Open engine `name` for configuration cfg.  -1 with a message. */
int engine_open(ctl_engine *e, const char *name, const gpu_cfg *cfg, const engine_opts *o,
                char *err, size_t errlen);

#endif
