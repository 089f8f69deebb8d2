/* gpu.c -- the GPU top loop.  See gpu.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu.h"
#include "core.h"
#include "mem.h"

enum { DOM_CORE = 0, DOM_ICNT, DOM_L2, DOM_DRAM, DOM_N };

#define STUCK_CYCLES 2000000ull   /* no instruction, no memory traffic: deadlock */

struct gpu {
    const gpu_cfg *cfg;
    ctl_engine *eng;
    memsys  *mem;
    core    *cores[CTL_MAX_CORES];
    ctl_in   in;
    ctl_out  out;
    uint64_t now;                    /* core cycles since the run started */
    uint64_t t_fs;                   /* simulated time */
    uint64_t next_fs[DOM_N];
    uint64_t period_fs[DOM_N];
    int      fc_applied;             /* calibrator state the periods reflect */

    /* CTA scheduler */
    kern    *k;
    uint32_t n_max;
    uint32_t next_cta;               /* next CTA id to place */
    uint32_t granted[CTL_MAX_CORES]; /* CLASO grants not yet placed */
    uint8_t  req_pending[CTL_MAX_CORES];
    uint8_t  refused[CTL_MAX_CORES];
    uint32_t reqs_out;
    uint32_t rr;                     /* round-robin start core */
    uint64_t seq;                    /* CTA launch sequence */
    uint64_t enabled_mask;           /* cores that may receive CTAs */
    uint8_t  alloc_due;              /* CLASO: allocate in the next cycle */
    uint8_t  launching;              /* the kernel-launch cycle: no CTA placed yet */

    /* DRAM counters for the AR-CTA inputs */
    uint64_t last_dram_cycles;
    uint64_t last_dram_busy[CTL_MAX_PARTS];

    uint8_t  prev_pg[CTL_MAX_CORES][CTL_NPG];
    uint32_t tl_insts;

    void (*progress)(void *, uint64_t, uint32_t);
    void *progress_arg;
};

static uint64_t period_of(uint32_t mhz, int pct)
{
    /* frequency f * (100 + pct) / 100  ->  period 1e9 fs / f * 100 / (100 + pct) */
    return (uint64_t)(1000000000ull * 100ull) / ((uint64_t)mhz * (uint64_t)(100 + pct));
}

static void set_periods(gpu *g, int core_pct, int mem_pct)
{
    const gpu_cfg *c = g->cfg;
    g->period_fs[DOM_CORE] = period_of(c->core_mhz, core_pct);
    g->period_fs[DOM_ICNT] = period_of(c->icnt_mhz, mem_pct);
    g->period_fs[DOM_L2]   = period_of(c->l2_mhz, mem_pct);
    g->period_fs[DOM_DRAM] = period_of(c->dram_mhz, mem_pct);
}

gpu *gpu_create(const gpu_cfg *cfg, ctl_engine *eng, char *err, size_t errlen)
{
    gpu *g = calloc(1, sizeof *g);
    if (!g) { snprintf(err, errlen, "out of memory"); return NULL; }
    g->cfg = cfg;
    g->eng = eng;
    g->mem = mem_create(cfg);
    if (!g->mem) { snprintf(err, errlen, "memory system: bad configuration"); free(g); return NULL; }
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        g->cores[c] = core_create(cfg, c, g->mem, err, (unsigned)errlen);
        if (!g->cores[c]) { gpu_destroy(g); return NULL; }
    }
    set_periods(g, 0, 0);
    return g;
}

void gpu_destroy(gpu *g)
{
    if (!g) return;
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++) core_destroy(g->cores[c]);
    mem_destroy(g->mem);
    free(g);
}

void gpu_set_progress(gpu *g, void (*fn)(void *, uint64_t, uint32_t), void *arg)
{
    g->progress = fn;
    g->progress_arg = arg;
}

/* ------------------------------------------------------------ policy */

static uint32_t limit_for(const gpu *g, uint32_t c)
{
    const gpu_cfg *cfg = g->cfg;
    uint32_t n = g->n_max;
    if (cfg->cta_limit == LIMIT_STATIC) n = cfg->static_n < n ? cfg->static_n : n;
    else if (cfg->cta_limit == LIMIT_DYNCTA) {
        uint32_t d = g->out.core[c].dyncta_n;
        n = d < 1 ? 1 : d > n ? n : d;
    }
    if (cfg->arcta && g->out.ar_limit1 && c == 0) n = 1;
    return n;
}

static uint64_t enabled_cores(const gpu *g)
{
    uint64_t m = 0;
    for (uint32_t c = 0; c < g->cfg->n_cores; c++) {
        int en = 1;
        if (g->cfg->dyncore) en = en && g->out.core[c].dc_enable;
        if (g->cfg->arcta) en = en && g->out.core[c].ar_enable;
        if (en) m |= 1ull << c;
    }
    return m;
}

/* Obey the control outputs that take effect in the coming cycle. */
static void apply_outputs(gpu *g)
{
    const gpu_cfg *cfg = g->cfg;
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        core_set_limit(g->cores[c], limit_for(g, c));
        uint16_t acc = (uint16_t)((1u << CTL_NCOMP) - 1);
        if (cfg->gating == GATE_UCSTATES) acc = g->out.core[c].accepts_work;
        core_set_accepts(g->cores[c], acc);
    }
    uint64_t en = enabled_cores(g);
    if (cfg->claso && en != g->enabled_mask && g->k) g->alloc_due = 1;
    g->enabled_mask = en;
    int fc = cfg->arcta && g->out.fc_on;
    if (fc != g->fc_applied) {
        set_periods(g, fc ? g->out.core_clk_pct : 0, fc ? g->out.mem_clk_pct : 0);
        g->fc_applied = fc;
    }
}

/* ------------------------------------------------------ CTA scheduling */

static int place_cta(gpu *g, uint32_t c, char *err, size_t errlen)
{
    if (core_launch_cta(g->cores[c], g->next_cta, g->seq, err, (unsigned)errlen) < 0) return -1;
    g->next_cta++;
    g->seq++;
    return 0;
}

/* Round-robin over enabled cores, at most one CTA per core per cycle. */
static int cta_schedule(gpu *g, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    uint32_t nc = cfg->n_cores;
    for (uint32_t c = 0; c < nc; c++) g->in.core[c].req = 0;
    if (!g->k || g->launching) return 0;
    if (cfg->claso) {
        /* Grants of the previous cycle's requests (seed 003 Sec. 3). */
        for (uint32_t c = 0; c < nc; c++) {
            const ctl_core_out *o = &g->out.core[c];
            if (!g->req_pending[c]) continue;
            if (o->grant) { g->granted[c]++; }
            else if (o->refuse) { g->refused[c] = 1; }
            else continue;
            g->req_pending[c] = 0;
            g->reqs_out--;
        }
        for (uint32_t i = 0; i < nc; i++) {
            uint32_t c = (g->rr + i) % nc;
            if (g->granted[c] && core_has_room(g->cores[c]) && g->next_cta < g->k->n_cta) {
                if (place_cta(g, c, err, errlen) < 0) return -1;
                g->granted[c]--;
            }
        }
        if (g->alloc_due || !g->out.claso_ready) return 0;
        uint32_t unplaced = g->k->n_cta - g->next_cta, owed = g->reqs_out;
        for (uint32_t c = 0; c < nc; c++) owed += g->granted[c];
        for (uint32_t i = 0; i < nc && owed < unplaced; i++) {
            uint32_t c = (g->rr + i) % nc;
            if (!((g->enabled_mask >> c) & 1u) || g->req_pending[c] || g->refused[c] ||
                g->granted[c] || !core_has_room(g->cores[c]))
                continue;
            g->in.core[c].req = 1;
            g->req_pending[c] = 1;
            g->reqs_out++;
            owed++;
        }
        g->rr = (g->rr + 1) % nc;
        return 0;
    }
    uint32_t last = nc;
    for (uint32_t i = 0; i < nc && g->next_cta < g->k->n_cta; i++) {
        uint32_t c = (g->rr + i) % nc;
        if (!((g->enabled_mask >> c) & 1u) || !core_has_room(g->cores[c])) continue;
        if (place_cta(g, c, err, errlen) < 0) return -1;
        last = c;
    }
    if (last < nc) g->rr = (last + 1) % nc;
    return 0;
}

/* ------------------------------------------------------------ stats */

static void account_ctl(gpu *g, kstats *ks)
{
    const gpu_cfg *cfg = g->cfg;
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        core_ctl_stats *s = &ks->ctl[c];
        const ctl_core_out *o = &g->out.core[c];
        int on = !cfg->dyncore || o->dc_power_on;
        if (!on) s->off_cycles++;
        if (!((g->enabled_mask >> c) & 1u)) s->disabled_cycles++;
        if (on && core_resident(g->cores[c]) == 0) {
            s->empty_cycles++;
            if (g->k && g->next_cta >= g->k->n_cta) ks->tail_idle++;
        }
        s->limit_sum += limit_for(g, c);
        if (cfg->claso && g->req_pending[c]) {
            s->grants += o->grant;
            s->refusals += o->refuse;
        }
        if (cfg->gating != GATE_UCSTATES) continue;
        for (int p = 0; p < CTL_NPG; p++) {
            uint8_t st = o->pg_state[p];
            if (st == CTL_PGS_OFF) s->pg_off_cycles[p]++;
            if (st == CTL_PGS_OFF && g->prev_pg[c][p] != CTL_PGS_OFF) s->pg_gatings[p]++;
            if (st == CTL_PGS_WAKING && g->prev_pg[c][p] == CTL_PGS_OFF) s->pg_wakeups[p]++;
            g->prev_pg[c][p] = st;
        }
        for (int i = 0; i < CTL_NCOMP; i++)
            if ((o->tuned_down >> i) & 1u) s->down_cycles[i]++;
    }
    if (cfg->arcta && g->out.fc_on) ks->fc_cycles++;
}

static void sample_timeline(gpu *g, report *r, uint32_t kidx)
{
    if (r->n_tl == r->cap_tl) {
        uint32_t cap = r->cap_tl ? r->cap_tl * 2 : 256;
        tl_sample *n = realloc(r->tl, cap * sizeof *n);
        if (!n) return;                 /* timeline truncated, the run goes on */
        r->tl = n;
        r->cap_tl = cap;
    }
    tl_sample *s = &r->tl[r->n_tl++];
    memset(s, 0, sizeof *s);
    s->cycle = g->now;
    s->kernel = kidx;
    s->ar_phase = g->out.ar_phase;
    s->ar_type = g->out.ar_type;
    s->fc_on = g->out.fc_on;
    s->credit_global = g->out.credit_global;
    s->thread_insts = g->tl_insts;
    g->tl_insts = 0;
    for (uint32_t c = 0; c < g->cfg->n_cores; c++) {
        s->limit[c] = (uint8_t)limit_for(g, c);
        s->resident[c] = (uint8_t)core_resident(g->cores[c]);
        s->paused[c] = (uint8_t)core_paused(g->cores[c]);
        s->enabled[c] = (uint8_t)((g->enabled_mask >> c) & 1u);
        s->power_on[c] = (uint8_t)(!g->cfg->dyncore || g->out.core[c].dc_power_on);
        s->tuned_down[c] = g->out.core[c].tuned_down;
        s->credit[c] = g->out.core[c].credit;
    }
}

/* ------------------------------------------------------------ the loop */

static void dram_inputs(gpu *g)
{
    const mem_stats *ms = mem_get_stats(g->mem);
    uint64_t d = ms->dram_cycles - g->last_dram_cycles;
    g->in.dram_cycles = (uint8_t)(d > 7 ? 7 : d);
    g->last_dram_cycles = ms->dram_cycles;
    for (uint32_t p = 0; p < g->cfg->n_parts; p++) {
        uint64_t b = ms->part[p].dram_busy_cycles - g->last_dram_busy[p];
        g->in.dram_busy[p] = (uint8_t)(b > 7 ? 7 : b);
        g->last_dram_busy[p] = ms->part[p].dram_busy_cycles;
    }
}

static int core_tick(gpu *g, kstats *ks, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    uint32_t insts = 0;
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        ctl_core_in *ci = &g->in.core[c];
        if (core_cycle(g->cores[c], g->now, ci, err, (unsigned)errlen) < 0) return -1;
        insts += ci->thread_insts;
    }
    g->tl_insts += insts;
    if (cta_schedule(g, err, errlen) < 0) return -1;
    if (g->alloc_due) {
        /* New credits for every CTA not yet placed; grants waiting for room
         * are withdrawn (their core may no longer be enabled) and so are
         * counted in n_cta again. */
        g->in.alloc = 1;
        g->in.n_cta = g->k->n_cta - g->next_cta;
        for (uint32_t c = 0; c < cfg->n_cores; c++) {
            g->granted[c] = 0;
            g->refused[c] = 0;
        }
        g->in.alloc_cores = (uint8_t)__builtin_popcountll(g->enabled_mask);
        g->alloc_due = 0;
    }
    dram_inputs(g);
    if (g->eng->step(g->eng->impl, &cfg->ctl, &g->in, &g->out, g->now, err, errlen) < 0)
        return -1;
    g->in.kernel_start = 0;
    g->in.alloc = 0;
    account_ctl(g, ks);
    apply_outputs(g);
    mem_tick_core(g->mem, g->now);
    g->now++;
    return 0;
}

static int kernel_done(const gpu *g)
{
    for (uint32_t c = 0; c < g->cfg->n_cores; c++)
        if (core_resident(g->cores[c])) return 0;
    for (uint32_t c = 0; c < g->cfg->n_cores; c++)
        if (!core_quiet(g->cores[c])) return 0;
    return mem_idle(g->mem);
}

static int run_kernel(gpu *g, kern *k, uint32_t kidx, report *r, kstats *ks,
                      uint64_t *budget, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    uint32_t n_max = kern_ctas_per_core(k, cfg);
    if (n_max == 0) {
        snprintf(err, errlen, "kernel %s: one CTA (%u threads, %u regs/thread, %u B shared) "
                 "does not fit on a core", k->name, k->cta_threads, k->regs_per_thread,
                 k->smem_per_cta);
        return -1;
    }
    memset(ks, 0, sizeof *ks);
    snprintf(ks->name, sizeof ks->name, "%s", k->name);
    ks->n_cta = k->n_cta;
    ks->n_max = n_max;
    ks->warps_per_cta = k->warps_per_cta;
    ks->n_cores = cfg->n_cores;
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        core_stats_reset(g->cores[c]);
        core_kernel_begin(g->cores[c], k, n_max);
    }
    mem_stats_reset(g->mem);
    g->last_dram_cycles = 0;
    memset(g->last_dram_busy, 0, sizeof g->last_dram_busy);
    g->k = k;
    g->n_max = n_max;
    g->next_cta = 0;
    g->rr = 0;
    g->reqs_out = 0;
    memset(g->granted, 0, sizeof g->granted);
    memset(g->req_pending, 0, sizeof g->req_pending);
    memset(g->refused, 0, sizeof g->refused);
    /* kernel launch: the units see it at this cycle's edge; CTAs are placed
     * from the next cycle on, under the outputs that edge produces. */
    g->in.kernel_start = 1;
    g->in.n_max = (uint8_t)n_max;
    g->enabled_mask = enabled_cores(g);
    g->alloc_due = cfg->claso ? 1 : 0;
    uint64_t start = g->now, start_fs = g->t_fs, last_progress = g->now, idle_since = g->now;
    uint64_t last_insts = 0;
    g->launching = 1;
    for (;;) {
        uint64_t t = g->next_fs[0];
        for (int d = 1; d < DOM_N; d++) if (g->next_fs[d] < t) t = g->next_fs[d];
        g->t_fs = t;
        if (g->next_fs[DOM_CORE] == t) {
            if (core_tick(g, ks, err, errlen) < 0) return -1;
            g->launching = 0;
            g->next_fs[DOM_CORE] += g->period_fs[DOM_CORE];
            if (cfg->timeline_period && (g->now - start) % cfg->timeline_period == 0)
                sample_timeline(g, r, kidx);
            if (g->next_cta >= k->n_cta && kernel_done(g)) break;
            if ((g->now & 0x3ff) == 0) {
                uint64_t insts = 0;
                for (uint32_t c = 0; c < cfg->n_cores; c++)
                    insts += core_get_stats(g->cores[c])->warp_insts;
                if (insts != last_insts) { last_insts = insts; idle_since = g->now; }
                else if (mem_idle(g->mem) && g->now - idle_since > STUCK_CYCLES) {
                    snprintf(err, errlen, "kernel %s: no progress for %llu cycles at cycle %llu "
                             "(%u of %u CTAs placed)", k->name, (unsigned long long)STUCK_CYCLES,
                             (unsigned long long)g->now, g->next_cta, k->n_cta);
                    return -1;
                }
                if (g->progress && g->now - last_progress >= (1u << 20)) {
                    g->progress(g->progress_arg, g->now, kidx);
                    last_progress = g->now;
                }
                if (cfg->max_cycles && g->now >= *budget) {
                    snprintf(err, errlen, "kernel %s: run.max_cycles = %llu reached at cycle %llu",
                             k->name, (unsigned long long)cfg->max_cycles,
                             (unsigned long long)g->now);
                    return -1;
                }
            }
        }
        if (g->next_fs[DOM_ICNT] == t) { mem_tick_icnt(g->mem); g->next_fs[DOM_ICNT] += g->period_fs[DOM_ICNT]; }
        if (g->next_fs[DOM_L2] == t) { mem_tick_l2(g->mem); g->next_fs[DOM_L2] += g->period_fs[DOM_L2]; }
        if (g->next_fs[DOM_DRAM] == t) { mem_tick_dram(g->mem); g->next_fs[DOM_DRAM] += g->period_fs[DOM_DRAM]; }
    }
    ks->cycles = g->now - start;
    ks->time_fs = g->t_fs - start_fs;
    ks->ar_type = cfg->arcta ? g->out.ar_type : 0;
    for (uint32_t c = 0; c < cfg->n_cores; c++) {
        ks->core[c] = *core_get_stats(g->cores[c]);
        ks->warp_insts += ks->core[c].warp_insts;
        ks->thread_insts += ks->core[c].thread_insts;
    }
    ks->mem = *mem_get_stats(g->mem);
    g->k = NULL;
    return 0;
}

int gpu_run(gpu *g, workload *w, report *r, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    if (g->eng->reset(g->eng->impl, &cfg->ctl, &g->out, err, errlen) < 0) return -1;
    memset(&g->in, 0, sizeof g->in);
    apply_outputs(g);
    r->n_cores = cfg->n_cores;
    r->n_parts = cfg->n_parts;
    snprintf(r->config, sizeof r->config, "%s", cfg->name);
    snprintf(r->workload, sizeof r->workload, "%s", w->path);
    snprintf(r->engine, sizeof r->engine, "%s", g->eng->name);
    r->k = calloc(w->n_kernels ? w->n_kernels : 1, sizeof *r->k);
    if (!r->k) { snprintf(err, errlen, "out of memory"); return -1; }
    uint64_t budget = cfg->max_cycles;
    for (uint32_t i = 0; i < w->n_kernels; i++) {
        int rc = run_kernel(g, w->kernels[i], i, r, &r->k[i], &budget, err, errlen);
        if (rc < 0) return -1;
        r->n_kernels = i + 1;
        report_accumulate(&r->total, &r->k[i]);
    }
    snprintf(r->total.name, sizeof r->total.name, "total");
    r->total.n_cores = cfg->n_cores;
    r->compared = g->eng->compared ? g->eng->compared(g->eng->impl) : 0;
    return 0;
}
