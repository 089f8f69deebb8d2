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
