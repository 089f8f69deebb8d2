/* ctl_ref.h -- the C reference models of all control units as one engine.
 * Every unit runs every cycle (as in rtl/ctl_top.sv); the policy stack in
 * gpu/cta.c decides which outputs the model obeys. */
#ifndef CTL_REF_H
#define CTL_REF_H

#include <stddef.h>
#include "arcta.h"
#include "claso.h"
#include "ctl_engine.h"
#include "dyncore.h"
#include "dyncta.h"
#include "ucs.h"

/* Unit bits for ctl_ref.units. */
enum { CTL_U_DYNCTA = 1, CTL_U_DYNCORE = 2, CTL_U_CLASO = 4, CTL_U_ARCTA = 8, CTL_U_UCS = 16,
       CTL_U_ALL = 31, CTL_U_NONE = 32 /* step no unit (0 would mean all) */ };

typedef struct ctl_ref {
    unsigned units;     /* units stepped; 0 = all (lockstep compares every unit) */
    dyncta  dyncta;
    dyncore dyncore;
    claso   claso;
    arcta   arcta;
    ucs     ucs;
} ctl_ref;

void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out);
void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);

/* Every key table of the units' registers, NULL-terminated (for the
 * configuration registry and for tests that build a ctl_cfg by hand). */
extern const key_table *const ctl_key_tables[];

#endif
