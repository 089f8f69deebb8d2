/* l1thr.h -- the L1-miss throttle: a per-core CTA limit that falls while the
 * core's L1 data-cache misses over a sampling period exceed a register and
 * rises otherwise.  The worked example of docs/adding-a-unit.md: a mechanism
 * written for the tutorial, from no paper.  C reference model of l1thr.sv,
 * bit-identical cycle by cycle (units/l1thr/l1thr.md).
 *
 * Timing: one call of l1thr_step() is one clock edge that consumes the ctl_in
 * of one core cycle.  A kernel_start edge latches N, sets n = N (no throttling
 * until a period has been measured), clears the counters and restarts the
 * period (that cycle's misses are discarded).  Every other edge adds the
 * cycle's l1_miss to a 16-bit saturating counter M; the edge of the T-th such
 * cycle decides on M including that cycle: M > t_miss lowers n by one (not
 * below 1), else n rises by one (not above N); then M is cleared.  Cores >=
 * n_cores hold n = 0 and M = 0.  T = 0 acts as 1.
 */
#ifndef L1THR_H
#define L1THR_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

#define L1THR_CNT_BITS    16
#define L1THR_CNT_MAX     ((1u << L1THR_CNT_BITS) - 1u)
#define L1THR_PERIOD_BITS 16
#define L1THR_N_BITS      6

/* Decision branches, counted in l1thr.branch_hits. */
enum l1thr_branch {
    L1THR_BR_KERNEL_START = 0, /* n = N, counter cleared */
    L1THR_BR_DEC,              /* M > t_miss, n > 1: n - 1 */
    L1THR_BR_HOLD_AT_1,        /* M > t_miss, n <= 1: keep */
    L1THR_BR_INC,              /* M <= t_miss, n < N: n + 1 */
    L1THR_BR_HOLD_AT_N,        /* M <= t_miss, n >= N: keep */
    L1THR_BR_SAT,              /* a miss counted while M = 65535 */
    L1THR_BR_UNUSED_CORE,      /* core >= n_cores: n = 0 */
    L1THR_NBRANCH
};

/* The decisions of the last edge (C model only, for --decisions). */
typedef struct l1thr_obs {
    uint8_t  decided;
    uint8_t  branch[CTL_MAX_CORES];     /* enum l1thr_branch */
    uint8_t  n_old[CTL_MAX_CORES];
    uint16_t misses[CTL_MAX_CORES];
} l1thr_obs;

typedef struct l1thr {
    uint32_t period_count;            /* cycles counted in this period, 0..T-1 */
    uint8_t  n_max;                   /* N latched at the last kernel start */
    uint8_t  n[CTL_MAX_CORES];        /* CTA limit per core (the output) */
    uint16_t misses[CTL_MAX_CORES];   /* M, saturating at L1THR_CNT_MAX */
    uint32_t span;                    /* cores stepped: ctl_span() */
    uint8_t  out_due;                 /* n[] may have changed since the outputs were written */
    uint32_t out_span;                /* the span they were written for */
    uint64_t branch_hits[L1THR_NBRANCH];
    l1thr_obs obs;
} l1thr;

void l1thr_reset(l1thr *s, const ctl_cfg *cfg, ctl_out *out);
void l1thr_step(l1thr *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
const char *l1thr_branch_name(int i);

/* The unit's registers as configuration keys (l1thr.*), widths of l1thr.sv. */
extern const key_table l1thr_keys;

#endif
