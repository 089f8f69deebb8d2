/* test_wsched.c -- each warp-scheduling policy on a small hand-built case. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "cfg.h"
#include "kern.h"
#include "wsched.h"

/* ages: warp 5 is the oldest, then 2, then 0, then 7 */
static const uint64_t age[64] = { [0] = 30, [2] = 20, [5] = 10, [7] = 40 };
static const uint64_t all = (1u << 0) | (1u << 2) | (1u << 5) | (1u << 7);

static void test_lrr(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    int order[6];
    for (int i = 0; i < 6; i++) {
        order[i] = wsched_pick(&s, SCHED_LRR, all, all, age);
        wsched_issued(&s, SCHED_LRR, (uint32_t)order[i], IC_SP);
    }
    /* round robin by warp slot, wrapping */
    const int want[6] = { 0, 2, 5, 7, 0, 2 };
    for (int i = 0; i < 6; i++) assert_int_equal(order[i], want[i]);
    /* a warp that is not ready is skipped */
    assert_int_equal(wsched_pick(&s, SCHED_LRR, all & ~(1u << 5), all, age), 7);
}

static void test_grr(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    int w = wsched_pick(&s, SCHED_GRR, all, all, age);
    wsched_issued(&s, SCHED_GRR, (uint32_t)w, IC_SP);
    assert_int_equal(w, 0);
    assert_int_equal(wsched_pick(&s, SCHED_GRR, all, all, age), 0);        /* greedy */
    assert_int_equal(wsched_pick(&s, SCHED_GRR, all & ~1u, all, age), 2);  /* stalls: next in RR */
}

static void test_gto(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    int w = wsched_pick(&s, SCHED_GTO, all, all, age);
    assert_int_equal(w, 5);                                                /* oldest */
    wsched_issued(&s, SCHED_GTO, 7, IC_SP);
    assert_int_equal(wsched_pick(&s, SCHED_GTO, all, all, age), 7);        /* greedy on last */
    assert_int_equal(wsched_pick(&s, SCHED_GTO, all & ~(1u << 7), all, age), 5); /* then oldest */
}

static void test_oldest(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    wsched_issued(&s, SCHED_OLDEST, 7, IC_SP);
    assert_int_equal(wsched_pick(&s, SCHED_OLDEST, all, all, age), 5);
    assert_int_equal(wsched_pick(&s, SCHED_OLDEST, (1u << 0) | (1u << 7), all, age), 0);
}

/* Simple-p (seed 001 Sec. 4.4): the priority starts at the oldest warp (5),
 * candidates go in age order from the priority warp, and the priority moves
 * on only when the priority warp waits on a global load -- not when it
 * issues one.  (The old unit shifted at the issue of a load and walked warp
 * slots circularly: 0 first, then 2 after a load.) */
static void test_simple_p(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 5);
    wsched_issued(&s, SCHED_SIMPLEP, 5, IC_GLD);            /* issuing a load: no shift */
    wsched_waiting(&s, SCHED_SIMPLEP, 0);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 5);
    wsched_issued(&s, SCHED_SIMPLEP, 5, IC_HINT);           /* a hint does not shift simple-p */
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 5);
    wsched_waiting(&s, SCHED_SIMPLEP, 1u << 5);             /* now it waits on the load */
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 2);
    /* the priority warp (2, age 20) not ready: the next in age order is 0
     * (age 30), not the next slot (5) */
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, (1u << 0) | (1u << 5) | (1u << 7), all, age), 0);
    /* only older warps ready: wrap to the oldest */
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, 1u << 5, all, age), 5);
    /* a non-priority warp waiting does not shift */
    wsched_waiting(&s, SCHED_SIMPLEP, 1u << 7);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 2);
    /* shifts walk the age order 2 -> 0 -> 7 -> 5 */
    wsched_waiting(&s, SCHED_SIMPLEP, 1u << 2);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 0);
    wsched_waiting(&s, SCHED_SIMPLEP, 1u << 0);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 7);
    wsched_waiting(&s, SCHED_SIMPLEP, 1u << 7);
    assert_int_equal(wsched_pick(&s, SCHED_SIMPLEP, all, all, age), 5);
}

static void test_region_p(void **st)
{
    (void)st;
    wsched_state s;
    wsched_reset(&s);
    assert_int_equal(wsched_pick(&s, SCHED_REGIONP, all, all, age), 5);
    wsched_issued(&s, SCHED_REGIONP, 5, IC_GLD);            /* loads do not shift region-p */
    wsched_waiting(&s, SCHED_REGIONP, 1u << 5);             /* nor does waiting on one */
    assert_int_equal(wsched_pick(&s, SCHED_REGIONP, all, all, age), 5);
    wsched_issued(&s, SCHED_REGIONP, 5, IC_HINT);           /* end of the memory region */
    assert_int_equal(wsched_pick(&s, SCHED_REGIONP, all, all, age), 2);
    /* the priority warp exits: priority moves on to the next live warp by age */
    uint64_t live = all & ~(1u << 2);
    assert_int_equal(wsched_pick(&s, SCHED_REGIONP, live, live, age), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lrr), cmocka_unit_test(test_grr), cmocka_unit_test(test_gto),
        cmocka_unit_test(test_oldest), cmocka_unit_test(test_simple_p), cmocka_unit_test(test_region_p),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
