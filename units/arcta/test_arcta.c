/* test_arcta.c -- AR-CTA decision unit (seed 002 Sec. 3; controllers.md Sec. 4).
 *
 * Expected values come from the spec's definitions with the paper's default
 * thresholds (85 %, 15 %, 1.025 %, 65 %, 25 of 32 lanes, W = 7000, +-15 %);
 * boundary cases put a measurement exactly on a threshold and one unit past. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "arcta.h"
#include "unit/cfg_expect.h"
#include "seam.h"

typedef struct fx {
    arcta s;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
} fx;

/* A profiling window's measurements, spread evenly over its cycles. */
typedef struct prof {
    uint32_t cycles;                 /* window length in core cycles */
    uint32_t insts;                  /* core 0 thread instructions in the window */
    uint32_t good;                   /* good cycles: issued with 32 lanes active */
    uint32_t dram_per_cycle;         /* DRAM cycles per core cycle (0..7) */
    uint32_t busy[CTL_MAX_PARTS];    /* busy DRAM cycles per partition in the window */
    int end_cta;                     /* core 0 reports cta_done in the last cycle */
} prof;

static fx *fx_new(uint32_t n_cores, uint32_t n_parts)
{
    static fx f;
    memset(&f, 0, sizeof f);
    ctl_cfg_defaults(&f.cfg, n_cores, n_parts);
    arcta_reset(&f.s, &f.cfg, &f.out);
    return &f;
}

static void step(fx *f)
{
    arcta_step(&f->s, &f->cfg, &f->in, &f->out);
    memset(&f->in, 0, sizeof f->in);
}

static void kernel_start(fx *f)
{
    f->in.kernel_start = 1;
    /* activity in the kernel_start cycle belongs to no window */
    f->in.core[0].issued = 1;
    f->in.core[0].thread_insts = 127;
    f->in.core[0].max_lanes = 32;
    step(f);
    assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
}

/* Share `total` over `n` cycles: the amount of cycle k (sums to total). */
static uint32_t share(uint32_t total, uint32_t n, uint32_t k)
{
    return (uint32_t)((uint64_t)total * (k + 1) / n - (uint64_t)total * k / n);
}

static void set_cycle(fx *f, const prof *p, uint32_t k)
{
    ctl_core_in *c0 = &f->in.core[0];
    c0->thread_insts = (uint8_t)share(p->insts, p->cycles, k);
    if (k < p->good) {
        c0->issued = 1;
        c0->max_lanes = 32;
    } else if (c0->thread_insts > 0) {
        c0->issued = 1;        /* a divergent issue: a bad cycle */
        c0->max_lanes = 8;
    }
    c0->cta_done = (uint8_t)(p->end_cta && k + 1 == p->cycles);
    f->in.dram_cycles = (uint8_t)p->dram_per_cycle;
    for (int q = 0; q < CTL_MAX_PARTS; q++)
        f->in.dram_busy[q] = (uint8_t)share(p->busy[q], p->cycles, k);
}

/* Run a whole window; the phase must turn to DECISION exactly after its
 * last cycle. */
static void run_window(fx *f, const prof *p)
{
    for (uint32_t k = 0; k < p->cycles; k++) {
        assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
        set_cycle(f, p, k);
        step(f);
    }
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    assert_int_equal(f->s.cycles, p->cycles);
    assert_int_equal(f->s.insts, p->insts);
    assert_int_equal(f->s.good, p->good);
}

static void assert_enabled(const fx *f, uint32_t count);

/* DECISION cycles of each outcome, by the step table of units/arcta/arcta.md
 * (one product or one comparison a cycle): ipc_high after 3 steps, ipc_low
 * after 6, bw_low after 7 + n_parts + 1, GBR after 8 + q + 2 where q is the
 * first partition with busy_q * 100000 > t_max_bw_mpct * dram. */
static uint32_t expected_decision_cycles(const fx *f, const prof *p, int branch)
{
    if (branch == ARCTA_BR_IPC_HIGH) return 3;
    if (branch == ARCTA_BR_IPC_LOW) return 6;
    if (branch == ARCTA_BR_BW_LOW) return 8 + f->cfg.n_parts;
    uint64_t rhs = (uint64_t)f->cfg.ar_t_max_bw_mpct * p->dram_per_cycle * p->cycles;
    uint32_t q = 0;
    while ((uint64_t)p->busy[q] * 100000u <= rhs)
        q++;
    return 10 + q;
}

/* The DECISION steps: core 0 alone, one CTA, no type yet; `lat` cycles. */
static void run_decision(fx *f, uint32_t lat)
{
    assert_int_equal(arcta_decision_cycles(&f->s, &f->cfg), lat);
    for (uint32_t k = 0; k < lat; k++) {
        assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
        assert_int_equal(f->out.ar_type, CTL_AR_UNKNOWN);
        assert_int_equal(f->out.ar_limit1, 1);
        assert_enabled(f, 1);
        f->in.core[0].thread_insts = 100;   /* DECISION's inputs are not counted */
        f->in.dram_busy[0] = 7;
        step(f);
    }
    assert_int_equal(f->out.ar_phase, CTL_AR_ACTION);
}

/* kernel_start, window, decision: returns the decided type. */
static int profile_kernel(fx *f, const prof *p, int expect_branch)
{
    kernel_start(f);
    run_window(f, p);
    uint64_t before = f->s.branch_hits[expect_branch];
    run_decision(f, expected_decision_cycles(f, p, expect_branch));
    assert_int_equal(f->s.insts, p->insts);
    assert_int_equal(f->s.branch_hits[expect_branch], before + 1);
    return f->out.ar_type;
}

static void assert_enabled(const fx *f, uint32_t count)
{
    for (uint32_t c = 0; c < CTL_MAX_CORES; c++)
        assert_int_equal(f->out.core[c].ar_enable, c < count);
}

static void assert_type1_action(const fx *f, uint32_t n_cores)
{
    assert_int_equal(f->out.ar_phase, CTL_AR_ACTION);
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE1);
    assert_int_equal(f->out.ar_limit1, 0);
    assert_int_equal(f->out.fc_on, 0);
    assert_int_equal(f->out.core_clk_pct, 0);
    assert_int_equal(f->out.mem_clk_pct, 0);
    assert_enabled(f, n_cores);
}

/* ipc-middle window (50 % of 32 lanes) of 1000 cycles, 8 partitions,
 * 2 DRAM cycles per core cycle: the bandwidth and GBR steps decide. */
static prof mid_ipc_window(uint32_t busy7, uint32_t good)
{
    prof p = { .cycles = 1000, .insts = 16000, .good = good, .dram_per_cycle = 2, .end_cta = 1 };
    p.busy[7] = busy7;
    return p;
}

/* ---------------------------------------------------------------- tests */

static void test_reset_idle(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);   /* ApSA, seed 002 Table 2: 60 cores, 8 partitions */
    assert_int_equal(f->out.ar_phase, CTL_AR_IDLE);
    assert_int_equal(f->out.ar_type, CTL_AR_UNKNOWN);
    assert_int_equal(f->out.ar_limit1, 0);
    assert_int_equal(f->out.fc_on, 0);
    assert_int_equal(f->out.core_clk_pct, 0);
    assert_int_equal(f->out.mem_clk_pct, 0);
    assert_enabled(f, 60);
    /* IDLE ignores activity and cta_done */
    for (int i = 0; i < 10; i++) {
        f->in.core[0].cta_done = 1;
        f->in.core[0].thread_insts = 32;
        step(f);
        assert_int_equal(f->out.ar_phase, CTL_AR_IDLE);
        assert_enabled(f, 60);
    }
    assert_int_equal(f->s.branch_hits[ARCTA_BR_IDLE], 10);
    assert_int_equal(f->s.insts, 0);
}

static void test_kernel_start_profiles_core0(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    kernel_start(f);
    assert_int_equal(f->out.ar_type, CTL_AR_UNKNOWN);
    assert_int_equal(f->out.ar_limit1, 1);
    assert_int_equal(f->out.fc_on, 0);
    assert_enabled(f, 1);
    /* the kernel_start cycle's 127 instructions are not in the window */
    assert_int_equal(f->s.insts, 0);
    assert_int_equal(f->s.cycles, 0);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_START], 1);
}

static void test_window_ends_on_cta_done(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    kernel_start(f);
    for (int k = 1; k < 123; k++) {
        f->in.core[1].cta_done = 1;   /* other cores do not end the window */
        step(f);
        assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
    }
    f->in.core[0].cta_done = 2;       /* any non-zero count ends it */
    f->in.core[0].thread_insts = 32;
    step(f);
    /* cycle 123 reported cta_done: it is the last cycle of the window */
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    assert_int_equal(f->s.cycles, 123);
    assert_int_equal(f->s.insts, 32);
    assert_int_equal(f->out.ar_limit1, 1);
    assert_enabled(f, 1);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_CTA], 1);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_PROFILE], 122);
    /* 3200 < 15 % of 32 * 123 lane-cycles: ipc_low, a DECISION of 6 cycles
     * whose inputs are not counted */
    run_decision(f, 6);
    assert_int_equal(f->s.insts, 32);
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE2);
}

static void test_window_ends_after_7000_cycles(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    assert_int_equal(f->cfg.ar_window, 7000);   /* seed 002 Sec. 4: 7000 cycles */
    kernel_start(f);
    for (int k = 1; k <= 6999; k++) {
        step(f);
        assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
    }
    step(f);   /* cycle 7000 */
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    assert_int_equal(f->s.cycles, 7000);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_W], 1);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_CTA], 0);
}

static void test_cta_done_on_cycle_w_counts_as_cta(void **st)
{
    (void)st;
    fx *f = fx_new(4, 1);
    f->cfg.ar_window = 10;
    kernel_start(f);
    for (int k = 1; k < 10; k++)
        step(f);
    f->in.core[0].cta_done = 1;
    step(f);
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_CTA], 1);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_W], 0);
}

static void test_window_zero_is_one_cycle(void **st)
{
    (void)st;
    fx *f = fx_new(4, 1);
    f->cfg.ar_window = 0;
    kernel_start(f);
    f->in.core[0].thread_insts = 32;
    step(f);
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    assert_int_equal(f->s.cycles, 1);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_END_W], 1);
}

/* ipc_CTA > 85 %: 5 cycles * 32 lanes = 160 lane-cycles, 85 % = 136. */
static void test_ipc_above_upper_is_type1(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = { .cycles = 5, .insts = 137, .good = 0, .dram_per_cycle = 2, .end_cta = 1 };
    p.busy[0] = 10;   /* busy all the time, GBR 0: later steps would say type II */
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_IPC_HIGH), CTL_AR_TYPE1);
    /* exactly 85 % is not above: falls through to bandwidth, then GBR 0 % -> II */
    p.insts = 136;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
}

/* ipc_CTA < 15 %: 15 % of 160 lane-cycles = 24. */
static void test_ipc_below_lower_is_type2(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = { .cycles = 5, .insts = 23, .good = 5, .dram_per_cycle = 2, .end_cta = 1 };
    /* no DRAM traffic and GBR 100 %: later steps would say type I */
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_IPC_LOW), CTL_AR_TYPE2);
    /* exactly 15 % is not below: bandwidth 0 <= 1.025 % -> type I */
    p.insts = 24;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_BW_LOW), CTL_AR_TYPE1);
}

/* max_bw_CTA <= 1.025 %: 1000 cycles * 2 DRAM cycles = 2000 DRAM cycles,
 * 1.025 % of 2000 = 20.5 busy cycles, so 20 passes and 21 does not;
 * with 4000 DRAM cycles 41 busy cycles is exactly 1.025 % and passes. */
static void test_max_bw_at_threshold(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = mid_ipc_window(20, 0);
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_BW_LOW), CTL_AR_TYPE1);
    p = mid_ipc_window(21, 0);
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
    /* exactly on the threshold: 4000 DRAM cycles, 1.025 % = 41 busy cycles */
    p = mid_ipc_window(41, 0);
    p.dram_per_cycle = 4;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_BW_LOW), CTL_AR_TYPE1);
    p.busy[7] = 42;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
}

/* The maximum over partitions decides, not the average: 21 busy cycles in
 * partition 7 alone average 2.6 per partition (0.13 %), still type II. A
 * partition >= n_parts is ignored however busy. */
static void test_max_bw_is_max_over_used_partitions(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = mid_ipc_window(0, 0);
    p.busy[8] = 1000;       /* partition 8 is not in use (n_parts = 8) */
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_BW_LOW), CTL_AR_TYPE1);
    p.busy[3] = 21;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
}

/* GBR = good / bad (seed 002 Sec. 2.2.3, controllers.md 4), compared as
 * good * 100 >= t_GBR * bad.  A 990-cycle window at 50 % ipc and 25 %
 * bandwidth (above t_max_bw): 390 good / 600 bad is exactly 65 % (type I),
 * 389 / 601 is below.  The old good / cycles reading gave 39 %: type II. */
static prof gbr_window(uint32_t good)
{
    prof p = { .cycles = 990, .insts = 15840, .good = good, .dram_per_cycle = 2, .end_cta = 1 };
    p.busy[7] = 495;
    return p;
}

static void test_gbr_at_threshold(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = gbr_window(390);
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_HIGH), CTL_AR_TYPE1);
    p.good = 389;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
}

/* GBR above 100 %: 600 good / 390 bad = 154 % is type I (the old reading,
 * 600 / 990 = 61 %, was below 65 % and gave type II); every cycle good
 * (bad = 0) is above any threshold, even t_GBR = 127. */
static void test_gbr_above_100(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = gbr_window(600);
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_HIGH), CTL_AR_TYPE1);
    f->cfg.ar_t_gbr = 127;
    p.good = 990;
    p.insts = 990 * 16;      /* 16 lanes of 32: ipc 50 %, still the middle band */
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_GBR_HIGH), CTL_AR_TYPE1);
}

/* A good cycle needs >= 25 active lanes of an issued instruction. */
static void test_good_cycle_definition(void **st)
{
    (void)st;
    fx *f = fx_new(4, 1);
    kernel_start(f);
    uint8_t lanes[4] = { 25, 24, 32, 32 };
    uint8_t issued[4] = { 1, 1, 1, 0 };
    for (int k = 0; k < 4; k++) {
        f->in.core[0].max_lanes = lanes[k];
        f->in.core[0].issued = issued[k];
        step(f);
    }
    assert_int_equal(f->s.good, 2);   /* 25 lanes and 32 lanes, both issued */
    assert_int_equal(f->s.cycles, 4);
}

static void test_no_dram_cycles_means_zero_bandwidth(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = mid_ipc_window(0, 0);
    p.dram_per_cycle = 0;
    assert_int_equal(profile_kernel(f, &p, ARCTA_BR_BW_LOW), CTL_AR_TYPE1);
}

/* Seed 002 Sec. 3.1.3: type I runs on all cores at default clocks. */
static void test_action_type1_all_cores(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = { .cycles = 5, .insts = 160, .end_cta = 1 };
    profile_kernel(f, &p, ARCTA_BR_IPC_HIGH);
    assert_type1_action(f, 60);
    for (int i = 0; i < 100; i++) {
        f->in.core[0].cta_done = 1;
        step(f);
        assert_type1_action(f, 60);
    }
    assert_int_equal(f->s.branch_hits[ARCTA_BR_ACTION], 100);
}

/* Seed 002 Sec. 3.1.3 / 3.2: type II runs on 30 of 60 cores, the
 * calibrator lowers the core clock 15 % and raises memory clocks 15 %. */
static void test_action_type2_half_cores_and_calibrator(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof p = { .cycles = 5, .insts = 0, .end_cta = 1 };
    profile_kernel(f, &p, ARCTA_BR_IPC_LOW);
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE2);
    assert_int_equal(f->out.ar_limit1, 0);
    assert_int_equal(f->out.fc_on, 1);
    assert_int_equal(f->out.core_clk_pct, -15);
    assert_int_equal(f->out.mem_clk_pct, 15);
    assert_enabled(f, 30);
    /* the clock codes follow the programmable registers */
    f->cfg.ar_core_pct = 20;
    f->cfg.ar_mem_pct = 10;
    step(f);
    assert_int_equal(f->out.core_clk_pct, -20);
    assert_int_equal(f->out.mem_clk_pct, 10);
}

static void test_odd_core_counts(void **st)
{
    (void)st;
    prof low = { .cycles = 5, .insts = 0, .end_cta = 1 };
    prof high = { .cycles = 5, .insts = 160, .end_cta = 1 };
    fx *f = fx_new(7, 2);
    profile_kernel(f, &low, ARCTA_BR_IPC_LOW);
    assert_enabled(f, 3);            /* cores 0 .. 7/2 - 1 */
    profile_kernel(f, &high, ARCTA_BR_IPC_HIGH);
    assert_type1_action(f, 7);
    f = fx_new(1, 1);
    profile_kernel(f, &low, ARCTA_BR_IPC_LOW);
    assert_enabled(f, 1);            /* never fewer than core 0 */
    f = fx_new(64, 16);
    profile_kernel(f, &low, ARCTA_BR_IPC_LOW);
    assert_enabled(f, 32);
}

static void test_reprofile_on_next_kernel(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof low = { .cycles = 5, .insts = 0, .end_cta = 1 };
    profile_kernel(f, &low, ARCTA_BR_IPC_LOW);
    assert_int_equal(f->out.fc_on, 1);
    kernel_start(f);
    assert_int_equal(f->out.ar_type, CTL_AR_UNKNOWN);
    assert_int_equal(f->out.fc_on, 0);
    assert_int_equal(f->out.core_clk_pct, 0);
    assert_enabled(f, 1);
    prof high = { .cycles = 7, .insts = 7 * 32, .end_cta = 1 };
    run_window(f, &high);   /* counters restarted from zero */
    run_decision(f, 3);     /* 22400 > 85 % of 32 * 7 * 100 = 19040: ipc_high */
    assert_type1_action(f, 60);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_START], 2);
}

static void test_restart_during_profile(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    f->cfg.ar_window = 50;
    kernel_start(f);
    for (int k = 0; k < 30; k++) {
        f->in.core[0].thread_insts = 32;
        step(f);
    }
    /* kernel_start wins over cta_done in the same cycle */
    f->in.kernel_start = 1;
    f->in.core[0].cta_done = 1;
    step(f);
    assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
    assert_int_equal(f->s.cycles, 0);
    assert_int_equal(f->s.insts, 0);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_RESTART], 1);
    /* the new window runs W = 50 cycles from the restart */
    for (int k = 1; k < 50; k++) {
        step(f);
        assert_int_equal(f->out.ar_phase, CTL_AR_PROFILE);
    }
    step(f);
    assert_int_equal(f->out.ar_phase, CTL_AR_DECISION);
    /* kernel_start in DECISION restarts too */
    kernel_start(f);
    assert_int_equal(f->s.branch_hits[ARCTA_BR_RESTART], 2);
    assert_int_equal(f->out.ar_type, CTL_AR_UNKNOWN);
}

/* Worked examples with the paper's measured figures (seed 002 Sec. 2.2,
 * Fig. 3; whole-kernel values on 30 cores, used here as if a profiling
 * window had measured them). */
static void test_paper_examples(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    /* BIN: IPC close to 100 % of peak -> type I without further checks.
     * 7000 cycles at 31 of 32 lanes = 96.9 %. */
    prof bin = { .cycles = 7000, .insts = 7000 * 31, .good = 7000, .dram_per_cycle = 2 };
    assert_int_equal(profile_kernel(f, &bin, ARCTA_BR_IPC_HIGH), CTL_AR_TYPE1);
    assert_type1_action(f, 60);
    /* SRAD: IPC 26 %, branch divergence 64 % (GBR 36 %), bandwidth
     * comparable to type I kernels (say 10 %, above 1.025 %) -> type II by
     * the GBR step.  7000 cycles: 26 % of 224000 lane-cycles = 58240 insts,
     * 36 % = 2520 good cycles, 10 % of 14000 DRAM cycles = 1400 busy. */
    prof srad = { .cycles = 7000, .insts = 58240, .good = 2520, .dram_per_cycle = 2 };
    srad.busy[2] = 1400;
    assert_int_equal(profile_kernel(f, &srad, ARCTA_BR_GBR_LOW), CTL_AR_TYPE2);
    assert_enabled(f, 30);
    assert_int_equal(f->out.core_clk_pct, -15);
    assert_int_equal(f->out.mem_clk_pct, 15);
}

/* The DRAM-busy input is exact (controllers.md 4): the memory model credits
 * a whole burst at once, the 3-bit field carries at most 7 a cycle, and the
 * model's feed (gpu/seam.c) carries the rest into the next cycles.  A burst
 * of 40 busy DRAM cycles credited in one core cycle reaches the window total
 * exactly (the old clip delivered 7 and dropped 33). */
static void test_dram_burst_reaches_window(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    kernel_start(f);
    uint64_t owed_busy = 0, owed_cyc = 0, fed = 0;
    for (uint32_t k = 0; k < 100; k++) {
        uint64_t burst = (k == 3 || k == 50) ? 40 : 0;   /* two bursts of 40 */
        f->in.dram_cycles = seam_feed(&owed_cyc, 2, 7);
        f->in.dram_busy[5] = seam_feed(&owed_busy, burst, 7);
        assert_true(f->in.dram_busy[5] <= 7);
        fed += f->in.dram_busy[5];
        step(f);
    }
    assert_int_equal(owed_busy, 0);
    assert_int_equal(fed, 80);
    assert_int_equal(f->s.busy[5], 80);
    assert_int_equal(f->s.dram_cycles, 200);
    /* a delta larger than the field on every cycle stays owed, not lost */
    uint64_t owed = 0;
    assert_int_equal(seam_feed(&owed, 10, 7), 7);
    assert_int_equal(owed, 3);
    assert_int_equal(seam_feed(&owed, 0, 7), 3);
    assert_int_equal(owed, 0);
}

/* The stepped DECISION (units/arcta/arcta.md): its length in
 * cycles for each outcome, with the numbers worked by hand.  60 cores,
 * 8 partitions, 1000-cycle window, 16000 insts (50 % of 32 lanes: neither
 * ipc step decides), 2000 DRAM cycles: t_mpct * dram = 1025 * 2000 =
 * 2050000, so busy 21 (2100000) is over the threshold, 20 is not. */
static void test_decision_latency_per_branch(void **st)
{
    (void)st;
    fx *f = fx_new(60, 8);
    prof hi = { .cycles = 5, .insts = 160, .end_cta = 1 };
    kernel_start(f);
    run_window(f, &hi);
    run_decision(f, 3);                          /* U_LANES, U_CYC, U_CMP */
    assert_int_equal(f->s.branch_hits[ARCTA_BR_STEP], 2);
    prof lo = { .cycles = 5, .insts = 0, .end_cta = 1 };
    kernel_start(f);
    run_window(f, &lo);
    run_decision(f, 6);                          /* + L_LANES, L_CYC, L_CMP */
    prof mid = mid_ipc_window(20, 0);
    kernel_start(f);
    run_window(f, &mid);
    run_decision(f, 16);                         /* 7 + 8 partitions + the end */
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE1);
    mid.busy[7] = 21;                            /* partition 7 over: GBR */
    kernel_start(f);
    run_window(f, &mid);
    run_decision(f, 17);                         /* 8 + partition 7 + GBR_RHS, GBR_CMP */
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE2);
    mid.busy[0] = 21;                            /* partition 0 over: GBR at once */
    kernel_start(f);
    run_window(f, &mid);
    run_decision(f, 10);
    mid.busy[0] = 0;
    mid.busy[7] = 0;
    f->cfg.n_parts = 0;                          /* no partition: bw_low after 8 */
    kernel_start(f);
    run_window(f, &mid);
    run_decision(f, 8);
    assert_int_equal(f->out.ar_type, CTL_AR_TYPE1);
    /* a kernel_start inside the steps restarts profiling, the step too */
    f->cfg.n_parts = 8;
    kernel_start(f);
    run_window(f, &lo);
    step(f);
    step(f);
    assert_int_equal(f->s.step, ARCTA_S_U_CMP);
    kernel_start(f);
    assert_int_equal(f->s.step, ARCTA_S_U_LANES);
    run_window(f, &lo);
    run_decision(f, 6);
}

static void test_branch_names(void **st)
{
    (void)st;
    for (int i = 0; i < ARCTA_NBRANCH; i++) {
        assert_string_not_equal(arcta_branch_name(i), "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(arcta_branch_name(i), arcta_branch_name(j));
    }
    assert_string_equal(arcta_branch_name(-1), "?");
    assert_string_equal(arcta_branch_name(ARCTA_NBRANCH), "?");
}

/* ---------------------------------------------------------------- keys */

/* arcta.* keys: a value too wide for its RTL register, and the IPC bounds'
 * order refused in a preset and in the defaults themselves. */
static void test_keys(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfgx_key("arcta.t_gbr");
    cfg_defaults(&c);
    cfgx_set_refused(&c, "arcta.window", "70000",
                     "<command line>: value 70000 does not fit the 16-bit register of "
                     "units/arcta/arcta.sv (arcta.window)");
    cfgx_check_refused("units/arcta/check_ipc.cfg",
                       "units/arcta/check_ipc.cfg:2: arcta.t_l_ipc = 90 above arcta.t_u_ipc = 85 "
                       "(arcta.t_l_ipc, arcta.t_u_ipc)");
    /* never set anywhere: the defaults themselves */
    cfg_defaults(&c);
    c.ctl.ar_t_l_ipc = 90;
    assert_int_equal(cfg_check(&c, err, sizeof err), -1);
    assert_string_equal(err, "<defaults>: arcta.t_l_ipc = 90 above arcta.t_u_ipc = 85 "
                             "(arcta.t_l_ipc, arcta.t_u_ipc)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_idle),
        cmocka_unit_test(test_kernel_start_profiles_core0),
        cmocka_unit_test(test_window_ends_on_cta_done),
        cmocka_unit_test(test_window_ends_after_7000_cycles),
        cmocka_unit_test(test_cta_done_on_cycle_w_counts_as_cta),
        cmocka_unit_test(test_window_zero_is_one_cycle),
        cmocka_unit_test(test_ipc_above_upper_is_type1),
        cmocka_unit_test(test_ipc_below_lower_is_type2),
        cmocka_unit_test(test_max_bw_at_threshold),
        cmocka_unit_test(test_max_bw_is_max_over_used_partitions),
        cmocka_unit_test(test_gbr_at_threshold),
        cmocka_unit_test(test_gbr_above_100),
        cmocka_unit_test(test_dram_burst_reaches_window),
        cmocka_unit_test(test_good_cycle_definition),
        cmocka_unit_test(test_no_dram_cycles_means_zero_bandwidth),
        cmocka_unit_test(test_action_type1_all_cores),
        cmocka_unit_test(test_action_type2_half_cores_and_calibrator),
        cmocka_unit_test(test_odd_core_counts),
        cmocka_unit_test(test_reprofile_on_next_kernel),
        cmocka_unit_test(test_restart_during_profile),
        cmocka_unit_test(test_paper_examples),
        cmocka_unit_test(test_decision_latency_per_branch),
        cmocka_unit_test(test_branch_names),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
