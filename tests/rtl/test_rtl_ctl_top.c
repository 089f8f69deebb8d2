/* test_rtl_ctl_top.c -- the integrated control-unit top (rtl/ctl_top.sv)
 * through the shipped engines (cosim/rtl_engine.c, cosim/vtop.c and the model
 * shared objects of cosim/vmodel/vtop_model.cpp):
 *  - lockstep against the C reference models of all units on directed and
 *    constrained-random seam stimulus for 4 cores x 2 partitions, 30 x 8
 *    (kayiran30's size) and 40 x 64 (single-bit ports wider than 32 bits,
 *    every partition), and 144 x 64 when that model was built (`make
 *    rtl-model NC=144 NP=64`; checks the port mapping of every seam field;
 *    zero mismatches, every cycle compared); else 144 cores are refused
 *    naming that target;
 *  - the model loaded has exactly the run's cores and partitions;
 *  - the negative test: a deliberate corruption of one RTL output through
 *    the test-only hook rtl_engine_inject() is caught at the injected cycle
 *    and named with the right unit, core, signal, values and waveform, and
 *    the replayed waveform (fst2vcd) holds the mismatch cycle and the signal;
 *  - the same inside the GPU model running a workload.
 * Linked with build/rel/libcosim.a, the program's own engines and loader,
 * through their public headers only. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "cfg.h"
#include "claso.h"
#include "ctl_engine.h"
#include "ctl_ref.h"
#include "engines.h"
#include "gpu.h"
#include "rtl_engine.h"
#include "stats.h"
#include "vtop.h"
#include "wl.h"
#include "rb_name.h"

#define TEST_DIR "build/test-ctl_top"

/* ---------------------------------------------------------------- helpers */

static uint64_t xorshift64(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static uint32_t rnd(uint64_t *s, uint32_t n) { return (uint32_t)(xorshift64(s) % n); }

typedef struct bench {
    gpu_cfg cfg;
    ctl_engine eng;
    ctl_in in;
    ctl_out out;
    char err[1024];
    uint64_t cycle;
} bench;

static void bench_open_parts(bench *b, uint32_t n_cores, uint32_t n_parts, uint32_t lag)
{
    memset(b, 0, sizeof *b);
    cfg_defaults(&b->cfg);
    b->cfg.sm.n_cores = n_cores;
    b->cfg.mem.n_parts = n_parts;
    assert_int_equal(cfg_check(&b->cfg, b->err, sizeof b->err), 0);
    engine_opts o = { .fst = NULL };
    assert_int_equal(rtl_engine_open(&b->eng, 1, &b->cfg, &o, b->err, sizeof b->err), 0);
    rtl_engine_set_lag(&b->eng, lag);
    int rc = b->eng.reset(b->eng.impl, &b->cfg.ctl, &b->out, b->err, sizeof b->err);
    if (rc) fprintf(stderr, "%s\n", b->err);
    assert_int_equal(rc, 0);
}

static void bench_open(bench *b, uint32_t n_cores, uint32_t lag)
{
    bench_open_parts(b, n_cores, n_cores > 8 ? 8 : 2, lag);
}

static int bench_step(bench *b)
{
    int rc = b->eng.step(b->eng.impl, &b->cfg.ctl, &b->in, &b->out, b->cycle, b->err,
                         sizeof b->err);
    b->cycle++;
    b->in.kernel_start = 0;
    b->in.alloc = 0;
    return rc;
}

static void bench_close(bench *b) { b->eng.destroy(b->eng.impl); }

/* Kernel launch with N = n_max and the CLASO allocation of n_cta CTAs over
 * every core, both in the same cycle (as cmodel/gpu/gpu.c does). */
static void launch(bench *b, uint8_t n_max, uint32_t n_cta)
{
    b->in.kernel_start = 1;
    b->in.n_max = n_max;
    b->in.alloc = 1;
    b->in.n_cta = n_cta;
    b->in.alloc_cores = (uint8_t)b->cfg.sm.n_cores;
}

/* A core's behaviour for a stretch of cycles: the random inputs are drawn
 * around it, so period-long counters land on both sides of every threshold
 * (few or many idle / memory-wait cycles, low or high utilisation, short or
 * long memory response times). */
typedef struct profile {
    uint32_t pct_idle, pct_mem, pct_stall; /* percent of cycles; the rest issue */
    uint32_t busy_pct;                     /* chance a component slot is busy */
    uint32_t warps_max;                    /* mem_warps drawn in 0..warps_max */
    uint32_t enter_pct;                    /* chance of warps entering EX_LDST */
} profile;

static profile profiles[CTL_MAX_CORES];

static void new_profile(profile *p, uint64_t *s)
{
    static const uint32_t idle_pct[] = { 0, 0, 1, 3, 30 };
    static const uint32_t mem_pct[] = { 0, 2, 10, 25, 60 };
    p->pct_idle = idle_pct[rnd(s, 5)];
    p->pct_mem = mem_pct[rnd(s, 5)];
    p->pct_stall = rnd(s, 20);
    p->busy_pct = rnd(s, 3) == 0 ? rnd(s, 15) : rnd(s, 101);
    p->warps_max = rnd(s, 2) ? 127 : 1 + rnd(s, 40);
    p->enter_pct = rnd(s, 3) == 0 ? 1 : rnd(s, 60);
}

static uint32_t draw(uint64_t *s, uint32_t max, uint32_t pct)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < max; i++) n += rnd(s, 100) < pct;
    return n;
}

/* One cycle of legal seam inputs for every used core: exactly one of
 * issued / stalled / idle / mem_wait, active = issued, fields in range. */
static void random_inputs(bench *b, uint64_t *s)
{
    ctl_in *in = &b->in;
    in->dram_cycles = (uint8_t)rnd(s, 8);
    for (uint32_t p = 0; p < CTL_MAX_PARTS; p++)
        in->dram_busy[p] = (uint8_t)(p < b->cfg.mem.n_parts ? rnd(s, in->dram_cycles + 1u) : 0);
    if (rnd(s, 5000) == 0) launch(b, (uint8_t)(1 + rnd(s, 63)), 1 + rnd(s, 2000));
    else if (rnd(s, 3000) == 0) {
        in->alloc = 1;
        in->n_cta = rnd(s, 300);
        in->alloc_cores = (uint8_t)(1 + rnd(s, b->cfg.sm.n_cores));
    }
    for (uint32_t c = 0; c < b->cfg.sm.n_cores; c++) {
        ctl_core_in *ci = &in->core[c];
        profile *pr = &profiles[c];
        if (rnd(s, 1500) == 0) new_profile(pr, s);
        uint32_t r = rnd(s, 100);
        ci->idle = r < pr->pct_idle;
        ci->mem_wait = !ci->idle && r < pr->pct_idle + pr->pct_mem;
        ci->stalled = !ci->idle && !ci->mem_wait && r < pr->pct_idle + pr->pct_mem + pr->pct_stall;
        ci->issued = !ci->idle && !ci->mem_wait && !ci->stalled;
        ci->active = ci->issued;
        ci->drained = rnd(s, 50) == 0;
        ci->req = rnd(s, 8) == 0;
        ci->cta_done = (uint8_t)(rnd(s, 2000) == 0 ? 1 + rnd(s, 3) : 0);
        ci->max_lanes = (uint8_t)(ci->issued ? 1 + rnd(s, 32) : 0);
        ci->thread_insts = (uint8_t)(ci->issued ? ci->max_lanes + rnd(s, 96) : 0);
        for (int i = 0; i < CTL_NCOMP; i++)
            ci->busy[i] = (uint8_t)draw(s, b->cfg.ctl.units[i], pr->busy_pct);
        for (int j = 0; j < CTL_NTYPE; j++)
            ci->sch_busy[j] = (uint8_t)draw(s, 1, pr->busy_pct);
        ci->mem_warps = (uint8_t)rnd(s, pr->warps_max + 1);
        ci->ldst_enter = (uint8_t)(rnd(s, 100) < pr->enter_pct ? 1 + rnd(s, 7) : 0);
        ci->empty = (uint16_t)(xorshift64(s) & 0x3FFFu);
        ci->l1_miss = (uint8_t)((ci->empty >> 3) & 7u);   /* from bits already drawn */
    }
}

/* ---------------------------------------------------------------- lockstep, no fault */

static void run_random_parts(uint32_t n_cores, uint32_t n_parts, uint64_t seed, uint32_t cycles)
{
    bench b;
    uint64_t s = seed;
    bench_open_parts(&b, n_cores, n_parts, 0);
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++) new_profile(&profiles[c], &s);
    launch(&b, 6, 200);
    for (uint32_t i = 0; i < cycles; i++) {
        if (i) random_inputs(&b, &s);
        int rc = bench_step(&b);
        if (rc) fail_msg("seed %llu, %u cores: %s", (unsigned long long)seed, n_cores, b.err);
    }
    /* every step compared: the count is the number of steps */
    assert_int_equal(b.eng.compared(b.eng.impl), cycles);
    bench_close(&b);
}

static void run_random(uint32_t n_cores, uint64_t seed, uint32_t cycles)
{
    run_random_parts(n_cores, n_cores > 8 ? 8 : 2, seed, cycles);
}

static void test_random_4_cores(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) run_random(4, seed * 0x9E3779B97F4A7C15ull, 20000);
}

/* kayiran30's size, the model `make` builds. */
static void test_random_30_cores(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 2; seed++) run_random(30, seed * 0xD1B54A32D192ED03ull, 8000);
}

/* 40 cores (the per-core bit ports are 40 bits: QData) with every one of the
 * CTL_MAX_PARTS = 128 partitions in use (the arcta unit's dram_busy port, 384 bits). */
static void test_random_40_cores_64_parts(void **state)
{
    (void)state;
    run_random_parts(40, CTL_MAX_PARTS, 0x2545F4914F6CDD1Dull, 8000);
}

/* The model loaded is the run's size, for each size the tests use: its
 * table (compiled with -DVTOP_NC/-DVTOP_NP beside the model Verilated with
 * those -GNumCores/-GNumParts) says so, and so does its file name. */
static void test_model_is_run_size(void **state)
{
    (void)state;
    static const uint32_t sizes[][2] = { { 4, 2 }, { 30, 8 } };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        char err[512], path[1200];
        ctl_cfg c;
        ctl_out out;
        memset(&c, 0, sizeof c);
        gpu_cfg g;
        cfg_defaults(&g);
        c = g.ctl;
        c.n_cores = sizes[i][0];
        c.n_parts = sizes[i][1];
        vtop *t = vtop_create();
        assert_non_null(t);
        assert_int_equal(vtop_cores(t), 0);
        if (vtop_reset(t, &c, &out, err, sizeof err) < 0) fail_msg("%s", err);
        assert_int_equal(vtop_cores(t), sizes[i][0]);
        assert_int_equal(vtop_parts(t), sizes[i][1]);
        assert_int_equal(vtop_traced(t), 0);
        vtop_model_path(sizes[i][0], sizes[i][1], 0, path, sizeof path);
        struct stat st;
        assert_int_equal(stat(path, &st), 0);
        vtop_destroy(t);
    }
}

/* 144 cores: the 144 x 64 model when it was built (`make rtl-model`), else
 * a refusal naming the make target, at open (before any cycle) and, for a
 * ctl_cfg grown after the open, at reset. */
static void test_144_cores(void **state)
{
    (void)state;
    char path[1200];
    struct stat st;
    vtop_model_path(144, 64, 0, path, sizeof path);
    if (stat(path, &st) == 0) {
        run_random_parts(144, CTL_MAX_PARTS, 0x9E3779B97F4A7C15ull, 3000);
        return;
    }
    gpu_cfg cfg;
    char err[512];
    cfg_defaults(&cfg);
    cfg.sm.n_cores = 144;
    cfg.mem.n_parts = 64;
    assert_int_equal(cfg_check(&cfg, err, sizeof err), 0);
    const char *want = "rtl engine: 144 cores need a 144-core Verilated top, which is not "
                       "built (above 64 cores it takes many minutes): run `make rtl-model "
                       "NC=144 NP=64` (core.count)";
    ctl_engine eng;
    ctl_out out;
    engine_opts o = { .fst = NULL };
    assert_int_equal(rtl_engine_open(&eng, 1, &cfg, &o, err, sizeof err), -1);
    assert_string_equal(err, want);
    cfg.sm.n_cores = 4;
    assert_int_equal(rtl_engine_open(&eng, 1, &cfg, &o, err, sizeof err), 0);
    cfg.ctl.n_cores = 144;
    assert_int_equal(eng.reset(eng.impl, &cfg.ctl, &out, err, sizeof err), -1);
    assert_string_equal(err, want);
    eng.destroy(eng.impl);
}

/* ---------------------------------------------------------------- negative tests */

/* The FST read back with fst2vcd (gtkwave): 1 if it declares a variable
 * whose name contains `sig` and has the timestamps `t` ps and t + 500 ps,
 * and nothing before `t_first` ps. */
static int fst_holds(const char *path, const char *sig, uint64_t t, uint64_t t_first)
{
    char cmd[1400], line[4096];
    snprintf(cmd, sizeof cmd, "fst2vcd '%s' 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    if (!p) return 0;
    int var = 0, at = 0, after = 0, early = 0;
    while (fgets(line, sizeof line, p)) {
        if (!strncmp(line, "$var", 4) && strstr(line, sig)) var = 1;
        if (line[0] == '#') {
            unsigned long long v = strtoull(line + 1, NULL, 10);
            if (v == t) at = 1;
            if (v == t + 500) after = 1;
            if (v < t_first) early = 1;
        }
    }
    int rc = pclose(p);
    if (rc != 0) fprintf(stderr, "fst2vcd %s: exit %d\n", path, rc);
    if (!(var && at && after && !early))
        fprintf(stderr, "%s: var %s %d, #%llu %d, #%llu %d, before #%llu %d\n", path, sig, var,
                (unsigned long long)t, at, (unsigned long long)t + 500, after,
                (unsigned long long)t_first, early);
    return rc == 0 && var && at && after && !early;
}

/* The value of variable `var` in scope path `scope` (dot-separated, from the
 * root, e.g. "ctl_top.ref.core1") at time t of an FST, through fst2vcd: the
 * last change at or before t.  -1 when absent. */
static long long vcd_value(const char *path, const char *scope, const char *var, uint64_t t)
{
    char cmd[1400], line[4096], stack[512] = "", id[256] = "";
    snprintf(cmd, sizeof cmd, "fst2vcd '%s' 2>/dev/null", path);
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    long long val = -1;
    uint64_t now = 0;
    while (fgets(line, sizeof line, p)) {
        char a[256], b[256], c[256];
        if (sscanf(line, "$scope %255s %255s", a, b) == 2) {
            size_t n = strlen(stack);
            snprintf(stack + n, sizeof stack - n, "%s%s", n ? "." : "", b);
        } else if (!strncmp(line, "$upscope", 8)) {
            char *dot = strrchr(stack, '.');
            if (dot) *dot = 0; else stack[0] = 0;
        } else if (sscanf(line, "$var %255s %*d %255s %255s", a, b, c) == 3) {
            if (!strcmp(stack, scope) && !strcmp(c, var)) snprintf(id, sizeof id, "%s", b);
        } else if (line[0] == '#') {
            now = strtoull(line + 1, NULL, 10);
            if (now > t) break;
        } else if (*id) {
            line[strcspn(line, "\n")] = 0;
            if (line[0] == 'b') {
                char *sp = strchr(line, ' ');
                if (sp && !strcmp(sp + 1, id)) val = strtoll(line + 1, NULL, 2);
            } else if ((line[0] == '0' || line[0] == '1') && !strcmp(line + 1, id)) {
                val = line[0] - '0';
            }
        }
    }
    pclose(p);
    return val;
}

/* Step until the injected cycle fails; return that cycle. */
static uint64_t run_until_failure(bench *b, uint64_t limit)
{
    while (b->cycle < limit) {
        uint64_t c = b->cycle;
        if (bench_step(b) != 0) return c;
    }
    return UINT64_MAX;
}

/* DYNCTA: a launch with N = 8 sets n = max(1, floor(N/2)) = 4 on every core
 * (seed 000 Sec. 4.1) and no decision happens before T = 2048 cycles, so the
 * C model says 4 at cycle 5; the flipped bit 0 makes the RTL read 5. */
static void test_inject_dyncta_n(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 3);
    mkdir("build", 0777);
    unlink("build/mismatch-seed1-cycle5.fst");   /* an earlier run's: the name is never reused */
    unlink("build/mismatch-seed1-cycle5.gtkw");
    assert_int_equal(rtl_engine_inject(&b.eng, 5, "dyncta_n", 1), 0);
    launch(&b, 8, 100);
    assert_int_equal(run_until_failure(&b, 100), 5);
    assert_string_equal(b.err,
        "lockstep mismatch at cycle 5: unit dyncta, core 1, signal dyncta_n: "
        "expected 4 (C model), actual 5 (RTL); waveform of cycles 3..5: build/mismatch-seed1-cycle5.fst");
    /* cycles 0..4 compared, the failing one is not counted */
    assert_int_equal(b.eng.compared(b.eng.impl), 5);
    struct stat st;
    assert_int_equal(stat("build/mismatch-seed1-cycle5.fst", &st), 0);
    assert_true(st.st_size > 0);
    /* replayed on the tracing model: cycles 3..5, the unit's output port */
    assert_true(fst_holds("build/mismatch-seed1-cycle5.fst", "dyncta_n_o", 5000, 3000));
    /* its save file: core 1 first, the marker on the failing edge (5 ns + 500 ps) */
    FILE *g = fopen("build/mismatch-seed1-cycle5.gtkw", "r");
    assert_non_null(g);
    char gl[4096] = "";
    size_t gn = fread(gl, 1, sizeof gl - 1, g);
    gl[gn] = 0;
    fclose(g);
    assert_non_null(strstr(gl, "[dumpfile] \"mismatch-seed1-cycle5.fst\""));
    assert_non_null(strstr(gl, "*-12.000000 5500 "));
    assert_non_null(strstr(gl, "u_dyncta.g_core[1].u_core"));
    /* the C reference beside the RTL (scope ctl_top.ref): core 1's expected n
     * is 4 from the launch on, the replayed RTL's too (the injected flip is
     * in the engine's read-back, not in the RTL), so `differs` stays 0; the
     * save file opens with that pair for core 1 */
    const char *mf = "build/mismatch-seed1-cycle5.fst";
    assert_int_equal(vcd_value(mf, "ctl_top.ref.core1", "dyncta_n", 5500), 4);
    assert_int_equal(vcd_value(mf, "ctl_top.ref.core1", "dyncta_n_rtl", 5500), 4);
    assert_int_equal(vcd_value(mf, "ctl_top.ref.core1", "differs", 5500), 0);
    assert_int_equal(vcd_value(mf, "ctl_top.ref", "claso_ready", 5500), 0);
    assert_non_null(strstr(gl, "-Expected (C reference) vs RTL: unit dyncta, core 1"));
    assert_non_null(strstr(gl, "+{dyncta_n expected} ctl_top.ref.core1.dyncta_n[5:0]"));
    assert_non_null(strstr(gl, "+{dyncta_n RTL} ctl_top.ref.core1.dyncta_n_rtl[5:0]"));
    /* a second failure at that cycle does not overwrite it */
    bench_close(&b);
    bench_open(&b, 4, 3);
    assert_int_equal(rtl_engine_inject(&b.eng, 5, "dyncta_n", 1), 0);
    launch(&b, 8, 100);
    assert_int_equal(run_until_failure(&b, 100), 5);
    assert_non_null(strstr(b.err, "waveform of cycles 3..5: build/mismatch-seed1-cycle5-2.fst"));
    unlink("build/mismatch-seed1-cycle5-2.fst");
    unlink("build/mismatch-seed1-cycle5-2.gtkw");
    bench_close(&b);
}

/* AR-CTA: after a launch the unit profiles (phase PROFILE = 1) until core 0's
 * CTA finishes or W = 7000 cycles pass (seed 002 Sec. 3); no core reports a
 * finished CTA here, so at cycle 10 the phase is 1 and the flip reads 0.
 * A global signal is reported with core "-". */
static void test_inject_global_ar_phase(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 0);
    assert_int_equal(rtl_engine_inject(&b.eng, 10, "ar_phase", 0), 0);
    launch(&b, 8, 100);
    assert_int_equal(run_until_failure(&b, 100), 10);
    assert_string_equal(b.err,
        "lockstep mismatch at cycle 10: unit arcta, core -, signal ar_phase: "
        "expected 1 (C model), actual 0 (RTL); no waveform (mismatch lag 0)");
    bench_close(&b);
}

/* CLASO: alloc of 17 CTAs over 4 cores at cycle 0 (the paper's case study,
 * seed 003 Sec. 3.2); claso_ready rises in the ctl_out of the
 * CLASO_READY_STEPS-th step (claso.h), so a request of core 2 at cycle
 * CLASO_READY_STEPS is served: C_p = ceil(17/4) = 5 >= p_A + p_L = 1 grants.
 * The flip turns the RTL grant into 0. */
static void test_inject_claso_grant(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 1000);
    uint64_t when = CLASO_READY_STEPS;
    char old[64];
    snprintf(old, sizeof old, "build/mismatch-seed1-cycle%llu.fst", (unsigned long long)when);
    unlink(old);   /* an earlier run's: the name is never reused */
    snprintf(old, sizeof old, "build/mismatch-seed1-cycle%llu.gtkw", (unsigned long long)when);
    unlink(old);
    assert_int_equal(rtl_engine_inject(&b.eng, when, "grant", 2), 0);
    launch(&b, 8, 17);
    while (b.cycle < when) assert_int_equal(bench_step(&b), 0);
    assert_int_equal(b.out.claso_ready, 1);
    b.in.core[2].req = 1;
    assert_int_equal(bench_step(&b), -1);
    char want[512];
    snprintf(want, sizeof want,
             "lockstep mismatch at cycle %llu: unit claso, core 2, signal grant: "
             "expected 1 (C model), actual 0 (RTL); waveform of cycles 0..%llu: "
             "build/mismatch-seed1-cycle%llu.fst",
             (unsigned long long)when, (unsigned long long)when, (unsigned long long)when);
    assert_string_equal(b.err, want);
    bench_close(&b);
}

/* The RTL's own checks (rtl/ctasim_assert.svh) in the lockstep engine: an
 * input that breaks a seam guarantee (idle and mem_wait on core 2 in one
 * cycle, ctl_seam.h) fires DYNCTA's ASSUME IdleXorMemWait at that cycle; the
 * run stops like a mismatch, naming cycle, unit, core and check, with the
 * waveform of the cycles before it. */
static void test_assert_stops_run(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 1000);
    mkdir("build", 0777);
    unlink("build/mismatch-seed1-cycle9.fst");
    unlink("build/mismatch-seed1-cycle9.gtkw");
    launch(&b, 8, 17);
    while (b.cycle < 9) assert_int_equal(bench_step(&b), 0);
    b.in.core[2].idle = 1;
    b.in.core[2].mem_wait = 1;
    assert_int_equal(bench_step(&b), -1);
    assert_non_null(strstr(b.err, "assertion failed at cycle 9: unit dyncta, core 2, ASSUME "
                                  "IdleXorMemWait: idle and mem_wait in the same cycle"));
    assert_non_null(strstr(b.err, "waveform of cycles 0..9: build/mismatch-seed1-cycle9.fst"));
    struct stat st;
    assert_int_equal(stat("build/mismatch-seed1-cycle9.gtkw", &st), 0);
    bench_close(&b);
}

/* uC-States: every group is ON (0) after reset and stays ON until the first
 * decision at T = 2048 (seed 004 Sec. 4); pg_state[2] (EX_SFU) of core 3 at
 * cycle 2 flips to 1.  Cores are compared in ascending order, so a flip in
 * the last core still names that core. */
static void test_inject_ucs_pg_state(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 0);
    assert_int_equal(rtl_engine_inject(&b.eng, 2, "pg_state[2]", 3), 0);
    assert_int_equal(run_until_failure(&b, 100), 2);
    assert_string_equal(b.err,
        "lockstep mismatch at cycle 2: unit ucs, core 3, signal pg_state[2]: "
        "expected 0 (C model), actual 1 (RTL); no waveform (mismatch lag 0)");
    bench_close(&b);
}

/* ---------------------------------------------------------------- units stepped */

/* The units an engine steps (docs/cosim.md, "Units stepped"). */
static void test_units_resolve(void **state)
{
    (void)state;
    unsigned u;
    assert_int_equal(ctl_units_resolve(NULL, CTL_U_DYNCTA | CTL_U_UCS, 1, &u), 0);
    assert_int_equal(u, CTL_U_DYNCTA | CTL_U_UCS);
    assert_int_equal(ctl_units_resolve("policy", CTL_U_ARCTA, 0, &u), 0);
    assert_int_equal(u, CTL_U_ARCTA);
    /* a policy obeying none: rtl steps none, lockstep compares all five */
    assert_int_equal(ctl_units_resolve(NULL, CTL_U_NONE, 0, &u), 0);
    assert_int_equal(u, CTL_U_NONE);
    assert_int_equal(ctl_units_resolve(NULL, CTL_U_NONE, 1, &u), 0);
    assert_int_equal(u, CTL_U_ALL);
    assert_int_equal(ctl_units_resolve("all", CTL_U_NONE, 0, &u), 0);
    assert_int_equal(u, CTL_U_ALL);
    /* the units the policy obeys are always stepped: --units only adds */
    assert_int_equal(ctl_units_resolve("none", CTL_U_DYNCTA, 1, &u), 0);
    assert_int_equal(u, CTL_U_DYNCTA);
    assert_int_equal(ctl_units_resolve("ucs", CTL_U_DYNCTA, 0, &u), 0);
    assert_int_equal(u, CTL_U_DYNCTA | CTL_U_UCS);
    assert_int_equal(ctl_units_resolve("none", CTL_U_NONE, 0, &u), 0);
    assert_int_equal(u, CTL_U_NONE);
    /* a lockstep that would compare nothing */
    assert_int_equal(ctl_units_resolve("none", CTL_U_NONE, 1, &u), -2);
    assert_int_equal(ctl_units_resolve("ucs,dyncore,claso", CTL_U_NONE, 1, &u), 0);
    assert_int_equal(u, CTL_U_UCS | CTL_U_DYNCORE | CTL_U_CLASO);
    assert_int_equal(ctl_units_resolve("arcta", CTL_U_NONE, 1, &u), 0);
    assert_int_equal(u, CTL_U_ARCTA);
    assert_int_equal(ctl_units_resolve("dyncta,", CTL_U_NONE, 1, &u), -1);
    assert_int_equal(ctl_units_resolve("dync", CTL_U_NONE, 1, &u), -1);
    assert_int_equal(ctl_units_resolve("", CTL_U_NONE, 1, &u), -1);
    assert_int_equal(ctl_units_resolve("dyncta,,ucs", CTL_U_NONE, 1, &u), -1);
}

/* Lockstep of a DYNCTA policy steps and compares DYNCTA only: a fault in
 * uC-States' output is not seen (the unit is not evaluated; its ctl_out
 * fields keep their reset values, as the C engine leaves them), one in
 * dyncta_n is. */
static void test_units_policy_only(void **state)
{
    (void)state;
    for (int fault_in_dyncta = 0; fault_in_dyncta <= 1; fault_in_dyncta++) {
        bench b;
        memset(&b, 0, sizeof b);
        cfg_defaults(&b.cfg);
        b.cfg.sm.n_cores = 4;
        b.cfg.mem.n_parts = 2;
        assert_int_equal(cfg_set(&b.cfg, "policy.cta_limit", "dyncta", "t", b.err, sizeof b.err), 0);
        assert_int_equal(cfg_check(&b.cfg, b.err, sizeof b.err), 0);
        engine_opts o = { .fst = NULL };
        assert_int_equal(rtl_engine_open(&b.eng, 1, &b.cfg, &o, b.err, sizeof b.err), 0);
        rtl_engine_set_lag(&b.eng, 0);
        assert_int_equal(b.eng.reset(b.eng.impl, &b.cfg.ctl, &b.out, b.err, sizeof b.err), 0);
        ctl_out reset = b.out;
        if (fault_in_dyncta) assert_int_equal(rtl_engine_inject(&b.eng, 7, "dyncta_n", 2), 0);
        else assert_int_equal(rtl_engine_inject(&b.eng, 7, "pg_state[1]", 2), 0);
        uint64_t s = 99;
        for (uint32_t c = 0; c < CTL_MAX_CORES; c++) new_profile(&profiles[c], &s);
        launch(&b, 8, 100);
        uint64_t failed = UINT64_MAX;
        for (int i = 0; i < 5000 && failed == UINT64_MAX; i++) {
            if (i) random_inputs(&b, &s);
            uint64_t c = b.cycle;
            if (bench_step(&b) != 0) failed = c;
            for (uint32_t k = 0; k < 4 && !fault_in_dyncta; k++) {
                if (c >= 7 && k == 2) continue;   /* the injected flip stays: nothing rewrites it */
                assert_memory_equal(b.out.core[k].pg_state, reset.core[k].pg_state, CTL_NPG);
                assert_int_equal(b.out.core[k].tuned_down, reset.core[k].tuned_down);
                assert_int_equal(b.out.core[k].credit, reset.core[k].credit);
            }
        }
        if (fault_in_dyncta) {
            assert_int_equal(failed, 7);
            assert_non_null(strstr(b.err, "unit dyncta, core 2, signal dyncta_n"));
        } else {
            assert_int_equal(failed, UINT64_MAX);
            assert_int_equal(b.eng.compared(b.eng.impl), 5000);
        }
        bench_close(&b);
    }
}

/* The `fast` model (each unit its own Verilated model) and the `trace` model
 * (the whole rtl/ctl_top.sv) give the same ctl_out, every field of every
 * core, every cycle, on the same random inputs with every unit stepped. */
static void test_fast_equals_whole_top(void **state)
{
    (void)state;
    gpu_cfg g;
    cfg_defaults(&g);
    g.sm.n_cores = 4;
    g.mem.n_parts = 2;
    char err[512];
    assert_int_equal(cfg_check(&g, err, sizeof err), 0);
    vtop *fast = vtop_create(), *whole = vtop_create();
    assert_non_null(fast);
    assert_non_null(whole);
    mkdir("build", 0777);
    mkdir(TEST_DIR, 0777);
    assert_int_equal(vtop_fst_open(whole, TEST_DIR "/whole.fst", 0, 0, err, sizeof err), 0);
    static ctl_out of, ow;
    if (vtop_reset(fast, &g.ctl, &of, err, sizeof err) < 0) fail_msg("%s", err);
    if (vtop_reset(whole, &g.ctl, &ow, err, sizeof err) < 0) fail_msg("%s", err);
    assert_int_equal(vtop_traced(fast), 0);
    assert_int_equal(vtop_traced(whole), 1);
    assert_memory_equal(&of, &ow, sizeof of);
    bench b;   /* only for random_inputs */
    memset(&b, 0, sizeof b);
    b.cfg = g;
    uint64_t s = 0x5DEECE66Dull;
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++) new_profile(&profiles[c], &s);
    launch(&b, 6, 200);
    for (uint64_t cyc = 0; cyc < 20000; cyc++) {
        if (cyc) random_inputs(&b, &s);
        vtop_step(fast, cyc, &b.in, &of);
        vtop_step(whole, cyc, &b.in, &ow);
        b.in.kernel_start = 0;
        b.in.alloc = 0;
        if (memcmp(&of, &ow, sizeof of)) fail_msg("fast and whole-top models differ at cycle %llu",
                                                  (unsigned long long)cyc);
    }
    vtop_destroy(fast);
    vtop_destroy(whole);
    unlink(TEST_DIR "/whole.fst");
}

static void test_inject_unknown_signal(void **state)
{
    (void)state;
    bench b;
    bench_open(&b, 4, 0);
    assert_int_equal(rtl_engine_inject(&b.eng, 2, "no_such_signal", 0), -1);
    assert_int_equal(rtl_engine_inject(&b.eng, 2, "grant", CTL_MAX_CORES), -1);
    bench_close(&b);
}

/* The GPU model of 4 cores x 2 partitions (the size the other tests build,
 * fast and traced, so a mismatch replay needs no model of its own) on the
 * lockstep engine, with core `inj_core`'s dyncta_n corrupted at `cycle`: the run
 * stops, keeps what ran, and says why (gpu.h).  lag 0 keeps the default. */
typedef struct injected_run {
    gpu_cfg    cfg;
    workload   wl;
    ctl_engine eng;
    gpu       *g;
    report     rep;
    char       err[1024];
} injected_run;

static void injected_open(injected_run *r, const char *wl_path, const char *fst, uint32_t lag,
                          uint64_t cycle, int inj_core)
{
    cfg_defaults(&r->cfg);
    r->cfg.sm.n_cores = 4;
    r->cfg.mem.n_parts = 2;
    assert_int_equal(cfg_check(&r->cfg, r->err, sizeof r->err), 0);
    memset(&r->wl, 0, sizeof r->wl);
    if (wl_load(&r->wl, wl_path, r->cfg.run.seed, r->err, sizeof r->err) < 0)
        fail_msg("%s", r->err);
    engine_opts o = { .fst = fst, .fst_window = "0:10" };
    assert_int_equal(rtl_engine_open(&r->eng, 1, &r->cfg, &o, r->err, sizeof r->err), 0);
    if (lag) rtl_engine_set_lag(&r->eng, lag);
    assert_int_equal(rtl_engine_inject(&r->eng, cycle, "dyncta_n", inj_core), 0);
    r->g = gpu_create(&r->cfg, &r->eng, r->err, sizeof r->err);
    assert_non_null(r->g);
    report_init(&r->rep);
    assert_int_equal(gpu_run(r->g, &r->wl, &r->rep, r->err, sizeof r->err), 0);
    assert_int_equal(r->rep.incomplete, 1);
}

/* The run's waveform is put in place by finish (after the results); then
 * everything is freed. */
static void injected_close(injected_run *r)
{
    assert_int_equal(r->eng.finish(r->eng.impl, r->err, sizeof r->err), 0);
    report_free(&r->rep);
    gpu_destroy(r->g);
    r->eng.destroy(r->eng.impl);
    wl_free(&r->wl);
}

/* Inside the GPU model: the corruption at cycle 1000 stops gpu_run with the
 * right cycle, unit, core and signal; the actual value is the expected one
 * with bit 0 flipped, and exactly the 1000 cycles before it were compared
 * (the model steps the engine once per core cycle from cycle 0). */
static void test_inject_in_gpu_model(void **state)
{
    (void)state;
    mkdir(TEST_DIR, 0777);
    unlink(TEST_DIR "/run.mismatch.fst");   /* an earlier run's: the name is never reused */
    unlink(TEST_DIR "/run.mismatch.gtkw");
    injected_run *r = calloc(1, sizeof *r);
    assert_non_null(r);
    injected_open(r, "workloads/barrier_heavy.kern", TEST_DIR "/run.fst", 0, 1000, 1);
    char err[1024];
    snprintf(err, sizeof err, "%s", r->rep.stop_reason);
    long long want = -1, got = -1;
    const char *p = strstr(err, "expected ");
    assert_non_null(p);
    assert_int_equal(sscanf(p, "expected %lld (C model), actual %lld (RTL)", &want, &got), 2);
    assert_int_equal(got, want ^ 1);
    char head[256];
    snprintf(head, sizeof head, "lockstep mismatch at cycle 1000: unit dyncta, core 1, "
             "signal dyncta_n: expected %lld", want);
    assert_int_equal(strncmp(err, head, strlen(head)), 0);
    assert_non_null(strstr(err, "waveform of cycles 1..1000: " TEST_DIR "/run.mismatch.fst"));
    assert_int_equal(r->eng.compared(r->eng.impl), 1000);
    assert_true(r->rep.n_kernels == 1 && report_kernel(&r->rep, 0)->cycles >= 1000);   /* what ran is kept */
    injected_close(r);
    free(r);
    struct stat st;
    assert_int_equal(stat(TEST_DIR "/run.fst", &st), 0);
    assert_int_equal(stat(TEST_DIR "/run.mismatch.fst", &st), 0);
    assert_true(fst_holds(TEST_DIR "/run.mismatch.fst", "dyncta_n_o", 1000000, 1000));
}

/* A failure's waveform never takes a name in use, nor one that is an input
 * of the run through a link (docs/files.md): with run3.mismatch.fst a
 * symbolic link to the workload the run reads and run3.mismatch-2.gtkw a
 * hard link to it, the waveform goes to run3.mismatch-3.fst and the workload
 * and both links are left as they were. */
static void test_mismatch_name_not_input(void **state)
{
    (void)state;
    mkdir(TEST_DIR, 0777);
    const char *in = TEST_DIR "/in3.kern";
    const char *names[] = { TEST_DIR "/run3.mismatch.fst", TEST_DIR "/run3.mismatch.gtkw",
                            TEST_DIR "/run3.mismatch-2.fst", TEST_DIR "/run3.mismatch-2.gtkw",
                            TEST_DIR "/run3.mismatch-3.fst", TEST_DIR "/run3.mismatch-3.gtkw",
                            TEST_DIR "/run3.fst", in };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) unlink(names[i]);
    FILE *src = fopen("workloads/barrier_heavy.kern", "rb"), *dst = fopen(in, "wb");
    assert_non_null(src);
    assert_non_null(dst);
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf, src), m;
    assert_true(n > 0 && n < sizeof buf);
    assert_int_equal(fwrite(buf, 1, n, dst), n);
    fclose(src);
    fclose(dst);
    assert_int_equal(symlink("in3.kern", TEST_DIR "/run3.mismatch.fst"), 0);
    assert_int_equal(link(in, TEST_DIR "/run3.mismatch-2.gtkw"), 0);
    injected_run *r = calloc(1, sizeof *r);
    assert_non_null(r);
    injected_open(r, in, TEST_DIR "/run3.fst", 20, 50, 1);
    assert_non_null(strstr(r->rep.stop_reason, "waveform of cycles 31..50: " TEST_DIR "/run3.mismatch-3.fst"));
    injected_close(r);
    free(r);
    struct stat st;
    assert_int_equal(lstat(TEST_DIR "/run3.mismatch.fst", &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    assert_int_equal(stat(TEST_DIR "/run3.mismatch-3.fst", &st), 0);
    assert_int_equal(stat(TEST_DIR "/run3.mismatch-3.gtkw", &st), 0);
    char back[65536];
    FILE *f = fopen(in, "rb");
    assert_non_null(f);
    m = fread(back, 1, sizeof back, f);
    fclose(f);
    assert_int_equal(m, n);
    assert_memory_equal(back, buf, n);
    assert_int_equal(stat(TEST_DIR "/run3.mismatch-2.gtkw", &st), 0);
    assert_int_equal(st.st_nlink, 2);
    assert_int_equal((size_t)st.st_size, n);
}

/* Bad options: one message naming the option, -1. */
static void test_bad_options(void **state)
{
    (void)state;
    gpu_cfg cfg;
    char err[256];
    ctl_engine eng;
    cfg_defaults(&cfg);
    engine_opts o1 = { .fst_window = "5:9" };
    assert_int_equal(rtl_engine_open(&eng, 0, &cfg, &o1, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: --fst-window needs --fst (--fst-window)");
    engine_opts o2 = { .fst = TEST_DIR "/x.fst", .fst_window = "9:5" };
    assert_int_equal(rtl_engine_open(&eng, 0, &cfg, &o2, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: --fst-window '9:5' ends before it starts (--fst-window)");
    engine_opts o3 = { .fst = TEST_DIR "/x.fst", .fst_window = "a:b" };
    assert_int_equal(rtl_engine_open(&eng, 0, &cfg, &o3, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: --fst-window 'a:b' is not A:B in core cycles (--fst-window)");
    engine_opts o4 = { .fst = "/nonexistent-dir/x.fst" };
    assert_int_equal(rtl_engine_open(&eng, 0, &cfg, &o4, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent-dir/x.fst: cannot create a file in its folder (No such file or directory) (--fst)");
}

/* ---------------------------------------------------------------- regression mode */

/* `--seed S [--cores N] [--cycles K] [--inject CYCLE:SIGNAL:CORE] [--fst FILE]`
 * (scripts/regress.py, docs/verification.md): one constrained-random lockstep
 * run of N cores (default 4) for K cycles (default 20000) from seed S, all
 * derived from S; --inject corrupts one output through the test-only hook
 * rtl_engine_inject() (the regression's deliberately failing test); --fst
 * writes the whole waveform (and FILE.mismatch.fst on a mismatch), under the
 * first free name of FILE, FILE-2, ... (rb_name.h: an earlier run's is never
 * overwritten).  The run's seed is S (cfg run.seed), so a mismatch without
 * --fst is build/mismatch-seedS-cycleC.fst. */
typedef struct seeded_opts {
    uint64_t seed;
    uint32_t cores, cycles;
    const char *inject, *fst;
} seeded_opts;

/* The options arrive as the test's state (cmocka_unit_test_prestate). */
static void test_seeded(void **state)
{
    const seeded_opts *o = *state;
    bench b;
    uint64_t s = o->seed * 0x9E3779B97F4A7C15ull + 1;
    memset(&b, 0, sizeof b);
    cfg_defaults(&b.cfg);
    b.cfg.sm.n_cores = o->cores;
    b.cfg.mem.n_parts = o->cores > 8 ? 64 : 2; /* the sizes of the tests above: no extra model */
    b.cfg.run.seed = o->seed;   /* names a failure's waveform (no workload reads it here) */
    assert_int_equal(cfg_check(&b.cfg, b.err, sizeof b.err), 0);
    char fst[4096];
    if (o->fst && !rb_free_name(o->fst, fst, sizeof fst))
        fail_msg("--fst %s: no free name beside it (up to -9999)", o->fst);
    if (o->fst && strcmp(fst, o->fst))
        printf("ctl_top: --fst %s is taken (never overwritten); the waveform is %s\n", o->fst, fst);
    engine_opts eo = { .fst = o->fst ? fst : NULL };
    if (rtl_engine_open(&b.eng, 1, &b.cfg, &eo, b.err, sizeof b.err))
        fail_msg("%s", b.err);
    if (o->inject) {
        char sig[64];
        unsigned long long cyc;
        int inj_core;
        if (sscanf(o->inject, "%llu:%63[^:]:%d", &cyc, sig, &inj_core) != 3 ||
            rtl_engine_inject(&b.eng, cyc, sig, inj_core))
            fail_msg("--inject %s: not CYCLE:SIGNAL:CORE of a known signal", o->inject);
    }
    if (b.eng.reset(b.eng.impl, &b.cfg.ctl, &b.out, b.err, sizeof b.err))
        fail_msg("%s", b.err);
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++) new_profile(&profiles[c], &s);
    launch(&b, (uint8_t)(1 + rnd(&s, 8)), 1 + rnd(&s, 400));
    for (uint32_t i = 0; i < o->cycles; i++) {
        if (i) random_inputs(&b, &s);
        if (bench_step(&b)) {
            char err[1024];
            snprintf(err, sizeof err, "%s", b.err);
            b.eng.finish(b.eng.impl, b.err, sizeof b.err);
            bench_close(&b);
            fail_msg("seed %llu, %u cores: %s", (unsigned long long)o->seed, o->cores, err);
        }
    }
    assert_int_equal(b.eng.compared(b.eng.impl), o->cycles);
    assert_int_equal(b.eng.finish(b.eng.impl, b.err, sizeof b.err), 0);
    bench_close(&b);
}

static int seeded_main(int argc, char **argv)
{
    seeded_opts opts = { 0 }, *o = &opts;
    o->cores = 4;
    o->cycles = 20000;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) goto usage;
        if (!strcmp(a, "--seed")) o->seed = strtoull(v, NULL, 0);
        else if (!strcmp(a, "--cores")) o->cores = (uint32_t)strtoul(v, NULL, 0);
        else if (!strcmp(a, "--cycles")) o->cycles = (uint32_t)strtoul(v, NULL, 0);
        else if (!strcmp(a, "--inject")) o->inject = v;
        else if (!strcmp(a, "--fst")) o->fst = v;
        else if (strcmp(a, "--vec")) goto usage;
        i++;
    }
    if (o->cores < 1 || o->cores > CTL_MAX_CORES || o->cycles < 1) goto usage;
    printf("ctl_top: seed %llu, %u cores, %u cycles\n", (unsigned long long)o->seed,
           o->cores, o->cycles);
    fflush(stdout);
    const struct CMUnitTest tests[] = { cmocka_unit_test_prestate(test_seeded, o) };
    return cmocka_run_group_tests(tests, NULL, NULL);
usage:
    fprintf(stderr, "%s: usage: %s [--seed S [--cores N] [--cycles K] "
                    "[--inject CYCLE:SIGNAL:CORE] [--fst FILE]]\n", argv[0], argv[0]);
    return 2;
}

int main(int argc, char **argv)
{
    /* --vec FILE is accepted for the RTL-test convention; the top has no
     * Icarus replay of its own (every unit has one), so nothing is written. */
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--vec") == 0 && i + 1 < argc) i++;
    mkdir("build", 0777);
    mkdir(TEST_DIR, 0777);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--seed")) return seeded_main(argc, argv);
    /* CTL_TOP_FILTER=test_inject* runs only those (while working on one) */
    if (getenv("CTL_TOP_FILTER")) cmocka_set_test_filter(getenv("CTL_TOP_FILTER"));
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_4_cores),
        cmocka_unit_test(test_random_30_cores),
        cmocka_unit_test(test_random_40_cores_64_parts),
        cmocka_unit_test(test_144_cores),
        cmocka_unit_test(test_model_is_run_size),
        cmocka_unit_test(test_inject_dyncta_n),
        cmocka_unit_test(test_inject_global_ar_phase),
        cmocka_unit_test(test_inject_claso_grant),
        cmocka_unit_test(test_assert_stops_run),
        cmocka_unit_test(test_inject_ucs_pg_state),
        cmocka_unit_test(test_inject_unknown_signal),
        cmocka_unit_test(test_units_resolve),
        cmocka_unit_test(test_units_policy_only),
        cmocka_unit_test(test_fast_equals_whole_top),
        cmocka_unit_test(test_inject_in_gpu_model),
        cmocka_unit_test(test_mismatch_name_not_input),
        cmocka_unit_test(test_bad_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
