/* policy.h -- the policy stack: which control units the model obeys and how
 * (keys policy.*; the table and policy_units are in seam.c, which applies
 * the stack). */
#ifndef POLICY_H
#define POLICY_H

#include <stdint.h>
#include "keys.h"

enum cfg_limit { LIMIT_MAX = 0, LIMIT_STATIC, LIMIT_DYNCTA };
enum cfg_gating { GATE_NONE = 0, GATE_UCSTATES };

/* The policy stack (keys policy.*; table policy_keys in seam.c). */
typedef struct policy_params {
    uint32_t cta_limit;         /* enum cfg_limit */
    uint32_t static_n;          /* CTA limit for LIMIT_STATIC (0 = unset) */
    uint32_t dyncore;           /* 0/1 */
    uint32_t claso;             /* 0/1 */
    uint32_t arcta;             /* 0/1 */
    uint32_t gating;            /* enum cfg_gating */
    uint32_t l1thr;             /* 0/1: the L1-miss throttle lowers the CTA limit */
} policy_params;

extern const key_table policy_keys;

/* The units whose outputs policy p obeys (enum CTL_U_* of ctl_ref.h). */
unsigned policy_units(const policy_params *p);

#endif
