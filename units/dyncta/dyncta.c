/* dyncta.c -- DYNCTA reference model (seed 000 Sec. 4.1, Algorithm 1). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "dyncta.h"
#include "ctl_decisions.h"
#include "ctl_unit.h"

#define MASK(bits) ((1u << (bits)) - 1u)

static const char *const branch_names[DYNCTA_NBRANCH] = {
    "kernel_start", "inc_idle", "inc_mem_low", "hold_at_N", "dec_mem_high",
    "hold_at_1", "keep", "idle_sat", "mem_sat", "unused_core",
};

const char *dyncta_branch_name(int i)
{
    return (i >= 0 && i < DYNCTA_NBRANCH) ? branch_names[i] : "?";
}



/* Algorithm 1 INITIALIZE: n = floor(N/2), at least 1 (controllers.md 1). */
static uint8_t initial_limit(uint8_t n_max)
{
    uint8_t half = (uint8_t)(n_max >> 1);
    return half > 0 ? half : 1;
}

/* One saturating step of an 11-bit event counter. */
static uint16_t count_event(uint16_t count, unsigned event, uint64_t *sat_hits)
{
    if (!event)
        return count;
    if (count >= DYNCTA_CNT_MAX) {
        (*sat_hits)++;
        return count;
    }
    return (uint16_t)(count + 1u);
}

/* Count branch br of core c's decision and note it for the decision trace. */
static void decided(dyncta *s, int c, int br)
{
    s->branch_hits[br]++;
    s->obs.branch[c] = (uint8_t)br;
}

/* Algorithm 1 / Fig. 6 decision on the counters of one period of core c. */
static uint8_t decide(dyncta *s, const ctl_cfg *cfg, int c, uint16_t c_idle, uint16_t c_mem)
{
    uint8_t n = s->n[c];
    uint32_t t_idle = cfg->dyncta_t_idle & MASK(DYNCTA_CNT_BITS);
    uint32_t t_mem_l = cfg->dyncta_t_mem_l & MASK(DYNCTA_CNT_BITS);
    uint32_t t_mem_h = cfg->dyncta_t_mem_h & MASK(DYNCTA_CNT_BITS);
    int want_inc_idle = c_idle >= t_idle;
    int want_inc_mem = !want_inc_idle && c_mem < t_mem_l;
    int want_dec = !want_inc_idle && !want_inc_mem && c_mem >= t_mem_h;

    if (want_inc_idle || want_inc_mem) {
        if (n >= s->n_max) {
            decided(s, c, DYNCTA_BR_HOLD_AT_N);
            return n;
        }
        decided(s, c, want_inc_idle ? DYNCTA_BR_INC_IDLE : DYNCTA_BR_INC_MEM_LOW);
        return (uint8_t)(n + 1u);
    }
    if (want_dec) {
        if (n <= 1) {
            decided(s, c, DYNCTA_BR_HOLD_AT_1);
            return n;
        }
        decided(s, c, DYNCTA_BR_DEC_MEM_HIGH);
        return (uint8_t)(n - 1u);
    }
    decided(s, c, DYNCTA_BR_KEEP);
    return n;
}

static void write_outputs(const dyncta *s, ctl_out *out, uint32_t cores)
{
    for (uint32_t c = 0; c < cores; c++)
        out->core[c].dyncta_n = s->n[c];
}

void dyncta_reset(dyncta *s, const ctl_cfg *cfg, ctl_out *out)
{
    memset(s, 0, sizeof *s);
    write_outputs(s, out, CTL_MAX_CORES);
}

static void step_core(dyncta *s, const ctl_cfg *cfg, const ctl_in *in, int c, int period_end)
{
    const ctl_core_in *ci = &in->core[c];
    uint16_t c_idle, c_mem;

    if ((uint32_t)c >= ctl_used_cores(cfg)) {
        s->branch_hits[DYNCTA_BR_UNUSED_CORE]++;
        s->n[c] = 0;
        s->c_idle[c] = s->c_mem[c] = 0;
        return;
    }
    s->obs.n_old[c] = s->n[c];
    if (in->kernel_start & 1u) {
        decided(s, c, DYNCTA_BR_KERNEL_START);
        s->obs.c_idle[c] = s->obs.c_mem[c] = 0;
        s->n[c] = initial_limit(s->n_max);
        s->c_idle[c] = s->c_mem[c] = 0;
        return;
    }
    c_idle = count_event(s->c_idle[c], ci->idle & 1u, &s->branch_hits[DYNCTA_BR_IDLE_SAT]);
    c_mem = count_event(s->c_mem[c], ci->mem_wait & 1u, &s->branch_hits[DYNCTA_BR_MEM_SAT]);
    if (period_end) {
        s->obs.c_idle[c] = c_idle;
        s->obs.c_mem[c] = c_mem;
        s->n[c] = decide(s, cfg, c, c_idle, c_mem);
        c_idle = c_mem = 0;
    }
    s->c_idle[c] = c_idle;
    s->c_mem[c] = c_mem;
}

/* step_core of every core on an edge that neither starts a kernel nor ends
 * a period: the used cores count, the others stay in reset.  (obs.n_old is
 * read only at a decision, whose edge notes it.) */
static void count_cores(dyncta *s, const ctl_cfg *cfg, const ctl_in *in, uint32_t span)
{
    uint32_t used = ctl_used_cores(cfg), n = used < span ? used : span;
    for (uint32_t c = 0; c < n; c++) {
        const ctl_core_in *ci = &in->core[c];
        if (ci->idle & 1u) {
            if (s->c_idle[c] >= DYNCTA_CNT_MAX) s->branch_hits[DYNCTA_BR_IDLE_SAT]++;
            else s->c_idle[c]++;
        }
        if (ci->mem_wait & 1u) {
            if (s->c_mem[c] >= DYNCTA_CNT_MAX) s->branch_hits[DYNCTA_BR_MEM_SAT]++;
            else s->c_mem[c]++;
        }
    }
    for (uint32_t c = n; c < span; c++)
        step_core(s, cfg, in, (int)c, 0);
}

/* (ctl_out keeps the registered outputs between steps: they are written
 * again only on the edges that may change them) */
void dyncta_step(dyncta *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    uint32_t period = cfg->dyncta_period & MASK(DYNCTA_PERIOD_BITS);
    uint32_t counted = s->period_count + 1u;
    int kernel_start = in->kernel_start & 1u;
    /* The edge of the T-th counted cycle decides (period 0 acts as 1). */
    int period_end = !kernel_start && counted >= period;

    if (kernel_start)
        s->n_max = (uint8_t)(in->n_max & MASK(DYNCTA_N_BITS));
    s->obs.decided = (uint8_t)(kernel_start || period_end);
    uint32_t span = ctl_span(&s->span, ctl_used_cores(cfg));
    if (kernel_start || period_end) {
        for (uint32_t c = 0; c < span; c++)
            step_core(s, cfg, in, (int)c, period_end);
        s->out_due = 1;
    } else {
        count_cores(s, cfg, in, span);
        if (ctl_used_cores(cfg) < span) s->out_due = 1;   /* (cores in reset: n = 0) */
    }
    /* the cores beyond the span are unused and already in reset: counted as
     * the unused-core branch they take, not visited */
    s->branch_hits[DYNCTA_BR_UNUSED_CORE] += CTL_MAX_CORES - span;
    s->period_count = (kernel_start || period_end) ? 0 : counted;
    if (s->out_due || span != s->out_span) write_outputs(s, out, span);
    s->out_due = 0;
    s->out_span = span;
}

/* ---------------------------------------------------------------- keys */

/* The unit's programmable registers, with the widths of units/dyncta/dyncta.sv's ports. */
#define DK(k, f, lo, hi, bits, unit, src, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, src, h)
static const key_def dyncta_rows[] = {
    DK("dyncta.period", dyncta_period, 1, 65535, DYNCTA_PERIOD_BITS, "core cycles",
       "seed 000 Sec. 4.1, Table 3", "sampling period T"),
    DK("dyncta.t_idle", dyncta_t_idle, 0, 65535, DYNCTA_CNT_BITS, "cycles",
       "seed 000 Table 3", "t_idle"),
    DK("dyncta.t_mem_l", dyncta_t_mem_l, 0, 65535, DYNCTA_CNT_BITS, "cycles",
       "seed 000 Table 3", "t_mem_l"),
    DK("dyncta.t_mem_h", dyncta_t_mem_h, 0, 65535, DYNCTA_CNT_BITS, "cycles",
       "seed 000 Table 3", "t_mem_h"),
};
const key_table dyncta_keys = KEY_TABLE("dyncta", "units/dyncta/dyncta.sv", dyncta_rows);

/* ---------------------------------------------------------------- plug-in */

/* The unit as the registry sees it (ctl_unit.h, ctl_units.c). */
static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { dyncta_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    dyncta_step(s, cfg, in, out);
}

/* --decisions rows: cycle,core,dyncta,inputs,decision (ctl_decisions.h). */
static void dyncta_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const dyncta *s = state;
    const dyncta_obs *o = &s->obs;
    if (!o->decided) return;
    for (uint32_t c = 0; c < ctl_used_cores(cfg); c++) {
        fprintf(f, "%" PRIu64 ",%u,dyncta,", cycle, c);
        if (o->branch[c] == DYNCTA_BR_KERNEL_START)
            fprintf(f, "N=%u;n=%u", s->n_max, o->n_old[c]);
        else
            fprintf(f, "C_idle=%u;C_mem=%u;n=%u;N=%u;t_idle=%u;t_mem_l=%u;t_mem_h=%u",
                    o->c_idle[c], o->c_mem[c], o->n_old[c], s->n_max,
                    cfg->dyncta_t_idle & DYNCTA_CNT_MAX, cfg->dyncta_t_mem_l & DYNCTA_CNT_MAX,
                    cfg->dyncta_t_mem_h & DYNCTA_CNT_MAX);
        fprintf(f, ",%s;n=%u\n", dyncta_branch_name(o->branch[c]), s->n[c]);
    }
}

/* Its registers' defaults (ctl_cfg_defaults). */
static void cfg_defaults(ctl_cfg *cfg)
{
    /* DYNCTA, seed 000 Sec. 4.1 and Table 3: T = 2048, t_idle = 16,
     * t_mem_l = 128, t_mem_h = 384. */
    cfg->dyncta_period = 2048;
    cfg->dyncta_t_idle = 16;
    cfg->dyncta_t_mem_l = 128;
    cfg->dyncta_t_mem_h = 384;
}

/* Its registers' combination (ctl_unit.check): the memory-wait thresholds in order. */
static int check(const ctl_cfg *u, uint32_t n_cores, int obeyed, ctl_fail *f)
{
    if (u->dyncta_t_mem_l <= u->dyncta_t_mem_h) return 0;
    *f = (ctl_fail){ .keys = { "dyncta.t_mem_l", "dyncta.t_mem_h" } };
    snprintf(f->msg, sizeof f->msg, "dyncta.t_mem_l = %u above dyncta.t_mem_h = %u (dyncta.t_mem_l, dyncta.t_mem_h)",
             u->dyncta_t_mem_l, u->dyncta_t_mem_h);
    return -1;
}

const ctl_unit dyncta_unit = {
    "dyncta", CTL_U_DYNCTA, sizeof(dyncta), unit_reset, unit_step, dyncta_decisions, &dyncta_keys,
    "units/dyncta/dyncta.sv", "units/dyncta/dyncta.gtkw", cfg_defaults,
    { .limit = CTL_FX_CORE(dyncta_n) },
    check,
};
