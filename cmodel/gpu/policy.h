/* policy.h -- the policy stack: which control units the model obeys and how
 * (keys policy.*; the table, built from the registry's policy keys, and
 * policy_units are in seam.c, which applies the stack). */
#ifndef POLICY_H
#define POLICY_H

#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

/* policy.cta_limit: max, static, then the units that are a value of it
 * (CTL_POLICY_LIMIT_X of ctl_seam.h), from LIMIT_UNIT on in registry order. */
enum cfg_limit { LIMIT_MAX = 0, LIMIT_STATIC, LIMIT_UNIT };

/* The policy stack (keys policy.*; table policy_keys in seam.c). */
typedef struct policy_params {
    uint32_t cta_limit;         /* enum cfg_limit */
    uint32_t static_n;          /* CTA limit for LIMIT_STATIC (0 = unset) */
    uint32_t on[CTL_NUNITS];    /* unit i's own policy key (0 = off), if it has one */
} policy_params;

extern const key_table policy_keys;

/* The units whose outputs policy p obeys (enum CTL_U_* of ctl_seam.h). */
unsigned policy_units(const policy_params *p);

/* The key of unit i's own policy switch, or NULL (a policy.cta_limit value, or none). */
const key_def *policy_key_of(int unit);

#endif
