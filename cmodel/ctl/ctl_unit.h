/* ctl_unit.h -- a control unit as a plug-in: one interface every unit fills,
 * and the registry that lists them (ctl_units.c).  The C reference engine
 * (ctl_ref.c) resets and steps the units through it, --units and the
 * unit-name lists resolve names through it, --decisions writes each unit's
 * rows through it, and --rtl-power names the units' RTL from it.  A unit's
 * seam signals (what it reads and drives, under which port names) are in
 * seam/seam.yaml; its C reference, RTL, tests and waveform save file are in
 * its own folder units/<name>/ (docs/adding-a-unit.md; docs/architecture.md,
 * "Control units as plug-ins"). */
#ifndef CTL_UNIT_H
#define CTL_UNIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ctl_seam.h"
#include "keys.h"

/* What the GPU model does with a unit's outputs while its policy key is on
 * (cmodel/gpu/seam.c resolves these once, at seam_init; docs/adding-a-unit.md,
 * step 3).  Each names a seam output by CTL_FX_CORE(field) (ctl_core_out; a
 * one-byte field, CTL_FX_CORE16 for accepts) or CTL_FX_OUT(field) (ctl_out, one
 * byte); a field of another size does not compile.  0 = no such effect. */
typedef struct ctl_fx {
    uint16_t limit;     /* core uint8_t: the CTA limit, clamped to 1..N (a policy.cta_limit value) */
    uint16_t cap;       /* core uint8_t: caps the CTA limit at max(1, value) */
    uint16_t enable;    /* core uint8_t: 0 = the core may not receive CTAs */
    uint16_t power;     /* core uint8_t: 0 = the core is powered off */
    uint16_t accepts;   /* core uint16_t: bit i = component i's gateable group takes new work;
                           the seam's pg_state and tuned_down are counted */
    uint16_t limit1;    /* out uint8_t: 1 = the profiled core (core 0) is limited to one CTA */
    uint16_t clk_on;    /* out uint8_t: 1 = the clocks run at clk_core / clk_mem percent */
    uint16_t clk_core;  /* out int8_t: core clock change, percent */
    uint16_t clk_mem;   /* out int8_t: memory-system clock change, percent */
    uint16_t ktype;     /* out uint8_t: the kernel's classification (statistic ar_type) */
    uint8_t  grants;    /* CTAs issue by request and grant (the seam's req, grant, refuse,
                           alloc, n_cta, alloc_cores and claso_ready) */
} ctl_fx;
#define CTL_FX_SIZE_(S, f, n) (0 * sizeof(char[sizeof(((S *)0)->f) == (n) ? 1 : -1]))
#define CTL_FX_CORE(f)   ((uint16_t)(1 + offsetof(ctl_core_out, f) + CTL_FX_SIZE_(ctl_core_out, f, 1)))
#define CTL_FX_CORE16(f) ((uint16_t)(1 + offsetof(ctl_core_out, f) + CTL_FX_SIZE_(ctl_core_out, f, 2)))
#define CTL_FX_OUT(f)    ((uint16_t)(1 + offsetof(ctl_out, f) + CTL_FX_SIZE_(ctl_out, f, 1)))

/* A refusal of a unit's configuration (its check hook): the keys it concerns,
 * NULL-terminated (the error names where the last of them was set), and the problem. */
typedef struct ctl_fail {
    const char *keys[8];
    char msg[384];
} ctl_fail;

typedef struct ctl_unit {
    const char *name;       /* --units, its folder units/<name>/ */
    unsigned bit;           /* CTL_U_<NAME> (ctl_seam.h): 1 << its place in the registry */
    size_t state_size;      /* bytes of its state, zeroed before the first reset */
    /* Reset: give every core its reset state and write the unit's reset outputs into *out. */
    void (*reset)(void *state, const ctl_cfg *cfg, ctl_out *out);
    /* One clock edge consuming one cycle's inputs: the unit's registered outputs into *out. */
    void (*step)(void *state, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
    /* --decisions: the rows of the decisions taken at this edge (ctl_decisions.h). */
    void (*decisions)(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle);
    const key_table *keys;  /* its programmable registers, keys <name>.* */
    const char *rtl;        /* its RTL top, the synthesis and power flows' entry */
    const char *gtkw;       /* its GTKWave save file (make waves, the mismatch waveform) */
    /* Its registers' reset values (ctl_cfg_defaults), for a unit whose defaults are not
     * in ctl_cfg.c; NULL for none. */
    void (*cfg_defaults)(ctl_cfg *cfg);
    ctl_fx fx;              /* what the model does with its outputs when the policy obeys it */
    /* Its registers' combinations, on a configuration of n_cores cores (obeyed: the policy
     * obeys the unit): 0, or -1 with *f filled.  NULL for none. */
    int (*check)(const ctl_cfg *cfg, uint32_t n_cores, int obeyed, ctl_fail *f);
} ctl_unit;

/* The registry: every unit, unit i being bit 1 << i of CTL_U_* (ctl_units.c). */
extern const ctl_unit *const ctl_units[CTL_NUNITS];

/* The unit named by the len bytes at name, or NULL. */
const ctl_unit *ctl_unit_named(const char *name, size_t len);

/* The units' descriptors and key tables, each defined in its unit's own file. */
#define CTL_UNIT_DECL(u) extern const ctl_unit u##_unit; extern const key_table u##_keys;
CTL_UNITS_X(CTL_UNIT_DECL)
#undef CTL_UNIT_DECL

#endif
