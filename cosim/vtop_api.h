/* vtop_api.h -- what one model shared object (build/vl/top/NCxNP-FLAVOR-KEY/
 * libvtop.so, built by scripts/vtop-build.sh) exports to the loader
 * (cosim/vtop.c): one function, vtop_model_api(), returning this table.  The
 * `fast` flavour (cosim/vmodel/vunits_model.cpp) is each unit of rtl/ctl_top.sv
 * Verilated on its own, stepping only the units asked for; `trace` and `cov`
 * (cosim/vmodel/vtop_model.cpp) are the whole top, every unit evaluated, FST
 * tracing compiled in only when trace is 1.  Both have exactly NumCores =
 * cores and NumParts = parts (docs/cosim.md, "Models of the run's size",
 * "Units stepped").  Either way a step writes into ctl_out only the fields of
 * the units asked for (CTL_U_* of ctl_seam.h), as ctl_ref_step does.
 */
#ifndef VTOP_API_H
#define VTOP_API_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VTOP_API_VERSION 4

typedef struct vtop_model vtop_model;

/* A failed RTL check (rtl/ctasim_assert.svh; the models are Verilated with
 * --assert): the first of the last step. */
typedef struct vtop_assert {
    char kind[8];       /* ASSERT, or ASSUME: the inputs broke a seam guarantee */
    char name[64];      /* the check's name */
    char unit[16];      /* a unit of the registry (ctl_unit.h), or ctl_top */
    int core;           /* the core of a per-core check; -1 unit-wide */
    char text[600];     /* "unit U, core C, KIND Name: message (scope)" */
} vtop_assert;

typedef struct vtop_api {
    uint32_t version;       /* VTOP_API_VERSION */
    uint32_t cores, parts;  /* NumCores, NumParts it was Verilated with */
    int trace;              /* 1: fst_* work; 0: fst_open fails */
    int per_unit;           /* 1: each unit its own model, only the asked-for ones evaluated */
    vtop_model *(*create)(void);   /* NULL when out of memory */
    void (*destroy)(vtop_model *m);
    /* drive cfg, pulse the reset, read every unit's outputs of cores < n into
     * *out; the steps until the next reset read back `units` (CTL_U_* bits) */
    void (*reset)(vtop_model *m, const ctl_cfg *cfg, ctl_out *out, uint32_t n, uint32_t n_parts,
                  unsigned units);
    /* one clock edge on *in (cores < n, partitions < n_parts); the outputs of
     * the reset's units into *out, the other fields untouched */
    void (*step)(vtop_model *m, uint64_t cycle, const ctl_in *in, ctl_out *out, uint32_t n,
                 uint32_t n_parts);
    int (*fst_open)(vtop_model *m, const char *path, uint64_t first, uint64_t last, char *err,
                    size_t errlen);
    void (*fst_close)(vtop_model *m);
    int (*fst_fault)(const vtop_model *m);
    int (*fst_valid)(const char *path);
    /* 1 and *a when a check failed in the steps since the last call */
    int (*assert_take)(vtop_model *m, vtop_assert *a);
    /* the `trace` flavour only (NULL otherwise): expected NULL asks the next
     * fst_open for the `ref` scope (the C reference's outputs beside the
     * RTL's, docs/verification.md); else the C reference's outputs after
     * the next step's edge */
    void (*fst_ref)(vtop_model *m, const ctl_out *expected);
} vtop_api;

typedef const vtop_api *(*vtop_api_fn)(void);
#define VTOP_API_SYMBOL "vtop_model_api"

#ifdef __cplusplus
}
#endif

#endif
