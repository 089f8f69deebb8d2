/* test_ucs.c -- uC-States Gating Control Unit C reference model (seed 004
 * Sec. 4 Algorithm 1; controllers.md section 5; units/ucs/ucs.md).
 * Expected values are derived from the paper's formulas on the sums the test
 * drives, e.g. U[EX_SP] < th_U <=> sum(busy) * 100 < th_U% * T * units.
 * Timing: an interval is T counted edges, then L = UCS_EVAL (18) evaluation
 * edges; the decision takes effect at edge T + L of the interval, so the k-th
 * decision after reset is at edge k * (T + L). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "ucs.h"
#include "unit/cfg_expect.h"

typedef struct fx {
    ucs u;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
    int cycles;
} fx;

static fx F;

#define L UCS_EVAL

/* Core 0 only, T = period, units = 2 everywhere (ctl_cfg_defaults). */
static void fx_init(uint32_t period)
{
    memset(&F, 0, sizeof F);
    ctl_cfg_defaults(&F.cfg, 1, 1);
    F.cfg.uc_period = period;
    ucs_reset(&F.u, &F.cfg, &F.out);
}

static ctl_core_in *c0(void) { return &F.in.core[0]; }
static const ctl_core_out *o0(void) { return &F.out.core[0]; }

static void step(void)
{
    ucs_step(&F.u, &F.cfg, &F.in, &F.out);
    F.cycles++;
}

static void steps(int n)
{
    for (int i = 0; i < n; i++)
        step();
}

static int down(int comp) { return (o0()->tuned_down >> comp) & 1; }
static int accepts(int comp) { return (o0()->accepts_work >> comp) & 1; }

/* Run one whole interval; busy[EX_*] = 2 (full), everything else 0, unless
 * the caller changed F.in before. */
static void full_ex(void)
{
    memset(c0(), 0, sizeof *c0());
    c0()->busy[CTL_EX_SP] = c0()->busy[CTL_EX_SFU] = c0()->busy[CTL_EX_LDST] = 2;
}

/* ---- reset ------------------------------------------------------------- */
static void test_reset_outputs(void **st)
{
    (void)st;
    fx_init(10);
    for (int c = 0; c < CTL_MAX_CORES; c++) {
        assert_int_equal(F.out.core[c].tuned_down, 0);
        assert_int_equal(F.out.core[c].accepts_work, 0x3FFF);
        for (int g = 0; g < CTL_NPG; g++)
            assert_int_equal(F.out.core[c].pg_state[g], CTL_PGS_ON);
    }
    assert_int_equal(F.u.phase, UCS_PHASE1);
}

/* ---- phase rotation: 1, 2, 3, 1 at edges P, 2P, 3P, 4P (P = T + L) ------- */
static void test_phase_rotation(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex(); /* phase 1: EX busy at 100 % -> up (no change) */
    c0()->empty = 0x3FFF;
    steps(P);
    assert_int_equal(o0()->tuned_down, 0);
    assert_int_equal(F.u.phase, UCS_PHASE2);
    /* Phase 2: every IDOC/OC/OCEX at U = 0 < U[EX_j] = 1 -> down at edge 2P. */
    steps(P - 1);
    assert_int_equal(o0()->tuned_down, 0);
    step();
    uint16_t p2 = 0;
    for (int c = CTL_IDOC_SP; c <= CTL_OCEX_LDST; c++)
        p2 |= (uint16_t)(1u << c);
    assert_int_equal(o0()->tuned_down, p2);
    /* Phase 3: U[SCH] = 0 < 2 th_U and U[SCH_j] = 0 < U[EX_j] -> SCH down;
     * U[IFID] = 0 is not < U[SCH] = 0 -> IFID up.  At edge 3P, not before. */
    steps(P - 1);
    assert_int_equal(down(CTL_SCH), 0);
    step();
    assert_int_equal(down(CTL_SCH), 1);
    assert_int_equal(down(CTL_IFID), 0);
    /* Back to phase 1: EX_SP idle now -> down at edge 4P, not before. */
    c0()->busy[CTL_EX_SP] = 0;
    steps(P - 1);
    assert_int_equal(down(CTL_EX_SP), 0);
    step();
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(F.u.phase, UCS_PHASE2);
}

/* ---- phase 1: EX_SP / EX_SFU by th_U ----------------------------------- */
/* T = 100, units 2, th_U 15 %: down iff sum*100 < 15*100*2 <=> sum < 30. */
static void run_p1_ex(int comp, int busy_cycles)
{
    fx_init(100);
    full_ex();
    c0()->busy[comp] = 0;
    for (int i = 0; i < 100; i++) {
        c0()->busy[comp] = (uint8_t)(i < busy_cycles ? 1 : 0);
        step();
    }
    steps(L); /* the evaluation: the decision takes effect at edge 100 + L */
}

static void test_p1_sp_sfu_threshold(void **st)
{
    (void)st;
    run_p1_ex(CTL_EX_SP, 29);
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_SP_DOWN], 1);
    run_p1_ex(CTL_EX_SP, 30);
    assert_int_equal(down(CTL_EX_SP), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_SP_UP], 1);
    run_p1_ex(CTL_EX_SFU, 29);
    assert_int_equal(down(CTL_EX_SFU), 1);
    assert_int_equal(down(CTL_EX_SP), 0);
    run_p1_ex(CTL_EX_SFU, 30);
    assert_int_equal(down(CTL_EX_SFU), 0);
}

/* Tuned down, then a busy interval tunes it up at the next phase-1 edge. */
static void test_p1_up_after_down(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(P);
    assert_int_equal(down(CTL_EX_SP), 1);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * P - 1);
    assert_int_equal(down(CTL_EX_SP), 1);
    step();
    assert_int_equal(down(CTL_EX_SP), 0);
}

/* ---- phase 1: EX_LDST by RT = sum(J) / sum(lambda) > th_RT (100) -------- */
static void run_p1_ldst(int j_total, int lambda_total)
{
    fx_init(50);
    full_ex();
    for (int i = 0; i < 50; i++) {
        int j = j_total > 100 ? 100 : j_total;
        c0()->mem_warps = (uint8_t)(j > 0 ? (j > 127 ? 127 : j) : 0);
        j_total -= c0()->mem_warps;
        c0()->ldst_enter = (uint8_t)(i < lambda_total ? 1 : 0);
        step();
    }
    steps(L);
    assert_int_equal(j_total, 0);
}

static void test_p1_ldst_rt(void **st)
{
    (void)st;
    run_p1_ldst(301, 3); /* RT = 100.33 > 100 */
    assert_int_equal(down(CTL_EX_LDST), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_LDST_DOWN], 1);
    run_p1_ldst(300, 3); /* RT = 100, not > 100 */
    assert_int_equal(down(CTL_EX_LDST), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_LDST_UP], 1);
    run_p1_ldst(2000, 0); /* sum(lambda) = 0: RT = 0 */
    assert_int_equal(down(CTL_EX_LDST), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_LDST_LAMBDA0], 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P1_LDST_DOWN], 0);
}

/* ---- phase 2: U[i_j] < U[EX_j] with different unit counts --------------- */
/* units[OC_SP] = 4, units[EX_SP] = 2, sum(EX_SP) = 10: U[OC_SP] < U[EX_SP]
 * <=> sum(OC_SP) * 2 < 10 * 4 <=> sum(OC_SP) < 20. */
static void run_p2(int oc_sum)
{
    const int T = 40;
    fx_init(T);
    F.cfg.units[CTL_OC_SP] = 4;
    full_ex();
    steps(T + L); /* phase 1 */
    for (int i = 0; i < T; i++) {
        full_ex();
        c0()->busy[CTL_EX_SP] = (uint8_t)(i < 10 ? 1 : 0);
        c0()->busy[CTL_OC_SP] = (uint8_t)(i < oc_sum ? 1 : 0);
        /* other stages equal to their EX: not below -> up */
        c0()->busy[CTL_IDOC_SP] = c0()->busy[CTL_OCEX_SP] = c0()->busy[CTL_EX_SP];
        c0()->busy[CTL_IDOC_SFU] = c0()->busy[CTL_OC_SFU] = c0()->busy[CTL_OCEX_SFU] = 2;
        c0()->busy[CTL_IDOC_LDST] = c0()->busy[CTL_OC_LDST] = 2;
        c0()->busy[CTL_OCEX_LDST] = 1; /* below EX_LDST (2): down */
        step();
    }
    steps(L);
}

static void test_p2_pipeline_vs_ex(void **st)
{
    (void)st;
    run_p2(19);
    assert_int_equal(down(CTL_OC_SP), 1);
    assert_int_equal(down(CTL_OCEX_LDST), 1);
    assert_int_equal(o0()->tuned_down,
                     (1u << CTL_OC_SP) | (1u << CTL_OCEX_LDST));
    assert_int_equal(F.u.branch_hits[UCS_BR_P2_DOWN_FIRST + 3], 1); /* oc_sp */
    assert_int_equal(F.u.branch_hits[UCS_BR_P2_DOWN_FIRST + 2], 1); /* ocex_ldst */
    run_p2(20);
    assert_int_equal(down(CTL_OC_SP), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P2_UP_FIRST + 3], 1);
}

/* ---- phase 3: SCH / IFID ------------------------------------------------- */
/* T = 100, units 2: U[SCH] < 2 th_U (30 %) <=> sum(SCH) * 100 < 30*100*2
 * <=> sum(SCH) < 60.  sch_busy[j] against EX_j: sum(SCH_j) * 2 < sum(EX_j) * 2. */
static void run_p3(int sch_sum, int sch_ldst_sum, int ifid_sum)
{
    const int T = 100;
    fx_init(T);
    full_ex();
    c0()->empty = 0x3FFF;
    steps(2 * (T + L)); /* phases 1 and 2 (EX full: only phase 2 tunes stages down) */
    for (int i = 0; i < T; i++) {
        full_ex();
        c0()->empty = 0x3FFF;
        c0()->busy[CTL_EX_LDST] = (uint8_t)(i < 50 ? 1 : 0); /* sum 50 */
        c0()->busy[CTL_SCH] = (uint8_t)(i < sch_sum ? 1 : 0);
        c0()->sch_busy[CTL_T_LDST] = (uint8_t)(i < sch_ldst_sum ? 1 : 0);
        c0()->busy[CTL_IFID] = (uint8_t)(i < ifid_sum ? 1 : 0);
        step();
    }
    steps(L);
}

static void test_p3_sch_ifid(void **st)
{
    (void)st;
    run_p3(59, 49, 58); /* SCH low, SCH_LDST 49 < 50, IFID 58 < 59 */
    assert_int_equal(down(CTL_SCH), 1);
    assert_int_equal(down(CTL_IFID), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_SCH_DOWN_IFID_DOWN], 1);
    run_p3(59, 49, 59); /* IFID = SCH: not below -> IFID up */
    assert_int_equal(down(CTL_SCH), 1);
    assert_int_equal(down(CTL_IFID), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_SCH_DOWN_IFID_UP], 1);
    run_p3(60, 0, 0); /* U[SCH] = 30 % is not < 2 th_U */
    assert_int_equal(down(CTL_SCH), 0);
    assert_int_equal(down(CTL_IFID), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_UP_SCH_UTIL], 1);
    run_p3(59, 50, 0); /* SCH_LDST = EX_LDST: SCH is a bottleneck */
    assert_int_equal(down(CTL_SCH), 0);
    assert_int_equal(down(CTL_IFID), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_UP_SCH_BOTTLENECK], 1);
}

/* Phase 3 up after down: SCH and IFID both tuned up together. */
static void test_p3_up_after_down(void **st)
{
    (void)st;
    run_p3(59, 49, 58);
    assert_int_equal(down(CTL_SCH) & down(CTL_IFID), 1);
    c0()->busy[CTL_SCH] = 2; /* U[SCH] = 100 % */
    steps(3 * (100 + L));
    assert_int_equal(down(CTL_SCH), 0);
    assert_int_equal(down(CTL_IFID), 0);
}

/* ---- interval-level driver for the bottleneck tests ----------------------- */
/* The sums one interval of T counted edges is to produce: busy[i] and
 * sch_busy[j] spread evenly over the T cycles (sum / T each cycle, one more in
 * the first sum % T cycles); every group reports empty.  The interval's
 * decision takes effect at the last of the L evaluation edges after it. */
typedef struct iv_sums {
    uint16_t busy[CTL_NCOMP];
    uint16_t sch[CTL_NTYPE];
} iv_sums;

static uint8_t spread(uint32_t sum, int t, int T)
{
    return (uint8_t)(sum / (uint32_t)T + ((uint32_t)t < sum % (uint32_t)T));
}

static void run_interval(const iv_sums *v, int T)
{
    for (int t = 0; t < T; t++) {
        memset(c0(), 0, sizeof *c0());
        c0()->empty = 0x3FFF;
        for (int i = 0; i < CTL_NCOMP; i++)
            c0()->busy[i] = spread(v->busy[i], t, T);
        for (int j = 0; j < CTL_NTYPE; j++)
            c0()->sch_busy[j] = spread(v->sch[j], t, T);
        step();
    }
    steps(L);
}

/* ucstates16's unit counts (configs/ucstates16.cfg): SCH 4, IFID 4, IDOC_SP 4,
 * OC_SP 12, OCEX_SP 4, EX_j 2, the others 2. */
static void fx_init_ucstates16(uint32_t period)
{
    fx_init(period);
    F.cfg.units[CTL_SCH] = F.cfg.units[CTL_IFID] = 4;
    F.cfg.units[CTL_IDOC_SP] = F.cfg.units[CTL_OCEX_SP] = 4;
    F.cfg.units[CTL_OC_SP] = 12;
}

/* An interval of BLK (seed 004's memory-bound kernel) on ucstates16, from
 * `ctasim --decisions` (core 0, its third interval, scaled to T = 100): SP
 * instructions few, no SFU instruction at all, LDST saturated.  EX_SP is
 * tuned down by phase 1 (U = 4 % < th_U), EX_SFU too (idle), EX_LDST kept up
 * (no lambda: RT = 0); phase 2 tunes every idle or non-bottleneck stage down. */
static iv_sums blk_interval(void)
{
    iv_sums v;
    memset(&v, 0, sizeof v);
    v.busy[CTL_EX_SP] = 8;                     /* U = 8/200 = 4 % */
    v.busy[CTL_EX_LDST] = 100;                 /* U = 50 % */
    v.busy[CTL_IDOC_SP] = v.busy[CTL_OC_SP] = v.busy[CTL_OCEX_SP] = 8;
    v.busy[CTL_IDOC_LDST] = v.busy[CTL_OCEX_LDST] = 200; /* U = 100 %: kept up */
    v.busy[CTL_OC_LDST] = 200;
    v.busy[CTL_SCH] = 9;                       /* U = 9/400 = 2.25 % < 2 th_U */
    v.busy[CTL_IFID] = 9;
    v.sch[CTL_T_SP] = 8;                       /* = sum(EX_SP) */
    v.sch[CTL_T_LDST] = 1;
    return v;
}

/* Phase 3 on BLK (seed 004 Sec. 4, "The Third Phase": SCH is the bottleneck
 * only "if SCH utilization is higher for at least one of the instruction
 * types").  The rule before read U[SCH_j] < U[EX_j] strictly for every j,
 * so the type never issued (SFU: 0 < 0) kept SCH up at every phase-3
 * decision, and it crossed the unit counts (sum(SCH_j) * units[SCH] <
 * sum(EX_j) * units[EX_j]), so SCH_SP = EX_SP = 8 read as 32 < 16 (a
 * bottleneck) on ucstates16's 4 schedulers and 2 SP groups.  The decision
 * sequence was EX down at P, stages at 2P, then SCH=up at 3P and 6P.  The
 * paper's: U[SCH_SP] = 8/400 (SCH 4 slots) < U[EX_SP] = 8/100 (EX_SP tuned
 * down: its one powered-on group), SFU not issued, U[SCH_LDST] = 1/400 <
 * 100/200, U[SCH] < 30 %: SCH down at edge 3P exactly, and IFID too
 * (U[IFID] = U[SCH]: not lower, so IFID up). */
static void test_p3_unused_type_blk(void **st)
{
    (void)st;
    const int T = 100, P = T + L;
    fx_init_ucstates16(T);
    iv_sums v = blk_interval();
    run_interval(&v, T); /* phase 1, edge P */
    assert_int_equal(F.cycles, P);
    assert_int_equal(o0()->tuned_down, (1u << CTL_EX_SP) | (1u << CTL_EX_SFU));
    run_interval(&v, T); /* phase 2, edge 2P */
    uint16_t p2 = (1u << CTL_IDOC_SP) | (1u << CTL_OC_SP) | (1u << CTL_OCEX_SP) |
                  (1u << CTL_IDOC_SFU) | (1u << CTL_OC_SFU) | (1u << CTL_OCEX_SFU);
    assert_int_equal(o0()->tuned_down, (1u << CTL_EX_SP) | (1u << CTL_EX_SFU) | p2);
    /* phase 3: SCH not down at edge 3P - 1, down at 3P */
    for (int t = 0; t < T + L - 1; t++) {
        memset(c0(), 0, sizeof *c0());
        c0()->empty = 0x3FFF;
        for (int i = 0; i < CTL_NCOMP; i++)
            c0()->busy[i] = spread(v.busy[i], t, T);
        for (int j = 0; j < CTL_NTYPE; j++)
            c0()->sch_busy[j] = spread(v.sch[j], t, T);
        if (t >= T)
            memset(c0(), 0, sizeof *c0());
        step();
    }
    assert_int_equal(down(CTL_SCH), 0);
    step();
    assert_int_equal(F.cycles, 3 * P);
    assert_int_equal(down(CTL_SCH), 1);
    assert_int_equal(down(CTL_IFID), 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_SCH_DOWN_IFID_UP], 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_UP_SCH_BOTTLENECK], 0);
    /* The same kernel at 6P: SCH stays down (U[SCH_SP] = 8/200 on its
     * powered-on half, still below 8/100), and its utilisation doubled
     * (9/200) makes IFID's 9/400 lower: IFID is tuned down too ("Component
     * Interactions", Sec. 4). */
    run_interval(&v, T);
    run_interval(&v, T);
    run_interval(&v, T);
    assert_int_equal(F.cycles, 6 * P);
    assert_int_equal(down(CTL_SCH), 1);
    assert_int_equal(down(CTL_IFID), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_P3_SCH_DOWN_IFID_DOWN], 1);
}

/* A type the scheduler does issue still makes SCH the bottleneck when its
 * U[SCH_j] is not below U[EX_j]: SCH_SP = 31 on 4 slots (7.75 %) against
 * EX_SP = 8 on its powered-on group (8 %) is below, 32 (8 %) is not. */
static void test_p3_used_type_still_blocks(void **st)
{
    (void)st;
    const int T = 100;
    for (int k = 0; k < 2; k++) {
        fx_init_ucstates16(T);
        iv_sums v = blk_interval();
        run_interval(&v, T);
        run_interval(&v, T);
        v.sch[CTL_T_SP] = (uint16_t)(k ? 32 : 31);
        run_interval(&v, T);
        assert_int_equal(down(CTL_SCH), !k);
        assert_int_equal(F.u.branch_hits[UCS_BR_P3_UP_SCH_BOTTLENECK], k);
    }
}

/* Phase 2's revert (seed 004 Sec. 4, "The Second Phase": a stage whose
 * utilisation ratio to EX_j is below 1 is tuned down, although "the ratio
 * must be less than 0.5 to ensure that the bottleneck does not move"; "in
 * case these components become the bottleneck after this phase, the
 * decision is reverted back in the next execution of this phase").
 * IDOC_SP (4 slots) at 300/400 = 75 % against EX_SP at 200/200: ratio 0.75,
 * tuned down at 2P.  Halved, it moves what EX_SP moves: 150 each.  Before,
 * U[IDOC_SP] was 150/400 (both groups) < 150/200 and IDOC_SP stayed down for
 * ever (down at 2P, 5P, 8P, ...).  On its two powered-on slots it is
 * 150/200, not below EX_SP's 150/200: the bottleneck, tuned up at 5P, and
 * down again at 8P when the full-width interval repeats. */
static void test_p2_revert_when_bottleneck(void **st)
{
    (void)st;
    const int T = 100, P = T + L;
    fx_init_ucstates16(T);
    iv_sums full, halved;
    memset(&full, 0, sizeof full);
    for (int i = 0; i < CTL_NCOMP; i++)
        full.busy[i] = (uint16_t)(2 * T);     /* U = 100 % where units = 2 */
    full.busy[CTL_SCH] = full.busy[CTL_IFID] = 4 * T;
    full.busy[CTL_OC_SP] = 12 * T;
    full.busy[CTL_OCEX_SP] = 4 * T;
    full.busy[CTL_IDOC_SP] = 300;
    full.sch[CTL_T_SP] = full.sch[CTL_T_SFU] = full.sch[CTL_T_LDST] = 4 * T;
    halved = full;
    halved.busy[CTL_IDOC_SP] = halved.busy[CTL_EX_SP] = 150;
    const uint16_t idoc = 1u << CTL_IDOC_SP;
    run_interval(&full, T);                   /* P: phase 1, EX busy: up */
    run_interval(&full, T);                   /* 2P: phase 2 */
    assert_int_equal(F.cycles, 2 * P);
    assert_int_equal(o0()->tuned_down, idoc);
    run_interval(&halved, T);                 /* 3P: phase 3 (SCH busy: up) */
    run_interval(&halved, T);                 /* 4P: phase 1 */
    assert_int_equal(o0()->tuned_down, idoc);
    run_interval(&halved, T);                 /* 5P: phase 2 reverts */
    assert_int_equal(F.cycles, 5 * P);
    assert_int_equal(o0()->tuned_down, 0);
    assert_int_equal(F.u.branch_hits[UCS_BR_P2_UP_FIRST + 6], 1); /* idoc_sp */
    run_interval(&full, T);
    run_interval(&full, T);
    run_interval(&full, T);                   /* 8P: down again */
    assert_int_equal(F.cycles, 8 * P);
    assert_int_equal(o0()->tuned_down, idoc);
    assert_int_equal(F.u.branch_hits[UCS_BR_P2_DOWN_FIRST + 6], 2);
}

/* A stage of a tuned-down EX_j compares against EX_j's powered-on group
 * (seed 004 Sec. 4, "Component Interactions": "if EX_SP is tuned-down, its
 * utilization increases, which creates opportunities for tuning-down other
 * non-bottleneck components").  EX_SP at 20/200 (10 % < th_U) is tuned down
 * at P; at 2P, IDOC_SP at 50/400 = 12.5 % is below EX_SP's 20/100 = 20 %
 * and is tuned down (against both groups, 10 %, it would stay up).  The
 * other stages are idle: not the bottleneck, tuned down too. */
static void test_p2_against_tuned_down_ex(void **st)
{
    (void)st;
    const int T = 100;
    fx_init_ucstates16(T);
    iv_sums v;
    memset(&v, 0, sizeof v);
    v.busy[CTL_EX_SP] = 20;
    v.busy[CTL_EX_SFU] = v.busy[CTL_EX_LDST] = 2 * T;
    v.busy[CTL_IDOC_SP] = 50;
    v.busy[CTL_OC_SP] = 20;
    v.busy[CTL_OCEX_SP] = 20;
    run_interval(&v, T);
    assert_int_equal(o0()->tuned_down, 1u << CTL_EX_SP);
    run_interval(&v, T);
    assert_int_equal(o0()->tuned_down, (1u << CTL_EX_SP) | (0x1FFu << CTL_IDOC_SP));
    /* the same sums with th_U = 5 %: EX_SP (10 %) kept up, and IDOC_SP's
     * 50/400 is not below EX_SP's 20/200 */
    fx_init_ucstates16(T);
    F.cfg.uc_th_u_pct = 5;
    run_interval(&v, T);
    run_interval(&v, T);
    assert_int_equal(down(CTL_EX_SP), 0);
    assert_int_equal(down(CTL_IDOC_SP), 0);
    assert_int_equal(down(CTL_OC_SP), 1);   /* 20/1200 < 20/200 */
}

/* A pipeline stage idle all interval is not the bottleneck (Sec. 2.2, the
 * Utilization Law), although U = 0 is not below its idle EX_j's 0: on a
 * kernel without SFU instructions phase 2 tunes IDOC/OC/OCEX_SFU down (the
 * rule before: 0 < 0 is false, up).  LDST stages busy as EX_LDST: up. */
static void test_p2_idle_stage_down(void **st)
{
    (void)st;
    const int T = 100, P = T + L;
    fx_init(T);
    iv_sums v;
    memset(&v, 0, sizeof v);
    for (int j = 0; j < CTL_NTYPE; j++) {
        if (j == CTL_T_SFU)
            continue;
        v.busy[CTL_EX_SP + j] = v.busy[CTL_IDOC_SP + j] = 150;
        v.busy[CTL_OC_SP + j] = v.busy[CTL_OCEX_SP + j] = 150;
    }
    run_interval(&v, T);
    assert_int_equal(o0()->tuned_down, 1u << CTL_EX_SFU);
    run_interval(&v, T);
    assert_int_equal(F.cycles, 2 * P);
    assert_int_equal(o0()->tuned_down, (1u << CTL_EX_SFU) | (1u << CTL_IDOC_SFU) |
                                           (1u << CTL_OC_SFU) | (1u << CTL_OCEX_SFU));
}

/* ---- draining, gating, wake-up ------------------------------------------ */
/* EX_SP down at edge T with empty = 0: DRAINING, no work accepted, until the
 * edge that sees empty = 1 -> OFF. */
static void test_drain_waits_for_empty(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    steps(P);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
    assert_int_equal(accepts(CTL_EX_SP), 0);
    assert_int_equal(accepts(CTL_EX_SFU), 1); /* busy: stays up */
    steps(7);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
    c0()->empty = (uint16_t)(1u << CTL_EX_SP);
    step();
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_OFF);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SFU], CTL_PGS_ON);
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(accepts(CTL_EX_SP), 0);
}

/* The decision edge itself does not look at empty: at least one DRAINING cycle. */
static void test_drain_at_least_one_cycle(void **st)
{
    (void)st;
    fx_init(10);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(10 + L);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
    step();
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_OFF);
}

/* Tune up while still draining cancels the drain: ON at the decision edge. */
static void test_drain_cancel(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    steps(P);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * P - 1);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
    step();
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_ON);
    assert_int_equal(accepts(CTL_EX_SP), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_DRAIN_CANCEL], 1);
}

/* Wake-up: after the tune-up edge the PG group shows WAKING for exactly
 * uc_wakeup (9) cycles, then ON and accepts work. */
static void test_wakeup_delay(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(P + 1);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_OFF);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * P - 2); /* edges so far: 4P - 1; the tune-up edge is 4P */
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_OFF);
    int waking = 0;
    step();
    while (o0()->pg_state[CTL_PG_EX_SP] == CTL_PGS_WAKING && waking < 100) {
        assert_int_equal(accepts(CTL_EX_SP), 0);
        assert_int_equal(down(CTL_EX_SP), 0);
        waking++;
        step();
    }
    assert_int_equal(waking, (int)F.cfg.uc_wakeup);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_ON);
    assert_int_equal(accepts(CTL_EX_SP), 1);
}

/* uc_wakeup = 0: a PG group is ON right after the tune-up edge. */
static void test_wakeup_zero(void **st)
{
    (void)st;
    fx_init(10);
    F.cfg.uc_wakeup = 0;
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(10 + L + 1);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * (10 + L) - 1);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_ON);
    assert_int_equal(F.u.branch_hits[UCS_BR_PG_WAKE_NOW], 1);
}

/* CG group (OC_SP): gated after drain, accepts work on the cycle after the
 * tune-up edge. */
static void test_cg_wakes_next_cycle(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->empty = 0x3FFF;
    steps(2 * P); /* phase 2: OC_SP (0) < EX_SP -> down */
    assert_int_equal(down(CTL_OC_SP), 1);
    step();
    assert_int_equal(F.u.core[0].grp[CTL_OC_SP].state, CTL_PGS_OFF);
    assert_int_equal(accepts(CTL_OC_SP), 0);
    c0()->busy[CTL_OC_SP] = 2;
    c0()->busy[CTL_IDOC_SP] = c0()->busy[CTL_OCEX_SP] = 2;
    steps(3 * P - 2); /* next phase-2 edge is 5P */
    assert_int_equal(accepts(CTL_OC_SP), 0);
    step();
    assert_int_equal(down(CTL_OC_SP), 0);
    assert_int_equal(accepts(CTL_OC_SP), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_CG_UNGATE], 3);
}

/* A tune-down decision while WAKING goes back to DRAINING. */
static void test_waking_then_down(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    F.cfg.uc_wakeup = 200;
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(P + 1);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * P - 1);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_WAKING);
    c0()->busy[CTL_EX_SP] = 0;
    steps(3 * P);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(F.u.branch_hits[UCS_BR_WAKING_DOWN], 1);
}

/* IFID: one tuned_down bit, PG decoder state in pg_state[IFID_DEC]. */
static void test_ifid_maps_to_decoder(void **st)
{
    (void)st;
    run_p3(59, 49, 58);
    assert_int_equal(o0()->pg_state[CTL_PG_IFID_DEC], CTL_PGS_DRAINING);
    assert_int_equal(o0()->pg_state[CTL_PG_SCH], CTL_PGS_DRAINING);
    step();
    assert_int_equal(o0()->pg_state[CTL_PG_IFID_DEC], CTL_PGS_OFF);
    assert_int_equal(accepts(CTL_IFID), 0);
    assert_int_equal(ucs_pg_index(CTL_IFID), CTL_PG_IFID_DEC);
    assert_int_equal(ucs_pg_index(CTL_OC_SP), -1);
    assert_int_equal(ucs_pg_index(CTL_EX_LDST), -1);
}

/* ---- break-even ----------------------------------------------------------
 * T = 10, P = T + L = 28: EX_SP down at edge 28, OFF at edge 29 (empty), up at
 * edge 4P = 112: the OFF episode lasts 112 - 29 = 83 cycles. */
static void run_episode(uint32_t break_even)
{
    fx_init(10);
    F.cfg.uc_break_even = break_even;
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    c0()->empty = 0x3FFF;
    steps(10 + L + 1);
    c0()->busy[CTL_EX_SP] = 2;
    steps(3 * (10 + L) - 1);
    assert_int_equal(o0()->pg_state[CTL_PG_EX_SP], CTL_PGS_WAKING);
}

static void test_break_even(void **st)
{
    (void)st;
    run_episode(83);
    assert_int_equal(F.u.core[0].episodes[CTL_PG_EX_SP], 1);
    assert_int_equal(F.u.core[0].short_episodes[CTL_PG_EX_SP], 0);
    run_episode(84);
    assert_int_equal(F.u.core[0].episodes[CTL_PG_EX_SP], 1);
    assert_int_equal(F.u.core[0].short_episodes[CTL_PG_EX_SP], 1);
    assert_int_equal(F.u.core[0].short_episodes[CTL_PG_EX_SFU], 0);
}

/* ---- kernel start, unused cores --------------------------------------- */
static void test_kernel_start(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->empty = 0x3FFF;
    steps(2 * P + 3); /* phase-2 stages tuned down, now inside phase 3 */
    assert_int_not_equal(o0()->tuned_down, 0);
    F.in.kernel_start = 1;
    step();
    F.in.kernel_start = 0;
    assert_int_equal(o0()->tuned_down, 0);
    assert_int_equal(F.u.phase, UCS_PHASE1);
    assert_int_equal(F.u.cyc, 0);
    /* the next decision is phase 1, P edges after the kernel start */
    c0()->busy[CTL_EX_SP] = 0;
    steps(P - 1);
    assert_int_equal(down(CTL_EX_SP), 0);
    step();
    assert_int_equal(down(CTL_EX_SP), 1);
}

static void test_unused_core_held_in_reset(void **st)
{
    (void)st;
    fx_init(10);
    F.in.core[1].empty = 0x3FFF; /* core 1 idle: would be tuned down */
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    steps(10 + L);
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(F.out.core[1].tuned_down, 0);
    assert_int_equal(F.out.core[1].accepts_work, 0x3FFF);
    F.cfg.n_cores = 2;
    steps(3 * (10 + L));
    assert_int_equal(F.out.core[1].tuned_down & (1u << CTL_EX_SP), 1u << CTL_EX_SP);
}

/* ---- repeated inputs: a span counted at once ------------------------------
 * A core whose counted inputs repeat those of the cycle before adds the span
 * at once (ucs.h, ucs_core.held).  Unit A gets inputs held for random spans;
 * unit B gets the same counted values with random bits above each field's
 * width (which the unit masks off), different in every cycle, so that B adds
 * every cycle on its own.  Both must give the same outputs in every cycle, the
 * same decision sums and the same branch and episode counts; kernel starts
 * and a core disabled for a while cut spans short. */
static ucs span_a, span_b;

static uint32_t lcg(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

static void test_repeated_inputs_as_span(void **st)
{
    (void)st;
    enum { NC = 4, CYCLES = 40000 };
    ctl_cfg cfg;
    static ctl_in in_a, in_b;
    static ctl_out out_a, out_b;
    memset(&in_a, 0, sizeof in_a);
    memset(&in_b, 0, sizeof in_b);
    ctl_cfg_defaults(&cfg, NC, 1);
    cfg.uc_period = 37;
    cfg.uc_wakeup = 3;
    cfg.uc_break_even = 60;
    cfg.uc_th_u_pct = 40;
    cfg.uc_th_rt = 8;
    ucs_reset(&span_a, &cfg, &out_a);
    ucs_reset(&span_b, &cfg, &out_b);
    uint32_t x = 12345u, left[NC] = { 0 };
    uint64_t held_cycles = 0;
    for (int t = 0; t < CYCLES; t++) {
        for (int c = 0; c < NC; c++) {
            ctl_core_in *a = &in_a.core[c];
            if (left[c] == 0) {
                left[c] = 1 + lcg(&x) % 150;
                for (int i = 0; i < CTL_NCOMP; i++)
                    a->busy[i] = (uint8_t)(lcg(&x) % 3);
                for (int j = 0; j < CTL_NTYPE; j++)
                    a->sch_busy[j] = (uint8_t)(lcg(&x) % 3);
                a->mem_warps = (uint8_t)(lcg(&x) % 128);
                a->ldst_enter = (uint8_t)(lcg(&x) % 8);
                a->empty = (uint16_t)(lcg(&x) % 4 ? 0x3FFF : lcg(&x) & 0x3FFF);
            } else {
                held_cycles++;
            }
            left[c]--;
            ctl_core_in *b = &in_b.core[c];
            *b = *a;
            for (int i = 0; i < CTL_NCOMP; i++)
                b->busy[i] = (uint8_t)(a->busy[i] | (lcg(&x) & 0xF0u));
            for (int j = 0; j < CTL_NTYPE; j++)
                b->sch_busy[j] = (uint8_t)(a->sch_busy[j] | (lcg(&x) & 0xF0u));
            b->mem_warps = (uint8_t)(a->mem_warps | (lcg(&x) & 0x80u));
            b->ldst_enter = (uint8_t)(a->ldst_enter | (lcg(&x) & 0xF8u));
        }
        in_a.kernel_start = in_b.kernel_start = (uint8_t)(t % 9001 == 9000);
        cfg.n_cores = (t >= 20000 && t < 20500) ? NC - 1 : NC;
        ucs_step(&span_a, &cfg, &in_a, &out_a);
        ucs_step(&span_b, &cfg, &in_b, &out_b);
        assert_int_equal(span_a.obs_decided, span_b.obs_decided);
        for (int c = 0; c < NC; c++) {
            assert_int_equal(out_a.core[c].tuned_down, out_b.core[c].tuned_down);
            assert_int_equal(out_a.core[c].accepts_work, out_b.core[c].accepts_work);
            assert_memory_equal(out_a.core[c].pg_state, out_b.core[c].pg_state, CTL_NPG);
            if (span_a.obs_decided)
                assert_memory_equal(&span_a.core[c].obs_last, &span_b.core[c].obs_last,
                                    sizeof(ucs_sums));
        }
    }
    assert_memory_equal(span_a.branch_hits, span_b.branch_hits, sizeof span_a.branch_hits);
    for (int c = 0; c < NC; c++) {
        assert_memory_equal(span_a.core[c].episodes, span_b.core[c].episodes,
                            sizeof span_a.core[c].episodes);
        assert_memory_equal(span_a.core[c].short_episodes, span_b.core[c].short_episodes,
                            sizeof span_a.core[c].short_episodes);
    }
    /* the run held inputs, gated, woke and ended short and long episodes */
    assert_true(held_cycles > CYCLES);
    assert_true(span_a.branch_hits[UCS_BR_PG_OFF] > 0);
    assert_true(span_a.branch_hits[UCS_BR_CG_GATED] > 0);
    assert_true(span_a.branch_hits[UCS_BR_PG_WAKE_DONE] > 0);
    assert_true(span_a.branch_hits[UCS_BR_DRAIN_WAIT] > 0);
    assert_true(span_a.branch_hits[UCS_BR_SHORT_EPISODE] > 0);
    assert_true(span_a.branch_hits[UCS_BR_LONG_EPISODE] > 0);
    assert_true(span_a.branch_hits[UCS_BR_KERNEL_START] > 0);
}

/* ---- sequential decision: latency, evaluation window --------------------- */
/* T = 10: the interval is edges 1..10; EX_SP idle there but busy (2 = 100 %)
 * in the 18 evaluation edges 11..28, which are not counted: EX_SP is still
 * tuned down, at edge 28 = T + L exactly, not at edge T. */
static void test_eval_latency_and_window(void **st)
{
    (void)st;
    const int T = 10;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    steps(T);
    assert_int_equal(F.u.eval, 1);
    c0()->busy[CTL_EX_SP] = 2;
    steps(L - 1);
    assert_int_equal(down(CTL_EX_SP), 0);
    assert_int_equal(F.u.phase, UCS_PHASE1);
    step();
    assert_int_equal(down(CTL_EX_SP), 1);
    assert_int_equal(F.u.phase, UCS_PHASE2);
    assert_int_equal(F.u.eval, 0);
    assert_int_equal(F.u.cyc, 0);
    assert_int_equal(F.cycles, T + L);
}

/* A kernel start during the evaluation drops it: no decision, phase 1 again,
 * the next decision P = T + L edges after the kernel start. */
static void test_kernel_start_in_eval(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    c0()->busy[CTL_EX_SP] = 0;
    steps(T + 5);
    F.in.kernel_start = 1;
    step();
    F.in.kernel_start = 0;
    assert_int_equal(F.u.eval, 0);
    steps(P - 1);
    assert_int_equal(down(CTL_EX_SP), 0);
    step();
    assert_int_equal(down(CTL_EX_SP), 1);
}

/* A core enabled mid-interval counts from the next interval's first edge and
 * takes no decision on the interval it joined. */
static void test_core_enabled_mid_interval(void **st)
{
    (void)st;
    const int T = 10, P = T + L;
    fx_init(T);
    full_ex();
    F.in.core[1] = *c0();
    steps(P + 5); /* inside the phase-2 interval */
    F.cfg.n_cores = 2;
    steps(P - 5); /* edge 2P: core 0's stages (idle) down, core 1 waited */
    assert_int_equal(down(CTL_OC_SP), 1);
    assert_int_equal(F.out.core[1].tuned_down, 0);
    steps(P); /* edge 3P: core 1's first decision (phase 3: SCH idle, down) */
    assert_int_equal(F.out.core[1].tuned_down, 1u << CTL_SCH);
    steps(2 * P); /* edge 5P: phase 2 on a whole interval: core 1's stages down */
    assert_int_equal(F.out.core[1].tuned_down, o0()->tuned_down);
    assert_int_not_equal(F.out.core[1].tuned_down & (1u << CTL_OC_SP), 0);
}

/* ---- configuration and names -------------------------------------------- */
static void test_cfg_check(void **st)
{
    (void)st;
    char err[128];
    ctl_cfg c;
    ctl_cfg_defaults(&c, 16, 6);
    /* Registers checked by the unit's key table (units.* and core.count by
     * the core's, test_cfg.c). */
    assert_int_equal(key_check_struct(&ucs_keys, &c, "x", err, sizeof err), 0);
    c.uc_period = 70000;
    assert_int_equal(key_check_struct(&ucs_keys, &c, "x", err, sizeof err), -1);
    assert_string_equal(err, "x: value 70000 out of range 1..65535 (ucs.period)");
    ctl_cfg_defaults(&c, 16, 6);
    c.uc_th_u_pct = 101;
    assert_int_equal(key_check_struct(&ucs_keys, &c, "x", err, sizeof err), -1);
    assert_string_equal(err, "x: value 101 out of range 0..100 (ucs.th_u_pct)");
    ctl_cfg_defaults(&c, 16, 6);
    c.uc_period = 0;
    assert_int_equal(key_check_struct(&ucs_keys, &c, "x", err, sizeof err), -1);
    ctl_cfg_defaults(&c, 16, 6);
    c.uc_th_rt = 1024;
    assert_int_equal(key_check_struct(&ucs_keys, &c, "x", err, sizeof err), -1);
    assert_string_equal(err, "x: value 1024 does not fit the 10-bit register of units/ucs/ucs.sv (ucs.th_rt)");
}

static void test_branch_names(void **st)
{
    (void)st;
    for (int i = 0; i < UCS_NBRANCH; i++) {
        assert_non_null(ucs_branch_name(i));
        assert_string_not_equal(ucs_branch_name(i), "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(ucs_branch_name(i), ucs_branch_name(j));
    }
    assert_string_equal(ucs_branch_name(UCS_NBRANCH), "?");
    assert_string_equal(ucs_branch_name(UCS_BR_PG_WAKE_DONE), "pg_wake_done");
}

/* ---------------------------------------------------------------- keys */

/* ucs.* keys: a value too wide for its RTL register is refused, one that
 * fits survives a dump/load round trip. */
static void test_keys(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfgx_key("ucs.wakeup");
    cfg_defaults(&c);
    cfgx_set_refused(&c, "ucs.th_rt", "2000",
                     "<command line>: value 2000 does not fit the 10-bit register of "
                     "units/ucs/ucs.sv (ucs.th_rt)");
    assert_int_equal(cfg_set(&c, "ucs.th_rt", "120", "t", err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), 0);
    cfgx_round_trip(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset_outputs),
        cmocka_unit_test(test_phase_rotation),
        cmocka_unit_test(test_p1_sp_sfu_threshold),
        cmocka_unit_test(test_p1_up_after_down),
        cmocka_unit_test(test_p1_ldst_rt),
        cmocka_unit_test(test_p2_pipeline_vs_ex),
        cmocka_unit_test(test_p3_sch_ifid),
        cmocka_unit_test(test_p3_up_after_down),
        cmocka_unit_test(test_p3_unused_type_blk),
        cmocka_unit_test(test_p3_used_type_still_blocks),
        cmocka_unit_test(test_p2_revert_when_bottleneck),
        cmocka_unit_test(test_p2_against_tuned_down_ex),
        cmocka_unit_test(test_p2_idle_stage_down),
        cmocka_unit_test(test_drain_waits_for_empty),
        cmocka_unit_test(test_drain_at_least_one_cycle),
        cmocka_unit_test(test_drain_cancel),
        cmocka_unit_test(test_wakeup_delay),
        cmocka_unit_test(test_wakeup_zero),
        cmocka_unit_test(test_cg_wakes_next_cycle),
        cmocka_unit_test(test_waking_then_down),
        cmocka_unit_test(test_ifid_maps_to_decoder),
        cmocka_unit_test(test_break_even),
        cmocka_unit_test(test_kernel_start),
        cmocka_unit_test(test_unused_core_held_in_reset),
        cmocka_unit_test(test_eval_latency_and_window),
        cmocka_unit_test(test_kernel_start_in_eval),
        cmocka_unit_test(test_core_enabled_mid_interval),
        cmocka_unit_test(test_cfg_check),
        cmocka_unit_test(test_branch_names),
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_repeated_inputs_as_span),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
