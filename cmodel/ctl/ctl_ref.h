/* ctl_ref.h -- the C reference models of all control units as one engine.
 * It steps the units of `units` (every engine steps the same ones:
 * ctl_units_resolve, docs/cosim.md "Units stepped"); the policy stack in
 * gpu/seam.c decides which outputs the model obeys. */
#ifndef CTL_REF_H
#define CTL_REF_H

#include <stddef.h>
#include "arcta.h"
#include "claso.h"
#include "ctl_engine.h"
#include "dyncore.h"
#include "dyncta.h"
#include "ucs.h"


typedef struct ctl_ref {
    unsigned units;     /* CTL_U_* stepped; 0 = all, CTL_U_NONE = none */
    dyncta  dyncta;
    dyncore dyncore;
    claso   claso;
    arcta   arcta;
    ucs     ucs;
} ctl_ref;

void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out);
void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);

/* Unit i is bit 1 << i of CTL_U_* (ctl_seam.h); its name: dyncta, dyncore,
 * claso, arcta, ucs. */
#define CTL_NUNITS 5
extern const char *const ctl_unit_names[CTL_NUNITS];

/* What a --units spec may be, for the messages that refuse one. */
#define CTL_UNITS_SPECS "policy, all, none or a comma list of dyncta, dyncore, claso, arcta, ucs"

/* The units an engine steps, from the --units spec (docs/cosim.md, "Units
 * stepped"): NULL or "policy" = the units the policy obeys (`policy`, a mask
 * of policy_units(), CTL_U_NONE when it obeys none), except that a lockstep
 * run of a policy obeying none steps all five (else it would compare
 * nothing); "all"; "none"; or a comma list of dyncta, dyncore, claso, arcta,
 * ucs.  0 with *units set (never 0: CTL_U_NONE for none), or -1 for a spec
 * that is none of these. */
int ctl_units_resolve(const char *spec, unsigned policy, int lockstep, unsigned *units);

/* Every key table of the units' registers, NULL-terminated (for the
 * configuration registry and for tests that build a ctl_cfg by hand). */
extern const key_table *const ctl_key_tables[];

#endif
