/* test_dyncore.c -- DYNCORE reference model (seed 000 Sec. 4.2;
 * controllers.md 2).  Expected values follow from the paper's rule
 * (t_act = 40960 = 2/3 * 30 cores * 2048) and units/dyncore/dyncore.md. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dyncore.h"
#include "unit/cfg_expect.h"

typedef struct fixture {
    dyncore s;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
} fixture;

static fixture fx;

static void start(uint32_t n_cores)
{
    memset(&fx, 0, sizeof fx);
    ctl_cfg_defaults(&fx.cfg, n_cores, 8);
    dyncore_reset(&fx.s, &fx.cfg, &fx.out);
}

static void step(void)
{
    dyncore_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
}

/* One period of T cycles in which exactly g_act core-cycles are active:
 * the cores 0.. are active in turn, filling each cycle up to `width` cores;
 * then the evaluation cycle (the decision is taken at its edge, its
 * inputs are not counted). */
static void period_with_g_act(uint32_t g_act, uint32_t width)
{
    uint32_t t = fx.cfg.dyncore_period;
    for (uint32_t i = 0; i < t; i++) {
        uint32_t now = g_act >= width ? width : g_act;
        g_act -= now;
        for (uint32_t c = 0; c < CTL_MAX_CORES; c++)
            fx.in.core[c].active = c < now;
        step();
    }
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++)
        fx.in.core[c].active = 0;
    assert_int_equal(fx.s.eval, 1);
    step();
    assert_int_equal(fx.s.eval, 0);
}

static void assert_mode(uint32_t c, int enable, int power_on)
{
    assert_int_equal(fx.out.core[c].dc_enable, enable);
    assert_int_equal(fx.out.core[c].dc_power_on, power_on);
}

static void test_reset_all_used_cores_on(void **state)
{
    start(30);
    for (uint32_t c = 0; c < 30; c++)
        assert_mode(c, 1, 1);
    for (uint32_t c = 30; c < CTL_MAX_CORES; c++)
        assert_mode(c, 0, 0);
}

/* 30 cores, T = 2048, frac 2/3: t_act = 40960 (paper Sec. 4.2).
 * G_act = 40960 is not below: no gating. */
static void test_paper_threshold_40960_keeps_all_on(void **state)
{
    start(30);
    period_with_g_act(40960, 30);
    for (uint32_t c = 0; c < 30; c++)
        assert_mode(c, 1, 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_ABOVE_ALL_ON], 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_GATE], 0);
}

/* G_act = 40959 < 40960: the K = 8 highest cores (22..29) start draining,
 * exactly at the edge of the 2048th cycle. */
static void test_below_gates_k_highest_cores(void **state)
{
    start(30);
    period_with_g_act(40959, 30);
    for (uint32_t c = 0; c < 22; c++)
        assert_mode(c, 1, 1);
    for (uint32_t c = 22; c < 30; c++)
        assert_mode(c, 0, 1); /* draining: no new CTAs, still powered */
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_GATE], 1);
}

/* The T-th counted edge ends the period; the next edge (the evaluation
 * cycle, one multiplier step) decides, and its inputs are not counted:
 * decisions every T + 1 = 2049 cycles. */
static void test_decision_on_tth_edge(void **state)
{
    start(30);
    for (int i = 0; i < 2048; i++) {
        step();
        assert_mode(29, 1, 1);
    }
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_PERIOD_END], 1);
    for (uint32_t c = 0; c < 30; c++)
        fx.in.core[c].active = 1;   /* not counted: G_act stays 0 */
    step(); /* edge 2049: G_act = 0 < 40960 */
    assert_mode(29, 0, 1);
    assert_int_equal(fx.s.g_act, 0);
    assert_int_equal(fx.s.period_count, 0);
    fx.in.core[29].drained = 1;     /* drains go on in the next period */
    step();
    assert_mode(29, 0, 0);
    assert_int_equal(fx.s.g_act, 30);   /* the next period counts from edge 2050 */
    for (int i = 0; i < 2046; i++)
        step();
    assert_int_equal(fx.s.eval, 0);
    step();                          /* edge 2049 + 2048 ends the next period */
    assert_int_equal(fx.s.eval, 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_PERIOD_END], 2);
}

/* A draining core turns off at the edge of a cycle in which it is drained. */
static void test_draining_core_off_only_when_drained(void **state)
{
    start(30);
    period_with_g_act(0, 30);
    for (int i = 0; i < 100; i++) {
        step();
        assert_mode(29, 0, 1);
    }
    fx.in.core[29].drained = 1;
    step();
    assert_mode(29, 0, 0);
    assert_mode(28, 0, 1); /* not drained: still draining */
    fx.in.core[29].drained = 0; /* off stays off */
    step();
    assert_mode(29, 0, 0);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_DRAIN_OFF], 1);
}

/* Below threshold while cores are draining/off: hold, gate no further. */
static void test_below_not_all_on_holds(void **state)
{
    start(30);
    period_with_g_act(0, 30);
    fx.in.core[29].drained = 1;
    period_with_g_act(0, 30);
    for (uint32_t c = 0; c < 22; c++)
        assert_mode(c, 1, 1);
    assert_mode(29, 0, 0);
    assert_mode(22, 0, 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_BELOW_HOLD], 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_GATE], 1);
}

/* Cores 26..29 off, 22..25 draining: 26 counted, t_act = 2/3 * 26 * 2048 =
 * 35498.67.  G_act = 35498 holds; 35499 turns every core back on. */
/* tact_counted = 1 (the alternative): t_act follows the cores not off. */
static void test_above_turns_all_back_on(void **state)
{
    start(30);
    fx.cfg.dyncore_tact_counted = 1;
    period_with_g_act(0, 30);
    for (uint32_t c = 26; c < 30; c++)
        fx.in.core[c].drained = 1;
    step(); /* first cycle of period 2: cores 26..29 turn off */
    for (uint32_t c = 26; c < 30; c++) {
        fx.in.core[c].drained = 0;
        assert_mode(c, 0, 0);
    }
    for (int i = 1; i <= 2048; i++) /* rest of period 2 and its evaluation: G_act = 0, hold */
        step();
    period_with_g_act(35498, 22);
    assert_mode(25, 0, 1);
    assert_mode(26, 0, 0);
    period_with_g_act(35499, 22);
    for (uint32_t c = 0; c < 30; c++)
        assert_mode(c, 1, 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_WAKE_DRAINING], 4);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_WAKE_OFF], 4);
}

/* Counted cores are summed per cycle: 2 cores, K = 1, T = 10.  In period 2
 * core 1 drains and turns off after 5 cycles: core_cycles = 15, t_act = 10;
 * G_act = 9 holds, G_act = 10 wakes.  (Counting only the 1 core on at the
 * decision would give t_act = 6.67 and wake on 9.) */
static void test_threshold_follows_cores_counted_each_cycle(void **state)
{
    for (uint32_t g = 9; g <= 10; g++) {
        start(2);
        fx.cfg.dyncore_tact_counted = 1;
        fx.cfg.dyncore_period = 10;
        fx.cfg.dyncore_k = 1;
        period_with_g_act(0, 2);
        assert_mode(1, 0, 1);
        for (uint32_t i = 0; i < 10; i++) {
            fx.in.core[1].drained = i == 4;
            fx.in.core[0].active = i < g;
            step();
        }
        fx.in.core[1].drained = 0;
        fx.in.core[0].active = 1;   /* the evaluation cycle: not counted */
        step();
        assert_int_equal(fx.out.core[1].dc_enable, g == 10);
        assert_int_equal(fx.out.core[1].dc_power_on, g == 10);
    }
}

/* The default, the paper's fixed t_act (seed 000 Sec. 4.2: "a threshold equal
 * to 40960, which stands for 66% RACT in a 30-core system"): with 8 of 30
 * cores gated, G_act must still reach 40960 to wake them, 91 % of the 22 on
 * cores (scaled by the 26 counted cores it would be 35499). */
static void test_fixed_tact_after_gating(void **state)
{
    start(30);
    assert_int_equal(fx.cfg.dyncore_tact_counted, 0);
    period_with_g_act(0, 30);                 /* gate: cores 22..29 drain */
    for (uint32_t c = 22; c < 30; c++)
        fx.in.core[c].drained = 1;
    step();                                   /* they turn off */
    for (uint32_t c = 22; c < 30; c++) {
        fx.in.core[c].drained = 0;
        assert_mode(c, 0, 0);
    }
    for (int i = 1; i <= 2048; i++)          /* the period and its evaluation cycle */
        step();
    period_with_g_act(40959, 22);
    assert_mode(22, 0, 0);
    period_with_g_act(35499, 22);
    assert_mode(22, 0, 0);
    period_with_g_act(40960, 22);
    for (uint32_t c = 0; c < 30; c++)
        assert_mode(c, 1, 1);
}

/* kernel_start: every used core on, period restarted, sums cleared. */
static void test_kernel_start_all_on_and_restart(void **state)
{
    start(30);
    period_with_g_act(0, 30);
    fx.in.core[29].drained = 1;
    for (int i = 0; i < 1000; i++)
        step();
    fx.in.kernel_start = 1;
    step();
    fx.in.kernel_start = 0;
    for (uint32_t c = 0; c < 30; c++)
        assert_mode(c, 1, 1);
    assert_int_equal(fx.s.g_act, 0);
    for (int i = 0; i < 2048; i++)
        step();
    assert_mode(29, 1, 1);
    step();                       /* the evaluation cycle decides */
    assert_mode(29, 0, 1);
}

/* Unused cores (>= n_cores) are never counted and output 0. */
static void test_unused_cores_ignored(void **state)
{
    start(30);
    for (uint32_t c = 30; c < CTL_MAX_CORES; c++)
        fx.in.core[c].active = 1;
    for (int i = 0; i < 2049; i++)   /* the period and its evaluation cycle */
        step();
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_GATE], 1); /* G_act = 0 */
    for (uint32_t c = 30; c < CTL_MAX_CORES; c++)
        assert_mode(c, 0, 0);
}

/* K >= n_cores: every core but core 0 drains. */
static void test_gate_keeps_core0(void **state)
{
    start(4);
    period_with_g_act(0, 4);
    assert_mode(0, 1, 1);
    for (uint32_t c = 1; c < 4; c++)
        assert_mode(c, 0, 1);
    assert_int_equal(fx.s.branch_hits[DYNCORE_BR_GATE_KEEP_CORE0], 1);
}

static void test_cfg_check(void **state)
{
    ctl_cfg cfg;
    char msg[128];
    ctl_cfg_defaults(&cfg, 30, 8);
    assert_int_equal(key_check_struct(&dyncore_keys, &cfg, "x", msg, sizeof msg), 0);
    cfg.dyncore_frac_den = 0;
    assert_int_equal(key_check_struct(&dyncore_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 0 out of range 1..255 (dyncore.frac_den)");
    ctl_cfg_defaults(&cfg, 30, 8);
    cfg.dyncore_frac_num = 16;
    assert_int_equal(key_check_struct(&dyncore_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 16 does not fit the 4-bit register of units/dyncore/dyncore.sv (dyncore.frac_num)");
    ctl_cfg_defaults(&cfg, 30, 8);
    cfg.dyncore_period = 0;
    assert_int_equal(key_check_struct(&dyncore_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 0 out of range 1..65535 (dyncore.period)");
}

static void test_branch_names(void **state)
{
    for (int i = 0; i < DYNCORE_NBRANCH; i++) {
        assert_string_not_equal(dyncore_branch_name(i), "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(dyncore_branch_name(i), dyncore_branch_name(j));
    }
    assert_string_equal(dyncore_branch_name(DYNCORE_NBRANCH), "?");
}

/* ---------------------------------------------------------------- keys */

/* dyncore.* keys: K's register holds every core count (cfg_dyncore_k_i is
 * CTL_CORES_BITS wide), a value too wide for its RTL register, a misspelt
 * key, and the fraction above 1 refused where it was last set. */
static void test_keys(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    const char *cl = CFG_WHERE_CMDLINE;
    const key_def *k = cfgx_key("dyncore.k");
    assert_int_equal(k->bits, CTL_CORES_BITS);
    assert_int_equal(k->max, CTL_MAX_CORES);
    cfg_defaults(&c);
    assert_int_equal(cfg_set(&c, "core.count", "144", cl, err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "dyncore.k", "159", cl, err, sizeof err), 0);
    cfgx_set_refused(&c, "dyncore.frac_num", "20",
                     "<command line>: value 20 does not fit the 4-bit register of "
                     "units/dyncore/dyncore.sv (dyncore.frac_num)");
    cfgx_set_refused(&c, "dyncore.fracnum", "2",
                     "<command line>: unknown key; did you mean dyncore.frac_num? (dyncore.fracnum)");
    cfgx_check_refused("units/dyncore/check_dyncore_k.cfg",
                       "units/dyncore/check_dyncore_k.cfg:4: dyncore.k = 8 must be below core.count = 4 "
                       "(dyncore.k, core.count)");
    cfgx_check_refused("units/dyncore/check_frac.cfg",
                       "units/dyncore/check_frac.cfg:2: dyncore.frac_num / frac_den above 1 "
                       "(dyncore.frac_num, dyncore.frac_den)");
    /* a bad combination names where the last key involved was set */
    cfg_defaults(&c);
    assert_int_equal(cfg_load(&c, "units/dyncore/check_frac.cfg", err, sizeof err), 0);
    assert_int_equal(cfg_set(&c, "dyncore.frac_den", "3", cl, err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), -1);
    assert_string_equal(err, "<command line>: dyncore.frac_num / frac_den above 1 "
                             "(dyncore.frac_num, dyncore.frac_den)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_all_used_cores_on),
        cmocka_unit_test(test_paper_threshold_40960_keeps_all_on),
        cmocka_unit_test(test_below_gates_k_highest_cores),
        cmocka_unit_test(test_decision_on_tth_edge),
        cmocka_unit_test(test_draining_core_off_only_when_drained),
        cmocka_unit_test(test_below_not_all_on_holds),
        cmocka_unit_test(test_above_turns_all_back_on),
        cmocka_unit_test(test_threshold_follows_cores_counted_each_cycle),
        cmocka_unit_test(test_fixed_tact_after_gating),
        cmocka_unit_test(test_kernel_start_all_on_and_restart),
        cmocka_unit_test(test_unused_cores_ignored),
        cmocka_unit_test(test_gate_keeps_core0),
        cmocka_unit_test(test_cfg_check),
        cmocka_unit_test(test_branch_names),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
