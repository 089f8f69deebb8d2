/* test_rtl_ucs.c -- units/ucs/ucs.sv (Verilated) against the C reference model
 * units/ucs/ucs.c, every output of every core every cycle: directed cases (the
 * paper's RED-like run of Sec. 6.1 at the paper's parameters, drain / wake-up
 * sequences) then constrained-random stimulus over many seeds with short
 * periods.  Fails if any branch of the C model was never reached.
 * --vec FILE writes the directed vectors for units/ucs/tb_ucs.sv:
 *   line "NV"                       cores listed per cycle line
 *   "0 ncores units period th_u th_rt break_even wakeup"   (reset + cfg)
 *   "1 ks" + per core c < NV: busy sch mem_warps ldst_enter empty
 *                             tuned_down accepts_work pg_state   (hex)
 *   "3 ncores"                      n_cores changed, no reset (a core
 *                                   enabled mid-interval)
 *   "2"                             end
 * Cores >= NV get zero inputs and must show reset outputs. */
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "ucs.h"

typedef struct ucs_rtl ucs_rtl;
int ucs_rtl_cores(void);
ucs_rtl *ucs_rtl_new(void);
void ucs_rtl_free(ucs_rtl *h);
void ucs_rtl_set_cfg(ucs_rtl *h, const ctl_cfg *cfg);
void ucs_rtl_set_in(ucs_rtl *h, const ctl_in *in);
void ucs_rtl_reset(ucs_rtl *h);
void ucs_rtl_tick(ucs_rtl *h);
void ucs_rtl_get_out(ucs_rtl *h, ctl_out *out);
void ucs_rtl_fault_grp2(ucs_rtl *h);
void ucs_rtl_set_slot0(ucs_rtl *h, int k, uint32_t v);
uint32_t ucs_rtl_slot0(ucs_rtl *h, int k);
uint64_t ucs_rtl_edges(const ucs_rtl *h);

#define VEC_CORES 2
#define STR_(x) #x
#define STR(x) STR_(x)

typedef struct bench {
    ucs_rtl *rtl;
    ucs ref;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out exp, got;
    uint64_t cycle;
    FILE *vec; /* directed vectors, or NULL */
} bench;

static bench B;
static uint64_t hits_total[UCS_NBRANCH];
/* Arcs of a power-gated group's state (ucs.c ucs_grp_step; seed 004 Sec. 4) */
static const char *const pg_names[] = { "ON", "DRAINING", "OFF", "WAKING" };
static rb_fsm pg_fsm = { "pg_state", pg_names, 4, "0>1 1>0 1>2 2>3 2>0 3>0 3>1", { { 0 } } };
static uint64_t cycles_total;

/* ---- tiny xorshift PRNG (deterministic per seed) ------------------------ */
static uint64_t rng_state;
static uint32_t rnd(void)
{
    return (uint32_t)(rb_xorshift(&rng_state) >> 11);
}
static uint32_t rnd_below(uint32_t n) { return n ? rnd() % n : 0; }

/* ---- harness ------------------------------------------------------------ */
static void bench_collect_hits(void)
{
    rb_hits_add(hits_total, B.ref.branch_hits, UCS_NBRANCH);
}

static void bench_reset(const ctl_cfg *cfg)
{
    if (B.rtl)
        bench_collect_hits();
    B.cfg = *cfg;
    memset(&B.in, 0, sizeof B.in);
    ucs_reset(&B.ref, &B.cfg, &B.exp);
    ucs_rtl_set_cfg(B.rtl, &B.cfg);
    ucs_rtl_set_in(B.rtl, &B.in);
    ucs_rtl_reset(B.rtl);
    B.cycle = 0;
    if (B.vec) {
        uint64_t units = 0;
        for (int i = CTL_NCOMP - 1; i >= 0; i--)
            units = (units << 4) | (cfg->units[i] & 0xFu);
        fprintf(B.vec, "0 %u %014llx %u %u %u %u %u\n", (unsigned)cfg->n_cores,
                (unsigned long long)units, (unsigned)cfg->uc_period,
                (unsigned)cfg->uc_th_u_pct, (unsigned)cfg->uc_th_rt,
                (unsigned)cfg->uc_break_even, (unsigned)cfg->uc_wakeup);
    }
}

static void vec_write_cycle(void)
{
    fprintf(B.vec, "1 %u", (unsigned)(B.in.kernel_start & 1u));
    for (int c = 0; c < VEC_CORES; c++) {
        const ctl_core_in *ci = &B.in.core[c];
        const ctl_core_out *o = &B.exp.core[c];
        uint64_t busy = 0;
        unsigned sch = 0, pg = 0;
        for (int i = CTL_NCOMP - 1; i >= 0; i--)
            busy = (busy << 4) | (ci->busy[i] & 0xFu);
        for (int j = CTL_NTYPE - 1; j >= 0; j--)
            sch = (sch << 4) | (ci->sch_busy[j] & 0xFu);
        for (int g = CTL_NPG - 1; g >= 0; g--)
            pg = (pg << 2) | (o->pg_state[g] & 3u);
        fprintf(B.vec, " %014llx %03x %02x %x %04x %04x %04x %02x",
                (unsigned long long)busy, sch, ci->mem_warps & 0x7Fu,
                ci->ldst_enter & 7u, ci->empty & 0x3FFFu, o->tuned_down,
                o->accepts_work, pg);
    }
    fputc('\n', B.vec);
}

/* One clock edge on both engines; every output of every core must match. */
static void bench_step(void)
{
    ucs_rtl_set_in(B.rtl, &B.in);
    ucs_rtl_tick(B.rtl);
    ctl_out prev = B.exp;
    ucs_step(&B.ref, &B.cfg, &B.in, &B.exp);
    for (int c = 0; c < RB_CORES; c++)
        for (int k = 0; k < CTL_NPG; k++)
            rb_fsm_arc(&pg_fsm, prev.core[c].pg_state[k], B.exp.core[c].pg_state[k]);
    ucs_rtl_get_out(B.rtl, &B.got);
    B.cycle++;
    cycles_total++;
    int n = ucs_rtl_cores();
    for (int c = 0; c < n; c++) {
        const ctl_core_out *e = &B.exp.core[c], *g = &B.got.core[c];
        int bad = e->tuned_down != g->tuned_down || e->accepts_work != g->accepts_work;
        for (int k = 0; k < CTL_NPG; k++)
            bad |= e->pg_state[k] != g->pg_state[k];
        if (bad)
            fail_msg("cycle %llu core %d: tuned_down C %04x RTL %04x, accepts_work C %04x "
                     "RTL %04x, pg_state C %u%u%u%u RTL %u%u%u%u",
                     (unsigned long long)B.cycle, c, e->tuned_down, g->tuned_down,
                     e->accepts_work, g->accepts_work, e->pg_state[0], e->pg_state[1],
                     e->pg_state[2], e->pg_state[3], g->pg_state[0], g->pg_state[1],
                     g->pg_state[2], g->pg_state[3]);
    }
    if (B.vec)
        vec_write_cycle();
}

static int setup(void **st)
{
    (void)st;
    memset(&B, 0, sizeof B);
    B.rtl = ucs_rtl_new();
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    bench_collect_hits();
    ucs_rtl_free(B.rtl);
    B.rtl = NULL;
    return 0;
}

/* ---- directed ------------------------------------------------------------ */

/* RED-like (seed 004 Sec. 6.1, Fig. 9a): low EX_SP utilisation, memory-bound
 * with high response time, at the paper's parameters (T = 2048, th_U 15 %,
 * th_RT 100, break-even 19, wake-up 9).  Expected from Algorithm 1: EX_SP
 * and EX_LDST tuned down at the first decision (edge T + UCS_EVAL: the
 * interval, then the 18-edge evaluation); the phase-3 decision (edge
 * 3 (T + UCS_EVAL)) tunes SCH down since SCH is under 2 th_U and below EX
 * per type. */
static void test_directed_red_like(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    B.vec = rb_vec;
    bench_reset(&cfg);
    const int T = (int)cfg.uc_period, P = T + UCS_EVAL;
    for (int t = 0; t < 3 * P + 40; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            ci->busy[CTL_EX_SP] = (uint8_t)(t % 10 == 0);   /* U = 5 % < 15 % */
            ci->busy[CTL_EX_SFU] = 2;                        /* U = 100 % */
            ci->busy[CTL_EX_LDST] = (uint8_t)(t % 2);        /* U = 25 % */
            ci->busy[CTL_SCH] = (uint8_t)(t % 5 == 0);       /* U = 10 % < 30 % */
            ci->sch_busy[CTL_T_SP] = 0;
            ci->sch_busy[CTL_T_SFU] = (uint8_t)(t % 5 == 0);
            ci->busy[CTL_IFID] = (uint8_t)(t % 5 == 0);      /* = U[SCH]: IFID up */
            ci->mem_warps = 120;                             /* RT = 120*8/1 > 100 */
            ci->ldst_enter = (uint8_t)(t % 8 == 0);
            ci->empty = (uint16_t)(t % 3 ? 0x3FFF : 0);
        }
        bench_step();
        if (t == P - 2) {
            assert_int_equal(B.exp.core[0].tuned_down, 0);
        } else if (t == P - 1) {
            assert_int_equal(B.exp.core[0].tuned_down,
                             (1u << CTL_EX_SP) | (1u << CTL_EX_LDST));
            assert_int_equal(B.exp.core[0].pg_state[CTL_PG_EX_SP], CTL_PGS_DRAINING);
        } else if (t == 3 * P - 1) {
            assert_int_equal((B.exp.core[1].tuned_down >> CTL_SCH) & 1u, 1);
            assert_int_equal(B.exp.core[1].tuned_down & 1u, 0); /* IFID */
        }
    }
    /* EX_SP has been OFF since shortly after edge P */
    assert_int_equal(B.exp.core[0].pg_state[CTL_PG_EX_SP], CTL_PGS_OFF);
    B.vec = NULL;
}

/* Short-period sequences: drain, PG wake-up (exactly uc_wakeup cycles),
 * CG wake the next cycle, drain cancel, kernel start. */
static void test_directed_gating(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    cfg.uc_period = 8;
    cfg.uc_wakeup = 5;
    cfg.uc_break_even = 19;
    B.vec = rb_vec;
    bench_reset(&cfg);
    int waking = 0;
    const int P = (int)cfg.uc_period + UCS_EVAL; /* one interval and its evaluation */
    for (int t = 0; t < 12 * P; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            int busy_phase = (t / (3 * P)) % 2; /* idle 3 intervals, busy 3 intervals */
            for (int i = 0; i < CTL_NCOMP; i++)
                ci->busy[i] = (uint8_t)(busy_phase ? 2 : 0);
            ci->busy[CTL_EX_LDST] = 2;
            ci->empty = (uint16_t)((t % 8) < 5 ? 0 : 0x3FFF);
        }
        B.in.kernel_start = (uint8_t)(t == 12 * P - 6);
        bench_step();
        if (B.exp.core[0].pg_state[CTL_PG_EX_SP] == CTL_PGS_WAKING)
            waking++;
    }
    /* EX_SP woke at least once, each time for exactly uc_wakeup cycles */
    assert_true(waking > 0);
    assert_int_equal(waking % (int)cfg.uc_wakeup, 0);
    assert_true(B.ref.branch_hits[UCS_BR_CG_UNGATE] > 0);
    assert_int_equal(B.exp.core[0].tuned_down, 0); /* kernel start at 12 P - 6 */
    B.vec = NULL;
}

/* A clock-gated group tuned up with a non-zero wake-up value is back ON the
 * next cycle (seed 004 Sec. 2.3: only power gating has a wake-up latency),
 * while a power-gated one shows WAKING for uc_wakeup cycles.  Kills the
 * mutant `!IsPg && cfg_wakeup_i == '0` of units/ucs/ucs_grp.sv: with it
 * the clock-gated EX_LDST would also wait, and accepts_work would differ.
 * First memory-bound (response time 120 x 8 > th_RT: EX_LDST tuned down,
 * and EX_SP idle: tuned down), then busy with no memory wait (both up). */
static void test_directed_cg_wakeup(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    cfg.uc_period = 8;
    cfg.uc_wakeup = 9;
    B.vec = rb_vec;
    bench_reset(&cfg);
    int cg_off = 0, cg_back_while_pg_waking = 0;
    const int P = (int)cfg.uc_period + UCS_EVAL; /* one interval and its evaluation */
    for (int t = 0; t < 10 * P; t++) {
        int busy_phase = t >= 5 * P; /* idle 5 intervals, then busy */
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            for (int i = 0; i < CTL_NCOMP; i++)
                ci->busy[i] = (uint8_t)(busy_phase ? 2 : 0);
            ci->mem_warps = (uint8_t)(busy_phase ? 0 : 120);
            ci->ldst_enter = (uint8_t)(busy_phase || t % 8 == 0);
            ci->empty = (uint16_t)(busy_phase ? 0 : 0x3FFF);
        }
        int was_off = !((B.exp.core[0].accepts_work >> CTL_EX_LDST) & 1u);
        bench_step();
        const ctl_core_out *o = &B.exp.core[0];
        int ldst_on = (o->accepts_work >> CTL_EX_LDST) & 1u;
        cg_off |= was_off;
        if (was_off && ldst_on && o->pg_state[CTL_PG_EX_SP] == CTL_PGS_WAKING)
            cg_back_while_pg_waking++;
    }
    assert_true(cg_off);
    assert_int_equal(cg_back_while_pg_waking, 1);
    assert_true(B.ref.branch_hits[UCS_BR_CG_UNGATE] > 0);
    assert_true(B.ref.branch_hits[UCS_BR_PG_WAKE_START] > 0);
    B.vec = NULL;
}

/* Phase-1 utilisation thresholds at their boundary (seed 004 Sec. 4:
 * U < th_U <=> sum over T cycles of (100 busy - th_U% units) < 0): T = 101,
 * th_U = 1 %, one unit, the EX unit busy in exactly one cycle gives
 * 100 - 101 = -1 < 0 (tuned down); busy in two cycles 200 - 101 > 0 (kept).
 * Core 0: EX_SP and EX_SFU busy once, core 1: twice.  Kills the off-by-one
 * mutants of the x100 scaling in units/ucs/ucs_gcu.sv (pct_sp, pct_sfu). */
static void test_directed_th_u_boundary(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg.units[i] = 1;
    cfg.uc_period = 101;
    cfg.uc_th_u_pct = 1;
    B.vec = rb_vec;
    bench_reset(&cfg);
    /* the interval, then the evaluation edges (inputs not counted there) */
    for (int t = 0; t < 101 + UCS_EVAL; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            for (int i = 0; i < CTL_NCOMP; i++)
                ci->busy[i] = 1; /* U = 100 %: nothing else is tuned down */
            int on = t == 7 || (c == 1 && t == 50);
            ci->busy[CTL_EX_SP] = (uint8_t)on;
            ci->busy[CTL_EX_SFU] = (uint8_t)on;
            ci->sch_busy[CTL_T_SP] = 1;
            ci->sch_busy[CTL_T_SFU] = 1;
        }
        bench_step();
    }
    const uint16_t ex = (1u << CTL_EX_SP) | (1u << CTL_EX_SFU);
    assert_int_equal(B.exp.core[0].tuned_down & ex, ex);
    assert_int_equal(B.exp.core[1].tuned_down & ex, 0);
    B.vec = NULL;
}

/* T = 0 acts as T = 1 (units/ucs/ucs.c, the shared timer and the
 * thresholds): an interval of one counted edge, and the phase-1 threshold
 * th_U% x units x 1.  th_U = 100 %, one unit: EX_SP and EX_SFU busy in the
 * one counted cycle give 100 < 100, false (kept up), idle 0 < 100 (tuned
 * down).  Core 0 busy, core 1 idle.  Kills the off-by-one mutant of T = 0's
 * stand-in in units/ucs/ucs.sv (`t_eff` 1 -> 2: 100 < 200 tunes core 0 down). */
static void test_directed_period_zero(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg.units[i] = 1;
    cfg.uc_period = 0;
    cfg.uc_th_u_pct = 100;
    B.vec = rb_vec;
    bench_reset(&cfg);
    for (int t = 0; t < 1 + UCS_EVAL; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            for (int i = 0; i < CTL_NCOMP; i++)
                ci->busy[i] = 1;
            ci->busy[CTL_EX_SP] = (uint8_t)(c == 0);
            ci->busy[CTL_EX_SFU] = (uint8_t)(c == 0);
            ci->sch_busy[CTL_T_SP] = 1;
            ci->sch_busy[CTL_T_SFU] = 1;
        }
        bench_step();
    }
    const uint16_t ex = (1u << CTL_EX_SP) | (1u << CTL_EX_SFU);
    assert_int_equal(B.exp.core[0].tuned_down & ex, 0);
    assert_int_equal(B.exp.core[1].tuned_down & ex, ex);
    B.vec = NULL;
}

/* Phase 3's SCH threshold at its boundary (seed 004 Sec. 4: SCH is tuned
 * down iff U[SCH] < 2 th_U and U[SCH_j] < U[EX_j] for every type j):
 * T = 101, th_U = 1 %, one unit each, so 2 th_U x units x T = 202.  SCH
 * busy in exactly two counted cycles of the third interval gives
 * 2 x 100 = 200 < 202 (down), three cycles 300 > 202 (kept up); the
 * scheduler queues are empty and the EX units busy, so U[SCH_j] < U[EX_j].
 * Every other unit busy every cycle (U = 100 %: nothing else is tuned down).
 * Core 0 busy twice, core 1 three times.  Kills the off-by-one mutant of
 * the x100 scaling of phase 3's comparison 4 in units/ucs/ucs_gcu.sv
 * (`fac = FacW'(100)` -> 101: 202 < 202 is false). */
static void test_directed_sch_2thu_boundary(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg.units[i] = 1;
    cfg.uc_period = 101;
    cfg.uc_th_u_pct = 1;
    B.vec = rb_vec;
    bench_reset(&cfg);
    const int T = (int)cfg.uc_period, P = T + UCS_EVAL;
    /* three intervals and their evaluations: phases 1, 2, 3 */
    for (int t = 0; t < 3 * P; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            for (int i = 0; i < CTL_NCOMP; i++)
                ci->busy[i] = 1;
            int u = t - 2 * P; /* counted edge of the third interval */
            ci->busy[CTL_SCH] = (uint8_t)(u == 7 || u == 50 || (c == 1 && u == 90));
        }
        bench_step();
    }
    assert_int_equal((B.exp.core[0].tuned_down >> CTL_SCH) & 1u, 1);
    assert_int_equal((B.exp.core[1].tuned_down >> CTL_SCH) & 1u, 0);
    B.vec = NULL;
}

/* A core enabled in the middle of an interval (cfg_n_cores_i raised from 1
 * to 2 at edge 3 of the first interval; the vector record "3 N" changes
 * n_cores without a reset, units/ucs/tb_ucs.sv) waits for the next
 * interval's first edge and takes no decision at the end of this one: it has
 * no sums (units/ucs/ucs_gcu.sv wait_q, units/ucs/ucs.c k->wait).  Both cores
 * idle, so the phase-1 decision at edge T + UCS_EVAL tunes core 0's EX_SP
 * down (U = 0 < th_U) but leaves core 1's up.  Kills the mutant
 * `first = counting || cyc_q == '0` of units/ucs/ucs.sv (core 1 would count the
 * last T - 3 edges and decide). */
static void test_directed_late_enable(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 2, 1);
    cfg.uc_period = 8;
    cfg.n_cores = 1;
    B.vec = rb_vec;
    bench_reset(&cfg);
    memset(&B.in, 0, sizeof B.in);
    const int P = (int)cfg.uc_period + UCS_EVAL;
    for (int t = 0; t < P + 4; t++) {
        if (t == 3) {
            B.cfg.n_cores = 2;
            ucs_rtl_set_cfg(B.rtl, &B.cfg);
            if (B.vec)
                fprintf(B.vec, "3 %u\n", (unsigned)B.cfg.n_cores);
        }
        bench_step();
        if (t == P - 1) {
            assert_int_equal((B.exp.core[0].tuned_down >> CTL_EX_SP) & 1u, 1);
            assert_int_equal((B.exp.core[1].tuned_down >> CTL_EX_SP) & 1u, 0);
        }
    }
    B.vec = NULL;
}

/* ---- the bottleneck tests of phases 2 and 3 (seed 004 Sec. 4) ----------- */
/* Interval sums spread evenly over T cycles (sum / T each cycle, one more in
 * the first sum % T cycles), on both vector cores; every group empty. */
typedef struct iv_sums {
    uint16_t busy[CTL_NCOMP];
    uint16_t sch[CTL_NTYPE];
} iv_sums;

static uint8_t spread(uint32_t sum, int t, int T)
{
    return (uint8_t)(sum / (uint32_t)T + ((uint32_t)t < sum % (uint32_t)T));
}

static void bench_interval(const iv_sums *v, int T)
{
    for (int t = 0; t < T + UCS_EVAL; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            ci->empty = 0x3FFF;
            for (int i = 0; t < T && i < CTL_NCOMP; i++)
                ci->busy[i] = spread(v->busy[i], t, T);
            for (int j = 0; t < T && j < CTL_NTYPE; j++)
                ci->sch_busy[j] = spread(v->sch[j], t, T);
        }
        bench_step();
    }
}

/* ucstates16's unit counts (configs/ucstates16.cfg) at T = 100. */
static void ucstates16_cfg(ctl_cfg *cfg)
{
    ctl_cfg_defaults(cfg, 2, 1);
    cfg->uc_period = 100;
    cfg->units[CTL_SCH] = cfg->units[CTL_IFID] = 4;
    cfg->units[CTL_IDOC_SP] = cfg->units[CTL_OCEX_SP] = 4;
    cfg->units[CTL_OC_SP] = 12;
}

/* Phase 3 on a BLK interval (units/ucs/test_ucs.c test_p3_unused_type_blk):
 * few SP instructions (EX_SP 8, tuned down by phase 1), no SFU instruction,
 * LDST saturated; SCH 9/400.  The rule before kept SCH up at edge 3P: the
 * unused SFU compared 0 < 0, and U[SCH_SP] < U[EX_SP] was computed with the
 * unit counts crossed (8 x 4 < 8 x 2).  Now: SCH down at edge 3P exactly
 * (not at 3P - 1), IFID up (9/400 is not below 9/400); at 6P SCH stays down
 * and IFID goes down (SCH's utilisation on its powered-on half, 9/200, is
 * above IFID's 9/400).  Core 1 the same with SCH_SP = 32 on 4 slots: not
 * below EX_SP's 8 on its one powered-on group, so SCH stays up. */
static void test_directed_p3_unused_type(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ucstates16_cfg(&cfg);
    B.vec = rb_vec;
    bench_reset(&cfg);
    const int T = (int)cfg.uc_period, P = T + UCS_EVAL;
    const uint16_t sch = 1u << CTL_SCH, ifid = 1u << CTL_IFID;
    for (int t = 0; t < 6 * P; t++) {
        for (int c = 0; c < 2; c++) {
            ctl_core_in *ci = &B.in.core[c];
            memset(ci, 0, sizeof *ci);
            ci->empty = 0x3FFF;
            int u = t % P;
            if (u >= T)
                continue;
            ci->busy[CTL_EX_SP] = spread(8, u, T);
            ci->busy[CTL_EX_LDST] = 1;
            ci->busy[CTL_IDOC_SP] = ci->busy[CTL_OC_SP] = ci->busy[CTL_OCEX_SP] = spread(8, u, T);
            ci->busy[CTL_IDOC_LDST] = ci->busy[CTL_OC_LDST] = ci->busy[CTL_OCEX_LDST] = 2;
            ci->busy[CTL_SCH] = ci->busy[CTL_IFID] = spread(9, u, T);
            ci->sch_busy[CTL_T_SP] = spread(c ? 32 : 8, u, T);
            ci->sch_busy[CTL_T_LDST] = spread(1, u, T);
        }
        bench_step();
        if (t == 3 * P - 2) {
            assert_int_equal(B.exp.core[0].tuned_down & (sch | ifid), 0);
        } else if (t == 3 * P - 1) {
            assert_int_equal(B.exp.core[0].tuned_down & (sch | ifid), sch);
            assert_int_equal(B.exp.core[0].pg_state[CTL_PG_SCH], CTL_PGS_DRAINING);
            assert_int_equal(B.exp.core[1].tuned_down & (sch | ifid), 0);
        }
    }
    assert_int_equal(B.exp.core[0].tuned_down & (sch | ifid), sch | ifid);
    assert_int_equal(B.exp.core[1].tuned_down & (sch | ifid), 0);
    B.vec = NULL;
}

/* Phase 2's revert (units/ucs/test_ucs.c test_p2_revert_when_bottleneck):
 * IDOC_SP (4 slots) at 300 against EX_SP at 200 of 200, tuned down at edge
 * 2P; halved, both move 150: on its two powered-on slots IDOC_SP is the
 * bottleneck (150/200 is not below 150/200) and is tuned up at edge 5P
 * (before: 150/400 < 150/200, down for ever), down again at 8P. */
static void test_directed_p2_revert(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ucstates16_cfg(&cfg);
    B.vec = rb_vec;
    bench_reset(&cfg);
    const int T = (int)cfg.uc_period;
    iv_sums full, halved;
    memset(&full, 0, sizeof full);
    for (int i = 0; i < CTL_NCOMP; i++)
        full.busy[i] = (uint16_t)(cfg.units[i] * T);  /* U = 100 % */
    full.busy[CTL_IDOC_SP] = 300;
    full.sch[CTL_T_SP] = full.sch[CTL_T_SFU] = full.sch[CTL_T_LDST] = (uint16_t)(4 * T);
    halved = full;
    halved.busy[CTL_IDOC_SP] = halved.busy[CTL_EX_SP] = 150;
    const iv_sums *seq[8] = { &full, &full, &halved, &halved, &halved, &full, &full, &full };
    static const uint16_t want[8] = { 0, 1, 1, 1, 0, 0, 0, 1 }; /* IDOC_SP at k P */
    for (int k = 0; k < 8; k++) {
        bench_interval(seq[k], T);
        for (int c = 0; c < 2; c++)
            assert_int_equal(B.exp.core[c].tuned_down, want[k] << CTL_IDOC_SP);
    }
    B.vec = NULL;
}

/* ---- constrained random ---------------------------------------------- */
typedef struct core_bias {
    uint8_t p_busy[CTL_NCOMP], p_sch[CTL_NTYPE], p_j, p_lambda, p_empty;
} core_bias;

static uint8_t rnd_prob8(void)
{
    static const uint8_t levels[6] = { 0, 1, 2, 4, 6, 8 };
    return levels[rnd_below(6)];
}

static void random_cfg(ctl_cfg *cfg)
{
    ctl_cfg_defaults(cfg, RB_CORES, 1);
    uint32_t r = rnd_below(8);
    cfg->n_cores = r == 0 ? RB_CORES : r == 1 ? rnd_below(256) : 1 + rnd_below(RB_CORES);
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg->units[i] = rnd_below(16) == 0 ? rnd_below(16) : 1 + rnd_below(4);
    cfg->uc_period = rnd_below(20) == 0 ? rnd_below(3) : 4 + rnd_below(40);
    cfg->uc_th_u_pct = rnd_below(10) == 0 ? rnd_below(128) : 5 + rnd_below(40);
    cfg->uc_th_rt = rnd_below(10) == 0 ? rnd_below(1024) : rnd_below(60);
    cfg->uc_break_even = rnd_below(60);
    /* long wake-ups too: a down decision can reach a group still WAKING
     * only when uc_wakeup exceeds the 3 intervals (>= 3 x 19 edges) between
     * two decisions on it */
    cfg->uc_wakeup = rnd_below(8) == 0 ? 0 : rnd_below(4) == 0 ? 40 + rnd_below(200) : rnd_below(20);
}

static void random_bias(core_bias *b)
{
    for (int i = 0; i < CTL_NCOMP; i++)
        b->p_busy[i] = rnd_prob8();
    for (int j = 0; j < CTL_NTYPE; j++)
        b->p_sch[j] = rnd_prob8();
    b->p_j = rnd_prob8();
    b->p_lambda = rnd_prob8();
    b->p_empty = rnd_prob8();
}

static uint8_t draw(uint8_t p8, uint32_t max)
{
    return (uint8_t)(rnd_below(8) < p8 ? 1 + rnd_below(max) : 0);
}

static void random_inputs(const core_bias *bias, int n)
{
    for (int c = 0; c < n; c++) {
        ctl_core_in *ci = &B.in.core[c];
        const core_bias *b = &bias[c];
        for (int i = 0; i < CTL_NCOMP; i++) {
            uint32_t u = B.cfg.units[i] ? B.cfg.units[i] : 1;
            ci->busy[i] = draw(b->p_busy[i], rnd_below(50) ? u : 15);
        }
        for (int j = 0; j < CTL_NTYPE; j++)
            ci->sch_busy[j] = draw(b->p_sch[j], B.cfg.units[CTL_SCH] ? B.cfg.units[CTL_SCH] : 1);
        ci->mem_warps = draw(b->p_j, 127);
        ci->ldst_enter = draw(b->p_lambda, 7);
        ci->empty = 0;
        for (int i = 0; i < CTL_NCOMP; i++)
            ci->empty |= (uint16_t)((rnd_below(8) < b->p_empty) << i);
    }
}

static void test_random(void **st)
{
    (void)st;
    static core_bias bias[RB_CORES];
    const int seeds = (int)rb_iters(300), cycles = 700;
    for (int seed = 1; seed <= seeds; seed++) {
        /* seed, or derived from --seed */
        rng_state = 0x9E3779B97F4A7C15ull * rb_subseed((uint64_t)seed);
        ctl_cfg cfg;
        random_cfg(&cfg);
        bench_reset(&cfg);
        for (int c = 0; c < RB_CORES; c++)
            random_bias(&bias[c]);
        for (int t = 0; t < cycles; t++) {
            if (rnd_below(16) == 0)
                random_bias(&bias[rnd_below(RB_CORES)]);
            random_inputs(bias, RB_CORES);
            B.in.kernel_start = (uint8_t)(rnd_below(400) == 0);
            bench_step();
        }
    }
    /* --vec-random K (scripts/mutate.py's Icarus stage): K more random runs
     * on the VEC_CORES cores the vectors list, written to the vector file. */
    for (uint32_t i = 1; rb_vec && i <= rb_opt.vec_random; i++) {
        rng_state = 0x9E3779B97F4A7C15ull * rb_subseed(100000 + i);
        ctl_cfg cfg;
        random_cfg(&cfg);
        cfg.n_cores = 1 + rnd_below(VEC_CORES);
        B.vec = rb_vec;
        bench_reset(&cfg);
        for (int c = 0; c < VEC_CORES; c++)
            random_bias(&bias[c]);
        for (int t = 0; t < cycles; t++) {
            if (rnd_below(16) == 0)
                random_bias(&bias[rnd_below(VEC_CORES)]);
            random_inputs(bias, VEC_CORES);
            B.in.kernel_start = (uint8_t)(rnd_below(400) == 0);
            bench_step();
        }
        B.vec = NULL;
    }
}

/* Every branch of the C model was reached by the stimulus above. */
static void test_branch_coverage(void **st)
{
    (void)st;
    bench_collect_hits();
    memset(&B.ref.branch_hits, 0, sizeof B.ref.branch_hits);
    int missing = rb_coverage("ucs", hits_total, UCS_NBRANCH, ucs_branch_name, cycles_total);
    assert_int_equal(missing, 0);
    int unreached;
    assert_int_equal(rb_fsm_report("ucs", &pg_fsm, &unreached), 0);
    if (!rb_opt.seed)
        assert_int_equal(unreached, 0);
}

/* A fault injected into the RTL (core 2's power-gated group 0 moved from ON
 * straight to OFF, skipping DRAINING: seed 004 Sec. 4) fires at the next
 * edge, naming the unit, core 2 and the cycle; the lawful cycles before it
 * fire nothing; a reset afterwards clears the corrupted state. */
static void test_assert_fires(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 4, 1);
    bench_reset(&cfg);
    rb_assert_expect(1);
    for (int i = 0; i < 10; i++)
        bench_step();
    rb_assert none;
    assert_int_equal(rb_assert_take(&none), 0);
    uint64_t edge = ucs_rtl_edges(B.rtl);
    ucs_rtl_fault_grp2(B.rtl);
    ucs_rtl_tick(B.rtl);
    static const char *const fired[] = { "StateOrder", "NoOnToOff", "TunedDownState", "OnHolds", NULL };
    rb_assert_fired("ucs", 2, edge, fired);
    rb_assert_expect(0);
    bench_reset(&cfg);   /* the corrupted state does not outlive the test */
}

/* The interval sums saturate at their width's maximum (units/ucs/ucs.md,
 * "Widths": 20 bits, 23 for J in slot 2), which an interval of T <= 65535
 * edges never reaches: core 0's sums of phase 1 are set near the top between
 * two edges, and the next counted edge adds EX_SP 5 (slot 0 saturates), EX_SFU
 * 7 (slot 1's sum fits: exact, 8 below the top), J 5 (slot 2 saturates at 23
 * bits) and lambda 0 (slot 3 holds its maximum). */
static void test_slot_saturation(void **st)
{
    (void)st;
    ctl_cfg cfg;
    ctl_cfg_defaults(&cfg, 4, 1);
    cfg.uc_period = 1000;
    bench_reset(&cfg);
    B.in.kernel_start = 1;
    bench_step();
    B.in.kernel_start = 0;
    for (int i = 0; i < 3; i++)
        bench_step();   /* counting phase 1's interval; core 0 counts */
    static const uint32_t set[4] = { 0xFFFFEu, 0xFFFF0u, 0x7FFFFDu, 0xFFFFFu };
    static const uint32_t want[4] = { 0xFFFFFu, 0xFFFF7u, 0x7FFFFFu, 0xFFFFFu };
    for (int k = 0; k < 4; k++)
        ucs_rtl_set_slot0(B.rtl, k, set[k]);
    ctl_in in = B.in;
    in.core[0].busy[CTL_EX_SP] = 5;
    in.core[0].busy[CTL_EX_SFU] = 7;
    in.core[0].mem_warps = 5;
    in.core[0].ldst_enter = 0;
    ucs_rtl_set_in(B.rtl, &in);
    ucs_rtl_tick(B.rtl);
    for (int k = 0; k < 4; k++)
        assert_int_equal(ucs_rtl_slot0(B.rtl, k), want[k]);
    in.core[0].busy[CTL_EX_SP] = 15;   /* a saturated sum stays at the maximum */
    ucs_rtl_set_in(B.rtl, &in);
    ucs_rtl_tick(B.rtl);
    assert_int_equal(ucs_rtl_slot0(B.rtl, 0), 0xFFFFFu);
    bench_reset(&cfg);   /* the sums set here do not outlive the test */
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directed_red_like),
        cmocka_unit_test(test_directed_gating),
        cmocka_unit_test(test_directed_cg_wakeup),
        cmocka_unit_test(test_directed_th_u_boundary),
        cmocka_unit_test(test_directed_period_zero),
        cmocka_unit_test(test_directed_late_enable),
        cmocka_unit_test(test_directed_sch_2thu_boundary),
        cmocka_unit_test(test_directed_p3_unused_type),
        cmocka_unit_test(test_directed_p2_revert),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_branch_coverage),
        cmocka_unit_test(test_assert_fires),
        cmocka_unit_test(test_slot_saturation),
    };
    const rb_suite suite = { "ucs", tests, sizeof tests / sizeof tests[0], setup, teardown,
                             STR(VEC_CORES) "\n", "2\n" };
    return rb_main(argc, argv, &suite);
}
