/* test_rtl_dyncore.c -- units/dyncore/dyncore.sv (Verilated) against units/dyncore/dyncore.c,
 * compared on every core every cycle: directed cases from seed 000 Sec. 4.2
 * (t_act = 40960 for 30 cores and T = 2048, gating of the K = 8 highest
 * cores, drain, hold, wake), then constrained-random stimulus over many
 * seeds with short periods.  Fails if any DYNCORE branch was never reached.
 *
 * --vec FILE writes the directed cycles for units/dyncore/tb_dyncore.sv, one line
 * per event, decimal except the hex vectors:
 *   op kernel_start active_hex16 drained_hex16 n_cores period frac_num
 *   frac_den k expected_enable_hex16 expected_power_on_hex16
 * op 0 = apply cfg and pulse the reset; op 1 = apply inputs, one clock edge. */
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "dyncore.h"

typedef struct dyncore_rtl dyncore_rtl;
dyncore_rtl *dyncore_rtl_new(void);
void dyncore_rtl_free(dyncore_rtl *h);
void dyncore_rtl_set_cfg(dyncore_rtl *h, unsigned n_cores, unsigned period, unsigned frac_num,
                         unsigned frac_den, unsigned k, unsigned tact_counted);
void dyncore_rtl_set_in(dyncore_rtl *h, unsigned kernel_start, uint64_t active, uint64_t drained);
void dyncore_rtl_reset(dyncore_rtl *h);
void dyncore_rtl_tick(dyncore_rtl *h);
uint64_t dyncore_rtl_enable(dyncore_rtl *h);
uint64_t dyncore_rtl_power_on(dyncore_rtl *h);
void dyncore_rtl_fault_mode(dyncore_rtl *h, int core);
uint64_t dyncore_rtl_edges(const dyncore_rtl *h);

typedef struct bench {
    dyncore_rtl *rtl;
    dyncore ref;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
    FILE *vec;
    uint64_t cycle;
    uint64_t hits[DYNCORE_NBRANCH]; /* accumulated over resets */
} bench;

static bench tb;

/* ------------------------------------------------------------ harness */

static uint64_t in_bits(const ctl_in *in, int drained)
{
    uint64_t v = 0;
    for (int c = 0; c < RB_CORES; c++)
        v |= (uint64_t)((drained ? in->core[c].drained : in->core[c].active) & 1u) << c;
    return v;
}

static uint64_t out_bits(const ctl_out *out, int power)
{
    uint64_t v = 0;
    for (int c = 0; c < RB_CORES; c++)
        v |= (uint64_t)((power ? out->core[c].dc_power_on : out->core[c].dc_enable) & 1u) << c;
    return v;
}

static void write_vec(bench *b, int op)
{
    if (!b->vec)
        return;
    fprintf(b->vec, "%d %u %016llx %016llx %u %u %u %u %u %u %016llx %016llx\n", op,
            b->in.kernel_start & 1u, (unsigned long long)in_bits(&b->in, 0),
            (unsigned long long)in_bits(&b->in, 1), b->cfg.n_cores, b->cfg.dyncore_period,
            b->cfg.dyncore_frac_num, b->cfg.dyncore_frac_den, b->cfg.dyncore_k,
            b->cfg.dyncore_tact_counted & 1u, (unsigned long long)out_bits(&b->out, 0), (unsigned long long)out_bits(&b->out, 1));
}

static void compare(bench *b)
{
    uint64_t en_c = out_bits(&b->out, 0), en_r = dyncore_rtl_enable(b->rtl);
    uint64_t pw_c = out_bits(&b->out, 1), pw_r = dyncore_rtl_power_on(b->rtl);
    for (int c = 0; c < RB_CORES; c++) {
        if (((en_c ^ en_r) >> c) & 1u)
            fail_msg("cycle %llu core %d dc_enable: C model %u, RTL %u",
                     (unsigned long long)b->cycle, c, (unsigned)(en_c >> c) & 1u,
                     (unsigned)(en_r >> c) & 1u);
        if (((pw_c ^ pw_r) >> c) & 1u)
            fail_msg("cycle %llu core %d dc_power_on: C model %u, RTL %u",
                     (unsigned long long)b->cycle, c, (unsigned)(pw_c >> c) & 1u,
                     (unsigned)(pw_r >> c) & 1u);
    }
}

static void drive(bench *b)
{
    dyncore_rtl_set_cfg(b->rtl, b->cfg.n_cores, b->cfg.dyncore_period, b->cfg.dyncore_frac_num,
                        b->cfg.dyncore_frac_den, b->cfg.dyncore_k, b->cfg.dyncore_tact_counted);
    dyncore_rtl_set_in(b->rtl, b->in.kernel_start, in_bits(&b->in, 0), in_bits(&b->in, 1));
}

static void bench_reset(bench *b)
{
    rb_hits_add(b->hits, b->ref.branch_hits, DYNCORE_NBRANCH);
    drive(b);
    dyncore_rtl_reset(b->rtl);
    dyncore_reset(&b->ref, &b->cfg, &b->out);
    compare(b);
    write_vec(b, 0);
}

static void bench_cycle(bench *b)
{
    drive(b);
    dyncore_rtl_tick(b->rtl);
    dyncore_step(&b->ref, &b->cfg, &b->in, &b->out);
    b->cycle++;
    compare(b);
    write_vec(b, 1);
}

/* One period with exactly g_act active core-cycles, up to `width` cores
 * (cores 0..width-1) active per cycle, then its evaluation cycle (all cores
 * active there: not counted), whose edge decides. */
static void bench_period(bench *b, uint32_t g_act, uint32_t width)
{
    for (uint32_t i = 0; i < b->cfg.dyncore_period; i++) {
        uint32_t now = g_act >= width ? width : g_act;
        g_act -= now;
        for (uint32_t c = 0; c < RB_CORES; c++)
            b->in.core[c].active = c < now;
        bench_cycle(b);
    }
    assert_int_equal(b->ref.eval, 1);
    for (uint32_t c = 0; c < RB_CORES; c++)
        b->in.core[c].active = 1;
    bench_cycle(b);
    for (uint32_t c = 0; c < RB_CORES; c++)
        b->in.core[c].active = 0;
}

static int setup(void **state)
{
    memset(&tb, 0, sizeof tb);
    tb.rtl = dyncore_rtl_new();
    return 0;
}

static int teardown(void **state)
{
    dyncore_rtl_free(tb.rtl);
    tb.vec = NULL;
    return 0;
}

/* ------------------------------------------------------------ directed */

/* Seed 000 Sec. 4.2 with its defaults: 30 cores, T = 2048, t_act = 40960.
 * G_act = 40960 keeps all on; 40959 drains cores 22..29; drained cores
 * 26..29 turn off; below again holds (35499 and 40959 < 40960: t_act is
 * fixed); with tact_counted = 1, G_act above 2/3 of the 26 counted cores * T
 * wakes every core; a kernel start turns all on. */
static void test_directed(void **state)
{
    bench *b = &tb;
    b->vec = rb_vec;
    ctl_cfg_defaults(&b->cfg, 30, 8);
    bench_reset(b);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 30) - 1);
    bench_period(b, 40960, 30);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 30) - 1);
    bench_period(b, 40959, 30);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 22) - 1);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 30) - 1);
    /* cores 26..29 drained: off after the first cycle of the next period */
    for (uint32_t c = 26; c < 30; c++)
        b->in.core[c].drained = 1;
    bench_period(b, 0, 30);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 26) - 1);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 22) - 1);
    /* the paper's fixed t_act (default): 40960 whatever the cores counted */
    bench_period(b, 35499, 22);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 26) - 1);
    bench_period(b, 40959, 22);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 26) - 1);
    /* tact_counted = 1: 26 counted cores, t_act = 2/3 * 26 * 2048 = 35498.67 */
    b->cfg.dyncore_tact_counted = 1;
    bench_period(b, 35498, 22);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 26) - 1);
    bench_period(b, 35499, 22);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 30) - 1);
    assert_int_equal(out_bits(&b->out, 1), (1ull << 30) - 1);
    b->cfg.dyncore_tact_counted = 0;
    /* gate again, then a kernel start turns every core back on */
    bench_period(b, 0, 30);
    assert_int_equal(out_bits(&b->out, 0), (1ull << 22) - 1);
    b->in.kernel_start = 1;
    bench_cycle(b);
    b->in.kernel_start = 0;
    assert_int_equal(out_bits(&b->out, 0), (1ull << 30) - 1);
    /* K >= n_cores keeps core 0 ON (first_gated = max(1, n - K)): 4 cores,
     * T = 16, G_act 0; K = 4 (n - K = 0) and K = 5 both drain cores 1..3. */
    for (uint32_t k = 4; k <= 5; k++) {
        ctl_cfg_defaults(&b->cfg, 4, 8);
        b->cfg.dyncore_period = 16;
        b->cfg.dyncore_k = k;
        bench_reset(b);
        bench_period(b, 0, 4);
        assert_int_equal(out_bits(&b->out, 0), 1);
        assert_int_equal(out_bits(&b->out, 1), 0xf);
    }
    bench_reset(b);
    b->vec = NULL;
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

static void random_cfg(ctl_cfg *cfg)
{
    uint32_t n = 1 + rnd_below(RB_CORES);
    ctl_cfg_defaults(cfg, n, 8);
    cfg->dyncore_period = 16 + rnd_below(49);
    cfg->dyncore_frac_den = 1 + rnd_below(15);
    cfg->dyncore_frac_num = rnd_below(4) ? 1 + rnd_below(cfg->dyncore_frac_den)
                                         : rnd_below(16);
    cfg->dyncore_k = rnd_below(8) ? rnd_below(n + 4) : rnd_below(128);
    cfg->dyncore_tact_counted = rnd_below(2);
}

static void random_run(bench *b, uint64_t seed, uint32_t cycles)
{
    static const uint32_t level[] = { 0, 16, 64, 128, 160, 192, 224, 256 };
    uint32_t p_active = 128, p_drained = 16;
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    random_cfg(&b->cfg);
    memset(&b->in, 0, sizeof b->in);
    bench_reset(b);
    for (uint32_t i = 0; i < cycles; i++) {
        if (rnd_below(2 * b->cfg.dyncore_period) == 0) {
            p_active = level[rnd_below(8)];
            p_drained = level[rnd_below(4)];
        }
        for (uint32_t c = 0; c < RB_CORES; c++) {
            b->in.core[c].active = rnd_below(256) < p_active;
            b->in.core[c].drained = rnd_below(256) < p_drained;
        }
        b->in.kernel_start = rnd_below(3000) == 0;
        if (rnd_below(20000) == 0)
            bench_reset(b);
        else
            bench_cycle(b);
    }
    b->in.kernel_start = 0;
}

static void test_random(void **state)
{
    for (uint64_t i = 1; i <= rb_iters(64); i++)
        random_run(&tb, rb_subseed(i), 6000); /* i, or derived from --seed */
    bench_reset(&tb); /* folds the last run's branch hits into tb.hits */
    assert_int_equal(rb_coverage("dyncore", tb.hits, DYNCORE_NBRANCH, dyncore_branch_name,
                                 tb.cycle), 0);
}

/* A fault injected into the RTL (core 3 enabled while OFF: no edge of
 * units/dyncore/dyncore.sv produces that mode, above cores the bench has drained) fires
 * at the next edge the checks it breaks (ModeValid, OffToOn, GateHighest, ...),
 * the report naming one of them, the unit, core 3 and the cycle; a clean run
 * before it fires nothing. */
static void test_assert_fires(void **state)
{
    bench *b = &tb;
    ctl_cfg_defaults(&b->cfg, 8, 8);
    b->cfg.dyncore_period = 16;
    bench_reset(b);
    rb_assert_expect(1);
    for (int i = 0; i < 20; i++)
        bench_cycle(b);
    rb_assert none;
    assert_int_equal(rb_assert_take(&none), 0);
    uint64_t edge = dyncore_rtl_edges(b->rtl);
    dyncore_rtl_fault_mode(b->rtl, 3);
    drive(b);
    dyncore_rtl_tick(b->rtl);
    static const char *const fired[] = { "ModeValid", "OffToOn", "GateHighest", "OffFromDraining", "OffWhenDrained", NULL };
    rb_assert_fired("dyncore", 3, edge, fired);
    rb_assert_expect(0);
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_directed, setup, teardown),
        cmocka_unit_test_setup_teardown(test_random, setup, teardown),
        cmocka_unit_test_setup_teardown(test_assert_fires, setup, teardown),
    };
    const rb_suite suite = { "dyncore", tests, sizeof tests / sizeof tests[0], NULL, NULL,
                             NULL, NULL };
    return rb_main(argc, argv, &suite);
}
