/* test_dyncta.c -- DYNCTA reference model (seed 000 Sec. 4.1, Algorithm 1;
 * controllers.md 1).  Expected values follow from the paper's rules and the
 * timing decided in units/dyncta/dyncta.md: a kernel_start edge restarts the
 * period, the edge of the T-th following cycle decides on counters that
 * include that cycle. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "dyncta.h"
#include "unit/cfg_expect.h"

typedef struct fixture {
    dyncta s;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
} fixture;

static fixture fx;

static void start(uint32_t n_cores, uint8_t n_max)
{
    memset(&fx, 0, sizeof fx);
    ctl_cfg_defaults(&fx.cfg, n_cores, 8);
    dyncta_reset(&fx.s, &fx.cfg, &fx.out);
    fx.in.kernel_start = 1;
    fx.in.n_max = n_max;
    dyncta_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    fx.in.kernel_start = 0;
}

static void step(void)
{
    dyncta_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
}

/* One sampling period for core c: idle in the first idle_cycles cycles,
 * mem_wait in the last mem_cycles cycles (possibly overlapping). */
static void period_with(int c, uint32_t idle_cycles, uint32_t mem_cycles)
{
    uint32_t t = fx.cfg.dyncta_period;
    for (uint32_t i = 0; i < t; i++) {
        fx.in.core[c].idle = i < idle_cycles;
        fx.in.core[c].mem_wait = i >= t - mem_cycles;
        step();
    }
    fx.in.core[c].idle = fx.in.core[c].mem_wait = 0;
}

static void test_reset_outputs_zero(void **state)
{
    memset(&fx, 0, sizeof fx);
    ctl_cfg_defaults(&fx.cfg, 30, 8);
    memset(&fx.out, 0xff, sizeof fx.out);
    dyncta_reset(&fx.s, &fx.cfg, &fx.out);
    for (int c = 0; c < CTL_MAX_CORES; c++)
        assert_int_equal(fx.out.core[c].dyncta_n, 0);
}

/* Algorithm 1 INITIALIZE: n = floor(N/2); controllers.md: at least 1. */
static void test_kernel_start_sets_half_of_n(void **state)
{
    static const uint8_t n_max[] = { 8, 7, 1, 0, 63 };
    static const uint8_t expect[] = { 4, 3, 1, 1, 31 };
    for (size_t i = 0; i < sizeof n_max; i++) {
        start(30, n_max[i]);
        for (int c = 0; c < 30; c++)
            assert_int_equal(fx.out.core[c].dyncta_n, expect[i]);
        for (int c = 30; c < CTL_MAX_CORES; c++)
            assert_int_equal(fx.out.core[c].dyncta_n, 0); /* unused cores */
        assert_int_equal(fx.s.branch_hits[DYNCTA_BR_KERNEL_START], 30);
    }
}

/* No events: C_mem = 0 < t_mem_l increments, exactly at the T-th edge. */
static void test_decision_on_tth_edge(void **state)
{
    start(4, 8);
    for (int i = 0; i < 2047; i++) {
        step();
        assert_int_equal(fx.out.core[0].dyncta_n, 4);
    }
    step();
    assert_int_equal(fx.out.core[0].dyncta_n, 5);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_INC_MEM_LOW], 4);
    assert_int_equal(fx.s.c_idle[0], 0);
    assert_int_equal(fx.s.c_mem[0], 0);
}

/* C_idle >= t_idle (16) increments even when C_mem is high; 15 does not. */
static void test_increment_by_idle(void **state)
{
    start(1, 8);
    period_with(0, 16, 2032);  /* C_idle = 16, C_mem = 2032 >= 384 */
    assert_int_equal(fx.out.core[0].dyncta_n, 5);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_INC_IDLE], 1);
    period_with(0, 15, 2033);  /* C_idle = 15 < 16, C_mem high: decrement */
    assert_int_equal(fx.out.core[0].dyncta_n, 4);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_DEC_MEM_HIGH], 1);
}

/* C_mem < t_mem_l (128) increments; C_mem = 128 is medium: keep. */
static void test_increment_by_low_mem(void **state)
{
    start(1, 8);
    period_with(0, 0, 127);
    assert_int_equal(fx.out.core[0].dyncta_n, 5);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_INC_MEM_LOW], 1);
    period_with(0, 0, 128);
    assert_int_equal(fx.out.core[0].dyncta_n, 5);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_KEEP], 1);
}

/* C_mem >= t_mem_h (384) decrements; 383 keeps. */
static void test_decrement_by_high_mem(void **state)
{
    start(1, 8);
    period_with(0, 0, 383);
    assert_int_equal(fx.out.core[0].dyncta_n, 4);
    period_with(0, 0, 384);
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_KEEP], 1);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_DEC_MEM_HIGH], 1);
}

/* n = min(n + 1, N): N = 4 starts at 2, reaches 4 and holds. */
static void test_saturation_at_n(void **state)
{
    start(1, 4);
    period_with(0, 0, 0);
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    period_with(0, 2048, 0);
    assert_int_equal(fx.out.core[0].dyncta_n, 4);
    period_with(0, 0, 0);
    assert_int_equal(fx.out.core[0].dyncta_n, 4);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_HOLD_AT_N], 1);
}

/* n = max(n - 1, 1): N = 4 starts at 2, drops to 1 and holds. */
static void test_saturation_at_one(void **state)
{
    start(1, 4);
    period_with(0, 0, 2048);
    assert_int_equal(fx.out.core[0].dyncta_n, 1);
    period_with(0, 0, 2048);
    assert_int_equal(fx.out.core[0].dyncta_n, 1);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_HOLD_AT_1], 1);
}

/* The paper's pause example (Sec. 4.1): N = 4, n = 3; two decrements give
 * n = 2 then 1, a third is refused, then increments give 2 and 3. */
static void test_paper_pause_example_sequence(void **state)
{
    static const uint32_t mem[] = { 2048, 2048, 2048, 0, 0 };
    static const uint8_t expect[] = { 2, 1, 1, 2, 3 };
    start(1, 4);
    period_with(0, 0, 0);
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    for (size_t i = 0; i < sizeof expect; i++) {
        period_with(0, 0, mem[i]);
        assert_int_equal(fx.out.core[0].dyncta_n, expect[i]);
    }
}

/* 11-bit counters saturate at 2047 (Sec. 4.2) and still decide correctly. */
static void test_counter_saturation(void **state)
{
    start(1, 8);
    fx.cfg.dyncta_period = 4096;
    fx.cfg.dyncta_t_mem_h = 2047;
    fx.in.core[0].idle = 1;
    fx.in.core[0].mem_wait = 1;
    for (int i = 0; i < 3000; i++)
        step();
    assert_int_equal(fx.s.c_idle[0], DYNCTA_CNT_MAX);
    assert_int_equal(fx.s.c_mem[0], DYNCTA_CNT_MAX);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_IDLE_SAT], 3000 - 2047);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_MEM_SAT], 3000 - 2047);
    /* The rest of the period has no idle cycles: C_idle stays 2047 >= 16,
     * so the decision is an increment by idle. */
    fx.in.core[0].idle = 0;
    for (int i = 3000; i < 4096; i++)
        step();
    assert_int_equal(fx.out.core[0].dyncta_n, 5);
    assert_int_equal(fx.s.branch_hits[DYNCTA_BR_INC_IDLE], 1);
}

/* Saturated C_mem = 2047 still reaches t_mem_h = 2047: decrement. */
static void test_saturated_mem_reaches_max_threshold(void **state)
{
    start(1, 8);
    fx.cfg.dyncta_period = 4096;
    fx.cfg.dyncta_t_idle = 2047;
    fx.cfg.dyncta_t_mem_l = 2047;
    fx.cfg.dyncta_t_mem_h = 2047;
    fx.in.core[0].mem_wait = 1;
    for (int i = 0; i < 4096; i++)
        step();
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
}

/* kernel_start mid-period clears counters and restarts the period. */
static void test_kernel_restart(void **state)
{
    start(1, 8);
    fx.in.core[0].mem_wait = 1;
    for (int i = 0; i < 1000; i++)
        step();
    fx.in.core[0].mem_wait = 0;
    fx.in.kernel_start = 1;
    fx.in.n_max = 6;
    step();
    fx.in.kernel_start = 0;
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    assert_int_equal(fx.s.c_mem[0], 0);
    /* 2048 cycles after reset's first kernel would end here: no decision. */
    for (int i = 0; i < 2047; i++)
        step();
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    step(); /* T-th cycle after the restart: C_mem = 0 < 128, increment */
    assert_int_equal(fx.out.core[0].dyncta_n, 4);
}

/* Each core decides locally from its own counters. */
static void test_cores_decide_independently(void **state)
{
    start(3, 8);
    for (uint32_t i = 0; i < 2048; i++) {
        fx.in.core[0].mem_wait = 1;        /* high: decrement */
        fx.in.core[1].idle = i < 100;      /* idle high: increment */
        fx.in.core[2].mem_wait = i < 200;  /* medium: keep */
        step();
    }
    assert_int_equal(fx.out.core[0].dyncta_n, 3);
    assert_int_equal(fx.out.core[1].dyncta_n, 5);
    assert_int_equal(fx.out.core[2].dyncta_n, 4);
    assert_int_equal(fx.out.core[3].dyncta_n, 0);
}

static void test_cfg_check(void **state)
{
    ctl_cfg cfg;
    char msg[128];
    ctl_cfg_defaults(&cfg, 30, 8);
    /* The unit's registers are checked by its key table (base/keys.h); the
     * t_mem_l <= t_mem_h combination by the registry (test_cfg.c). */
    assert_int_equal(key_check_struct(&dyncta_keys, &cfg, "x", msg, sizeof msg), 0);
    cfg.dyncta_period = 0;
    assert_int_equal(key_check_struct(&dyncta_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 0 out of range 1..65535 (dyncta.period)");
    ctl_cfg_defaults(&cfg, 30, 8);
    cfg.dyncta_t_idle = 2048;
    assert_int_equal(key_check_struct(&dyncta_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 2048 does not fit the 11-bit register of units/dyncta/dyncta.sv (dyncta.t_idle)");
}

static void test_branch_names(void **state)
{
    for (int i = 0; i < DYNCTA_NBRANCH; i++) {
        assert_string_not_equal(dyncta_branch_name(i), "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(dyncta_branch_name(i), dyncta_branch_name(j));
    }
    assert_string_equal(dyncta_branch_name(DYNCTA_NBRANCH), "?");
    assert_string_equal(dyncta_branch_name(-1), "?");
}

/* ---------------------------------------------------------------- keys */

/* dyncta.* keys (cmodel/gpu/cfg.c checks them): the row of a register key,
 * and the threshold order refused in a preset with its file and line. */
static void test_keys(void **state)
{
    (void)state;
    assert_int_equal(cfgx_key("dyncta.t_idle")->bits, 11);
    cfgx_check_refused("units/dyncta/check_mem_thr.cfg",
                       "units/dyncta/check_mem_thr.cfg:2: dyncta.t_mem_l = 500 above dyncta.t_mem_h = 384 "
                       "(dyncta.t_mem_l, dyncta.t_mem_h)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_outputs_zero),
        cmocka_unit_test(test_kernel_start_sets_half_of_n),
        cmocka_unit_test(test_decision_on_tth_edge),
        cmocka_unit_test(test_increment_by_idle),
        cmocka_unit_test(test_increment_by_low_mem),
        cmocka_unit_test(test_decrement_by_high_mem),
        cmocka_unit_test(test_saturation_at_n),
        cmocka_unit_test(test_saturation_at_one),
        cmocka_unit_test(test_paper_pause_example_sequence),
        cmocka_unit_test(test_counter_saturation),
        cmocka_unit_test(test_saturated_mem_reaches_max_threshold),
        cmocka_unit_test(test_kernel_restart),
        cmocka_unit_test(test_cores_decide_independently),
        cmocka_unit_test(test_cfg_check),
        cmocka_unit_test(test_branch_names),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
