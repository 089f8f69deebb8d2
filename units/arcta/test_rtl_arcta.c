/* test_rtl_arcta.c -- units/arcta/arcta.sv (Verilated) against units/arcta/arcta.c,
 * compared every cycle: directed cases (seed 002 Sec. 3 examples and the
 * thresholds' boundaries), then constrained-random stimulus over many seeds,
 * then branch coverage of the C model.  `--vec FILE` writes the directed
 * cycles for units/arcta/tb_arcta.sv (format in units/arcta/arcta.md). */
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "arcta.h"

/* ---- shim (units/arcta/shim_arcta.cpp) ---- */
typedef struct arcta_rtl arcta_rtl;
arcta_rtl *arcta_rtl_new(void);
void arcta_rtl_free(arcta_rtl *h);
void arcta_rtl_set_cfg(arcta_rtl *h, uint32_t n_cores, uint32_t n_parts, uint32_t window,
                       uint32_t t_u_ipc, uint32_t t_l_ipc, uint32_t t_max_bw_mpct,
                       uint32_t t_gbr, uint32_t good_lanes, uint32_t simt_lanes,
                       uint32_t core_pct, uint32_t mem_pct);
void arcta_rtl_reset(arcta_rtl *h);
void arcta_rtl_set_in(arcta_rtl *h, uint32_t kernel_start, uint32_t thread_insts,
                      uint32_t max_lanes, uint32_t issued, uint32_t cta_done,
                      uint32_t dram_cycles, uint64_t dram_busy);
void arcta_rtl_tick(arcta_rtl *h);
void arcta_rtl_get(arcta_rtl *h, uint32_t o[6], uint64_t *enable);
void arcta_rtl_fault_type(arcta_rtl *h);
uint64_t arcta_rtl_edges(const arcta_rtl *h);

#define N_PARTS_RTL RB_PARTS   /* units/arcta/arcta.sv as the Makefile Verilates it */
#define RANDOM_SEEDS 400
#define RANDOM_CYCLES 3000

static uint64_t hits[ARCTA_NBRANCH];      /* C model branch hits, all tests */
static uint64_t cycles_compared;

/* ---- lockstep pair --------------------------------------------------- */
typedef struct pair {
    arcta_rtl *rtl;
    arcta ref;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
    FILE *vec;
    const char *name;
    uint64_t cycle;
} pair;

static const char *const out_names[6] = {
    "phase", "type", "limit1", "fc_on", "core_clk_pct", "mem_clk_pct"
};

static void expected_outputs(const ctl_out *out, uint32_t o[6], uint64_t *enable)
{
    o[0] = out->ar_phase;
    o[1] = out->ar_type;
    o[2] = out->ar_limit1;
    o[3] = out->fc_on;
    o[4] = (uint8_t)out->core_clk_pct;
    o[5] = (uint8_t)out->mem_clk_pct;
    *enable = 0;
    for (int c = 0; c < RB_CORES; c++)
        *enable |= (uint64_t)(out->core[c].ar_enable & 1) << c;
}

static void write_outputs(FILE *f, const uint32_t o[6], uint64_t enable)
{
    fprintf(f, " %u %u %u %u %u %u %016llx\n", o[0], o[1], o[2], o[3], o[4], o[5],
            (unsigned long long)enable);
}

static void compare(pair *p)
{
    uint32_t want[6], got[6];
    uint64_t want_en, got_en;
    expected_outputs(&p->out, want, &want_en);
    arcta_rtl_get(p->rtl, got, &got_en);
    for (int i = 0; i < 6; i++)
        if (want[i] != got[i])
            fail_msg("%s cycle %llu: %s expected %u (C model) got %u (RTL)", p->name,
                     (unsigned long long)p->cycle, out_names[i], want[i], got[i]);
    if (want_en != got_en)
        fail_msg("%s cycle %llu: enable expected %016llx got %016llx", p->name,
                 (unsigned long long)p->cycle, (unsigned long long)want_en,
                 (unsigned long long)got_en);
    cycles_compared++;
}

static void collect_hits(pair *p)
{
    rb_hits_add(hits, p->ref.branch_hits, ARCTA_NBRANCH);
    memset(p->ref.branch_hits, 0, sizeof p->ref.branch_hits);
}

/* Apply p->cfg to both models, then reset both and compare. */
static void pair_reset(pair *p)
{
    const ctl_cfg *c = &p->cfg;
    collect_hits(p);
    arcta_rtl_set_cfg(p->rtl, c->n_cores, c->n_parts, c->ar_window, c->ar_t_u_ipc,
                      c->ar_t_l_ipc, c->ar_t_max_bw_mpct, c->ar_t_gbr, c->ar_good_lanes,
                      c->simt_lanes, c->ar_core_pct, c->ar_mem_pct);
    arcta_rtl_reset(p->rtl);
    arcta_reset(&p->ref, c, &p->out);
    p->cycle = 0;
    compare(p);
    if (p->vec) {
        fprintf(p->vec, "C %u %u %u %u %u %u %u %u %u %u %u\n", c->n_cores & 0xff,
                c->n_parts & 0x7f, c->ar_window & 0xffff, c->ar_t_u_ipc & 0x7f,
                c->ar_t_l_ipc & 0x7f, c->ar_t_max_bw_mpct & ((1u << CTL_W_AR_T_MAX_BW_MPCT) - 1), c->ar_t_gbr & 0x7f,
                c->ar_good_lanes & 0x3f, c->simt_lanes & 0x3f, c->ar_core_pct & 0x7f,
                c->ar_mem_pct & 0x7f);
        uint32_t o[6];
        uint64_t en;
        expected_outputs(&p->out, o, &en);
        fputs("R", p->vec);
        write_outputs(p->vec, o, en);
    }
}

static void pair_open(pair *p, const char *name, uint32_t n_cores, uint32_t n_parts, FILE *vec)
{
    memset(p, 0, sizeof *p);
    p->rtl = arcta_rtl_new();
    p->name = name;
    p->vec = vec;
    ctl_cfg_defaults(&p->cfg, n_cores, n_parts);
    pair_reset(p);
}

static void pair_close(pair *p)
{
    collect_hits(p);
    arcta_rtl_free(p->rtl);
}

/* Arcs of the AR-CTA phase (arcta.c arcta_step; seed 002 Sec. 3): start,
 * end of profiling, decision, restart by a kernel launch. */
static const char *const phase_names[] = { "IDLE", "PROFILE", "DECISION", "ACTION" };
static rb_fsm phase_fsm = { "ar_phase", phase_names, 4, "0>1 1>2 2>3 3>1 2>1", { { 0 } } };

/* One clock edge on both models with p->in; then the inputs are cleared. */
static void pair_step(pair *p)
{
    unsigned prev_phase = p->ref.phase;
    const ctl_core_in *c0 = &p->in.core[0];
    uint64_t busy = 0;
    for (int q = 0; q < N_PARTS_RTL; q++)
        busy |= (uint64_t)(p->in.dram_busy[q] & 7) << (3 * q);
    arcta_rtl_set_in(p->rtl, p->in.kernel_start, c0->thread_insts, c0->max_lanes, c0->issued,
                     c0->cta_done, p->in.dram_cycles, busy);
    arcta_rtl_tick(p->rtl);
    arcta_step(&p->ref, &p->cfg, &p->in, &p->out);
    rb_fsm_arc(&phase_fsm, prev_phase, p->ref.phase);
    p->cycle++;
    compare(p);
    if (p->vec) {
        fprintf(p->vec, "S %u %u %u %u %u %u %012llx", p->in.kernel_start & 1,
                c0->thread_insts & 0x7f, c0->max_lanes & 0x3f, c0->issued & 1,
                c0->cta_done & 3, p->in.dram_cycles & 7, (unsigned long long)busy);
        uint32_t o[6];
        uint64_t en;
        expected_outputs(&p->out, o, &en);
        write_outputs(p->vec, o, en);
    }
    memset(&p->in, 0, sizeof p->in);
}

/* ---- directed windows -------------------------------------------------- */
typedef struct prof {
    uint32_t cycles, insts, good, dram_per_cycle;
    uint32_t busy[RB_PARTS];
    int end_cta;
} prof;

static uint32_t share(uint32_t total, uint32_t n, uint32_t k)
{
    return (uint32_t)((uint64_t)total * (k + 1) / n - (uint64_t)total * k / n);
}

/* kernel_start, the window spread evenly over its cycles (good cycles
 * first, with 32 lanes; other issuing cycles with 8 lanes), the DECISION
 * cycles (arcta_decision_cycles: 3, 6, 8 + n_parts or 10 + p); returns the
 * type in ACTION. */
static int run_kernel(pair *p, const prof *w)
{
    p->in.kernel_start = 1;
    pair_step(p);
    for (uint32_t k = 0; k < w->cycles; k++) {
        assert_int_equal(p->out.ar_phase, CTL_AR_PROFILE);
        ctl_core_in *c0 = &p->in.core[0];
        c0->thread_insts = (uint8_t)share(w->insts, w->cycles, k);
        c0->issued = k < w->good || c0->thread_insts > 0;
        c0->max_lanes = k < w->good ? 32 : (c0->issued ? 8 : 0);
        c0->cta_done = (uint8_t)(w->end_cta && k + 1 == w->cycles);
        p->in.dram_cycles = (uint8_t)w->dram_per_cycle;
        for (int q = 0; q < RB_PARTS; q++)
            p->in.dram_busy[q] = (uint8_t)share(w->busy[q], w->cycles, k);
        pair_step(p);
    }
    uint32_t lat = arcta_decision_cycles(&p->ref, &p->cfg);
    for (uint32_t k = 0; k < lat; k++) {
        assert_int_equal(p->out.ar_phase, CTL_AR_DECISION);
        assert_int_equal(p->out.ar_limit1, 1);
        pair_step(p);
    }
    assert_int_equal(p->out.ar_phase, CTL_AR_ACTION);
    return p->out.ar_type;
}

static void idle_cycles(pair *p, int n)
{
    for (int i = 0; i < n; i++)
        pair_step(p);
}

/* The five DECISION outcomes at the thresholds' boundaries (seed 002
 * Sec. 3.1.2 with 85 %, 15 %, 1.025 %, 65 %; arithmetic in test_arcta.c). */
static void test_directed_decisions(void **st)
{
    (void)st;
    pair p;
    pair_open(&p, "decisions", 60, 8, rb_vec);
    prof hi = { .cycles = 5, .insts = 137, .dram_per_cycle = 2, .end_cta = 1 };
    hi.busy[0] = 10;
    assert_int_equal(run_kernel(&p, &hi), CTL_AR_TYPE1);        /* 137 > 136 */
    hi.insts = 136;
    assert_int_equal(run_kernel(&p, &hi), CTL_AR_TYPE2);        /* GBR 0 % */
    prof lo = { .cycles = 5, .insts = 23, .good = 5, .dram_per_cycle = 2, .end_cta = 1 };
    assert_int_equal(run_kernel(&p, &lo), CTL_AR_TYPE2);        /* 23 < 24 */
    lo.insts = 24;
    assert_int_equal(run_kernel(&p, &lo), CTL_AR_TYPE1);        /* bw 0 */
    prof mid = { .cycles = 1000, .insts = 16000, .dram_per_cycle = 2, .end_cta = 1 };
    mid.busy[7] = 20;
    mid.busy[8] = 1000;                                         /* unused partition */
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE1);       /* 20 <= 20.5 */
    mid.busy[7] = 21;
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE2);
    mid.dram_per_cycle = 4;
    mid.busy[7] = 41;                                           /* exactly 1.025 % */
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE1);
    mid.busy[7] = 42;
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE2);
    /* GBR = good / bad: 990 cycles, 390 good / 600 bad is exactly 65 %. */
    mid.dram_per_cycle = 2;
    mid.cycles = 990;
    mid.insts = 15840;
    mid.busy[7] = 500;
    mid.good = 390;
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE1);       /* GBR 65 % */
    assert_int_equal(p.out.fc_on, 0);
    mid.good = 600;
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE1);       /* GBR 154 % */
    mid.good = 389;
    assert_int_equal(run_kernel(&p, &mid), CTL_AR_TYPE2);
    assert_int_equal(p.out.core_clk_pct, -15);
    assert_int_equal(p.out.mem_clk_pct, 15);
    idle_cycles(&p, 3);
    pair_close(&p);
}

/* Window ends: cta_done at cycle 123; W = 7000 exactly; W = 0. */
static void test_directed_windows(void **st)
{
    (void)st;
    pair p;
    pair_open(&p, "windows", 60, 8, rb_vec);
    idle_cycles(&p, 4);
    p.in.kernel_start = 1;
    pair_step(&p);
    for (int k = 1; k < 123; k++)
        pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_PROFILE);
    p.in.core[0].cta_done = 1;
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    pair_step(&p);
    p.in.kernel_start = 1;
    pair_step(&p);
    for (int k = 1; k < 7000; k++)
        pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_PROFILE);
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    idle_cycles(&p, 2);
    p.cfg.ar_window = 0;
    pair_reset(&p);
    p.in.kernel_start = 1;
    pair_step(&p);
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    idle_cycles(&p, 2);
    pair_close(&p);
}

/* Enables and clock codes for both types, odd core counts, re-profiling
 * and restarts (kernel_start in PROFILE, with cta_done, in DECISION). */
static void test_directed_actions(void **st)
{
    (void)st;
    pair p;
    prof low = { .cycles = 5, .insts = 0, .end_cta = 1 };
    prof high = { .cycles = 5, .insts = 160, .end_cta = 1 };
    static const uint32_t cores[] = { 60, 7, 1, 64, 100 };
    pair_open(&p, "actions", 60, 8, rb_vec);
    for (size_t i = 0; i < sizeof cores / sizeof cores[0]; i++) {
        p.cfg.n_cores = cores[i];
        p.cfg.ar_core_pct = 15 + (uint32_t)i;
        p.cfg.ar_mem_pct = 15 - (uint32_t)i;
        pair_reset(&p);
        assert_int_equal(run_kernel(&p, &low), CTL_AR_TYPE2);
        idle_cycles(&p, 2);
        assert_int_equal(run_kernel(&p, &high), CTL_AR_TYPE1);
        idle_cycles(&p, 2);
    }
    p.cfg.ar_window = 50;
    pair_reset(&p);
    p.in.kernel_start = 1;
    pair_step(&p);
    for (int k = 0; k < 30; k++) {
        p.in.core[0].thread_insts = 32;
        pair_step(&p);
    }
    p.in.kernel_start = 1;
    p.in.core[0].cta_done = 1;
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_PROFILE);
    idle_cycles(&p, 50);
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    idle_cycles(&p, 2);                              /* inside the DECISION steps */
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    p.in.kernel_start = 1;
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_PROFILE);
    idle_cycles(&p, 55);                             /* 50 + ipc_low's 6 - 1 */
    assert_int_equal(p.out.ar_phase, CTL_AR_DECISION);
    pair_step(&p);
    assert_int_equal(p.out.ar_phase, CTL_AR_ACTION);
    pair_close(&p);
}

/* Seed 002 Sec. 2.2 figures: BIN (IPC near 100 %) is type I; SRAD (IPC 26 %,
 * divergence 64 % so GBR 36 %, moderate bandwidth) is type II. */
static void test_directed_paper(void **st)
{
    (void)st;
    pair p;
    pair_open(&p, "paper", 60, 8, rb_vec);
    prof bin = { .cycles = 7000, .insts = 7000 * 31, .good = 7000, .dram_per_cycle = 2 };
    assert_int_equal(run_kernel(&p, &bin), CTL_AR_TYPE1);
    prof srad = { .cycles = 7000, .insts = 58240, .good = 2520, .dram_per_cycle = 2 };
    srad.busy[2] = 1400;
    assert_int_equal(run_kernel(&p, &srad), CTL_AR_TYPE2);
    idle_cycles(&p, 3);
    pair_close(&p);
}

/* ---- constrained random ------------------------------------------------ */
static uint32_t rnd(uint64_t *s, uint32_t n)   /* 0 .. n-1 */
{
    return (uint32_t)(rb_xorshift(s) % n);
}

/* Random programmable registers: short windows, thresholds around the
 * ranges the stimulus produces so every branch is reachable. */
static void random_cfg(ctl_cfg *c, uint64_t *s)
{
    ctl_cfg_defaults(c, 1 + rnd(s, 255), rnd(s, 128));
    c->ar_window = rnd(s, 8) == 0 ? rnd(s, 65536) : rnd(s, 64);
    c->ar_t_u_ipc = rnd(s, 128);
    c->ar_t_l_ipc = rnd(s, 128);
    c->ar_t_max_bw_mpct = rnd(s, 4) == 0 ? rnd(s, 131072) : rnd(s, 100001);
    c->ar_t_gbr = rnd(s, 128);
    c->ar_good_lanes = rnd(s, 64);
    c->simt_lanes = rnd(s, 64);
    c->ar_core_pct = rnd(s, 128);
    c->ar_mem_pct = rnd(s, 128);
}

static void test_random(void **st)
{
    (void)st;
    pair p;
    pair_open(&p, "random", 60, 8, NULL);
    char name[32];
    for (uint64_t i = 1; i <= rb_iters(RANDOM_SEEDS); i++) {
        uint64_t seed = rb_subseed(i); /* i, or derived from --seed */
        uint64_t s = seed * 0x9e3779b97f4a7c15ULL;
        snprintf(name, sizeof name, "random seed %llu", (unsigned long long)seed);
        p.name = name;
        random_cfg(&p.cfg, &s);
        pair_reset(&p);
        uint32_t start_1_in = 20 + rnd(&s, 300);     /* kernel_start rate */
        uint32_t done_1_in = 2 + rnd(&s, 200);       /* cta_done rate */
        uint32_t insts_max = 1 + rnd(&s, 128);       /* intensity of core 0 */
        uint32_t busy_pct = rnd(&s, 101);            /* DRAM busy probability */
        for (int k = 0; k < RANDOM_CYCLES; k++) {
            ctl_core_in *c0 = &p.in.core[0];
            p.in.kernel_start = rnd(&s, start_1_in) == 0;
            c0->issued = rnd(&s, 4) != 0;
            c0->thread_insts = c0->issued ? (uint8_t)rnd(&s, insts_max) : 0;
            c0->max_lanes = c0->issued ? (uint8_t)rnd(&s, 64) : 0;
            c0->cta_done = rnd(&s, done_1_in) == 0 ? (uint8_t)(1 + rnd(&s, 3)) : 0;
            p.in.dram_cycles = (uint8_t)rnd(&s, 8);
            for (int q = 0; q < RB_PARTS; q++) {
                uint32_t b = 0;
                for (uint32_t d = 0; d < p.in.dram_cycles; d++)
                    b += rnd(&s, 100) < busy_pct;
                p.in.dram_busy[q] = (uint8_t)b;
            }
            pair_step(&p);
        }
    }
    pair_close(&p);
}

/* Every decision branch of the C model was reached (RTL agreed on each). */
static void test_branch_coverage(void **st)
{
    (void)st;
    int missing = rb_coverage("arcta", hits, ARCTA_NBRANCH, arcta_branch_name, cycles_compared);
    assert_int_equal(missing, 0);
    int unreached;
    assert_int_equal(rb_fsm_report("arcta", &phase_fsm, &unreached), 0);
    if (!rb_opt.seed)
        assert_int_equal(unreached, 0);
    assert_true(cycles_compared > (uint64_t)rb_iters(RANDOM_SEEDS) * RANDOM_CYCLES);
}

/* A fault injected into the RTL (the kernel type register set to the unused
 * code 3 while IDLE) fires at the next edge, naming the unit and the cycle
 * (a unit-wide check: core "-"); the lawful cycles before it fire nothing. */
static void test_assert_fires(void **st)
{
    (void)st;
    pair p;
    rb_assert_expect(1);
    pair_open(&p, "fault", RB_CORES, N_PARTS_RTL, NULL);
    idle_cycles(&p, 5);
    rb_assert none;
    assert_int_equal(rb_assert_take(&none), 0);
    uint64_t edge = arcta_rtl_edges(p.rtl);
    arcta_rtl_fault_type(p.rtl);
    arcta_rtl_tick(p.rtl);
    static const char *const fired[] = { "TypeValid", "TypeInAction", NULL };
    rb_assert_fired("arcta", -1, edge, fired);
    rb_assert_expect(0);
    pair_close(&p);
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directed_decisions),
        cmocka_unit_test(test_directed_windows),
        cmocka_unit_test(test_directed_actions),
        cmocka_unit_test(test_directed_paper),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_branch_coverage),
        cmocka_unit_test(test_assert_fires),
    };
    const rb_suite suite = { "arcta", tests, sizeof tests / sizeof tests[0], NULL, NULL,
                             NULL, "E\n" };
    return rb_main(argc, argv, &suite);
}
