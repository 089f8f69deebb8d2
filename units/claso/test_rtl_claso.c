/* test_rtl_claso.c -- the Verilated CLASO unit (units/claso/claso.sv) against its C
 * reference model (units/claso/claso.c), compared every cycle: the paper's case
 * study (seed 003 Sec. 3.2, Fig. 10) and directed branch cases, then
 * constrained-random stimulus over many seeds; fails if a decision branch of
 * the C model was never reached.  With --vec FILE the directed cycles are
 * written for units/claso/tb_claso.sv (format in units/claso/claso.md). */
#include <string.h>
#include "rtl_bench.h"
#include "rtl/rb_assert.h"
#include "claso.h"

/* units/claso/shim_claso.cpp */
typedef struct claso_rtl claso_rtl;
claso_rtl *claso_rtl_new(void);
void claso_rtl_free(claso_rtl *h);
void claso_rtl_reset(claso_rtl *h);
void claso_rtl_set(claso_rtl *h, uint8_t p_a, uint8_t p_l, uint8_t alloc, uint32_t n_cta,
                   uint8_t alloc_cores, uint64_t req);
void claso_rtl_tick(claso_rtl *h);
uint8_t claso_rtl_ready(const claso_rtl *h);
int32_t claso_rtl_global(const claso_rtl *h);
uint64_t claso_rtl_grant(const claso_rtl *h);
uint64_t claso_rtl_refuse(const claso_rtl *h);
int32_t claso_rtl_credit(const claso_rtl *h, int core);
void claso_rtl_fault_credit2(claso_rtl *h);
uint64_t claso_rtl_edges(const claso_rtl *h);

static uint64_t total_hits[CLASO_NBRANCH];
static uint64_t total_cycles;

/* ---------------------------------------------------------------- lockstep pair */

typedef struct lockstep {
    claso c;
    ctl_cfg cfg;
    ctl_in in;
    ctl_out out;
    claso_rtl *r;
    FILE *vec;
    uint64_t cycle;
} lockstep;

#define CREDIT_MASK 0xFFFFFFu

static uint64_t c_grants(const ctl_out *o)
{
    uint64_t m = 0;
    for (int i = 0; i < RB_CORES; i++)
        m |= (uint64_t)o->core[i].grant << i;
    return m;
}

static uint64_t c_refusals(const ctl_out *o)
{
    uint64_t m = 0;
    for (int i = 0; i < RB_CORES; i++)
        m |= (uint64_t)o->core[i].refuse << i;
    return m;
}

/* One vector line: rst p_a p_l alloc n_cta alloc_cores req | ready global
 * grant refuse credits (core 63 first), all hex. */
static void vec_write(lockstep *l, int rst, uint64_t req)
{
    if (!l->vec)
        return;
    fprintf(l->vec, "%x %02x %02x %x %05x %02x %016llx %x %06x %016llx %016llx ", rst,
            l->cfg.claso_p_a & 0xFFu, l->cfg.claso_p_l & 0xFFu, l->in.alloc & 1u,
            l->in.n_cta & 0xFFFFFu, l->in.alloc_cores & 0xFFu, (unsigned long long)req,
            l->out.claso_ready, (uint32_t)l->out.credit_global & CREDIT_MASK,
            (unsigned long long)c_grants(&l->out), (unsigned long long)c_refusals(&l->out));
    for (int i = RB_CORES - 1; i >= 0; i--)
        fprintf(l->vec, "%06x", (uint32_t)l->out.core[i].credit & CREDIT_MASK);
    fputc('\n', l->vec);
}

static void compare(lockstep *l)
{
    const ctl_out *o = &l->out;
    unsigned long long cyc = (unsigned long long)l->cycle;
    if (o->claso_ready != claso_rtl_ready(l->r))
        fail_msg("cycle %llu: claso_ready expected %u actual %u", cyc, o->claso_ready,
                 claso_rtl_ready(l->r));
    if (o->credit_global != claso_rtl_global(l->r))
        fail_msg("cycle %llu: credit_global expected %d actual %d", cyc, o->credit_global,
                 claso_rtl_global(l->r));
    uint64_t g = claso_rtl_grant(l->r), f = claso_rtl_refuse(l->r);
    for (int i = 0; i < RB_CORES; i++) {
        if (o->core[i].grant != ((g >> i) & 1u))
            fail_msg("cycle %llu: core %d grant expected %u", cyc, i, o->core[i].grant);
        if (o->core[i].refuse != ((f >> i) & 1u))
            fail_msg("cycle %llu: core %d refuse expected %u", cyc, i, o->core[i].refuse);
        if (o->core[i].credit != claso_rtl_credit(l->r, i))
            fail_msg("cycle %llu: core %d credit expected %d actual %d", cyc, i,
                     o->core[i].credit, claso_rtl_credit(l->r, i));
    }
}

static lockstep *ls_open(uint32_t p_a, uint32_t p_l, FILE *vec)
{
    lockstep *l = test_calloc(1, sizeof *l);
    ctl_cfg_defaults(&l->cfg, RB_CORES, 1);
    l->cfg.claso_p_a = p_a;
    l->cfg.claso_p_l = p_l;
    l->vec = vec;
    l->r = claso_rtl_new();
    claso_reset(&l->c, &l->cfg, &l->out);
    claso_set_slots(&l->c, RB_CORES);   /* the bench's RTL has RB_CORES consumers */
    claso_rtl_reset(l->r);
    compare(l);
    vec_write(l, 1, 0);
    return l;
}

static void ls_close(lockstep *l)
{
    rb_hits_add(total_hits, l->c.branch_hits, CLASO_NBRANCH);
    total_cycles += l->cycle;
    claso_rtl_free(l->r);
    test_free(l);
}

/* One clock edge on both engines, then every output compared. */
static void ls_step(lockstep *l, int alloc, uint32_t n_cta, uint32_t cores, uint64_t req)
{
    l->in.alloc = (uint8_t)alloc;
    l->in.n_cta = n_cta;
    l->in.alloc_cores = (uint8_t)cores;
    for (int i = 0; i < RB_CORES; i++)
        l->in.core[i].req = (uint8_t)((req >> i) & 1u);
    claso_step(&l->c, &l->cfg, &l->in, &l->out);
    claso_rtl_set(l->r, (uint8_t)l->cfg.claso_p_a, (uint8_t)l->cfg.claso_p_l, (uint8_t)alloc,
                  n_cta, (uint8_t)cores, req);
    claso_rtl_tick(l->r);
    l->cycle++;
    compare(l);
    vec_write(l, 0, req);
}

static void ls_req(lockstep *l, uint64_t req) { ls_step(l, 0, 0, 0, req); }

static void ls_alloc_ready(lockstep *l, uint32_t n_cta, uint32_t cores)
{
    ls_step(l, 1, n_cta, cores, 0);
    for (int i = 2; i <= CLASO_READY_STEPS; i++) {
        assert_int_equal(claso_rtl_ready(l->r), 0);
        ls_req(l, 0);
    }
    assert_int_equal(claso_rtl_ready(l->r), 1);
}

/* ---------------------------------------------------------------- case study */

/* Seed 003 Sec. 3.2, Fig. 10 (p_A = 1, p_L = 0): 17 CTAs, 4 cores, 3 resident
 * per core, finishing order of the text (see units/claso/test_claso.c, which
 * also checks the Fig. 9 baseline with the same scheduler model).  The
 * scheduler reads the RTL's outputs. */
static void test_case_study(void **state)
{
    enum { CTAS = 17, CORES = 4, SLOTS = 3, GAP = 4 };
    static const int finish[CTAS] = {7, 11, 3, 4, 0, 8, 5, 1, 9, 6, 2, 10, 12, 13, 14, 15, 16};
    /* (core, CTA) after the round-robin fill; -1 = refused */
    static const int expect[][2] = {
        {3, 12}, {3, 13}, {3, -1}, {0, 14}, {0, -1}, {0, -1}, {1, 15}, {1, -1}, {1, -1},
        {2, 16}, {2, -1}, {2, -1}, {3, -1}, {3, -1}, {0, -1}, {1, -1}, {2, -1},
    };
    lockstep *l = ls_open(1, 0, rb_vec);
    int where[CTAS], resident[CORES] = {0}, refused[CORES] = {0};
    int next = 0, finished = 0, n_ev = 0, first_finish = -1;
    int ev[64][2];
    for (int i = 0; i < CTAS; i++)
        where[i] = -1;
    ls_step(l, 1, CTAS, CORES, 0);
    for (int t = 1; t < 200; t++) {
        uint64_t g = claso_rtl_grant(l->r), f = claso_rtl_refuse(l->r);
        for (int c = 0; c < CORES; c++) {
            if ((g >> c) & 1u) {
                assert_true(next < CTAS);
                where[next] = c;
                resident[c]++;
                ev[n_ev][0] = c;
                ev[n_ev++][1] = next++;
            } else if ((f >> c) & 1u) {
                refused[c] = 1;
                ev[n_ev][0] = c;
                ev[n_ev++][1] = -1;
            }
            assert_true(n_ev < 64);
        }
        if (first_finish < 0 && next == SLOTS * CORES)
            first_finish = t;
        if (first_finish >= 0 && finished < CTAS && (t - first_finish) % GAP == 0) {
            int c = where[finish[finished++]];
            assert_true(c >= 0);
            resident[c]--;
            refused[c] = 0;
        }
        uint64_t req = 0;
        for (int c = 0; c < CORES; c++)
            if (claso_rtl_ready(l->r) && resident[c] < SLOTS && !refused[c])
                req |= 1ull << c;
        ls_req(l, req);
    }
    int n_expect = (int)(sizeof expect / sizeof expect[0]);
    assert_int_equal(n_ev, 12 + n_expect);
    for (int i = 0; i < 12; i++) {
        assert_int_equal(ev[i][0], i % CORES);
        assert_int_equal(ev[i][1], i);
    }
    for (int i = 0; i < n_expect; i++) {
        assert_int_equal(ev[12 + i][0], expect[i][0]);
        assert_int_equal(ev[12 + i][1], expect[i][1]);
    }
    ls_close(l);
}

/* ---------------------------------------------------------------- directed branches */

/* Algorithm 1's consumer branches (n_cta 10 on 2 cores, p_A 2, p_L 1:
 * C_p = 6, C_g = 4, threshold 3), then same-cycle ordering, saturation,
 * empty allocations, clamps, req in the alloc cycle and restarts. */
static void test_directed(void **state)
{
    lockstep *l = ls_open(2, 1, rb_vec);
    ls_req(l, 0x3); /* before any alloc: ignored */
    assert_int_equal(claso_rtl_grant(l->r) | claso_rtl_refuse(l->r), 0);
    ls_alloc_ready(l, 10, 2);
    assert_int_equal(claso_rtl_credit(l->r, 0), 6);
    assert_int_equal(claso_rtl_global(l->r), 4);
    for (int i = 0; i < 6; i++) { /* 3 local, 3 global grants */
        ls_req(l, 0x1);
        assert_int_equal(claso_rtl_grant(l->r), 0x1);
    }
    ls_req(l, 0x3); /* core 0 local refusal; core 1 local grant */
    assert_int_equal(claso_rtl_refuse(l->r), 0x1);
    assert_int_equal(claso_rtl_grant(l->r), 0x2);
    for (int i = 0; i < 4; i++)
        ls_req(l, 0x3);
    /* core 1: C_p 5,4 local, 3 local, 2 global (last), 1 refused */
    assert_int_equal(claso_rtl_global(l->r), -1);
    assert_int_equal(claso_rtl_refuse(l->r), 0x3);
    for (int i = 0; i < 4; i++)
        ls_req(l, 0x3); /* saturation of both registers */
    assert_int_equal(claso_rtl_credit(l->r, 0), -1);
    assert_int_equal(claso_rtl_credit(l->r, 1), -1);

    ls_step(l, 1, 17, 4, 0xF); /* req at alloc: ignored */
    assert_int_equal(claso_rtl_grant(l->r) | claso_rtl_refuse(l->r), 0);
    for (int i = 0; i < 5; i++)
        ls_req(l, 0xF);
    ls_alloc_ready(l, 17, 4); /* restart while busy */
    for (int i = 0; i < 4; i++)
        ls_req(l, 0xF);
    ls_req(l, 0xA); /* one global credit left: core 1 before core 3 */
    assert_int_equal(claso_rtl_grant(l->r), 0x2);
    assert_int_equal(claso_rtl_refuse(l->r), 0x8);

    ls_alloc_ready(l, 0, 4); /* empty */
    ls_req(l, 0x1);
    assert_int_equal(claso_rtl_refuse(l->r), 0x1);
    ls_alloc_ready(l, 5, 0);
    ls_req(l, 0x1);
    assert_int_equal(claso_rtl_refuse(l->r), 0x1);
    /* cores clamped to 64: q = 1, r = 63: C_p = 1 + 1 + p_L = 3, C_g = 64 + min(1, q) * 64 */
    ls_alloc_ready(l, 128, 100);
    assert_int_equal(claso_rtl_credit(l->r, 63), 3);
    assert_int_equal(claso_rtl_global(l->r), 128);
    ls_req(l, ~0ull); /* C_p 2 < 3: all 64 take a global credit */
    assert_int_equal(claso_rtl_grant(l->r), ~0ull);
    assert_int_equal(claso_rtl_global(l->r), 64);
    ls_alloc_ready(l, 3, 4); /* p_A 2 > q + 1 = 1: C_g = 3, C_p = 2 < 3 */
    assert_int_equal(claso_rtl_global(l->r), 3);
    ls_req(l, 0xF);
    assert_int_equal(claso_rtl_grant(l->r), 0x7);
    assert_int_equal(claso_rtl_refuse(l->r), 0x8);
    ls_alloc_ready(l, 1048575, 1); /* largest n_cta */
    assert_int_equal(claso_rtl_credit(l->r, 0), 1048575 + 1);
    ls_close(l);
}

/* ---------------------------------------------------------------- random */

static uint64_t rng;
static uint64_t xorshift(void)
{
    return rb_xorshift(&rng);
}

static uint32_t pick_n_cta(uint32_t cores)
{
    switch (xorshift() % 10) {
    case 0: return 0;
    case 1: case 2: case 3: return 1 + (uint32_t)(xorshift() % (2 * cores + 2));
    case 9: return (uint32_t)(xorshift() & 0xFFFFFu);
    default: return 1 + (uint32_t)(xorshift() % 5000);
    }
}

static uint32_t pick_cores(void)
{
    switch (xorshift() % 10) {
    case 0: return 0;
    case 1: return RB_CORES + 1 + (uint32_t)(xorshift() % (255 - RB_CORES));
    default: return 1 + (uint32_t)(xorshift() % RB_CORES);
    }
}

/* Random requests and (re)allocations, including restarts while busy and
 * allocs in the load cycle; RTL compared with C every cycle. */
static void test_random(void **state)
{
    for (uint64_t i = 1; i <= rb_iters(60); i++) {
        rng = rb_subseed(i) * 0x9E3779B97F4A7C15ull; /* i, or derived from --seed */
        uint32_t p_a = (uint32_t)(xorshift() % 6);
        uint32_t p_l = xorshift() % 8 == 0 ? 250 + (uint32_t)(xorshift() % 6)
                                           : (uint32_t)(xorshift() % 5);
        unsigned density = 1 + (unsigned)(xorshift() % 3);
        lockstep *l = ls_open(p_a, p_l, NULL);
        for (int t = 0; t < 4000; t++) {
            uint64_t req = xorshift();
            for (unsigned d = 1; d < density; d++)
                req &= xorshift();
            int busy = l->c.div.count || l->c.div.done;
            int alloc = t == 0 || xorshift() % (busy ? 40 : 300) == 0;
            uint32_t cores = pick_cores();
            ls_step(l, alloc, alloc ? pick_n_cta(cores) : (uint32_t)(xorshift() & 0xFFFFFu),
                    alloc ? cores : (uint32_t)(xorshift() & 0xFFu), req);
        }
        ls_close(l);
    }
}

/* Every decision branch of the C model was reached in lockstep. */
static void test_branch_coverage(void **state)
{
    int missing = rb_coverage("claso", total_hits, CLASO_NBRANCH, claso_branch_name, total_cycles);
    assert_true(total_cycles > 0);
    assert_int_equal(missing, 0);
}

/* A fault injected into the RTL (core 2's C_p set to -2, below the
 * saturation at -1 of seed 003 Alg. 1) fires at the next edge CreditSat,
 * CoreCreditSat and CreditHeld, the report naming one, the unit, core 2 and
 * the cycle; the lawful cycles before it
 * (an allocation, requests) fire nothing. */
static void test_assert_fires(void **state)
{
    rb_assert_expect(1);
    lockstep *l = ls_open(1, 1, NULL);
    ls_alloc_ready(l, 40, 4);
    ls_req(l, 0x5);
    ls_req(l, 0);
    rb_assert none;
    assert_int_equal(rb_assert_take(&none), 0);
    uint64_t edge = claso_rtl_edges(l->r);
    claso_rtl_fault_credit2(l->r);
    claso_rtl_tick(l->r);
    static const char *const fired[] = { "CreditSat", "CoreCreditSat", "CreditHeld", NULL };
    rb_assert_fired("claso", 2, edge, fired);
    rb_assert_expect(0);
    claso_rtl_free(l->r);
    test_free(l);
}

int main(int argc, char **argv)
{
    static const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_case_study),
        cmocka_unit_test(test_directed),
        cmocka_unit_test(test_random),
        cmocka_unit_test(test_branch_coverage),
        cmocka_unit_test(test_assert_fires),
    };
    const rb_suite suite = { "claso", tests, sizeof tests / sizeof tests[0], NULL, NULL,
                             NULL, NULL };
    return rb_main(argc, argv, &suite);
}
