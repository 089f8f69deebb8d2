/* gpu.c -- the GPU top loop.  See gpu.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpu.h"
#include "core.h"
#include "mem.h"
#include "seam.h"

enum { DOM_CORE = 0, DOM_ICNT, DOM_L2, DOM_DRAM, DOM_N };

#define STUCK_CYCLES 2000000ull   /* no instruction, no memory traffic: deadlock */

struct gpu {
    kstats  *cur;                    /* the running kernel's statistics */
    const gpu_cfg *cfg;
    ctl_engine *eng;
    memsys  *mem;
    core    *cores[CTL_MAX_CORES];
    seam     seam;                   /* CTA scheduler and policy stack */
    uint64_t now;                    /* core cycles since the run started */
    uint64_t t_fs;                   /* simulated time */
    uint64_t next_fs[DOM_N];
    uint64_t period_fs[DOM_N];

    void (*progress)(void *, const gpu_progress *);
    void *progress_arg;
    gpu_progress prog;               /* kernel, n_kernels, ctas: set per kernel */

    /* the GPU-wide jump (docs/performance.md "Skipping idle work") */
    uint64_t jump_from;              /* its first cycle: the cores are not visited */
    uint64_t jump_until;             /* the cycle they are visited again; 0 = no jump */
    uint64_t jump_try;               /* the next cycle a jump is looked for */
    uint64_t jumped;                 /* cycles jumped in this run */
    uint64_t quiet;                  /* core cycles whose memory cycles were counted in one step */
};

static uint64_t period_of(uint32_t mhz, int pct)
{
    /* frequency f * (100 + pct) / 100  ->  period 1e9 fs / f * 100 / (100 + pct) */
    return (uint64_t)(1000000000ull * 100ull) / ((uint64_t)mhz * (uint64_t)(100 + pct));
}

static void set_periods(gpu *g, int core_pct, int mem_pct)
{
    const clk_params *c = &g->cfg->clk;
    g->period_fs[DOM_CORE] = period_of(c->core_mhz, core_pct);
    g->period_fs[DOM_ICNT] = period_of(c->icnt_mhz, mem_pct);
    g->period_fs[DOM_L2]   = period_of(c->l2_mhz, mem_pct);
    g->period_fs[DOM_DRAM] = period_of(c->dram_mhz, mem_pct);
}

static void jump_stop(void *arg);

gpu *gpu_create(const gpu_cfg *cfg, ctl_engine *eng, char *err, size_t errlen)
{
    gpu *g = calloc(1, sizeof *g);
    if (!g) { snprintf(err, errlen, "out of memory"); return NULL; }
    g->cfg = cfg;
    g->eng = eng;
    g->cur = calloc(1, sizeof *g->cur);
    char why[MEM_WHY] = "";
    g->mem = mem_create_why(&cfg->mem, &cfg->dram, cfg->sm.n_cores, why);
    if (!g->mem || !g->cur) {
        int e = errno;
        snprintf(err, errlen, g->cur ? "memory system: %s" : "out of memory", why);
        gpu_destroy(g);
        errno = e;
        return NULL;
    }
    for (uint32_t c = 0; c < cfg->sm.n_cores; c++) {
        g->cores[c] = core_create(&cfg->sm, mem_params_access_bytes(&cfg->mem), c, g->mem, err, (unsigned)errlen);
        if (!g->cores[c]) { gpu_destroy(g); return NULL; }
        core_set_skip(g->cores[c], (int)cfg->run.skip_idle);
    }
    mem_set_skip(g->mem, (int)cfg->run.skip_idle);
    seam_init(&g->seam, &cfg->policy, &cfg->sm.launch, cfg->sm.n_cores, cfg->mem.n_parts, g->cores, g->mem);
    g->seam.still_end = jump_stop;
    g->seam.still_arg = g;
    set_periods(g, 0, 0);
    return g;
}

void gpu_destroy(gpu *g)
{
    if (!g) return;
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++) core_destroy(g->cores[c]);
    mem_destroy(g->mem);
    free(g->cur);
    free(g);
}

void gpu_set_progress(gpu *g, void (*fn)(void *, const gpu_progress *), void *arg)
{
    g->progress = fn;
    g->progress_arg = arg;
}

uint64_t gpu_jumped(const gpu *g) { return g->jumped; }

uint64_t gpu_mem_quiet(const gpu *g) { return g->quiet; }

/* ------------------------------------------------------------ the loop */

/* Obey the control outputs from the next cycle on (clock scales included). */
static void obey(gpu *g)
{
    int core_pct = 0, mem_pct = 0;
    if (seam_obey(&g->seam, &core_pct, &mem_pct)) set_periods(g, core_pct, mem_pct);
}

/* The jump under way ends at this cycle: each core counts the cycles it
 * was not visited as the frozen cycles core_cycle would have repeated. */
static void jump_end(gpu *g)
{
    if (!g->jump_until) return;
    uint64_t n = g->now - g->jump_from;
    for (uint32_t c = 0; c < g->cfg->sm.n_cores; c++) core_repeat(g->cores[c], n, g->now - 1);
    g->jumped += n;
    g->jump_until = 0;
    g->seam.cores_still = 0;
}

#define JUMP_RETRY 8u   /* cycles between looks for a jump (when none was possible) */

/* The seam changes a core in this cycle (seam.c touch): the jump ends with
 * this cycle, which the cores count as not visited too. */
static void jump_stop(void *arg)
{
    gpu *g = arg;
    g->now++;
    jump_end(g);
    g->now--;
}

/* A jump from this cycle: every core frozen (core_frozen_until: no event of
 * its own due, no access to retry) and the memory system idle (so it
 * completes nothing and, with no core sending, stays so), up to the first
 * cycle a core's own event is due or the seam changes a core (jump_stop).
 * The seam, the units and the memory clock domains still run every cycle:
 * the units see the same ctl_in, the cores' fields repeated as their frozen
 * cycles write them. */
static void jump_begin(gpu *g)
{
    uint64_t now = g->now, t = UINT64_MAX;
    for (uint32_t c = 0; c < g->cfg->sm.n_cores && t > now + 1; c++) {
        uint64_t u = core_frozen_until(g->cores[c]);
        if (u < t) t = u;
    }
    if (t <= now + 1 || !mem_idle(g->mem)) {
        g->jump_try = now + JUMP_RETRY;
        return;
    }
    g->jump_from = now;
    g->jump_until = t;
    g->seam.cores_still = 1;
}

static int core_tick(gpu *g, kstats *ks, char *err, size_t errlen)
{
    seam *s = &g->seam;
    if (g->now >= g->jump_until) {
        jump_end(g);
        if (g->cfg->run.skip_gpu && g->cfg->run.skip_idle && g->now >= g->jump_try) jump_begin(g);
    }
    if (!g->jump_until) {
        uint32_t n = g->cfg->sm.n_cores;
        uint64_t now = g->now;
        for (uint32_t c = 0; c < n; c++) {
            int r = core_cycle(g->cores[c], now, &s->in.core[c], err, (unsigned)errlen);
            if (r < 0) return -1;
            if (r) seam_stepped(s, c);
        }
    }
    if (seam_inputs(s, err, errlen) < 0) return -1;
    if (g->eng->step(g->eng->impl, &g->cfg->ctl, &s->in, &s->out, g->now, err, errlen) < 0)
        return -1;
    seam_account(s, ks);
    obey(g);
    mem_tick_core(g->mem, g->now);
    g->now++;
    return 0;
}

/* After the core cycle whose tick came at t_fs: while the memory system is
 * quiet (mem_quiet), its icnt, L2 and DRAM cycles up to the next core cycle
 * (those before it in time: at an equal time the core cycle comes first and
 * may send) count their cycles and nothing else, so they are counted in one
 * step, each domain's tick times advanced by its period as one by one. */
static void mem_skip_quiet(gpu *g)
{
    uint64_t until = g->next_fs[DOM_CORE], n[DOM_N] = { 0 };
    for (int d = DOM_ICNT; d < DOM_N; d++)
        while (g->next_fs[d] < until) {
            g->next_fs[d] += g->period_fs[d];
            n[d]++;
        }
    mem_advance(g->mem, n[DOM_ICNT], n[DOM_L2], n[DOM_DRAM]);
    g->quiet++;
}

static int kernel_done(const gpu *g)
{
    for (uint32_t c = 0; c < g->cfg->sm.n_cores; c++)
        if (core_resident(g->cores[c])) return 0;
    for (uint32_t c = 0; c < g->cfg->sm.n_cores; c++)
        if (!core_quiet(g->cores[c])) return 0;
    return mem_idle(g->mem);
}

/* The kernel's statistics from `start` to now (also for a kernel stopped
 * early: what ran is kept). */
static void kernel_collect(gpu *g, kstats *ks, uint64_t start, uint64_t start_fs)
{
    const gpu_cfg *cfg = g->cfg;
    jump_end(g);
    ks->cycles = g->now - start;
    ks->time_fs = g->t_fs - start_fs;
    ks->ar_type = seam_kernel_type(&g->seam);
    ks->warp_insts = ks->thread_insts = 0;
    for (uint32_t c = 0; c < cfg->sm.n_cores; c++) {
        ks->core[c] = *core_get_stats(g->cores[c]);
        ks->warp_insts += ks->core[c].warp_insts;
        ks->thread_insts += ks->core[c].thread_insts;
    }
    mem_settle(g->mem);
    ks->mem = *mem_get_stats(g->mem);
    seam_flush(&g->seam, ks);
    seam_kernel_end(&g->seam);
}

/* Tell the progress callback where the run is; ctas_before = CTAs of the
 * kernels before this one. */
static void report_progress(gpu *g, uint64_t ctas_before)
{
    uint64_t done = 0;
    for (uint32_t c = 0; c < g->cfg->sm.n_cores; c++) done += core_get_stats(g->cores[c])->ctas_finished;
    g->prog.cycle = g->now;
    g->prog.ctas_done = ctas_before + done;
    g->progress(g->progress_arg, &g->prog);
}

static int run_kernel(gpu *g, kern *k, uint32_t kidx, report *r, kstats *ks,
                      uint64_t *budget, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    uint32_t n_max = sm_ctas_per_core(&cfg->sm, k);
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
    ks->n_cores = cfg->sm.n_cores;
    for (uint32_t c = 0; c < cfg->sm.n_cores; c++) {
        core_stats_reset(g->cores[c]);
        core_kernel_begin(g->cores[c], k, n_max);
    }
    mem_stats_reset(g->mem);
    mem_kernel_begin(g->mem);
    seam_kernel_begin(&g->seam, k, n_max);
    uint64_t start = g->now, start_fs = g->t_fs, idle_since = g->now;
    uint64_t ctas_before = g->prog.ctas_done;
    g->prog.kernel = kidx;
    g->prog.name = k->name;
    uint64_t last_insts = 0;
    /* the next timeline row: every timeline_period cycles from the start
     * (the cycle count rises by one per core tick) */
    uint64_t sample_at = start + cfg->run.timeline_period;
    for (;;) {
        uint64_t t = g->next_fs[0];
        for (int d = 1; d < DOM_N; d++) if (g->next_fs[d] < t) t = g->next_fs[d];
        g->t_fs = t;
        if (g->next_fs[DOM_CORE] == t) {
            if (core_tick(g, ks, err, errlen) < 0) goto stopped;
            g->next_fs[DOM_CORE] += g->period_fs[DOM_CORE];
            if (g->now == sample_at && cfg->run.timeline_period) {
                seam_sample(&g->seam, r, kidx, g->now);
                sample_at += cfg->run.timeline_period;
            }
            if (seam_all_placed(&g->seam) && kernel_done(g)) break;
            if ((g->now & 0x3ff) == 0) {
                uint64_t insts = 0;
                for (uint32_t c = 0; c < cfg->sm.n_cores; c++)
                    insts += core_get_stats(g->cores[c])->warp_insts;
                /* a kernel waiting out its launch latency (launch.*) is not stuck */
                if (insts != last_insts || g->seam.hold) { last_insts = insts; idle_since = g->now; }
                else if (mem_idle(g->mem) && g->now - idle_since > STUCK_CYCLES) {
                    snprintf(err, errlen, "kernel %s: no progress for %llu cycles at cycle %llu "
                             "(%u of %u CTAs placed)", k->name, (unsigned long long)STUCK_CYCLES,
                             (unsigned long long)g->now, g->seam.next_cta, k->n_cta);
                    goto stopped;
                }
                if (g->progress && (g->now & (GPU_PROGRESS_CYCLES - 1)) == 0)
                    report_progress(g, ctas_before);
                if (cfg->run.max_cycles && g->now >= *budget) {
                    snprintf(err, errlen, "kernel %s: run.max_cycles = %llu reached at cycle %llu",
                             k->name, (unsigned long long)cfg->run.max_cycles,
                             (unsigned long long)g->now);
                    goto stopped;
                }
            }
            if (cfg->run.skip_idle && mem_quiet(g->mem)) mem_skip_quiet(g);
        }
        if (g->next_fs[DOM_ICNT] == t) { mem_tick_icnt(g->mem); g->next_fs[DOM_ICNT] += g->period_fs[DOM_ICNT]; }
        if (g->next_fs[DOM_L2] == t) { mem_tick_l2(g->mem); g->next_fs[DOM_L2] += g->period_fs[DOM_L2]; }
        if (g->next_fs[DOM_DRAM] == t) { mem_tick_dram(g->mem); g->next_fs[DOM_DRAM] += g->period_fs[DOM_DRAM]; }
    }
    kernel_collect(g, ks, start, start_fs);
    g->prog.ctas_done = ctas_before + k->n_cta;
    return 0;
stopped:
    kernel_collect(g, ks, start, start_fs);
    return 1;
}

int gpu_run(gpu *g, workload *w, report *r, char *err, size_t errlen)
{
    const gpu_cfg *cfg = g->cfg;
    if (g->eng->reset(g->eng->impl, &cfg->ctl, &g->seam.out, err, errlen) < 0) return -1;
    memset(&g->seam.in, 0, sizeof g->seam.in);
    obey(g);
    r->n_cores = cfg->sm.n_cores;
    r->n_parts = cfg->mem.n_parts;
    snprintf(r->config, sizeof r->config, "%s", cfg->name);
    snprintf(r->workload, sizeof r->workload, "%s", w->path);
    snprintf(r->engine, sizeof r->engine, "%s", g->eng->name);
    report_begin(r);
    uint64_t budget = cfg->run.max_cycles;
    g->jump_until = g->jump_try = g->jumped = g->quiet = 0;
    memset(&g->prog, 0, sizeof g->prog);
    g->prog.n_kernels = w->n_kernels;
    for (uint32_t i = 0; i < w->n_kernels; i++) g->prog.ctas += w->kernels[i]->n_cta;
    for (uint32_t i = 0; i < w->n_kernels; i++) {
        int rc = run_kernel(g, w->kernels[i], i, r, g->cur, &budget, err, errlen);
        if (rc < 0) return -1;
        char why[256];
        if (report_add_kernel(r, g->cur, why, sizeof why) < 0) {
            snprintf(err, errlen, "%s", why);
            return -1;
        }
        if (rc > 0) {
            /* stopped: what ran is kept, marked incomplete */
            r->incomplete = 1;
            snprintf(r->stop_reason, sizeof r->stop_reason, "%s", err);
            break;
        }
    }
    snprintf(r->total.name, sizeof r->total.name, "total");
    r->total.n_cores = cfg->sm.n_cores;
    r->compared = g->eng->compared ? g->eng->compared(g->eng->impl) : 0;
    return 0;
}
