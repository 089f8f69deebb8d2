/* dyncore.c -- DYNCORE reference model (seed 000 Sec. 4.2). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "dyncore.h"
#include "ctl_decisions.h"
#include "ctl_unit.h"

#define MASK(bits) ((1u << (bits)) - 1u)

static const char *const branch_names[DYNCORE_NBRANCH] = {
    "kernel_start", "gate", "gate_keep_core0", "below_hold", "above_all_on",
    "wake_draining", "wake_off", "drain_off", "drain_wait", "period_end",
};

const char *dyncore_branch_name(int i)
{
    return (i >= 0 && i < DYNCORE_NBRANCH) ? branch_names[i] : "?";
}



static uint32_t sat_add(uint32_t sum, uint32_t add)
{
    return (sum + add > DYNCORE_SUM_MAX) ? DYNCORE_SUM_MAX : sum + add;
}

static uint32_t used_cores(const ctl_cfg *cfg) { return ctl_used_cores(cfg); }

static int all_used_on(const dyncore *s)
{
    return !s->n_drain && !s->n_off;
}

/* Lowest core index that a gate decision drains: the K highest-numbered used
 * cores, but never core 0. */
static uint32_t first_gated_core(const ctl_cfg *cfg)
{
    uint32_t n = cfg->n_cores & MASK(CTL_CORES_BITS);
    uint32_t k = cfg->dyncore_k & MASK(DYNCORE_K_BITS);
    return n > k ? n - k : 1;
}

/* dc_enable and dc_power_on: adjacent in ctl_core_out, copied as one piece. */
#define DC_OUT_AT offsetof(ctl_core_out, dc_enable)
_Static_assert(offsetof(ctl_core_out, dc_power_on) == DC_OUT_AT + 1, "dyncore outputs adjacent");

/* The outputs and mode counts of cores 0 .. cores-1 from their modes, where
 * the modes or the cores in use change. */
static void modes_changed(dyncore *s, const ctl_cfg *cfg, uint32_t cores)
{
    uint32_t n_used = used_cores(cfg);
    s->n_used = n_used;
    s->n_drain = s->n_off = 0;
    memset(s->drain_m, 0, sizeof s->drain_m);
    for (uint32_t c = 0; c < cores; c++) {
        int used = c < n_used;
        s->out[c][0] = (uint8_t)(used && s->mode[c] == DYNCORE_ON);
        s->out[c][1] = (uint8_t)(used && s->mode[c] != DYNCORE_OFF);
        if (used && s->mode[c] == DYNCORE_DRAINING) {
            s->n_drain++;
            s->drain_m[c >> 6] |= 1ull << (c & 63);
        }
        s->n_off += used && s->mode[c] == DYNCORE_OFF;
    }
}

/* An edge without a decision: only the DRAINING cores change (next_mode), a
 * drained one to OFF. */
static void drain_step(dyncore *s, const ctl_in *in)
{
    for (uint32_t w = 0; w < sizeof s->drain_m / sizeof s->drain_m[0]; w++)
        for (uint64_t m = s->drain_m[w]; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            if (!(in->core[c].drained & 1u)) {
                s->branch_hits[DYNCORE_BR_DRAIN_WAIT]++;
                continue;
            }
            s->branch_hits[DYNCORE_BR_DRAIN_OFF]++;
            s->mode[c] = DYNCORE_OFF;
            s->out[c][1] = 0;
            s->drain_m[w] &= ~(1ull << (c & 63));
            s->n_drain--;
            s->n_off++;
        }
}

/* Outputs of cores 0 .. cores-1 (the others keep their reset outputs, 0). */
static void write_outputs(const dyncore *s, ctl_out *out, uint32_t cores)
{
    for (uint32_t c = 0; c < cores; c++)
        memcpy((uint8_t *)&out->core[c] + DC_OUT_AT, s->out[c], 2);
}

void dyncore_reset(dyncore *s, const ctl_cfg *cfg, ctl_out *out)
{
    memset(s, 0, sizeof *s); /* every core ON */
    modes_changed(s, cfg, CTL_MAX_CORES);
    write_outputs(s, out, CTL_MAX_CORES);
    s->span = used_cores(cfg); /* the cores given outputs other than 0 */
}

/* Accumulate this cycle's N_act and the cores t_act is made of (seed 000
 * Sec. 4.2: "G_act, the sum of N_act of each core that is not turned off";
 * t_act is "a threshold equal to 40960, which stands for 66% RACT in a 30-core
 * system" -- fixed, so by default every core in use counts toward t_act even
 * when turned off; tact_counted = 1 scales it with the cores not off). */
static void accumulate(dyncore *s, const ctl_cfg *cfg, const ctl_in *in, uint32_t n_used)
{
    uint32_t active = 0, counted = n_used - s->n_off;
    if (!s->n_off) {
        for (uint32_t c = 0; c < n_used; c++)
            active += in->core[c].active & 1u;
    } else {
        for (uint32_t c = 0; c < n_used; c++)
            active += (in->core[c].active & 1u) && s->mode[c] != DYNCORE_OFF;
    }
    s->g_act = sat_add(s->g_act, active);
    s->core_cycles = sat_add(s->core_cycles, (cfg->dyncore_tact_counted & 1u) ? counted : n_used);
}

/* G_act < t_act with t_act = frac_num/frac_den * cores * T (seed 000
 * Sec. 4.2: 40960 = 2/3 * 30 cores * 2048), by cross-multiplication. */
static int below_threshold(const dyncore *s, const ctl_cfg *cfg)
{
    uint64_t lhs = (uint64_t)s->g_act * (cfg->dyncore_frac_den & MASK(DYNCORE_FRAC_BITS));
    uint64_t rhs = (uint64_t)s->core_cycles * (cfg->dyncore_frac_num & MASK(DYNCORE_FRAC_BITS));
    return lhs < rhs;
}

enum decision { DEC_NONE = DYNCORE_DEC_NONE, DEC_GATE = DYNCORE_DEC_GATE, DEC_WAKE = DYNCORE_DEC_WAKE };

/* Period decision on the modes of this cycle (before the edge). */
static enum decision decide(dyncore *s, const ctl_cfg *cfg, uint32_t n_used)
{
    int all_on = all_used_on(s);
    int below = below_threshold(s, cfg);

    s->obs.below = (uint8_t)below;
    if (below) {
        if (!all_on) {
            s->branch_hits[DYNCORE_BR_BELOW_HOLD]++;
            return DEC_NONE;
        }
        s->branch_hits[DYNCORE_BR_GATE]++;
        if ((cfg->n_cores & MASK(CTL_CORES_BITS)) <= (cfg->dyncore_k & MASK(DYNCORE_K_BITS)))
            s->branch_hits[DYNCORE_BR_GATE_KEEP_CORE0]++;
        return DEC_GATE;
    }
    if (all_on) {
        s->branch_hits[DYNCORE_BR_ABOVE_ALL_ON]++;
        return DEC_NONE;
    }
    return DEC_WAKE;
}

/* Next mode of used core c.  A gate marks cores DRAINING (never straight
 * OFF: a CTA granted in this cycle may still be on its way); a DRAINING core
 * turns OFF at the edge of a cycle in which it is drained; a wake turns any
 * DRAINING or OFF core back ON, overriding a drain-off at the same edge. */
static uint8_t next_mode(dyncore *s, const ctl_in *in, uint32_t c, uint32_t first_gated,
                         enum decision dec)
{
    uint8_t mode = s->mode[c];

    if (dec == DEC_WAKE) {
        if (mode == DYNCORE_DRAINING)
            s->branch_hits[DYNCORE_BR_WAKE_DRAINING]++;
        else if (mode == DYNCORE_OFF)
            s->branch_hits[DYNCORE_BR_WAKE_OFF]++;
        return DYNCORE_ON;
    }
    if (dec == DEC_GATE)
        return c >= first_gated ? DYNCORE_DRAINING : DYNCORE_ON;
    if (mode != DYNCORE_DRAINING)
        return mode;
    if (in->core[c].drained & 1u) {
        s->branch_hits[DYNCORE_BR_DRAIN_OFF]++;
        return DYNCORE_OFF;
    }
    s->branch_hits[DYNCORE_BR_DRAIN_WAIT]++;
    return DYNCORE_DRAINING;
}

/* Note the period's sums for the decision trace, before the decision. */
static void observe(dyncore *s, uint32_t n_used, int kernel_start)
{
    uint32_t on = 0;
    for (uint32_t c = 0; c < n_used; c++)
        on += s->mode[c] == DYNCORE_ON;
    s->obs.decided = 1;
    s->obs.kernel_start = (uint8_t)kernel_start;
    s->obs.below = 0;
    s->obs.decision = DYNCORE_DEC_NONE;
    s->obs.g_act = s->g_act;
    s->obs.core_cycles = s->core_cycles;
    s->obs.n_on = on;
}

static void restart_period(dyncore *s)
{
    s->eval = 0;
    s->period_count = 0;
    s->g_act = 0;
    s->core_cycles = 0;
}

void dyncore_step(dyncore *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    uint32_t n_used = used_cores(cfg);
    uint32_t period = cfg->dyncore_period & MASK(DYNCORE_PERIOD_BITS);
    uint32_t first_gated = first_gated_core(cfg);
    uint8_t mode_next[CTL_MAX_CORES];
    uint32_t span = ctl_span(&s->span, n_used);
    int used_changed = n_used != s->n_used;
    if (used_changed)
        modes_changed(s, cfg, span);

    s->obs.decided = 0;
    if (in->kernel_start & 1u) {
        observe(s, n_used, 1);
        s->branch_hits[DYNCORE_BR_KERNEL_START]++;
        memset(s->mode, DYNCORE_ON, span);
        restart_period(s);
        modes_changed(s, cfg, span);
        write_outputs(s, out, span);
        return;
    }
    /* The evaluation cycle after a period's end decides with that period's
     * sums (the RTL multiplies G_act * den at E and compares with
     * num * core_cycles now); this cycle's inputs are not counted. */
    enum decision dec = DEC_NONE;
    int period_end = 0;
    if (s->eval) {
        observe(s, n_used, 0);
        dec = decide(s, cfg, n_used);
        s->obs.decision = (uint8_t)dec;
    } else {
        /* The edge of the T-th counted cycle ends the period (period 0 acts
         * as 1); the sums include this cycle. */
        period_end = s->period_count + 1u >= period;
        accumulate(s, cfg, in, n_used);
        if (period_end)
            s->branch_hits[DYNCORE_BR_PERIOD_END]++;
    }
    /* Without a decision only DRAINING cores change mode, and the cores
     * beyond the used ones are ON already unless the used ones changed. */
    if (dec != DEC_NONE || used_changed) {
        for (uint32_t c = 0; c < span; c++)
            mode_next[c] = c < n_used ? next_mode(s, in, c, first_gated, dec) : DYNCORE_ON;
        memcpy(s->mode, mode_next, span);
        modes_changed(s, cfg, span);
    } else if (s->n_drain) {
        drain_step(s, in);
    }
    if (s->eval) {
        restart_period(s);
    } else if (period_end) {
        s->period_count = 0;
        s->eval = 1;
    } else {
        s->period_count++;
    }
    write_outputs(s, out, span);
}

/* ---------------------------------------------------------------- keys */

/* The unit's programmable registers, with the widths of units/dyncore/dyncore.sv's ports. */
#define DK(k, f, lo, hi, bits, unit, src, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, src, h)
static const key_def dyncore_rows[] = {
    DK("dyncore.period", dyncore_period, 1, 65535, DYNCORE_PERIOD_BITS, "core cycles",
       "seed 000 Sec. 4.2", "DYNCORE period T"),
    DK("dyncore.frac_num", dyncore_frac_num, 0, 255, DYNCORE_FRAC_BITS, "",
       "seed 000 Sec. 4.2 (2/3)", "t_act fraction numerator"),
    DK("dyncore.frac_den", dyncore_frac_den, 1, 255, DYNCORE_FRAC_BITS, "",
       "seed 000 Sec. 4.2 (2/3)", "t_act fraction denominator"),
    DK("dyncore.k", dyncore_k, 1, CTL_MAX_CORES, DYNCORE_K_BITS, "cores",
       "seed 000 Sec. 4.2", "cores drained at once (K)"),
    DK("dyncore.tact_counted", dyncore_tact_counted, 0, 1, 1, "",
       "seed 000 Sec. 4.2 (fixed t_act = 0)",
       "t_act over the cores in use (0, the paper's fixed 40960) or the cores not off (1)"),
};
const key_table dyncore_keys = KEY_TABLE("dyncore", "units/dyncore/dyncore.sv", dyncore_rows);

/* ---------------------------------------------------------------- plug-in */

/* The unit as the registry sees it (ctl_unit.h, ctl_units.c). */
static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { dyncore_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    dyncore_step(s, cfg, in, out);
}

/* --decisions rows: cycle,core,dyncore,inputs,decision (ctl_decisions.h). */
/* t_act = frac_num / frac_den * core_cycles, exactly. */
static void print_tact(FILE *f, const dyncore_obs *o, const ctl_cfg *cfg)
{
    uint64_t num = (uint64_t)o->core_cycles * (cfg->dyncore_frac_num & MASK(DYNCORE_FRAC_BITS));
    uint32_t den = cfg->dyncore_frac_den & MASK(DYNCORE_FRAC_BITS);
    if (den && num % den == 0)
        fprintf(f, "t_act=%" PRIu64, num / den);
    else
        fprintf(f, "t_act=%" PRIu64 "/%u", num, den);
}

static const char *dyncore_decision_name(const dyncore_obs *o)
{
    if (o->decision == DYNCORE_DEC_GATE) return "gate";
    if (o->decision == DYNCORE_DEC_WAKE) return "wake";
    return o->below ? "hold" : "keep";
}

static void dyncore_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const dyncore *s = state;
    const dyncore_obs *o = &s->obs;
    uint32_t n = ctl_used_cores(cfg), k = cfg->dyncore_k & MASK(DYNCORE_K_BITS);
    if (!o->decided) return;
    fprintf(f, "%" PRIu64 ",all,dyncore,", cycle);
    if (o->kernel_start) {
        fprintf(f, "kernel_start;used=%u,all_on\n", n);
        return;
    }
    fprintf(f, "G_act=%u;core_cycles=%u;", o->g_act, o->core_cycles);
    print_tact(f, o, cfg);
    fprintf(f, ";on=%u;used=%u,%s", o->n_on, n, dyncore_decision_name(o));
    if (o->decision == DYNCORE_DEC_GATE)
        fprintf(f, ";drain=%u..%u", n > k ? n - k : 1, n - 1);
    fputc('\n', f);
}

/* Its registers' defaults (ctl_cfg_defaults). */
static void cfg_defaults(ctl_cfg *cfg)
{
    /* DYNCORE, seed 000 Sec. 4.2: t_act = 2/3 * cores * T (40960 for 30 cores), K = 8. */
    cfg->dyncore_period = 2048;
    cfg->dyncore_frac_num = 2;
    cfg->dyncore_frac_den = 3;
    cfg->dyncore_k = 8;
    cfg->dyncore_tact_counted = 0;  /* seed 000 Sec. 4.2: t_act is a fixed 40960 */
}

/* Its registers' combinations (ctl_unit.check): K below the core count when
 * obeyed (a drain of K cores leaves one on), t_act's fraction at most 1. */
static int check(const ctl_cfg *u, uint32_t n_cores, int obeyed, ctl_fail *f)
{
    if (obeyed && u->dyncore_k >= n_cores) {
        *f = (ctl_fail){ .keys = { "dyncore.k", "core.count", "policy.dyncore" } };
        snprintf(f->msg, sizeof f->msg, "dyncore.k = %u must be below core.count = %u (dyncore.k, core.count)",
                 u->dyncore_k, n_cores);
        return -1;
    }
    if (u->dyncore_frac_num > u->dyncore_frac_den) {
        *f = (ctl_fail){ .keys = { "dyncore.frac_num", "dyncore.frac_den" } };
        snprintf(f->msg, sizeof f->msg,
                 "dyncore.frac_num / frac_den above 1 (dyncore.frac_num, dyncore.frac_den)");
        return -1;
    }
    return 0;
}

const ctl_unit dyncore_unit = {
    "dyncore", CTL_U_DYNCORE, sizeof(dyncore), unit_reset, unit_step, dyncore_decisions, &dyncore_keys,
    "units/dyncore/dyncore.sv", "units/dyncore/dyncore.gtkw", cfg_defaults,
    { .enable = CTL_FX_CORE(dc_enable), .power = CTL_FX_CORE(dc_power_on) },
    check,
};
