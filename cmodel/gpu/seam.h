/* seam.h -- the model side of the seam (ctl/ctl_seam.h): the CTA scheduler
 * and the policy stack.
 *
 * Each core cycle, after the cores have filled their own ctl_core_in fields
 * (seam_stepped() for each core stepped):
 *   seam_inputs()  places CTAs (round-robin, or by grant), raises grant
 *                  requests, and fills the global inputs (kernel launch,
 *                  grant allocation, DRAM activity, L1 misses);
 *   the engine steps the units on `in` and writes `out`;
 *   seam_account() counts what the outputs did this cycle;
 *   seam_obey()    applies the outputs for the next cycle: CTA limits,
 *                  core enables, datapath gating and clock scales.
 * Nothing else reads ctl_out or writes ctl_in (but core_cycle's own fields).
 */
#ifndef SEAM_H
#define SEAM_H

#include <stddef.h>
#include <stdint.h>
#include "bits.h"
#include "core.h"
#include "ctl_seam.h"
#include "kern.h"
#include "mem.h"
#include "policy.h"
#include "stats.h"

#define SEAM_WORDS ((CTL_MAX_CORES + 63) / 64)

typedef struct seam {
    const policy_params *pol;
    const launch_params *lp;         /* launch overheads (sm/sm_params.h) */
    uint32_t n_cores, n_parts;
    core   **cores;                  /* [n_cores], owned by the GPU */
    memsys  *mem;
    ctl_in   in;
    ctl_out  out;

    /* CTA scheduler */
    kern    *k;
    uint32_t n_max;
    uint32_t next_cta;               /* next CTA id to place */
    uint32_t granted[CTL_MAX_CORES]; /* grants not yet placed */
    uint8_t  req_pending[CTL_MAX_CORES];
    uint8_t  refused[CTL_MAX_CORES];
    uint32_t reqs_out;               /* requests pending: the cores of pend_m */
    uint32_t n_granted;              /* grants not yet placed, all cores: the sum of granted[] */
    uint64_t gr_m[SEAM_WORDS];       /* cores with granted[c] > 0 */
    uint64_t pend_m[SEAM_WORDS];     /* cores with req_pending[c] */
    uint64_t refused_m[SEAM_WORDS];  /* cores with refused[c] */
    uint32_t rr;                     /* round-robin start core */
    uint64_t seq;                    /* CTA launch sequence */
    uint8_t  enabled[CTL_MAX_CORES]; /* cores that may receive CTAs */
    uint64_t en_m[SEAM_WORDS];       /* the same as a bit set */
    uint32_t n_enabled;              /* how many */
    uint8_t  alloc_due;              /* grant issue: allocate in the next cycle */
    uint8_t  launching;              /* the kernel-launch cycle: no CTA placed yet */
    int      fc_applied;             /* calibrator state the clocks reflect */

    /* the front end (launch.*) */
    uint64_t cycle;                  /* seam_inputs calls: core cycles */
    uint64_t hold;                   /* cycles before the kernel's first block dispatch */
    uint64_t fe_next;                /* thousandths of a cycle: the next dispatch, GPU-wide */
    uint64_t sm_next[CTL_MAX_CORES]; /* the cycle core c may take its next block */

    /* DRAM counters for the dram_cycles / dram_busy inputs, and what has
     * happened but not yet been reported (a burst is credited at once; the
     * 3-bit fields carry at most 7 a cycle, the rest follows in the next
     * cycles, none is dropped) */
    uint64_t last_dram_cycles;
    uint64_t last_dram_busy[CTL_MAX_PARTS];
    uint64_t owed_dram_cycles;
    uint64_t owed_dram_busy[CTL_MAX_PARTS];
    uint64_t last_l1_miss[CTL_MAX_CORES];   /* the same for each core's L1 misses */
    uint64_t owed_l1_miss[CTL_MAX_CORES];
    uint64_t last_l1_total;          /* mem_stats.l1_misses (the sum of the cores') then */
    uint64_t l1_owing[SEAM_WORDS];   /* cores with misses owed */
    uint64_t l1_fed[SEAM_WORDS];     /* cores whose l1_miss field the seam set non-zero */
    uint64_t req_fed[SEAM_WORDS];    /* cores whose req field the seam set */

    uint8_t  prev_pg[CTL_MAX_CORES][CTL_NPG];
    /* (with gating outputs) the off and tuned-down cycles, kept per change:
     * a group's off cycles are added when it leaves off or at seam_flush,
     * a component's tuned-down cycles when the core's mask changes or at
     * seam_flush (acct_n counts the cycles) */
    uint64_t pg_from[CTL_MAX_CORES][CTL_NPG]; /* acct_n when an off group went off */
    uint64_t down_from[CTL_MAX_CORES];        /* acct_n when down_m began */
    uint16_t down_m[CTL_MAX_CORES];           /* the tuned_down mask counted */
    /* the timeline's thread instructions, from the cores' own counts (the
     * seam's thread_insts field saturates at its RTL width) */
    uint64_t tl_insts;               /* of earlier kernels, since the last sample */
    uint64_t tl_base;                /* this kernel's, at the last sample */

    /* the CTA limits of the outputs in `out` (limits_fill, where they
     * changed), valid from seam_account to the seam_obey that follows it */
    uint32_t lim[CTL_MAX_CORES];
    uint8_t  lim_valid;
    uint32_t lim_set[CTL_MAX_CORES]; /* the limit each core holds (UINT32_MAX: unknown) */

    /* the effects of the units the policy obeys (ctl_unit.fx, resolved by
     * seam_init): offsets into ctl_core_out of each core (fx_*) or ctl_out;
     * the single ones + 1, 0 = none */
    uint8_t  lim_static;             /* policy.cta_limit = static */
    uint16_t lim_src;                /* the CTA limit (a unit value of policy.cta_limit) */
    uint16_t fx_cap[CTL_NUNITS];     /* caps of the CTA limit */
    uint16_t fx_en[CTL_NUNITS];      /* core enables, ANDed */
    uint16_t fx_pw[CTL_NUNITS];      /* core powered, ANDed */
    uint16_t fx_acc[CTL_NUNITS];     /* accepts_work masks, ANDed */
    uint16_t fx_lim1[CTL_NUNITS];    /* the profiled core (core 0) limited to one CTA */
    uint8_t  n_cap, n_en, n_pw, n_acc, n_lim1;
    uint16_t clk_on, clk_core, clk_mem; /* the clock pair */
    uint16_t ktype;                  /* the kernel's classification */
    uint8_t  grants;                 /* CTAs issue by request and grant */

    /* Per-core work in proportion to the cores that changed (docs/performance.md
     * "What is still done every cycle"). */
    uint64_t room_chk[SEAM_WORDS];   /* cores that may have room for a CTA: a core
                                      * found without room is dropped until its
                                      * resident count falls (cta_done), its limit
                                      * is set or a kernel begins; a core found not
                                      * enabled, until the enabled cores change */
    uint8_t  fx_fixed;               /* no unit output the policy obeys acts per core:
                                      * limits, enables and power fixed per kernel */
    uint8_t  lim_due;                /* (fx_fixed) the cores' limits still to hand over */
    /* The per-core accounting (seam_account), kept per change: a core's
     * cycles count under its key (powered, enabled, empty, gated) and limit
     * until one of them changes, and are added then or at seam_flush.  A key
     * can change only where the outputs did (out_seen), the enables did
     * (acct_all), the resident count did (dirty) or, for a disabled empty
     * core, where it becomes quiet (q_watch). */
    uint64_t dirty[SEAM_WORDS];      /* cores whose resident count changed this cycle */
    uint64_t q_watch[SEAM_WORDS];    /* disabled empty cores not yet quiet */
    uint64_t acct_n;                 /* cycles accounted since the last seam_flush */
    uint64_t ak_from[CTL_MAX_CORES]; /* acct_n when core c's key and limit began */
    uint32_t ak_lim[CTL_MAX_CORES];  /* the limit counted */
    uint8_t  ak[CTL_MAX_CORES];      /* the key counted (AK_* in seam.c) */
    uint32_t n_empty;                /* cores whose key is empty */
    uint8_t  acct_all;               /* every core's key to be found again */
    uint8_t  out_new;                /* seam_account found outputs that changed */
    ctl_out  out_seen;               /* the outputs seam_account last counted */
    uint8_t  cores_still;            /* set by the GPU loop: no core was visited this
                                      * cycle (a jump), their fields are the last ones */
    void   (*still_end)(void *);     /* called before the seam changes a core while
                                      * cores_still: the GPU loop ends the jump */
    void    *still_arg;
    uint32_t acc_set[CTL_MAX_CORES]; /* the accepts mask each core holds (> 0xffff: none yet) */
} seam;

void seam_init(seam *s, const policy_params *pol, const launch_params *lp, uint32_t n_cores,
               uint32_t n_parts, core **cores, memsys *mem);

/* Kernel k (N = n_max) launches: its inputs are raised for this cycle. */
void seam_kernel_begin(seam *s, kern *k, uint32_t n_max);
void seam_kernel_end(seam *s);

/* CTA placement and the global inputs of this cycle.  -1 with err on a
 * kernel source error. */
int  seam_inputs(seam *s, char *err, size_t errlen);

/* Core c was stepped in this cycle (core_cycle 1; a frozen cycle's fields hold
 * no instruction and no CTA done), before seam_inputs: a core whose CTAs
 * finished may have room again, and is no longer what seam_account counted. */
static inline void seam_stepped(seam *s, uint32_t c)
{
    const ctl_core_in *k = &s->in.core[c];
    if (k->cta_done) {
        bits_set(s->room_chk, c);
        bits_set(s->dirty, c);
    }
}

/* After the engine's step: clear the pulses, count this cycle's outputs. */
void seam_account(seam *s, kstats *ks);

/* Add what seam_account kept back to ks (before ks's control statistics
 * are read: at the end of a kernel, stopped or not). */
void seam_flush(seam *s, kstats *ks);

/* Obey the outputs from the next cycle on.  Returns 1 if the clock scales
 * changed (then *core_pct, *mem_pct hold the new percentages), else 0. */
int  seam_obey(seam *s, int *core_pct, int *mem_pct);

/* The kernel classification of the outputs (ctl_fx.ktype; 0 without one). */
uint32_t seam_kernel_type(const seam *s);

/* The CTA limit core c obeys now. */
uint32_t seam_limit(const seam *s, uint32_t c);

/* Every CTA of the running kernel placed. */
int  seam_all_placed(const seam *s);

/* Report up to `max` of what *owed holds plus `add` new events in this
 * cycle's field; the rest stays owed for the next cycles (controllers.md 4:
 * every DRAM data-bus cycle reaches the unit once). */
uint8_t seam_feed(uint64_t *owed, uint64_t add, uint32_t max);

/* One controller timeline sample at core cycle `now`. */
void seam_sample(seam *s, report *r, uint32_t kidx, uint64_t now);

#endif
