/* test_rtl_dyncta.c -- units/dyncta/dyncta.sv (Verilated) against units/dyncta/dyncta.c,
 * compared on every core every cycle: directed cases from seed 000 Sec. 4.1
 * (threshold boundaries, the CTA-pausing example's n sequence, kernel
 * restart, counter saturation), then constrained-random stimulus over many
 * seeds with short periods.  Fails if any DYNCTA branch was never reached.
 *
 * --vec FILE writes the directed cycles for units/dyncta/tb_dyncta.sv, one line
 * per event, all numbers decimal except the hex vectors:
 *   op kernel_start n_max idle_hex16 mem_wait_hex16 n_cores period t_idle
 *   t_mem_l t_mem_h expected_n_o_hex96
 * op 0 = apply cfg and pulse the reset; op 1 = apply inputs, one clock edge.
 * expected_n_o is the 384-bit n_o after the event (core c at [c*6 +: 6]). */
#include <stddef.h>
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "dyncta.h"

typedef struct dyncta_rtl dyncta_rtl;
dyncta_rtl *dyncta_rtl_new(void);
void dyncta_rtl_free(dyncta_rtl *h);
void dyncta_rtl_set_cfg(dyncta_rtl *h, unsigned n_cores, unsigned period, unsigned t_idle,
                        unsigned t_mem_l, unsigned t_mem_h);
void dyncta_rtl_set_in(dyncta_rtl *h, unsigned kernel_start, unsigned n_max, uint64_t idle,
                       uint64_t mem_wait);
void dyncta_rtl_reset(dyncta_rtl *h);
void dyncta_rtl_tick(dyncta_rtl *h);
unsigned dyncta_rtl_n(dyncta_rtl *h, int c);

typedef struct bench {
    dyncta_rtl *rtl;
    dyncta ref;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
    FILE *vec;
    uint64_t cycle;
    uint64_t hits[DYNCTA_NBRANCH]; /* accumulated over resets */
} bench;

static bench tb;

/* ------------------------------------------------------------ harness */

static uint64_t bits_of(const ctl_in *in, int mem)
{
    uint64_t v = 0;
    for (int c = 0; c < RB_CORES; c++)
        v |= (uint64_t)((mem ? in->core[c].mem_wait : in->core[c].idle) & 1u) << c;
    return v;
}

static void write_vec(bench *b, int op)
{
    if (!b->vec)
        return;
    fprintf(b->vec, "%d %u %u %016llx %016llx %u %u %u %u %u ", op, b->in.kernel_start & 1u,
            b->in.n_max & 0x3fu, (unsigned long long)bits_of(&b->in, 0),
            (unsigned long long)bits_of(&b->in, 1), b->cfg.n_cores, b->cfg.dyncta_period,
            b->cfg.dyncta_t_idle, b->cfg.dyncta_t_mem_l, b->cfg.dyncta_t_mem_h);
    rb_vec_hex(b->vec, b->out.core, sizeof b->out.core[0], offsetof(ctl_core_out, dyncta_n), 6);
    fputc('\n', b->vec);
}

static void compare(bench *b)
{
    for (int c = 0; c < RB_CORES; c++) {
        unsigned want = b->out.core[c].dyncta_n, got = dyncta_rtl_n(b->rtl, c);
        if (want != got)
            fail_msg("cycle %llu core %d dyncta_n: C model %u, RTL %u",
                     (unsigned long long)b->cycle, c, want, got);
    }
}

static void drive(bench *b)
{
    dyncta_rtl_set_cfg(b->rtl, b->cfg.n_cores, b->cfg.dyncta_period, b->cfg.dyncta_t_idle,
                       b->cfg.dyncta_t_mem_l, b->cfg.dyncta_t_mem_h);
    dyncta_rtl_set_in(b->rtl, b->in.kernel_start, b->in.n_max, bits_of(&b->in, 0),
                      bits_of(&b->in, 1));
}

static void bench_reset(bench *b)
{
    rb_hits_add(b->hits, b->ref.branch_hits, DYNCTA_NBRANCH);
    drive(b);
    dyncta_rtl_reset(b->rtl);
    dyncta_reset(&b->ref, &b->cfg, &b->out);
    compare(b);
    write_vec(b, 0);
}

static void bench_cycle(bench *b)
{
    drive(b);
    dyncta_rtl_tick(b->rtl);
    dyncta_step(&b->ref, &b->cfg, &b->in, &b->out);
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

/* One period: core c idle in the first idle[c] cycles, mem_wait in the last
 * mem[c] cycles. */
static void bench_period(bench *b, const uint32_t *idle, const uint32_t *mem, int n)
{
    uint32_t t = b->cfg.dyncta_period;
    for (uint32_t i = 0; i < t; i++) {
        for (int c = 0; c < n; c++) {
            b->in.core[c].idle = i < idle[c];
            b->in.core[c].mem_wait = i >= t - mem[c];
        }
        bench_cycle(b);
    }
    for (int c = 0; c < n; c++)
        b->in.core[c].idle = b->in.core[c].mem_wait = 0;
}

static int setup(void **state)
{
    memset(&tb, 0, sizeof tb);
    tb.rtl = dyncta_rtl_new();
    return 0;
}

static int teardown(void **state)
{
    dyncta_rtl_free(tb.rtl);
    tb.vec = NULL;
    return 0;
}

/* ------------------------------------------------------------ directed */

/* Paper defaults (T = 2048, t_idle 16, t_mem_l 128, t_mem_h 384), N = 8 so
 * n starts at 4; one period whose counters sit on each threshold. */
static void directed_thresholds(bench *b)
{
    static const uint32_t idle[8] = { 16, 15, 0, 0, 0, 0, 2048, 0 };
    static const uint32_t mem[8] = { 2032, 2033, 127, 128, 383, 384, 0, 2048 };
    /* inc by idle, dec (idle 15 < 16, mem high), inc by low mem, keep, keep,
     * dec, inc by idle (C_idle saturates at 2047), dec (C_mem saturates). */
    static const uint8_t expect[8] = { 5, 3, 5, 4, 4, 3, 5, 3 };
    ctl_cfg_defaults(&b->cfg, 30, 8);
    bench_reset(b);
    bench_kernel(b, 8);
    bench_period(b, idle, mem, 8);
    for (int c = 0; c < 8; c++)
        assert_int_equal(b->out.core[c].dyncta_n, expect[c]);
    for (int c = 8; c < 30; c++)
        assert_int_equal(b->out.core[c].dyncta_n, 5); /* C_mem = 0: increment */
    for (int c = 30; c < RB_CORES; c++)
        assert_int_equal(b->out.core[c].dyncta_n, 0);
}

/* Sec. 4.1 pausing example on N = 4 with T = 16 (thresholds 2 / 4 / 12):
 * n = 2 -> 3, then decrements 2, 1, refused at 1, increments 2, 3, 4, refused
 * at N.  Then a kernel restart mid-period and a reset. */
static void directed_pause_example(bench *b)
{
    static const uint32_t none[1] = { 0 }, all[1] = { 16 };
    static const int high_mem[] = { 0, 1, 1, 1, 0, 0, 0, 0 };
    static const uint8_t expect[] = { 3, 2, 1, 1, 2, 3, 4, 4 };
    ctl_cfg_defaults(&b->cfg, 2, 8);
    b->cfg.dyncta_period = 16;
    b->cfg.dyncta_t_idle = 2;
    b->cfg.dyncta_t_mem_l = 4;
    b->cfg.dyncta_t_mem_h = 12;
    bench_reset(b);
    bench_kernel(b, 4);
    assert_int_equal(b->out.core[0].dyncta_n, 2);
    for (size_t i = 0; i < sizeof expect; i++) {
        bench_period(b, none, high_mem[i] ? all : none, 1);
        assert_int_equal(b->out.core[0].dyncta_n, expect[i]);
    }
    b->in.core[0].mem_wait = 1;
    for (int i = 0; i < 5; i++)
        bench_cycle(b);
    b->in.core[0].mem_wait = 0;
    bench_kernel(b, 10);
    assert_int_equal(b->out.core[0].dyncta_n, 5);
    for (int i = 0; i < 15; i++)
        bench_cycle(b);
    assert_int_equal(b->out.core[0].dyncta_n, 5);
    bench_cycle(b);
    assert_int_equal(b->out.core[0].dyncta_n, 6);
    bench_reset(b);
    assert_int_equal(b->out.core[0].dyncta_n, 0);
}

static void test_directed(void **state)
{
    tb.vec = rb_vec;
    directed_thresholds(&tb);
    directed_pause_example(&tb);
    tb.vec = NULL;
}

/* ------------------------------------------------------------ random */

static uint64_t rng_state;

static uint64_t rnd(void)
{
    return rb_xorshift(&rng_state);
}

static uint32_t rnd_below(uint32_t n)
{
    return n ? (uint32_t)(rnd() % n) : 0;
}

/* Per-core probabilities (of 256) of an idle and of a mem_wait cycle. */
typedef struct phase { uint32_t idle, mem; } phase;

static void new_phase(phase *p)
{
    static const uint32_t level[] = { 0, 4, 16, 64, 128, 192, 256 };
    p->idle = level[rnd_below(7)];
    p->mem = level[rnd_below(7)];
    if (p->idle + p->mem > 256)
        p->mem = 256 - p->idle;
}

static uint8_t random_n_max(void)
{
    switch (rnd_below(4)) {
    case 0: return (uint8_t)rnd_below(64);
    case 1: return (uint8_t)rnd_below(3);
    default: return (uint8_t)(1 + rnd_below(8));
    }
}

static void random_cfg(ctl_cfg *cfg, int long_period)
{
    uint32_t t;
    ctl_cfg_defaults(cfg, 1 + rnd_below(RB_CORES), 8);
    t = long_period ? 2100 + rnd_below(900) : 16 + rnd_below(49);
    cfg->dyncta_period = t;
    cfg->dyncta_t_idle = rnd_below(t / 4 + 1);
    cfg->dyncta_t_mem_l = rnd_below(t / 2 + 1);
    cfg->dyncta_t_mem_h = cfg->dyncta_t_mem_l + rnd_below(t + 3 - cfg->dyncta_t_mem_l);
    if (long_period) /* thresholds near the counter limit */
        cfg->dyncta_t_mem_h = 2000 + rnd_below(48);
}

static void random_run(bench *b, uint64_t seed, int long_period, uint32_t cycles)
{
    phase ph[RB_CORES];
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    random_cfg(&b->cfg, long_period);
    memset(&b->in, 0, sizeof b->in);
    bench_reset(b);
    for (int c = 0; c < RB_CORES; c++)
        new_phase(&ph[c]);
    bench_kernel(b, random_n_max());
    for (uint32_t i = 0; i < cycles; i++) {
        for (int c = 0; c < RB_CORES; c++) {
            uint32_t u = rnd_below(256);
            if (rnd_below(4 * b->cfg.dyncta_period) == 0)
                new_phase(&ph[c]);
            b->in.core[c].idle = u < ph[c].idle;
            b->in.core[c].mem_wait = u >= ph[c].idle && u < ph[c].idle + ph[c].mem;
        }
        b->in.kernel_start = rnd_below(1500) == 0;
        b->in.n_max = random_n_max();
        if (rnd_below(20000) == 0)
            bench_reset(b);
        else
            bench_cycle(b);
    }
    b->in.kernel_start = 0;
}

/* An input that breaks a seam guarantee (idle and mem_wait on core 5 in one
 * cycle) fires the ASSUME IdleXorMemWait at that edge, naming the unit and the
 * core; the next, lawful cycle fires nothing. */
static void test_assert_fires(void **state)
{
    bench *b = &tb;
    ctl_cfg_defaults(&b->cfg, RB_CORES, 1);
    bench_reset(b);
    bench_kernel(b, 8);                   /* edge 0 */
    for (int i = 0; i < 10; i++)          /* edges 1..10 */
        bench_cycle(b);
    rb_assert_expect(1);
    b->in.core[5].idle = 1;
    b->in.core[5].mem_wait = 1;
    drive(b);
    dyncta_rtl_tick(b->rtl);              /* edge 11 */
    rb_assert a;
    assert_int_equal(rb_assert_take(&a), 1);
    assert_string_equal(a.kind, "ASSUME");
    assert_string_equal(a.name, "IdleXorMemWait");
    assert_string_equal(a.unit, "dyncta");
    assert_int_equal(a.core, 5);
    assert_int_equal(a.cycle, 11);
    assert_non_null(strstr(a.text, "assertion failed at cycle 11: unit dyncta, core 5, ASSUME "
                                   "IdleXorMemWait: idle and mem_wait in the same cycle"));
    b->in.core[5].mem_wait = 0;
    drive(b);
    dyncta_rtl_tick(b->rtl);
    assert_int_equal(rb_assert_take(&a), 0);
    rb_assert_expect(0);
}

static void test_random(void **state)
{
    /* short periods, then a few long ones; seeds i, or derived from --seed */
    uint64_t i, n_short = rb_iters(64), n_long = rb_opt.iters ? 1 : 4;
    for (i = 1; i <= n_short; i++)
        random_run(&tb, rb_subseed(i), 0, 6000);
    for (; i <= n_short + n_long; i++)
        random_run(&tb, rb_subseed(i), 1, 9000);
    bench_reset(&tb); /* folds the last run's branch hits into tb.hits */
    assert_int_equal(rb_coverage("dyncta", tb.hits, DYNCTA_NBRANCH, dyncta_branch_name, tb.cycle),
                     0);
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_directed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random, setup, teardown),
        cmocka_unit_test_setup_teardown(test_assert_fires, setup, teardown),
    };
    const rb_suite suite = { "dyncta", tests, sizeof tests / sizeof tests[0], NULL, NULL,
                             NULL, NULL };
    return rb_main(argc, argv, &suite);
}
