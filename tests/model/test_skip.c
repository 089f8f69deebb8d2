/* test_skip.c -- skipping idle work is exact (docs/performance.md "Skipping
 * idle work"): a run with skipping as by default (run.skip_idle = 1 and
 * run.skip_gpu = 1: frozen cores not stepped, their cycles repeated, and the
 * GPU-wide jump) and the same run with run.skip_idle = 0 (every core stepped
 * every cycle) give the same statistics, byte for byte, and hand the control
 * units the same ctl_in in every cycle.
 *
 * The engine is the C reference wrapped by a recorder that hashes each
 * cycle's ctl_in (the global fields and the cores in use) into a running
 * hash, and remembers the first cycle whose input hash differs from a
 * recorded run's.  The runs: memory-bound kernels with long memory waits
 * (stream_copy with DYNCTA and uC-States, whose units read the per-cycle
 * counters; with a 600-cycle DRAM latency; the accurate SM6_TITANX mirror on
 * stream_copy), waits on ALU results and barriers, launch overheads (block
 * dispatch and retirement latencies), CLASO grants, AR-CTA with its clock
 * scaling, and a real Accel-Sim trace on the mirror.
 *
 * The GPU-wide jump (run.skip_gpu: while every core is frozen or empty and
 * the memory system idle, no core is visited) is held the same way against
 * runs without it (run.skip_gpu = 0) and against runs that step every core,
 * where it must happen: long kernel launch latencies, the fixed 600-cycle
 * DRAM of tgpu16, the stepped units of AR-CTA, DYNCTA and uC-States, CLASO's
 * requests, and the real trace on the mirror (its 5000-cycle launch
 * latency). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "cfg.h"
#include "ctl_engine.h"
#include "ctl_ref.h"
#include "gpu.h"
#include "stats.h"
#include "trace.h"
#include "wl.h"
#include "model_util.h"

#define MAX_REC (1u << 21)

typedef struct rec_engine {
    ctl_engine inner;
    uint32_t   n_cores, n_parts;
    uint64_t   cycles;              /* steps */
    uint64_t   hash;                /* over every step's ctl_in */
    uint64_t  *per_cycle;           /* [MAX_REC] the hash after each step */
    const uint64_t *want;           /* a recorded run's per_cycle, or NULL */
    uint64_t   want_n;
    uint64_t   first_diff;          /* first step differing from want, UINT64_MAX if none */
} rec_engine;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* The fields of a ctl_in, one by one (no padding hashed). */
static uint64_t hash_in(uint64_t h, const ctl_in *in, uint32_t nc, uint32_t np)
{
    h = fnv(h, &in->kernel_start, 1);
    h = fnv(h, &in->n_max, 1);
    h = fnv(h, &in->n_cta, 4);
    h = fnv(h, &in->alloc, 1);
    h = fnv(h, &in->alloc_cores, 1);
    h = fnv(h, &in->dram_cycles, 1);
    h = fnv(h, in->dram_busy, np);
    for (uint32_t c = 0; c < nc; c++) {
        const ctl_core_in *k = &in->core[c];
        uint8_t f[] = { k->issued, k->stalled, k->idle, k->mem_wait, k->active, k->drained,
                        k->req, k->cta_done, k->thread_insts, k->max_lanes, k->mem_warps,
                        k->ldst_enter };
        h = fnv(h, f, sizeof f);
        h = fnv(h, k->busy, sizeof k->busy);
        h = fnv(h, k->sch_busy, sizeof k->sch_busy);
        h = fnv(h, &k->empty, sizeof k->empty);
    }
    return h;
}

static int rec_reset(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    rec_engine *r = impl;
    return r->inner.reset(r->inner.impl, cfg, out, err, errlen);
}

static int rec_step(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                    uint64_t cycle, char *err, size_t errlen)
{
    rec_engine *r = impl;
    r->hash = hash_in(r->hash, in, r->n_cores, r->n_parts);
    if (r->cycles < MAX_REC) {
        r->per_cycle[r->cycles] = r->hash;
        if (r->want && r->first_diff == UINT64_MAX &&
            (r->cycles >= r->want_n || r->want[r->cycles] != r->hash))
            r->first_diff = r->cycles;
    }
    r->cycles++;
    return r->inner.step(r->inner.impl, cfg, in, out, cycle, err, errlen);
}

typedef struct skip_run {
    kstats   total;
    uint64_t n_kernels, cycles, hash, first_diff;
    uint64_t jumped;                /* core cycles the GPU-wide jump left unvisited */
    uint64_t quiet;                 /* core cycles whose memory cycles were counted in one step */
    uint64_t *per_cycle;
} skip_run;

/* One run of cfg_path + wl with `sets` and run.skip_idle = skip (0: none,
 * 1: frozen cores, 2: the GPU-wide jump too); with want, the first step whose
 * input differs from want's is found. */
static void run_rec(const char *cfg_path, const char *wl_path, const char *const *sets, int skip,
                    const skip_run *want, skip_run *out)
{
    char err[512];
    gpu_cfg cfg;
    model_cfg(&cfg, cfg_path, sets);
    if (cfg_set(&cfg, "run.skip_idle", skip ? "1" : "0", "test", err, sizeof err) < 0 ||
        cfg_set(&cfg, "run.skip_gpu", skip > 1 ? "1" : "0", "test", err, sizeof err) < 0)
        fail_msg("%s", err);
    if (cfg_check(&cfg, err, sizeof err) < 0) fail_msg("%s", err);
    workload wl;
    int traced = model_wl_load(&wl, wl_path, &cfg);
    rec_engine r;
    memset(&r, 0, sizeof r);
    assert_int_equal(ctl_engine_c(&r.inner, policy_units(&cfg.policy)), 0);
    r.n_cores = cfg.sm.n_cores;
    r.n_parts = cfg.mem.n_parts;
    r.hash = 0xcbf29ce484222325ull;
    r.per_cycle = calloc(MAX_REC, sizeof *r.per_cycle);
    assert_non_null(r.per_cycle);
    r.want = want ? want->per_cycle : NULL;
    r.want_n = want ? (want->cycles < MAX_REC ? want->cycles : MAX_REC) : 0;
    r.first_diff = UINT64_MAX;
    ctl_engine eng = { .name = "c", .impl = &r, .reset = rec_reset, .step = rec_step };
    gpu *g = gpu_create(&cfg, &eng, err, sizeof err);
    if (!g) fail_msg("%s", err);
    report rep;
    report_init(&rep);
    if (gpu_run(g, &wl, &rep, err, sizeof err) < 0) fail_msg("%s", err);
    assert_false(rep.incomplete);
    out->total = rep.total;
    out->n_kernels = rep.n_kernels;
    out->cycles = r.cycles;
    out->hash = r.hash;
    out->first_diff = r.first_diff;
    out->jumped = gpu_jumped(g);
    out->quiet = gpu_mem_quiet(g);
    out->per_cycle = r.per_cycle;
    report_free(&rep);
    gpu_destroy(g);
    r.inner.destroy(r.inner.impl);
    model_wl_free(&wl, traced);
}

/* The first differing core statistic, for the failure message. */
static const char *core_diff(const kstats *a, const kstats *b, char *buf, size_t len)
{
    for (uint32_t c = 0; c < a->n_cores; c++) {
        const uint64_t *x = (const uint64_t *)&a->core[c], *y = (const uint64_t *)&b->core[c];
        for (size_t i = 0; i < sizeof(core_stats) / sizeof(uint64_t); i++)
            if (x[i] != y[i]) {
                snprintf(buf, len, "core %u, core_stats word %zu: %llu stepped, %llu skipped", c, i,
                         (unsigned long long)x[i], (unsigned long long)y[i]);
                return buf;
            }
    }
    return "core statistics equal (memory or control statistics differ)";
}

/* Run `on` (skip level) against the recorded run `off`: the same ctl_in in
 * every cycle, the same statistics. */
static uint64_t same_as(const char *cfg_path, const char *wl_path, const char *const *sets,
                        int level, const skip_run *off, uint64_t *quiet)
{
    skip_run on;
    char why[200];
    run_rec(cfg_path, wl_path, sets, level, off, &on);
    if (on.cycles != off->cycles || on.hash != off->hash || on.first_diff != UINT64_MAX)
        fail_msg("%s on %s, skip level %d: ctl_in sequences differ (%llu and %llu steps, first "
                 "differing step %llu)", wl_path, cfg_path, level, (unsigned long long)off->cycles,
                 (unsigned long long)on.cycles, (unsigned long long)on.first_diff);
    assert_true(off->cycles > 0);
    assert_int_equal(on.n_kernels, off->n_kernels);
    if (memcmp(&on.total, &off->total, sizeof on.total) != 0)
        fail_msg("%s on %s, skip level %d: statistics differ: %s", wl_path, cfg_path, level,
                 core_diff(&off->total, &on.total, why, sizeof why));
    if (level < 2) assert_int_equal(on.jumped, 0);
    /* a jump needs the memory system idle, so it is quiet in every jumped cycle */
    assert_true(on.quiet >= on.jumped);
    if (quiet) *quiet = on.quiet;
    free(on.per_cycle);
    return on.jumped;
}

/* Skipping as by default (2: frozen cores and the jump) and, with `level1`,
 * frozen cores only (1), against every core stepped and every memory slice
 * and channel visited in every cycle of its domain (0); returns the cycles
 * jumped (and the kernels run in *n_kernels, the core cycles whose memory
 * cycles were counted in one step at level 2 in *quiet). */
static uint64_t expect_same_q(const char *cfg_path, const char *wl_path, const char *const *sets,
                              int level1, uint64_t *n_kernels, uint64_t *quiet)
{
    skip_run off;
    run_rec(cfg_path, wl_path, sets, 0, NULL, &off);
    assert_int_equal(off.jumped, 0);
    assert_int_equal(off.quiet, 0);
    if (level1) same_as(cfg_path, wl_path, sets, 1, &off, NULL);
    uint64_t j = same_as(cfg_path, wl_path, sets, 2, &off, quiet);
    *n_kernels = off.n_kernels;
    free(off.per_cycle);
    return j;
}

static uint64_t expect_same_n(const char *cfg_path, const char *wl_path, const char *const *sets,
                              int level1, uint64_t *n_kernels)
{
    uint64_t q;
    return expect_same_q(cfg_path, wl_path, sets, level1, n_kernels, &q);
}

static void expect_same(const char *cfg_path, const char *wl_path, const char *const *sets)
{
    uint64_t n;
    expect_same_n(cfg_path, wl_path, sets, 0, &n);
}

/* As expect_same, where the jump must happen: over each kernel's launch
 * hold of `hold` cycles (every core empty, memory idle) but for the first
 * cycles (the kernel's first, in which the cores freeze, and up to
 * JUMP_RETRY, 8, before the jump is looked for again), and at least once. */
static void expect_jump(const char *cfg_path, const char *wl_path, const char *const *sets,
                        uint64_t hold)
{
    uint64_t n;
    uint64_t j = expect_same_n(cfg_path, wl_path, sets, 1, &n);
    uint64_t min = hold > 16 ? n * (hold - 16) : 1;
    printf("  jumped %llu cycles: %s on %s\n", (unsigned long long)j, wl_path, cfg_path);
    if (j < min)
        fail_msg("%s on %s: %llu cycles jumped, expected at least %llu", wl_path, cfg_path,
                 (unsigned long long)j, (unsigned long long)min);
}

static void test_memory_waits(void **st)
{
    (void)st;
    expect_same("configs/small.cfg", "workloads/stream_copy.kern",
                (const char *const[]){ "policy.cta_limit=dyncta", "policy.gating=ucstates", NULL });
    /* long memory waits: 600 more cycles for every DRAM access */
    expect_same("configs/small.cfg", "workloads/gather_irregular.kern",
                (const char *const[]){ "dram.latency=600", "policy.cta_limit=dyncta", NULL });
    expect_same("configs/accelsim/SM6_TITANX.cfg", "workloads/stream_copy.kern", NULL);
}

static void test_dependences_barriers(void **st)
{
    (void)st;
    expect_same("configs/small.cfg", "workloads/dep_chain.kern", NULL);
    expect_same("configs/small.cfg", "workloads/barrier_heavy.kern",
                (const char *const[]){ "core.sched=oldest", NULL });
    expect_same("configs/small.cfg", "workloads/smem_tiled.kern",
                (const char *const[]){ "policy.gating=ucstates", "core.sched_init=1", NULL });
}

static void test_launch_and_policies(void **st)
{
    (void)st;
    expect_same("configs/small.cfg", "workloads/wave_imbalance.kern",
                (const char *const[]){ "launch.kernel_lat=500", "launch.cta_lat=200",
                                       "launch.cta_retire=50", "launch.sm_cta_interval=30",
                                       "policy.claso=1", NULL });
    expect_same("configs/small.cfg", "workloads/mixed_type1.kern",
                (const char *const[]){ "policy.arcta=1", NULL });
    expect_same("configs/small.cfg", "workloads/bfs_levels.wl",
                (const char *const[]){ "policy.dyncore=1", "dyncore.k=2", NULL });
}

/* The GPU-wide jump: spans where every core waits and memory is idle. */
static void test_gpu_jump(void **st)
{
    (void)st;
    /* a launch hold: the cores wait out launch.kernel_lat, empty (two kernels) */
    expect_jump("configs/small.cfg", "workloads/bfs_levels.wl",
                (const char *const[]){ "launch.kernel_lat=3000", NULL }, 3000);
    /* the fixed 600-cycle DRAM of tgpu16, memory-bound; and a dependence
     * chain, whose ALU waits the jump covers too (memory idle) */
    expect_jump("configs/tgpu16.cfg", "workloads/stream_copy.kern",
                (const char *const[]){ "launch.kernel_lat=700", NULL }, 700);
    expect_jump("configs/tgpu16.cfg", "workloads/dep_chain.kern",
                (const char *const[]){ "launch.kernel_lat=700", NULL }, 700);
    /* stepped units: AR-CTA (its DRAM-cycle inputs change with the clock ratio
     * while every core waits), DYNCTA and uC-States */
    expect_jump("configs/small.cfg", "workloads/mixed_type1.kern",
                (const char *const[]){ "policy.arcta=1", "launch.kernel_lat=2000", NULL }, 2000);
    expect_jump("configs/small.cfg", "workloads/dep_chain.kern",
                (const char *const[]){ "policy.cta_limit=dyncta", "policy.gating=ucstates",
                                       "launch.kernel_lat=1500", NULL }, 1500);
    /* CLASO's requests: a core's req lasts one cycle, jumped or not */
    expect_jump("configs/c2050.cfg", "workloads/cta_streams.kern",
                (const char *const[]){ "policy.claso=1", "claso.p_a=2", "claso.p_l=1", NULL }, 0);
}

/* The memory clock domains: over a launch hold (every core empty) and the
 * ALU waits of a dependence chain the memory system is quiet, and its icnt,
 * L2 and DRAM cycles of each core cycle are counted in one step; in busy
 * spans only the slices and channels holding work are visited.  Checked
 * against every slice and channel visited in every cycle (level 0), here on
 * small with a 600-cycle DRAM latency; the mirror (two slices a channel, a
 * DRAM clock 1.76 times the core's, the DRAM latency stage) in
 * test_memory_waits and test_real_trace, where same_as requires the memory
 * quiet in every jumped cycle at least. */
static void expect_quiet(const char *cfg_path, const char *wl_path, const char *const *sets,
                         uint64_t hold)
{
    uint64_t n, q;
    expect_same_q(cfg_path, wl_path, sets, 1, &n, &q);
    printf("  memory quiet in %llu cycles: %s on %s\n", (unsigned long long)q, wl_path, cfg_path);
    if (q < n * hold)
        fail_msg("%s on %s: memory quiet in %llu cycles, expected at least %llu", wl_path,
                 cfg_path, (unsigned long long)q, (unsigned long long)(n * hold));
}

static void test_memory_quiet(void **st)
{
    (void)st;
    expect_quiet("configs/small.cfg", "workloads/gather_irregular.kern",
                 (const char *const[]){ "dram.latency=600", "launch.kernel_lat=800", NULL }, 800);
}

static void test_real_trace(void **st)
{
    (void)st;
    /* launch.kernel_lat = 5000 in the mirror: the jump covers the launch hold */
    expect_jump("configs/accelsim/SM6_TITANX.cfg",
                "../shared/testdata/accelsim/vectoradd-100-32/kernelslist.g", NULL, 5000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_memory_waits),
        cmocka_unit_test(test_dependences_barriers),
        cmocka_unit_test(test_launch_and_policies),
        cmocka_unit_test(test_gpu_jump),
        cmocka_unit_test(test_memory_quiet),
        cmocka_unit_test(test_real_trace),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
