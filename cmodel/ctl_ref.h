/* ctl_ref.h -- the C reference models of all control units as one engine.
 * Every unit runs every cycle (as in rtl/ctl_top.sv); the policy stack in
 * gpu.c decides which outputs the model obeys. */
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
    dyncta  dyncta;
    dyncore dyncore;
    claso   claso;
    arcta   arcta;
    ucs     ucs;
} ctl_ref;

void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out);
void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
/* Each unit's own check of the programmable registers; -1 with a message. */
int  ctl_ref_check(const ctl_cfg *cfg, char *err, size_t errlen);

#endif
