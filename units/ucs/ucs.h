/* ucs.h -- uC-States Gating Control Unit, C reference model (seed 004,
 * Kayiran et al. PACT 2016, Sec. 4 Algorithm 1; controllers.md section 5).
 *
 * One unit instance covers all cores (one GCU per core inside, one shared
 * interval timer).  A decision takes effect UCS_EVAL (18) edges after the
 * interval's last counted edge.  Every core cycle: ucs_step() consumes ctl_in at a clock
 * edge and leaves the registered outputs tuned_down / accepts_work / pg_state
 * of every core in ctl_out.  Bit-identical to units/ucs/ucs.sv; the cycle-exact
 * rules are in units/ucs/ucs.md.
 */
#ifndef UCS_H
#define UCS_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

/* Twelve unsigned interval counters per core, reused by every phase: each
 * holds the interval sum of one busy count (or J, lambda) that the next
 * decision reads (units/ucs/ucs.md, "Sequential decision").  Widths are the
 * RTL widths (input width + 16 bits of uc_period); a counter saturates at
 * 2^w - 1, which T <= 65535 never reaches. */
#define UCS_NSLOT 12
extern const uint8_t ucs_slot_bits[UCS_NSLOT]; /* 20 20 23 20 ... 20 */

/* The decision datapath of a core (one multiplier, one comparator) steps
 * through UCS_NCMP comparisons, two edges each (load P = a * fa, then
 * compare P < Q = b * fb), after the interval's last counted edge E; the
 * commands take effect at edge E + UCS_EVAL and the next interval starts on
 * the cycle after it.  The counters do not count during the evaluation. */
#define UCS_NCMP 9
#define UCS_EVAL (2 * UCS_NCMP) /* 18 edges */

enum ucs_phase { UCS_PHASE1 = 0, UCS_PHASE2 = 1, UCS_PHASE3 = 2 };

/* Decision and state-machine branches, counted in ucs.branch_hits. */
enum ucs_branch {
    UCS_BR_P1_SP_DOWN, UCS_BR_P1_SP_UP, UCS_BR_P1_SFU_DOWN, UCS_BR_P1_SFU_UP,
    UCS_BR_P1_LDST_DOWN, UCS_BR_P1_LDST_UP, UCS_BR_P1_LDST_LAMBDA0,
    UCS_BR_P2_DOWN_FIRST, /* + 9: OCEX_SP, OCEX_SFU, OCEX_LDST, OC_*, IDOC_* */
    UCS_BR_P2_UP_FIRST = UCS_BR_P2_DOWN_FIRST + 9,
    UCS_BR_P3_SCH_DOWN_IFID_DOWN = UCS_BR_P2_UP_FIRST + 9,
    UCS_BR_P3_SCH_DOWN_IFID_UP,
    UCS_BR_P3_UP_SCH_UTIL,       /* U[SCH] >= 2 th_U */
    UCS_BR_P3_UP_SCH_BOTTLENECK, /* U[SCH] < 2 th_U, but U[SCH_j] >= U[EX_j] for a type j issued */
    UCS_BR_DRAIN_START, UCS_BR_DRAIN_WAIT, UCS_BR_DRAIN_CANCEL,
    UCS_BR_PG_OFF, UCS_BR_CG_GATED,
    UCS_BR_PG_WAKE_START, UCS_BR_PG_WAKE_NOW, UCS_BR_PG_WAKE_DONE, UCS_BR_WAKING_DOWN,
    UCS_BR_CG_UNGATE,
    UCS_BR_SHORT_EPISODE, UCS_BR_LONG_EPISODE,
    UCS_BR_KERNEL_START, UCS_BR_CORE_DISABLED,
    UCS_NBRANCH
};

/* One gateable group (the second group of a component). */
typedef struct ucs_grp {
    uint8_t tuned_down; /* decision register */
    uint8_t state;      /* enum ctl_pg_state; CG groups use ON/DRAINING/OFF */
    uint8_t wake_left;  /* PG only: WAKING cycles still to show (8b) */
} ucs_grp;

/* Raw interval sums behind a decision, for the decision trace
 * (ctl_decisions.h); C model only, no RTL state.  busy/sch are the sums of
 * the busy slots (U = busy / (T * units)), j and lambda those of mem_warps
 * and ldst_enter (RT = j / lambda).  Saturate at UINT32_MAX. */
typedef struct ucs_sums {
    uint32_t busy[CTL_NCOMP];
    uint32_t sch[CTL_NTYPE];
    uint32_t j, lambda;
} ucs_sums;

/* Per-core Gating Control Unit state.  The RTL's interval counters (one per
 * UCS_NSLOT slot, saturating at ucs_slot_bits) are not kept apart: a slot's
 * count is the saturated total of the busy count it counts (a saturating sum of
 * non-negative addends is the saturated total), so the decision reads it from
 * the interval's raw sums, obs_run.  A core whose counted inputs repeat those of
 * the cycle before adds nothing per cycle: the repeated inputs (held) and their
 * number of cycles (held_n) are added to obs_run at once, before a decision
 * reads it. */
typedef struct ucs_core {
    uint8_t  wait;            /* enabled mid-interval: counts from the next interval */
    ucs_grp  grp[CTL_NCOMP];
    /* The groups' states as bit sets (bit i = component i), kept with grp[] by
     * every change: tuned down, DRAINING, OFF, WAKING (a group in none is ON). */
    uint16_t m_down, m_drain, m_off, m_wake;
    uint8_t  n_drain;         /* DRAINING groups */
    /* The registered outputs tuned_down, accepts_work and pg_state as they lie
     * in ctl_core_out, rebuilt where a group changes. */
    uint8_t  out[8];
    /* C-model statistics for the power model (not RTL state): per PG group,
     * the edge (ucs.edge) its current OFF episode began (its length is the
     * edges since, saturating at UINT32_MAX), finished episodes, and episodes
     * that ended before uc_break_even cycles.  Saturate at UINT32_MAX. */
    uint64_t off_at[CTL_NPG];
    uint32_t episodes[CTL_NPG];
    uint32_t short_episodes[CTL_NPG];
    /* The counted inputs of the last counted cycle, repeated held_n cycles
     * and not yet added to obs_run. */
    ctl_core_in held;
    uint32_t held_n;
    uint32_t counted;         /* cycles added to obs_run (saturating) */
    /* Decision trace: the running sums, and at a decision edge the sums it
     * decided on and the commands (1 down, 2 up, 0 none) per component. */
    ucs_sums obs_run;
    ucs_sums obs_last;
    uint8_t  obs_cmd[CTL_NCOMP];
    uint16_t obs_down;        /* tuned_down bits the decision's comparisons used */
} ucs_core;

typedef struct ucs {
    uint16_t cyc;    /* cycles counted in the current interval */
    uint8_t  phase;  /* enum ucs_phase of the next decision */
    uint8_t  eval;   /* 1: the counters are being read (UCS_EVAL edges) */
    uint8_t  ev;     /* evaluation edges done */
    uint64_t edge;   /* edges since the reset (C model only: OFF episode lengths) */
    ucs_core core[CTL_MAX_CORES];
    uint32_t span;          /* cores stepped: ctl_span() */
    uint64_t branch_hits[UCS_NBRANCH];
    /* Decision trace: this edge applied a decision of phase obs_phase on an
     * interval of obs_cycles cycles (ucs_core.obs_last). */
    uint8_t  obs_decided;
    uint8_t  obs_phase;
    uint32_t obs_cycles;
} ucs;

void ucs_reset(ucs *s, const ctl_cfg *cfg, ctl_out *out);
void ucs_step(ucs *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
const char *ucs_branch_name(int i);

/* Component i is power-gated (SCH, EX_SP, EX_SFU, IFID's decoder): its PG
 * group index (enum ctl_pg), or -1 for clock-gated components. */
int ucs_pg_index(int comp);


/* The unit's registers as configuration keys (ucs.*), widths of units/ucs/ucs.sv. */
extern const key_table ucs_keys;

#endif
