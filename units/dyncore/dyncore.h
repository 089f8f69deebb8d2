/* dyncore.h -- DYNCORE: global core gating (seed 000, Kayiran et al.,
 * Sec. 4.2; controllers.md section 2).  C reference model of units/dyncore/dyncore.sv,
 * bit-identical cycle by cycle.
 *
 * Each used core (index < n_cores) is ON (enable=1, power_on=1), DRAINING
 * (enable=0, power_on=1) or OFF (0, 0); unused cores output 0 and are never
 * counted.  Reset and kernel_start put every used core ON.  Counted cores
 * are the used cores not OFF.  Per period (the period's T-th counted edge E
 * ends the sums, the decision is taken at E + 1 after one evaluation cycle
 * whose inputs are not counted -- the RTL's one shared multiplier forms
 * G_act * frac_den at E and frac_num * core_cycles at E + 1; see
 * units/dyncore/dyncore.md):
 *   G_act       = sum over the period's cycles of active over counted cores
 *   core_cycles = sum over the period's cycles of the number of counted cores
 *                 (= counted * T when no core turns off inside the period)
 *   below       = G_act * frac_den < frac_num * core_cycles   (G_act < t_act)
 *   below and all used cores ON: the K highest-numbered used cores DRAIN
 *     (core 0 is never drained);  below otherwise: hold;
 *   not below: every DRAINING or OFF core turns ON.
 * A DRAINING core whose drained input is 1 turns OFF at that edge.
 */
#ifndef DYNCORE_H
#define DYNCORE_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

#define DYNCORE_PERIOD_BITS 16
#define DYNCORE_FRAC_BITS   4
#define DYNCORE_K_BITS      CTL_CORES_BITS
#define DYNCORE_SUM_BITS    24  /* 160 cores * 65535 cycles < 2^24: G_act, core_cycles */
#define DYNCORE_SUM_MAX     ((1u << DYNCORE_SUM_BITS) - 1u)

enum dyncore_mode { DYNCORE_ON = 0, DYNCORE_DRAINING, DYNCORE_OFF };

/* Decision branches, counted in dyncore.branch_hits. */
enum dyncore_branch {
    DYNCORE_BR_KERNEL_START = 0, /* every used core ON, period restarted */
    DYNCORE_BR_GATE,             /* below, all on: K highest cores drain */
    DYNCORE_BR_GATE_KEEP_CORE0,  /* gate with K >= n_cores: core 0 kept ON */
    DYNCORE_BR_BELOW_HOLD,       /* below, some core draining/off: hold */
    DYNCORE_BR_ABOVE_ALL_ON,     /* not below, all on: nothing to do */
    DYNCORE_BR_WAKE_DRAINING,    /* not below: a DRAINING core back ON (per core) */
    DYNCORE_BR_WAKE_OFF,         /* not below: an OFF core back ON (per core) */
    DYNCORE_BR_DRAIN_OFF,        /* DRAINING core drained: OFF (per core) */
    DYNCORE_BR_DRAIN_WAIT,       /* DRAINING core not yet drained (per core-cycle) */
    DYNCORE_BR_PERIOD_END,       /* T-th counted cycle: sums stop, evaluation next */
    DYNCORE_NBRANCH
};

/* A period decision (decide() in dyncore.c). */
enum dyncore_decision { DYNCORE_DEC_NONE = 0, DYNCORE_DEC_GATE, DYNCORE_DEC_WAKE };

/* The decision of the last edge, for the decision trace (ctl_decisions.h);
 * C model only, no RTL state.  decided: the edge ended a period or started
 * a kernel; the period's sums including that edge's cycle, the cores ON
 * before the edge, whether G_act was below t_act and what was decided. */
typedef struct dyncore_obs {
    uint8_t  decided;
    uint8_t  kernel_start;
    uint8_t  below;
    uint8_t  decision;      /* enum dyncore_decision */
    uint32_t g_act;
    uint32_t core_cycles;
    uint32_t n_on;
} dyncore_obs;

typedef struct dyncore {
    uint32_t period_count;  /* cycles counted in this period, 0..T-1 */
    uint8_t  eval;          /* this cycle is the evaluation cycle (RTL eval_q) */
    uint32_t g_act;         /* G_act of this period so far, saturating */
    uint32_t core_cycles;   /* counted cores summed over this period's cycles */
    uint8_t  mode[CTL_MAX_CORES]; /* enum dyncore_mode; unused cores kept ON */
    uint32_t span;          /* cores stepped: ctl_span() */
    /* Kept where the modes change (C model only): the used cores DRAINING and
     * OFF among the n_used cores in use then, and each core's outputs
     * dc_enable and dc_power_on as they lie in ctl_core_out. */
    uint32_t n_used, n_drain, n_off;
    uint64_t drain_m[(CTL_MAX_CORES + 63) / 64]; /* the used cores DRAINING, a bit each */
    uint8_t  out[CTL_MAX_CORES][2];
    uint64_t branch_hits[DYNCORE_NBRANCH];
    dyncore_obs obs;
} dyncore;

void dyncore_reset(dyncore *s, const ctl_cfg *cfg, ctl_out *out);
void dyncore_step(dyncore *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
const char *dyncore_branch_name(int i);

/* The unit's registers as configuration keys (dyncore.*), widths of units/dyncore/dyncore.sv. */
extern const key_table dyncore_keys;

#endif
