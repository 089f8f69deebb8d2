/* ctl_ref.h -- the C reference models of all control units as one engine.
 * It steps the units of `units` (every engine steps the same ones:
 * ctl_units_resolve, docs/cosim.md "Units stepped"); the policy stack in
 * gpu/seam.c decides which outputs the model obeys. */
#ifndef CTL_REF_H
#define CTL_REF_H

#include <stddef.h>
#include "ctl_engine.h"
#include "ctl_unit.h"


/* The state of every unit of the registry (ctl_unit.h), unit i's at state[i]. */
typedef struct ctl_ref {
    unsigned units;     /* CTL_U_* stepped; 0 = all, CTL_U_NONE = none */
    void *state[CTL_NUNITS];
} ctl_ref;

/* A reference engine's state stepping `units` (zeroed); NULL when out of memory. */
ctl_ref *ctl_ref_new(unsigned units);
void ctl_ref_free(ctl_ref *r);

void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out);
void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);

/* What a --units spec may be, for the messages that refuse one. */
#define CTL_UNITS_SPECS "policy, all, none or a comma list of " CTL_UNIT_NAMES_LIST

/* The units an engine steps (docs/cosim.md, "Units stepped"): always the
 * units the policy obeys (`policy`, a mask of policy_units()), which --units
 * may only add to: NULL or "policy" adds none (except that a lockstep run of
 * a policy obeying none steps them all, else it would compare nothing);
 * "all" adds every unit of the registry; "none" adds none; a comma list of
 * the units' names adds those.  0 with *units set (never 0: CTL_U_NONE for
 * none), -1 for a spec that is none of these, -2 for a lockstep run that
 * would compare nothing (a policy obeying none and --units none). */
int ctl_units_resolve(const char *spec, unsigned policy, int lockstep, unsigned *units);

/* The one-line refusal of ctl_units_resolve's result rc (< 0) for spec. */
void ctl_units_error(int rc, const char *spec, char *err, size_t errlen);

/* Every key table of the units' registers, NULL-terminated (for the
 * configuration registry and for tests that build a ctl_cfg by hand). */
extern const key_table *const ctl_key_tables[];

#endif
