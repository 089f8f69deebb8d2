/* test_l1thr.c -- the L1-miss throttle's C reference (l1thr.h): reset, the
 * kernel start, the threshold boundary, the walk between 1 and N, the period
 * restart, saturation, unused cores, and the decision rows. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "l1thr.h"
#include "ctl_unit.h"

typedef struct fixture {
    l1thr s;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
} fixture;

static fixture fx;

static void start(uint32_t n_cores, uint8_t n_max, uint32_t period, uint32_t t_miss)
{
    memset(&fx, 0, sizeof fx);
    ctl_cfg_defaults(&fx.cfg, n_cores, 8);
    fx.cfg.l1thr_period = period;
    fx.cfg.l1thr_t_miss = t_miss;
    l1thr_reset(&fx.s, &fx.cfg, &fx.out);
    fx.in.kernel_start = 1;
    fx.in.n_max = n_max;
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    fx.in.kernel_start = 0;
}

/* One period in which core c reports `per_cycle` misses each cycle. */
static void period_with(int c, uint8_t per_cycle)
{
    fx.in.core[c].l1_miss = per_cycle;
    for (uint32_t i = 0; i < fx.cfg.l1thr_period; i++) l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    fx.in.core[c].l1_miss = 0;
}

static void test_defaults_and_reset(void **state)
{
    memset(&fx, 0, sizeof fx);
    ctl_cfg_defaults(&fx.cfg, 30, 8);
    assert_int_equal(fx.cfg.l1thr_period, 2048);
    assert_int_equal(fx.cfg.l1thr_t_miss, 512);
    memset(&fx.out, 0xff, sizeof fx.out);
    l1thr_reset(&fx.s, &fx.cfg, &fx.out);
    for (int c = 0; c < CTL_MAX_CORES; c++) assert_int_equal(fx.out.core[c].l1thr_n, 0);
    /* the registry knows the unit by name, with its bit, keys and files */
    const ctl_unit *u = ctl_unit_named("l1thr", 5);
    assert_non_null(u);
    assert_int_equal(u->bit, CTL_U_L1THR);
    assert_ptr_equal(u->keys, &l1thr_keys);
    assert_string_equal(u->rtl, "units/l1thr/l1thr.sv");
}

static void test_kernel_start_gives_n_max(void **state)
{
    start(4, 6, 16, 10);
    for (int c = 0; c < 4; c++) assert_int_equal(fx.out.core[c].l1thr_n, 6);
    assert_int_equal(fx.out.core[4].l1thr_n, 0);
    assert_int_equal(fx.s.branch_hits[L1THR_BR_KERNEL_START], 4);
}

/* T = 4, t_miss = 8: 2 a cycle is exactly 8 (rise, held at N), 3 a cycle is 12 (fall). */
static void test_threshold_boundary(void **state)
{
    start(1, 5, 4, 8);
    period_with(0, 2);
    assert_int_equal(fx.out.core[0].l1thr_n, 5);
    assert_int_equal(fx.s.branch_hits[L1THR_BR_HOLD_AT_N], 1);
    period_with(0, 3);
    assert_int_equal(fx.out.core[0].l1thr_n, 4);
    period_with(0, 2);
    assert_int_equal(fx.out.core[0].l1thr_n, 5);
}

static void test_walk_to_one_and_back(void **state)
{
    static const uint8_t down[] = { 2, 1, 1 }, up[] = { 2, 3, 3 };
    start(1, 3, 4, 0);
    for (int i = 0; i < 3; i++) {
        period_with(0, 1);
        assert_int_equal(fx.out.core[0].l1thr_n, down[i]);
    }
    assert_int_equal(fx.s.branch_hits[L1THR_BR_HOLD_AT_1], 1);
    for (int i = 0; i < 3; i++) {
        period_with(0, 0);
        assert_int_equal(fx.out.core[0].l1thr_n, up[i]);
    }
}

/* n moves only at the T-th cycle after the start; a restart mid-period drops
 * the misses counted so far. */
static void test_period_and_restart(void **state)
{
    start(1, 4, 10, 5);
    fx.in.core[0].l1_miss = 7;
    for (int i = 0; i < 9; i++) {
        l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
        assert_int_equal(fx.out.core[0].l1thr_n, 4);
    }
    assert_int_equal(fx.s.misses[0], 63);
    fx.in.kernel_start = 1;
    fx.in.n_max = 2;
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    fx.in.kernel_start = 0;
    assert_int_equal(fx.out.core[0].l1thr_n, 2);
    assert_int_equal(fx.s.misses[0], 0);
    period_with(0, 0);
    assert_int_equal(fx.out.core[0].l1thr_n, 2);
}

/* Period 0 acts as 1: every cycle decides. */
static void test_period_zero(void **state)
{
    start(1, 4, 0, 2);
    fx.in.core[0].l1_miss = 3;
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    assert_int_equal(fx.out.core[0].l1thr_n, 3);
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    assert_int_equal(fx.out.core[0].l1thr_n, 2);
}

static void test_saturation(void **state)
{
    start(1, 4, 65535, 65535);
    period_with(0, 7);   /* 458745 misses: M stops at 65535, not above t_miss */
    assert_int_equal(fx.out.core[0].l1thr_n, 4);
    assert_true(fx.s.branch_hits[L1THR_BR_SAT] > 0);
}

static void test_unused_core_and_mask(void **state)
{
    start(2, 4, 4, 0);
    fx.in.core[1].l1_miss = 0xff;   /* 3 bits at the port: 7 */
    fx.in.core[2].l1_miss = 7;      /* core 2 is not in use */
    for (int i = 0; i < 3; i++) l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    assert_int_equal(fx.s.misses[1], 21);
    assert_int_equal(fx.s.misses[2], 0);
    assert_int_equal(fx.out.core[2].l1thr_n, 0);
    fx.cfg.n_cores = 1;             /* core 1 leaves: back to 0 */
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    assert_int_equal(fx.out.core[1].l1thr_n, 0);
    assert_int_equal(fx.s.misses[1], 0);
}

static void test_decision_rows(void **state)
{
    char buf[512] = "";
    start(1, 3, 2, 1);
    fx.in.core[0].l1_miss = 1;
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    l1thr_step(&fx.s, &fx.cfg, &fx.in, &fx.out);
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_non_null(f);
    l1thr_unit.decisions(f, &fx.s, &fx.cfg, 42);
    fclose(f);
    assert_string_equal(buf, "42,0,l1thr,M=2;n=3;N=3;t_miss=1,dec;n=2\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_and_reset),
        cmocka_unit_test(test_kernel_start_gives_n_max),
        cmocka_unit_test(test_threshold_boundary),
        cmocka_unit_test(test_walk_to_one_and_back),
        cmocka_unit_test(test_period_and_restart),
        cmocka_unit_test(test_period_zero),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_unused_core_and_mask),
        cmocka_unit_test(test_decision_rows),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
