/* claso.h -- CLASO credit allocator + credit consumer (seed 003, Sec. 3,
 * Algorithm 1, Figs. 8-10; controllers.md section 3).  C reference model of
 * units/claso/claso.sv, bit-identical cycle by cycle (units/claso/claso.md).
 *
 * Timing: one claso_step() is one clock edge consuming one cycle's ctl_in.
 *  - alloc edge: latches n_cta / alloc_cores, starts the restoring divider
 *    (n_cta - 1) / n_core, drops claso_ready.  Requests of that cycle and of
 *    every cycle while not ready are ignored (neither grant nor refuse).
 *    An alloc while a division is running restarts it.
 *  - CLASO_CTA_W edges later the quotient/remainder are registered; the next
 *    edge loads the new credits (replacing the old ones entirely) and sets
 *    claso_ready: it reads 1 in the ctl_out of the CLASO_READY_STEPS-th
 *    step counting the alloc step as the first.
 *  - a req of cycle t is answered by grant or refuse in the ctl_out of that
 *    same step (visible to the model in cycle t+1) for exactly one cycle;
 *    requests of one cycle are served in ascending core order against the
 *    shared global register.
 * Clamps: n_core = min(alloc_cores, slots), slots = the RTL's NumCores
 * (CTL_MAX_CORES unless claso_set_slots says otherwise); p_A = 0 acts as 1; the
 * global layers are capped at the q + 1 CTA levels (see claso.c).  n_cta = 0
 * or n_core = 0 load zero credits (every request refused).
 */
#ifndef CLASO_H
#define CLASO_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

#define CLASO_CTA_W      20  /* n_cta width: divider dividend and quotient */
#define CLASO_CORE_W     CTL_CORES_BITS /* alloc_cores width: divisor and remainder */
#define CLASO_CREDIT_W   24  /* signed credit registers */
#define CLASO_PARAM_MAX  255 /* p_A, p_L are 8-bit registers */
#define CLASO_READY_STEPS (CLASO_CTA_W + 2)

/* Decision branches counted in claso.branch_hits. */
enum claso_branch {
    CLASO_BR_ALLOC_START = 0, /* alloc with no division running */
    CLASO_BR_ALLOC_RESTART,   /* alloc while a division is running */
    CLASO_BR_CORES_CLAMP,     /* alloc_cores > slots */
    CLASO_BR_LOAD,            /* credits loaded from q, r */
    CLASO_BR_LOAD_EMPTY,      /* n_cta = 0 or n_core = 0: zero credits */
    CLASO_BR_PA_CLAMP,        /* p_A > q + 1: global layers capped */
    CLASO_BR_REQ_NOT_READY,   /* req ignored: not ready */
    CLASO_BR_REQ_AT_ALLOC,    /* req ignored: alloc in the same cycle */
    CLASO_BR_GRANT_LOCAL,     /* C_p >= p_A + p_L: grant */
    CLASO_BR_GRANT_GLOBAL,    /* 0 <= C_p < p_A + p_L, C_g >= 0: grant */
    CLASO_BR_REFUSE_GLOBAL,   /* 0 <= C_p < p_A + p_L, C_g < 0: refuse */
    CLASO_BR_REFUSE_LOCAL,    /* C_p < 0: refuse */
    CLASO_BR_SAT_LOCAL,       /* decrement of C_p held at -1 */
    CLASO_BR_SAT_GLOBAL,      /* decrement of C_g held at -1 */
    CLASO_NBRANCH
};

/* Sequential restoring divider, one quotient bit per step (units/claso/claso_div.sv). */
typedef struct claso_div {
    uint32_t quo;     /* dividend bits shifting out, quotient bits shifting in */
    uint32_t rem;     /* partial remainder, < divisor */
    uint32_t divisor;
    uint8_t  count;   /* steps left, 0 when idle */
    uint8_t  done;    /* 1 for one step after the last quotient bit */
} claso_div;

void claso_div_start(claso_div *d, uint32_t dividend, uint32_t divisor);
void claso_div_step(claso_div *d);

/* The events of the last edge, for the decision trace (ctl_decisions.h);
 * C model only, no RTL state.  loaded: credits were loaded from the
 * division of n_cta (latched at the alloc); served[c]: core c's request was
 * answered, with the credits it was answered against (C_g is the running
 * value of the edge's ascending-core chain) and the branch taken. */
typedef struct claso_obs {
    uint8_t  loaded;
    uint8_t  any_served;
    uint32_t n_cta;                 /* latched at the alloc */
    uint8_t  served[CTL_MAX_CORES];
    uint8_t  branch[CTL_MAX_CORES]; /* enum claso_branch */
    int32_t  c_p[CTL_MAX_CORES];    /* C_p before the request */
    int32_t  c_g[CTL_MAX_CORES];    /* C_g before the request */
} claso_obs;

typedef struct claso {
    claso_div div;
    uint8_t  n_core;          /* latched at alloc, clamped */
    uint8_t  slots;           /* consumers: the RTL's NumCores (claso_set_slots) */
    uint32_t span;            /* cores stepped: ctl_span() over n_core and cfg.n_cores */
    uint8_t  empty;           /* latched at alloc: n_cta = 0 or n_core = 0 */
    uint8_t  ready;           /* claso_ready register */
    int32_t  global;          /* C_g */
    int32_t  local[CTL_MAX_CORES];  /* C_p[c] */
    uint8_t  grant[CTL_MAX_CORES];
    uint8_t  refuse[CTL_MAX_CORES];
    /* The cores served at the last edge, a bit each (C model only): the only
     * ones whose grant, refuse and obs.served are not 0. */
    uint64_t served_m[(CTL_MAX_CORES + 63) / 64];
    uint64_t branch_hits[CLASO_NBRANCH];
    claso_obs obs;
} claso;

void claso_reset(claso *s, const ctl_cfg *cfg, ctl_out *out);
/* After a reset: model a unit of `slots` consumers (units/claso/claso.sv built with
 * NumCores = slots, as the unit benches build it), 1..CTL_MAX_CORES. */
void claso_set_slots(claso *s, uint32_t slots);
void claso_step(claso *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
const char *claso_branch_name(int i);

/* The unit's registers as configuration keys (claso.*), widths of units/claso/claso.sv. */
extern const key_table claso_keys;

#endif
