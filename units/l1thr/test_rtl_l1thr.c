/* test_rtl_l1thr.c -- l1thr.sv (Verilated) against the C reference l1thr.c,
 * compared on every core every cycle: directed cases (the threshold boundary,
 * the limit walking down to 1 and back up to N, kernel restart mid-period,
 * counter saturation, unused cores), then constrained-random stimulus over
 * many seeds with short periods, then a fault that must fire an assertion.
 * Fails if any branch of the C model was never reached.
 *
 * --vec FILE writes the directed cycles (but the saturation runs) for
 * units/l1thr/tb_l1thr.sv, one line per event, decimal but the hex vectors:
 *   op kernel_start n_max n_cores period t_miss l1_miss_hex48 expected_n_o_hex96
 * op 0 = apply cfg and pulse the reset; op 1 = apply inputs, one clock edge.
 * l1_miss is the 192-bit input (core c at [c*3 +: 3]), expected_n_o the
 * 384-bit n_o after the event (core c at [c*6 +: 6]). */
#include <stddef.h>
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "l1thr.h"

typedef struct l1thr_rtl l1thr_rtl;
int l1thr_rtl_cores(void);
l1thr_rtl *l1thr_rtl_new(void);
void l1thr_rtl_free(l1thr_rtl *h);
void l1thr_rtl_reset(l1thr_rtl *h);
void l1thr_rtl_tick(l1thr_rtl *h);
void l1thr_rtl_set_cfg(l1thr_rtl *h, const ctl_cfg *cfg);
void l1thr_rtl_set_in(l1thr_rtl *h, const ctl_in *in);
void l1thr_rtl_get_out(l1thr_rtl *h, ctl_out *out);
void l1thr_rtl_fault_n3(l1thr_rtl *h);
uint64_t l1thr_rtl_edges(const l1thr_rtl *h);

typedef struct bench {
    l1thr_rtl *rtl;
    l1thr ref;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out, rtl_out;
    uint64_t cycle;
    uint64_t hits[L1THR_NBRANCH]; /* accumulated over resets */
    FILE *vec;                    /* --vec: the directed cycles, or NULL */
} bench;

static bench tb;

/* ------------------------------------------------------------ harness */

static void compare(bench *b)
{
    l1thr_rtl_get_out(b->rtl, &b->rtl_out);
    for (int c = 0; c < RB_CORES; c++) {
        unsigned want = b->out.core[c].l1thr_n, got = b->rtl_out.core[c].l1thr_n;
        if (want != got)
            fail_msg("cycle %llu core %d l1thr_n: C model %u, RTL %u",
                     (unsigned long long)b->cycle, c, want, got);
    }
}

static void write_vec(bench *b, int op)
{
    if (!b->vec)
        return;
    fprintf(b->vec, "%d %u %u %u %u %u ", op, b->in.kernel_start & 1u, b->in.n_max & 0x3fu,
            b->cfg.n_cores, b->cfg.l1thr_period, b->cfg.l1thr_t_miss);
    rb_vec_hex(b->vec, b->in.core, sizeof b->in.core[0], offsetof(ctl_core_in, l1_miss), 3);
    fputc(' ', b->vec);
    rb_vec_hex(b->vec, b->out.core, sizeof b->out.core[0], offsetof(ctl_core_out, l1thr_n), 6);
    fputc('\n', b->vec);
}

static void drive(bench *b)
{
    l1thr_rtl_set_cfg(b->rtl, &b->cfg);
    l1thr_rtl_set_in(b->rtl, &b->in);
}

static void bench_reset(bench *b)
{
    rb_hits_add(b->hits, b->ref.branch_hits, L1THR_NBRANCH);
    drive(b);
    l1thr_rtl_reset(b->rtl);
    l1thr_reset(&b->ref, &b->cfg, &b->out);
    compare(b);
    write_vec(b, 0);
}

static void bench_cycle(bench *b)
{
    drive(b);
    l1thr_rtl_tick(b->rtl);
    l1thr_step(&b->ref, &b->cfg, &b->in, &b->out);
    b->cycle++;
    compare(b);
    write_vec(b, 1);
}

static void bench_kernel(bench *b, uint8_t n_max)
{
    b->in.kernel_start = 1;
    b->in.n_max = n_max;
    bench_cycle(b);
    b->in.kernel_start = 0;
}

/* One period in which core c sees misses[c] misses, 7 a cycle from the first. */
static void bench_period(bench *b, const uint32_t *misses, int n)
{
    uint32_t left[RB_CORES];
    memcpy(left, misses, sizeof left[0] * (size_t)n);
    for (uint32_t i = 0; i < b->cfg.l1thr_period; i++) {
        for (int c = 0; c < n; c++) {
            uint32_t k = left[c] < 7 ? left[c] : 7;
            b->in.core[c].l1_miss = (uint8_t)k;
            left[c] -= k;
        }
        bench_cycle(b);
    }
    for (int c = 0; c < n; c++) b->in.core[c].l1_miss = 0;
}

static int setup(void **state)
{
    memset(&tb, 0, sizeof tb);
    tb.rtl = l1thr_rtl_new();
    assert_true(l1thr_rtl_cores() >= RB_CORES);
    return 0;
}

static int teardown(void **state)
{
    l1thr_rtl_free(tb.rtl);
    return 0;
}

/* ------------------------------------------------------------ directed */

/* Defaults (T = 2048, t_miss = 512), 6 cores in use, N = 4: n starts at N; a
 * period with exactly t_miss misses raises (held at N), t_miss + 1 lowers. */
static void directed_threshold(bench *b)
{
    static const uint32_t m[6] = { 512, 513, 0, 2048, 511, 14336 };
    static const uint8_t expect[6] = { 4, 3, 4, 3, 4, 3 };
    ctl_cfg_defaults(&b->cfg, 6, 8);
    bench_reset(b);
    bench_kernel(b, 4);
    for (int c = 0; c < 6; c++) assert_int_equal(b->out.core[c].l1thr_n, 4);
    bench_period(b, m, 6);
    for (int c = 0; c < 6; c++) assert_int_equal(b->out.core[c].l1thr_n, expect[c]);
    for (int c = 6; c < RB_CORES; c++) assert_int_equal(b->out.core[c].l1thr_n, 0);
}

/* T = 8, t_miss = 10, N = 3: three heavy periods walk n 3 -> 2 -> 1 -> 1 (held
 * at 1), three quiet ones back 2 -> 3 -> 3 (held at N); a kernel restart
 * mid-period gives n = N' at once and restarts the period. */
static void directed_walk(bench *b)
{
    static const uint32_t heavy[1] = { 11 }, quiet[1] = { 10 };
    static const uint8_t expect[6] = { 2, 1, 1, 2, 3, 3 };
    ctl_cfg_defaults(&b->cfg, 1, 8);
    b->cfg.l1thr_period = 8;
    b->cfg.l1thr_t_miss = 10;
    bench_reset(b);
    bench_kernel(b, 3);
    for (int i = 0; i < 6; i++) {
        bench_period(b, i < 3 ? heavy : quiet, 1);
        assert_int_equal(b->out.core[0].l1thr_n, expect[i]);
    }
    b->in.core[0].l1_miss = 7;
    for (int i = 0; i < 5; i++) bench_cycle(b);      /* 35 misses, no decision yet */
    bench_kernel(b, 5);
    assert_int_equal(b->out.core[0].l1thr_n, 5);
    b->in.core[0].l1_miss = 0;
    for (int i = 0; i < 7; i++) bench_cycle(b);      /* the earlier misses are gone */
    assert_int_equal(b->out.core[0].l1thr_n, 5);
    bench_cycle(b);
    assert_int_equal(b->out.core[0].l1thr_n, 5);     /* quiet period: held at N */
}

/* T = 65535 with 7 misses every cycle saturates M at 65535 (> t_miss = 65534):
 * the limit falls; with t_miss = 65535 it cannot. */
static void directed_saturation(bench *b)
{
    for (int k = 0; k < 2; k++) {
        ctl_cfg_defaults(&b->cfg, 1, 8);
        b->cfg.l1thr_period = 65535;
        b->cfg.l1thr_t_miss = 65534u + (uint32_t)k;
        bench_reset(b);
        bench_kernel(b, 6);
        b->in.core[0].l1_miss = 7;
        for (uint32_t i = 0; i < 65535; i++) bench_cycle(b);
        b->in.core[0].l1_miss = 0;
        assert_int_equal(b->out.core[0].l1thr_n, k ? 6 : 5);
    }
}

static void test_directed(void **state)
{
    tb.vec = rb_vec;
    directed_threshold(&tb);
    directed_walk(&tb);
    tb.vec = NULL;   /* 2 x 65535 cycles: too long a replay */
    directed_saturation(&tb);
}

/* ------------------------------------------------------------ random */

static uint64_t rng_state;

static uint32_t rnd_below(uint32_t n)
{
    return n ? (uint32_t)(rb_xorshift(&rng_state) % n) : 0;
}

/* heavy: periods past 9362 cycles with 7 misses in most cycles, so M saturates. */
static void random_run(bench *b, uint64_t seed, uint32_t cycles, int heavy)
{
    static const uint32_t level[] = { 0, 8, 32, 96, 160, 256 };
    uint32_t p_miss[RB_CORES];
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    ctl_cfg_defaults(&b->cfg, 1 + rnd_below(RB_CORES), 8);
    b->cfg.l1thr_period = heavy ? 9400 + rnd_below(200) : rnd_below(40);   /* 0 acts as 1 */
    b->cfg.l1thr_t_miss = heavy ? 65000 + rnd_below(536) : rnd_below(4 * b->cfg.l1thr_period + 8);
    memset(&b->in, 0, sizeof b->in);
    bench_reset(b);
    for (int c = 0; c < RB_CORES; c++) p_miss[c] = heavy ? 256 - rnd_below(8) : level[rnd_below(6)];
    bench_kernel(b, (uint8_t)rnd_below(64));
    for (uint32_t i = 0; i < cycles; i++) {
        for (int c = 0; c < RB_CORES; c++) {
            if (!heavy && rnd_below(200) == 0) p_miss[c] = level[rnd_below(6)];
            b->in.core[c].l1_miss = rnd_below(256) < p_miss[c] ?
                (uint8_t)(heavy ? 7 : 1 + rnd_below(7)) : 0;
        }
        b->in.kernel_start = rnd_below(heavy ? 40000 : 700) == 0;
        b->in.n_max = (uint8_t)(rnd_below(4) ? 1 + rnd_below(8) : rnd_below(64));
        if (!heavy && rnd_below(5000) == 0) {
            b->cfg.n_cores = 1 + rnd_below(RB_CORES);   /* cores leave or join mid-run */
            bench_cycle(b);
        } else if (!heavy && rnd_below(20000) == 0) {
            bench_reset(b);
        } else {
            bench_cycle(b);
        }
    }
    b->in.kernel_start = 0;
}

static void test_random(void **state)
{
    uint64_t n = rb_iters(48);
    uint64_t i;
    for (i = 1; i <= n; i++) random_run(&tb, rb_subseed(i), 5000, 0);
    for (; i <= n + 2; i++) random_run(&tb, rb_subseed(i), 20000, 1);
    bench_reset(&tb); /* folds the last run's branch hits into tb.hits */
    assert_int_equal(rb_coverage("l1thr", tb.hits, L1THR_NBRANCH, l1thr_branch_name, tb.cycle),
                     0);
}

/* A fault injected into the RTL (core 3's limit jumps by 2 between decisions)
 * fires NStepOne at the next edge, naming the unit, core 3 and the cycle; the
 * clean run before it fires nothing. */
static void test_assert_fires(void **state)
{
    bench *b = &tb;
    ctl_cfg_defaults(&b->cfg, 8, 8);
    b->cfg.l1thr_period = 100;
    bench_reset(b);
    rb_assert_expect(1);
    bench_kernel(b, 5);
    for (int i = 0; i < 10; i++) bench_cycle(b);
    rb_assert none;
    assert_int_equal(rb_assert_take(&none), 0);
    uint64_t edge = l1thr_rtl_edges(b->rtl);
    l1thr_rtl_fault_n3(b->rtl);
    drive(b);
    l1thr_rtl_tick(b->rtl);
    static const char *const fired[] = { "NStepOne", "NIncRule", "NDecRule", NULL };
    rb_assert_fired("l1thr", 3, edge, fired);
    rb_assert_expect(0);
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_directed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random, setup, teardown),
        cmocka_unit_test_setup_teardown(test_assert_fires, setup, teardown),
    };
    const rb_suite suite = { "l1thr", tests, sizeof tests / sizeof tests[0], NULL, NULL,
                             NULL, NULL };
    return rb_main(argc, argv, &suite);
}
