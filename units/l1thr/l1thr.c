/* l1thr.c -- the L1-miss throttle's reference model (l1thr.h; the worked
 * example of docs/adding-a-unit.md, from no paper). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "l1thr.h"
#include "ctl_unit.h"

#define MASK(bits) ((1u << (bits)) - 1u)

static const char *const branch_names[L1THR_NBRANCH] = {
    "kernel_start", "dec", "hold_at_1", "inc", "hold_at_N", "sat", "unused_core",
};

const char *l1thr_branch_name(int i)
{
    return (i >= 0 && i < L1THR_NBRANCH) ? branch_names[i] : "?";
}

static void decided(l1thr *s, int c, int br)
{
    s->branch_hits[br]++;
    s->obs.branch[c] = (uint8_t)br;
}

/* The period's decision for core c on its miss count m. */
static uint8_t decide(l1thr *s, const ctl_cfg *cfg, int c, uint32_t m)
{
    uint8_t n = s->n[c];
    if (m > (cfg->l1thr_t_miss & MASK(L1THR_CNT_BITS))) {
        if (n <= 1) {
            decided(s, c, L1THR_BR_HOLD_AT_1);
            return n;
        }
        decided(s, c, L1THR_BR_DEC);
        return (uint8_t)(n - 1u);
    }
    if (n >= s->n_max) {
        decided(s, c, L1THR_BR_HOLD_AT_N);
        return n;
    }
    decided(s, c, L1THR_BR_INC);
    return (uint8_t)(n + 1u);
}

static void write_outputs(const l1thr *s, ctl_out *out, uint32_t cores)
{
    for (uint32_t c = 0; c < cores; c++) out->core[c].l1thr_n = s->n[c];
}

void l1thr_reset(l1thr *s, const ctl_cfg *cfg, ctl_out *out)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
    write_outputs(s, out, CTL_MAX_CORES);
}

static void step_core(l1thr *s, const ctl_cfg *cfg, const ctl_in *in, int c, int period_end)
{
    if ((uint32_t)c >= ctl_used_cores(cfg)) {
        s->branch_hits[L1THR_BR_UNUSED_CORE]++;
        s->n[c] = 0;
        s->misses[c] = 0;
        return;
    }
    s->obs.n_old[c] = s->n[c];
    if (in->kernel_start & 1u) {
        decided(s, c, L1THR_BR_KERNEL_START);
        s->obs.misses[c] = 0;
        s->n[c] = s->n_max;
        s->misses[c] = 0;
        return;
    }
    uint32_t m = s->misses[c] + (in->core[c].l1_miss & MASK(CTL_W_L1_MISS));
    if (m > L1THR_CNT_MAX) {
        s->branch_hits[L1THR_BR_SAT]++;
        m = L1THR_CNT_MAX;
    }
    if (period_end) {
        s->obs.misses[c] = (uint16_t)m;
        s->n[c] = decide(s, cfg, c, m);
        m = 0;
    }
    s->misses[c] = (uint16_t)m;
}

/* step_core of every core on an edge that neither starts a kernel nor ends
 * a period: the used cores count their misses, the others stay in reset.
 * (obs.n_old is read only at a decision, whose edge notes it.) */
static void count_cores(l1thr *s, const ctl_cfg *cfg, const ctl_in *in, uint32_t span)
{
    uint32_t used = ctl_used_cores(cfg), n = used < span ? used : span;
    for (uint32_t c = 0; c < n; c++) {
        uint32_t add = in->core[c].l1_miss & MASK(CTL_W_L1_MISS);
        if (!add) continue;
        uint32_t m = s->misses[c] + add;
        if (m > L1THR_CNT_MAX) {
            s->branch_hits[L1THR_BR_SAT]++;
            m = L1THR_CNT_MAX;
        }
        s->misses[c] = (uint16_t)m;
    }
    for (uint32_t c = n; c < span; c++)
        step_core(s, cfg, in, (int)c, 0);
}

/* (ctl_out keeps the registered outputs between steps: they are written
 * again only on the edges that may change them) */
void l1thr_step(l1thr *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    uint32_t period = cfg->l1thr_period & MASK(L1THR_PERIOD_BITS);
    uint32_t counted = s->period_count + 1u;
    int kernel_start = in->kernel_start & 1u;
    int period_end = !kernel_start && counted >= period;   /* T = 0 acts as 1 */

    if (kernel_start) s->n_max = (uint8_t)(in->n_max & MASK(L1THR_N_BITS));
    s->obs.decided = (uint8_t)(kernel_start || period_end);
    uint32_t span = ctl_span(&s->span, ctl_used_cores(cfg));
    if (kernel_start || period_end) {
        for (uint32_t c = 0; c < span; c++) step_core(s, cfg, in, (int)c, period_end);
        s->out_due = 1;
    } else {
        count_cores(s, cfg, in, span);
        if (ctl_used_cores(cfg) < span) s->out_due = 1;   /* (cores in reset) */
    }
    s->branch_hits[L1THR_BR_UNUSED_CORE] += CTL_MAX_CORES - span;
    s->period_count = (kernel_start || period_end) ? 0 : counted;
    if (s->out_due || span != s->out_span) write_outputs(s, out, span);
    s->out_due = 0;
    s->out_span = span;
}

/* ---------------------------------------------------------------- keys */

#define LK(k, f, lo, hi, bits, unit, src, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, src, h)
static const key_def l1thr_rows[] = {
    LK("l1thr.period", l1thr_period, 1, 65535, L1THR_PERIOD_BITS, "core cycles",
       "docs/adding-a-unit.md (worked example)", "sampling period T"),
    LK("l1thr.t_miss", l1thr_t_miss, 0, 65535, L1THR_CNT_BITS, "misses",
       "docs/adding-a-unit.md (worked example)", "more L1 misses than this in a period lower n"),
};
const key_table l1thr_keys = KEY_TABLE("l1thr", "units/l1thr/l1thr.sv", l1thr_rows);

/* The reset values: T as DYNCTA's (seed 000 Table 3, 2048 cycles), and a
 * threshold of one miss per 4 cycles of the period (T / 4).  Not from a paper
 * and not fitted to any workload: the unit is off unless policy.l1thr = 1. */
static void cfg_defaults(ctl_cfg *cfg)
{
    cfg->l1thr_period = 2048;
    cfg->l1thr_t_miss = 512;
}

/* ---------------------------------------------------------------- plug-in */

/* --decisions rows: cycle,core,l1thr,inputs,decision. */
static void decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const l1thr *s = state;
    if (!s->obs.decided) return;
    for (uint32_t c = 0; c < ctl_used_cores(cfg); c++) {
        fprintf(f, "%" PRIu64 ",%u,l1thr,", cycle, c);
        if (s->obs.branch[c] == L1THR_BR_KERNEL_START)
            fprintf(f, "N=%u;n=%u", s->n_max, s->obs.n_old[c]);
        else
            fprintf(f, "M=%u;n=%u;N=%u;t_miss=%u", s->obs.misses[c], s->obs.n_old[c], s->n_max,
                    cfg->l1thr_t_miss & L1THR_CNT_MAX);
        fprintf(f, ",%s;n=%u\n", l1thr_branch_name(s->obs.branch[c]), s->n[c]);
    }
}

static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { l1thr_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    l1thr_step(s, cfg, in, out);
}

const ctl_unit l1thr_unit = {
    "l1thr", CTL_U_L1THR, sizeof(l1thr), unit_reset, unit_step, decisions, &l1thr_keys,
    "units/l1thr/l1thr.sv", "units/l1thr/l1thr.gtkw", cfg_defaults,
    { .cap = CTL_FX_CORE(l1thr_n) },
    NULL,
};
