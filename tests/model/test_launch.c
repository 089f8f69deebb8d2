/* test_launch.c -- the launch overheads (keys launch.*, docs/config.md
 * "Launch overheads"), each to the exact cycle on empty kernels of the small
 * preset (4 cores): a block of one warp runs a hint and exits, so a kernel's
 * cycles are its launch, dispatch and retirement alone.
 *
 * Without overheads: empty4 (4 blocks, one per core, dispatched in the
 * kernel's second cycle) takes 5 cycles; empty8 (8 blocks, two per core,
 * dispatched in the second and third cycles: one block per core per cycle)
 * takes 6, and 8 with core.max_ctas = 1 (the second wave waits for the
 * first to retire: two waves of 4 cycles). */
#include "model_util.h"

#define E4 "tests/data/launch/empty4.kern"
#define E8 "tests/data/launch/empty8.kern"

static uint64_t cycles_of(const char *wl, const char *const *sets)
{
    run_out o;
    run_model("configs/small.cfg", wl, sets, &o, 0);
    return o.k.cycles;
}

static void expect(const char *wl, uint64_t want, const char *const *sets)
{
    uint64_t got = cycles_of(wl, sets);
    if (got != want) fail_msg("%s with %s: %llu cycles, want %llu", wl, sets[0] ? sets[0] : "nothing",
                              (unsigned long long)got, (unsigned long long)want);
}

static void test_baseline(void **st)
{
    (void)st;
    expect(E4, 5, (const char *const[]){ NULL });
    expect(E8, 6, (const char *const[]){ NULL });
    expect(E8, 8, (const char *const[]){ "core.max_ctas=1", NULL });
    /* every key at 0 is off: the same cycles */
    expect(E8, 6, (const char *const[]){ "launch.kernel_lat=0", "launch.kernel_cta_lat=0",
                                         "launch.gpu_cta_interval=0", "launch.sm_cta_interval=0",
                                         "launch.cta_lat=0", "launch.cta_retire=0", NULL });
}

/* launch.kernel_lat: the first dispatch waits L cycles, counted in the
 * kernel's cycles (ncu's elapsed cycles include the launch). */
static void test_kernel_lat(void **st)
{
    (void)st;
    expect(E4, 5 + 100, (const char *const[]){ "launch.kernel_lat=100", NULL });
    expect(E4, 5 + 1, (const char *const[]){ "launch.kernel_lat=1", NULL });
}

/* launch.kernel_cta_lat: GPGPU-Sim's -gpgpu_TB_launch_latency, blocks x T
 * more before the first dispatch (gpu-sim.cc m_kernel_TB_latency). */
static void test_kernel_cta_lat(void **st)
{
    (void)st;
    expect(E4, 5 + 4 * 5, (const char *const[]){ "launch.kernel_cta_lat=5", NULL });
    expect(E8, 6 + 8 * 5, (const char *const[]){ "launch.kernel_cta_lat=5", NULL });
    expect(E8, 6 + 100 + 8 * 3, (const char *const[]){ "launch.kernel_lat=100", "launch.kernel_cta_lat=3", NULL });
}

/* launch.cta_lat: each block's warps fetch C cycles later; with one block
 * per core at a time both waves wait. */
static void test_cta_lat(void **st)
{
    (void)st;
    expect(E4, 5 + 10, (const char *const[]){ "launch.cta_lat=10", NULL });
    expect(E8, 6 + 10, (const char *const[]){ "launch.cta_lat=10", NULL });
    expect(E8, 8 + 2 * 10, (const char *const[]){ "core.max_ctas=1", "launch.cta_lat=10", NULL });
}

/* launch.cta_retire: a block's slot frees R cycles after its last warp; the
 * kernel ends when the last slot is free. */
static void test_cta_retire(void **st)
{
    (void)st;
    expect(E4, 5 + 10, (const char *const[]){ "launch.cta_retire=10", NULL });
    expect(E8, 6 + 10, (const char *const[]){ "launch.cta_retire=10", NULL });
    expect(E8, 8 + 2 * 10, (const char *const[]){ "core.max_ctas=1", "launch.cta_retire=10", NULL });
    /* every block is counted finished once, when its slot frees */
    run_out o;
    run_model("configs/small.cfg", E8, (const char *const[]){ "launch.cta_retire=10", NULL }, &o, 0);
    assert_int_equal(SUM_CORES(&o.k, ctas_finished), 8);
}

/* launch.gpu_cta_interval (thousandths of a cycle): 8 blocks at one a
 * cycle are dispatched over 8 cycles instead of 2 (+6); at two a cycle over
 * 4 (+2); every 2.5 cycles the 4 blocks of empty4 go at +0, +2, +5, +7
 * (the fraction is kept, not rounded per block). */
static void test_gpu_interval(void **st)
{
    (void)st;
    expect(E8, 6 + 6, (const char *const[]){ "launch.gpu_cta_interval=1000", NULL });
    expect(E8, 6 + 2, (const char *const[]){ "launch.gpu_cta_interval=500", NULL });
    expect(E4, 5 + 7, (const char *const[]){ "launch.gpu_cta_interval=2500", NULL });
}

/* launch.sm_cta_interval: a core takes its second block S cycles after its
 * first (the second wave of empty8 at +S instead of +1). */
static void test_sm_interval(void **st)
{
    (void)st;
    expect(E8, 6 + 6, (const char *const[]){ "launch.sm_cta_interval=7", NULL });
    expect(E8, 6 + 1, (const char *const[]){ "launch.sm_cta_interval=2", NULL });
    expect(E8, 6, (const char *const[]){ "launch.sm_cta_interval=1", NULL });
    expect(E4, 5, (const char *const[]){ "launch.sm_cta_interval=50", NULL });
}

/* All together add up: 100 + 8 x 3 before the first block, each block
 * 10 later, the last slot 10 later. */
static void test_together(void **st)
{
    (void)st;
    expect(E8, 6 + 100 + 8 * 3 + 10 + 10,
           (const char *const[]){ "launch.kernel_lat=100", "launch.kernel_cta_lat=3", "launch.cta_lat=10",
                                  "launch.cta_retire=10", NULL });
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_baseline),
        cmocka_unit_test(test_kernel_lat),
        cmocka_unit_test(test_kernel_cta_lat),
        cmocka_unit_test(test_cta_lat),
        cmocka_unit_test(test_cta_retire),
        cmocka_unit_test(test_gpu_interval),
        cmocka_unit_test(test_sm_interval),
        cmocka_unit_test(test_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
