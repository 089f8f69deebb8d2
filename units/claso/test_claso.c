/* test_claso.c -- cmocka tests of the CLASO C reference model (units/claso/claso.c)
 * against seed 003 Sec. 3 (Algorithm 1, Figs. 8-10) and controllers.md 3. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "claso.h"
#include "unit/cfg_expect.h"

/* Requests, grants and refusals travel as 64-bit masks: cores 0..63. */
#define MASK_CORES 64

typedef struct bench {
    claso s;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
} bench;

static bench *bench_new(uint32_t p_a, uint32_t p_l)
{
    bench *b = test_calloc(1, sizeof *b);
    ctl_cfg_defaults(&b->cfg, 4, 1);
    b->cfg.claso_p_a = p_a;
    b->cfg.claso_p_l = p_l;
    claso_reset(&b->s, &b->cfg, &b->out);
    return b;
}

/* One clock edge with the given request mask (bit c = core c) and no alloc. */
static void step_req(bench *b, uint64_t req)
{
    b->in.alloc = 0;
    for (int c = 0; c < MASK_CORES; c++)
        b->in.core[c].req = (uint8_t)((req >> c) & 1u);
    claso_step(&b->s, &b->cfg, &b->in, &b->out);
}

static void step_alloc(bench *b, uint32_t n_cta, uint32_t cores, uint64_t req)
{
    b->in.alloc = 1;
    b->in.n_cta = n_cta;
    b->in.alloc_cores = (uint8_t)cores;
    for (int c = 0; c < MASK_CORES; c++)
        b->in.core[c].req = (uint8_t)((req >> c) & 1u);
    claso_step(&b->s, &b->cfg, &b->in, &b->out);
    b->in.alloc = 0;
}

/* Alloc, then idle edges until ready; asserts the ready latency. */
static void alloc_ready(bench *b, uint32_t n_cta, uint32_t cores)
{
    step_alloc(b, n_cta, cores, 0);
    for (int i = 2; i <= CLASO_READY_STEPS; i++) {
        assert_int_equal(b->out.claso_ready, 0);
        step_req(b, 0);
    }
    assert_int_equal(b->out.claso_ready, 1);
}

static uint64_t grants(const bench *b)
{
    uint64_t m = 0;
    for (int c = 0; c < MASK_CORES; c++)
        m |= (uint64_t)b->out.core[c].grant << c;
    return m;
}

static uint64_t refusals(const bench *b)
{
    uint64_t m = 0;
    for (int c = 0; c < MASK_CORES; c++)
        m |= (uint64_t)b->out.core[c].refuse << c;
    return m;
}

/* ---------------------------------------------------------------- divider */

/* The restoring divider must give floor and mod exactly, after CLASO_CTA_W
 * steps (one quotient bit per step), with done high for one step. */
static void test_divider(void **state)
{
    static const uint32_t dividends[] = {0, 1, 16, 63, 64, 65, 4999, 1048575, 777777};
    for (size_t i = 0; i < sizeof dividends / sizeof dividends[0]; i++) {
        for (uint32_t dv = 1; dv <= 127; dv += 7) {
            claso_div d;
            claso_div_start(&d, dividends[i], dv);
            for (int k = 0; k < CLASO_CTA_W; k++) {
                assert_int_equal(d.done, 0);
                claso_div_step(&d);
            }
            assert_int_equal(d.done, 1);
            assert_int_equal(d.quo, dividends[i] / dv);
            assert_int_equal(d.rem, dividends[i] % dv);
            claso_div_step(&d);
            assert_int_equal(d.done, 0);
            assert_int_equal(d.quo, dividends[i] / dv);
        }
    }
}

/* ---------------------------------------------------------------- allocator */

/* Ready comes CLASO_READY_STEPS steps after alloc (start edge, 20 divider
 * edges, load edge); requests before it get neither grant nor refuse. The
 * credits are those of the paper's case study: ceil(17/4) + 0 = 5 local,
 * ((17-1) mod 4) + 1 + 0 = 1 global (seed 003 Sec. 3.2). */
static void test_ready_latency_and_case_study_credits(void **state)
{
    bench *b = bench_new(1, 0);
    assert_int_equal(CLASO_READY_STEPS, 22);
    step_alloc(b, 17, 4, 0xF);
    int steps = 1;
    while (!b->out.claso_ready) {
        assert_int_equal(grants(b) | refusals(b), 0);
        step_req(b, 0xF);
        steps++;
        assert_true(steps <= 100);
    }
    assert_int_equal(steps, 22);
    assert_int_equal(grants(b) | refusals(b), 0);
    /* cycles 2..22 (the load cycle included: ready is still 0 before it) */
    assert_int_equal(b->s.branch_hits[CLASO_BR_REQ_NOT_READY], 4 * 21);
    assert_int_equal(b->s.branch_hits[CLASO_BR_REQ_AT_ALLOC], 4);
    for (int c = 0; c < 4; c++)
        assert_int_equal(b->out.core[c].credit, 5);
    for (int c = 4; c < CTL_MAX_CORES; c++)
        assert_int_equal(b->out.core[c].credit, 0);
    assert_int_equal(b->out.credit_global, 1);
    test_free(b);
}

/* Formula check on a few hand-computed cases (ceil reading, controllers.md 3). */
static void test_allocation_formula(void **state)
{
    static const struct { uint32_t n_cta, cores, pa, pl; int32_t local, global; } cases[] = {
        {17, 4, 1, 0, 5, 1},      /* paper case study */
        {17, 4, 2, 0, 5, 5},      /* one more layer of 4 global credits */
        {17, 4, 1, 2, 7, 1},      /* two loose levels */
        {16, 4, 1, 0, 4, 4},      /* exact multiple: last layer is full */
        {10, 2, 2, 1, 6, 4},      /* q = 4, r = 1 */
        {1, 4, 2, 0, 1, 1},       /* p_A capped at q + 1 = 1 */
        {5, 4, 3, 0, 2, 5},       /* q = 1: p_A capped at 2: r + 1 + 1 * 4 */
        {128, 100, 1, 0, 2, 28},  /* 100 cores: q = 1, r = 27 */
        {128, 200, 1, 0, 1, 128}, /* alloc_cores clamped to CTL_MAX_CORES = 160: q = 0, r = 127 */
        {1048575, 1, 1, 255, 1048575 + 255, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bench *b = bench_new(cases[i].pa, cases[i].pl);
        alloc_ready(b, cases[i].n_cta, cases[i].cores);
        assert_int_equal(b->out.core[0].credit, cases[i].local);
        assert_int_equal(b->out.credit_global, cases[i].global);
        test_free(b);
    }
    /* a unit of 64 consumers (the RTL bench's build) clamps at 64: q = 1, r = 63 */
    bench *b = bench_new(1, 0);
    claso_set_slots(&b->s, 64);
    alloc_ready(b, 128, 100);
    assert_int_equal(b->s.branch_hits[CLASO_BR_CORES_CLAMP], 1);
    assert_int_equal(b->out.core[63].credit, 2);
    assert_int_equal(b->out.core[64].credit, 0);
    assert_int_equal(b->out.credit_global, 64);
    test_free(b);
}

/* n_cta = 0 and alloc_cores = 0 load zero credits: requests are refused. */
static void test_empty_allocation(void **state)
{
    bench *b = bench_new(1, 0);
    alloc_ready(b, 0, 4);
    assert_int_equal(b->out.credit_global, 0);
    assert_int_equal(b->out.core[0].credit, 0);
    step_req(b, 0x3);
    assert_int_equal(grants(b), 0);
    assert_int_equal(refusals(b), 0x3);
    assert_int_equal(b->out.core[0].credit, -1);
    assert_int_equal(b->out.credit_global, 0); /* local < 0: global untouched */

    alloc_ready(b, 100, 0);
    assert_int_equal(b->out.core[0].credit, 0);
    step_req(b, 0x1);
    assert_int_equal(refusals(b), 0x1);
    assert_int_equal(b->s.branch_hits[CLASO_BR_LOAD_EMPTY], 2);
    test_free(b);
}

/* ---------------------------------------------------------------- consumer */

/* Every branch of Algorithm 1 lines 7-19 by direct stimulus.
 * n_cta = 10, 2 cores, p_A = 2, p_L = 1: q = 4, r = 1, C_p = 6, C_g = 4,
 * threshold p_A + p_L = 3. */
static void test_consumer_branches(void **state)
{
    bench *b = bench_new(2, 1);
    alloc_ready(b, 10, 2);
    assert_int_equal(b->out.core[0].credit, 6);
    assert_int_equal(b->out.credit_global, 4);
    /* core 0: C_p 5, 4, 3 >= 3: local grants, C_g untouched */
    for (int32_t cp = 5; cp >= 3; cp--) {
        step_req(b, 0x1);
        assert_int_equal(grants(b), 0x1);
        assert_int_equal(b->out.core[0].credit, cp);
        assert_int_equal(b->out.credit_global, 4);
    }
    /* core 0: C_p 2, 1, 0 with global 3, 2, 1: global grants */
    for (int32_t cp = 2; cp >= 0; cp--) {
        step_req(b, 0x1);
        assert_int_equal(grants(b), 0x1);
        assert_int_equal(b->out.core[0].credit, cp);
        assert_int_equal(b->out.credit_global, cp + 1);
    }
    /* core 0: C_p -1: refused for lack of local credit, global kept */
    step_req(b, 0x1);
    assert_int_equal(refusals(b), 0x1);
    assert_int_equal(b->out.core[0].credit, -1);
    assert_int_equal(b->out.credit_global, 1);
    assert_int_equal(b->s.branch_hits[CLASO_BR_REFUSE_LOCAL], 1);
    /* core 1: three local grants, then C_p 2 takes the last global credit */
    for (int i = 0; i < 4; i++) {
        step_req(b, 0x2);
        assert_int_equal(grants(b), 0x2);
    }
    assert_int_equal(b->out.core[1].credit, 2);
    assert_int_equal(b->out.credit_global, 0);
    /* core 1: C_p 1, global exhausted: refused, both counters consumed */
    step_req(b, 0x2);
    assert_int_equal(grants(b), 0);
    assert_int_equal(refusals(b), 0x2);
    assert_int_equal(b->out.core[1].credit, 1);
    assert_int_equal(b->out.credit_global, -1);
    assert_int_equal(b->s.branch_hits[CLASO_BR_REFUSE_GLOBAL], 1);
    /* core 1: C_p 0, global saturated at -1 */
    step_req(b, 0x2);
    assert_int_equal(refusals(b), 0x2);
    assert_int_equal(b->out.credit_global, -1);
    assert_int_equal(b->s.branch_hits[CLASO_BR_SAT_GLOBAL], 1);
    assert_int_equal(b->s.branch_hits[CLASO_BR_GRANT_LOCAL], 6);
    assert_int_equal(b->s.branch_hits[CLASO_BR_GRANT_GLOBAL], 4);
    test_free(b);
}

/* Two requests in one cycle needing the last global credit: the lower core
 * is served first (ascending order against the shared register). */
static void test_same_cycle_ascending_order(void **state)
{
    bench *b = bench_new(1, 0);
    alloc_ready(b, 17, 4); /* C_p = 5, C_g = 1, threshold 1 */
    for (int i = 0; i < 4; i++) {
        step_req(b, 0xF);
        assert_int_equal(grants(b), 0xF);
    }
    /* every core at C_p = 1; next request of cores 1 and 3 needs a global */
    step_req(b, 0xA);
    assert_int_equal(grants(b), 0x2);
    assert_int_equal(refusals(b), 0x8);
    assert_int_equal(b->out.credit_global, -1);
    /* grant and refuse last exactly one cycle */
    step_req(b, 0);
    assert_int_equal(grants(b) | refusals(b), 0);
    test_free(b);
}

/* Credits saturate at -1: further requests change neither register. */
static void test_saturation(void **state)
{
    bench *b = bench_new(1, 0);
    alloc_ready(b, 2, 1); /* C_p = 2, C_g = 1 */
    step_req(b, 1);
    step_req(b, 1);
    assert_int_equal(b->out.core[0].credit, 0);
    assert_int_equal(b->out.credit_global, 0);
    for (int i = 0; i < 1000; i++) {
        step_req(b, 1);
        assert_int_equal(refusals(b), 1);
        assert_int_equal(b->out.core[0].credit, -1);
    }
    assert_int_equal(b->out.credit_global, 0); /* local refusals leave C_g */
    assert_int_equal(b->s.branch_hits[CLASO_BR_SAT_LOCAL], 999);
    test_free(b);
}

/* ---------------------------------------------------------------- seed 003 Figs. 9, 10 */

/* The tiny CTA scheduler of the case study (Sec. 3.2): 17 CTAs, 4 cores,
 * at most 3 resident per core, issued round robin (requests of one cycle are
 * granted in ascending core order, so CTA ids go round robin).  A core
 * requests when it has room and has not been refused since its last CTA
 * finished.  CTAs finish one every 4 cycles in the order of the paper's
 * text: CTA7, CTA11, CTA3 (core 3), CTA4, CTA0, then another core-0 CTA
 * (CTA8); "the same thing happens to cores 1 and 2" (CTA5, CTA1, CTA9 and
 * CTA6, CTA2, CTA10); then the late CTAs 12..16. */
enum { EX_CTAS = 17, EX_CORES = 4, EX_SLOTS = 3, EX_GAP = 4 };
static const int ex_finish[EX_CTAS] = {7, 11, 3, 4, 0, 8, 5, 1, 9, 6, 2, 10, 12, 13, 14, 15, 16};

typedef struct ex_event { int core, cta; } ex_event; /* cta = -1: refusal */

/* Runs the case study; claso_on = 0 is the baseline (Fig. 9: every request
 * granted while CTAs remain).  Returns the number of events written. */
static int run_case_study(int claso_on, ex_event *ev, int max_ev, int *per_core)
{
    bench *b = bench_new(1, 0);
    int resident_core[EX_CTAS], resident[EX_CORES] = {0}, refused[EX_CORES] = {0};
    int next_cta = 0, n_ev = 0, finished = 0;
    uint64_t req = 0;
    for (int i = 0; i < EX_CTAS; i++)
        resident_core[i] = -1;
    step_alloc(b, EX_CTAS, EX_CORES, 0);
    for (int t = 1, first_finish = -1; t < 200; t++) { /* ends ~100 cycles after the last finish */
        /* answers to the requests of cycle t - 1 */
        for (int c = 0; c < EX_CORES; c++) {
            int granted = claso_on ? b->out.core[c].grant : (int)((req >> c) & 1u);
            if (granted) {
                assert_true(next_cta < EX_CTAS);
                resident_core[next_cta] = c;
                resident[c]++;
                per_core[c]++;
                ev[n_ev++] = (ex_event){c, next_cta++};
            } else if (claso_on && b->out.core[c].refuse) {
                refused[c] = 1;
                ev[n_ev++] = (ex_event){c, -1};
            }
            assert_true(n_ev < max_ev);
        }
        if (first_finish < 0 && next_cta == 3 * EX_CORES)
            first_finish = t;
        if (first_finish >= 0 && finished < EX_CTAS && (t - first_finish) % EX_GAP == 0) {
            int cta = ex_finish[finished++];
            int c = resident_core[cta];
            assert_true(c >= 0);
            resident[c]--;
            refused[c] = 0;
        }
        req = 0;
        int may_request = claso_on ? b->out.claso_ready : next_cta < EX_CTAS;
        for (int c = 0; c < EX_CORES; c++)
            if (may_request && resident[c] < EX_SLOTS && !refused[c] &&
                (claso_on || next_cta + __builtin_popcountll(req) < EX_CTAS))
                req |= 1ull << c;
        step_req(b, req);
    }
    assert_int_equal(finished, EX_CTAS);
    test_free(b);
    return n_ev;
}

/* Fig. 9 (baseline): core 3 takes CTA12..14, core 0 the last two. This checks
 * the scheduler model and the finishing order before CLASO is judged. */
static void test_fig9_baseline(void **state)
{
    ex_event ev[64];
    int per_core[EX_CORES] = {0};
    int n = run_case_study(0, ev, 64, per_core);
    assert_int_equal(n, EX_CTAS);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(ev[i].cta, i);
        assert_int_equal(ev[i].core, i % EX_CORES);
    }
    static const int late_core[5] = {3, 3, 3, 0, 0}; /* CTA12..16 */
    for (int i = 12; i < EX_CTAS; i++)
        assert_int_equal(ev[i].core, late_core[i - 12]);
}

/* Fig. 10 (CLASO, p_A = 1, p_L = 0): the grants and refusals of Sec. 3.2. */
static void test_fig10_claso(void **state)
{
    ex_event ev[64];
    int per_core[EX_CORES] = {0};
    int n = run_case_study(1, ev, 64, per_core);
    /* round robin fill: CTA0..11 */
    for (int i = 0; i < 12; i++) {
        assert_int_equal(ev[i].cta, i);
        assert_int_equal(ev[i].core, i % EX_CORES);
    }
    static const ex_event expect[] = {
        {3, 12}, /* CTA7 done: local credit 2 -> 1 >= p_A + p_L: allowed */
        {3, 13}, /* CTA11 done: last local credit (1 -> 0) + the global credit */
        {3, -1}, /* CTA3 done: no local credit */
        {0, 14}, /* CTA4 done: local credit */
        {0, -1}, /* CTA0 done: last local credit, global exhausted */
        {0, -1}, /* CTA8 done: no local credit */
        {1, 15}, {1, -1}, {1, -1}, /* the same for core 1 */
        {2, 16}, {2, -1}, {2, -1}, /* and core 2 */
        {3, -1}, {3, -1}, {0, -1}, {1, -1}, {2, -1}, /* CTA12..16 done */
    };
    int n_expect = (int)(sizeof expect / sizeof expect[0]);
    assert_int_equal(n, 12 + n_expect);
    for (int i = 0; i < n_expect; i++) {
        assert_int_equal(ev[12 + i].core, expect[i].core);
        assert_int_equal(ev[12 + i].cta, expect[i].cta);
    }
    /* load balance: 4, 4, 4, 5 CTAs (one late CTA per core 0..2) */
    assert_int_equal(per_core[0], 4);
    assert_int_equal(per_core[1], 4);
    assert_int_equal(per_core[2], 4);
    assert_int_equal(per_core[3], 5);
}

/* ---------------------------------------------------------------- totals */

static uint64_t rng_state;
static uint64_t xorshift(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Cores in random order request until every core has been refused; refusal
 * is final (C_p < 0 never rises, C_g < 0 never rises).  Returns total grants
 * and checks each core stays within its local credits q + 1 + p_L. */
static uint32_t drain_all(bench *b, uint32_t n_core)
{
    uint64_t live = n_core >= 64 ? ~0ull : (1ull << n_core) - 1;
    uint32_t total = 0, per_core[CTL_MAX_CORES] = {0};
    int32_t cap = b->out.core[0].credit;
    while (live) {
        uint64_t req = xorshift() & live;
        step_req(b, req);
        uint64_t g = grants(b), r = refusals(b);
        assert_int_equal(g | r, req);
        assert_int_equal(g & r, 0);
        live &= ~r;
        total += (uint32_t)__builtin_popcountll(g);
        for (uint32_t c = 0; c < n_core; c++)
            per_core[c] += (g >> c) & 1u;
    }
    for (uint32_t c = 0; c < n_core; c++)
        assert_true(per_core[c] <= (uint32_t)cap);
    return total;
}

/* controllers.md 3: the ceil reading admits exactly n_cta CTAs for every
 * (n_cta, n_core, p_A, p_L). */
static void test_total_grants_equal_n_cta(void **state)
{
    rng_state = 0x9E3779B97F4A7C15ull;
    for (int trial = 0; trial < 400; trial++) {
        uint32_t n_cta = 1 + (uint32_t)(xorshift() % 5000);
        uint32_t n_core = 1 + (uint32_t)(xorshift() % 64);
        if (trial % 4 == 0)
            n_cta = 1 + (uint32_t)(xorshift() % (2 * n_core)); /* q + 1 < p_A likely */
        uint32_t pa = 1 + (uint32_t)(xorshift() % 4);
        uint32_t pl = (uint32_t)(xorshift() % 5);
        bench *b = bench_new(pa, pl);
        alloc_ready(b, n_cta, n_core);
        uint32_t total = drain_all(b, n_core);
        if (total != n_cta)
            fail_msg("n_cta %u n_core %u p_A %u p_L %u: %u grants", n_cta, n_core, pa, pl, total);
        test_free(b);
    }
}

/* ---------------------------------------------------------------- reallocation */

/* A new alloc replaces local and global credits entirely; requests in the
 * alloc cycle and during the division are ignored; an alloc during the
 * division restarts it, and the later alloc's operands win. */
static void test_reallocation(void **state)
{
    bench *b = bench_new(1, 0);
    alloc_ready(b, 17, 4);
    step_req(b, 0x1);
    step_req(b, 0x1);
    assert_int_equal(b->out.core[0].credit, 3);
    step_alloc(b, 9, 2, 0x3); /* req in the alloc cycle: ignored */
    assert_int_equal(grants(b) | refusals(b), 0);
    assert_int_equal(b->out.core[0].credit, 3); /* old value until the load */
    assert_int_equal(b->out.claso_ready, 0);
    for (int i = 0; i < 5; i++)
        step_req(b, 0x3);
    assert_int_equal(grants(b) | refusals(b), 0);
    step_alloc(b, 6, 3, 0); /* restart: ready CLASO_READY_STEPS after this */
    assert_int_equal(b->s.branch_hits[CLASO_BR_ALLOC_RESTART], 1);
    for (int i = 2; i <= CLASO_READY_STEPS; i++) {
        assert_int_equal(b->out.claso_ready, 0);
        step_req(b, 0);
    }
    assert_int_equal(b->out.claso_ready, 1);
    /* 6 CTAs on 3 cores: q = 1, r = 2: C_p = 2 each, C_g = 3; core 3 gets 0 */
    for (int c = 0; c < 3; c++)
        assert_int_equal(b->out.core[c].credit, 2);
    assert_int_equal(b->out.core[3].credit, 0);
    assert_int_equal(b->out.credit_global, 3);
    assert_int_equal(drain_all(b, 4), 6);
    /* realloc exactly on the load edge (done pending) also restarts */
    step_alloc(b, 4, 4, 0);
    for (int i = 2; i < CLASO_READY_STEPS; i++)
        step_req(b, 0);
    assert_int_equal(b->s.div.done, 1);
    step_alloc(b, 8, 4, 0); /* step CLASO_READY_STEPS: would have loaded */
    assert_int_equal(b->out.claso_ready, 0);
    assert_int_equal(b->s.branch_hits[CLASO_BR_ALLOC_RESTART], 2);
    for (int i = 2; i <= CLASO_READY_STEPS; i++)
        step_req(b, 0);
    assert_int_equal(b->out.claso_ready, 1);
    assert_int_equal(b->out.core[0].credit, 2);
    assert_int_equal(b->out.credit_global, 4);
    test_free(b);
}

/* ---------------------------------------------------------------- interface */

static void test_cfg_check(void **state)
{
    ctl_cfg cfg;
    char msg[128];
    ctl_cfg_defaults(&cfg, 4, 1);
    assert_int_equal(key_check_struct(&claso_keys, &cfg, "x", msg, sizeof msg), 0);
    cfg.claso_p_a = 0;
    assert_int_equal(key_check_struct(&claso_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 0 out of range 1..255 (claso.p_a)");
    cfg.claso_p_a = 2;
    cfg.claso_p_l = 256;
    assert_int_equal(key_check_struct(&claso_keys, &cfg, "x", msg, sizeof msg), -1);
    assert_string_equal(msg, "x: value 256 out of range 0..255 (claso.p_l)");
}

/* p_A = 0 (refused by the claso.p_a key) still behaves exactly as p_A = 1. */
static void test_pa_zero_acts_as_one(void **state)
{
    bench *b0 = bench_new(0, 0), *b1 = bench_new(1, 0);
    alloc_ready(b0, 17, 4);
    alloc_ready(b1, 17, 4);
    rng_state = 7;
    for (int i = 0; i < 40; i++) {
        uint64_t req = xorshift() & 0xF;
        step_req(b0, req);
        step_req(b1, req);
        assert_int_equal(grants(b0), grants(b1));
        assert_int_equal(refusals(b0), refusals(b1));
        assert_int_equal(b0->out.credit_global, b1->out.credit_global);
    }
    test_free(b0);
    test_free(b1);
}

/* claso_step writes only CLASO's fields of ctl_out. */
static void test_writes_only_own_fields(void **state)
{
    bench *b = bench_new(1, 0);
    memset(&b->out, 0x5A, sizeof b->out);
    alloc_ready(b, 17, 4);
    step_req(b, 0xF);
    assert_int_equal(b->out.ar_phase, 0x5A);
    assert_int_equal(b->out.fc_on, 0x5A);
    assert_int_equal(b->out.core[0].dyncta_n, 0x5A);
    assert_int_equal(b->out.core[63].dc_enable, 0x5A);
    assert_int_equal(b->out.core[0].grant, 1);
    test_free(b);
}

static void test_branch_names(void **state)
{
    for (int i = 0; i < CLASO_NBRANCH; i++) {
        assert_string_not_equal(claso_branch_name(i), "?");
        for (int j = 0; j < i; j++)
            assert_string_not_equal(claso_branch_name(i), claso_branch_name(j));
    }
    assert_string_equal(claso_branch_name(CLASO_NBRANCH), "?");
    assert_string_equal(claso_branch_name(-1), "?");
}

/* ---------------------------------------------------------------- keys */

/* claso.* keys: the row, and a command-line value reaches the units' copy. */
static void test_keys(void **state)
{
    (void)state;
    gpu_cfg c;
    char err[512] = "";
    cfgx_key("claso.p_a");
    cfg_defaults(&c);
    assert_int_equal(cfg_set(&c, "claso.p_a", "3", "command line", err, sizeof err), 0);
    assert_int_equal(c.ctl.claso_p_a, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_divider),
        cmocka_unit_test(test_ready_latency_and_case_study_credits),
        cmocka_unit_test(test_allocation_formula),
        cmocka_unit_test(test_empty_allocation),
        cmocka_unit_test(test_consumer_branches),
        cmocka_unit_test(test_same_cycle_ascending_order),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_fig9_baseline),
        cmocka_unit_test(test_fig10_claso),
        cmocka_unit_test(test_total_grants_equal_n_cta),
        cmocka_unit_test(test_reallocation),
        cmocka_unit_test(test_cfg_check),
        cmocka_unit_test(test_pa_zero_acts_as_one),
        cmocka_unit_test(test_writes_only_own_fields),
        cmocka_unit_test(test_branch_names),
        cmocka_unit_test(test_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
