/* test_suite.c -- the shape test of the papers' suite (workloads/papers/):
 * every row of manifest.tsv loads, and reproduces the published
 * numbers of its `published` field on its paper's preset:
 *
 *   ctas=C         total CTAs of all kernels == C (seed 001 Table 4-3, seed 003 Table 2)
 *   warps=W        warps per CTA == W                          (seed 001)
 *   N=n            sm_ctas_per_core on the preset == n          (seed 000 text, seed 001)
 *   insts=I        static instructions of a warp's program (the distinct program
 *                  steps it runs), hints and exit excluded, == I (seed 001: Table 4-3
 *                  counts the PTX, not the instructions that run)
 *   gld=G          static global loads == G                      (seed 001)
 *   regions=R      static memory regions (region-p hints) == R   (seed 001)
 *   trips=T        the real kernel's main loop (seed 001; not a paper number: the
 *                  program's trips per thread at its default input): the most-run
 *                  instruction of warp 0 of CTA 0 runs T times; `A..BxC` = a by-CTA
 *                  count A..B (CTA 0 runs A) times an inner C; absent = straight code
 *   kernels=K      kernels in the workload == K                  (seeds 002, 003)
 *   cta_size=S     CTA-weighted mean CTA size within 0.5 of S     (seed 003)
 *   cpc=a|b        kernel i: N == min(published CpC, the preset's thread / warp
 *                  cap) (seed 003; its Table 1 core holds 1,024 threads, fewer
 *                  than some Table 2 rows need); `avg` rows: N >= 1 only
 *   type=M|C|X     seed 000: memory instructions >= 5 % of a warp's (M), <= 12 % (C),
 *                  grid <= the preset's cores (X: not enough parallelism); type M
 *                  without a published CTA count: at least 4 waves of N CTAs on the
 *                  preset's cores (DYNCTA starts at N/2, seed 000 Sec. 4.1)
 *   type=I|II      seed 002: I = memory <= 12 % and >= 30 active lanes per
 *                  instruction; II = memory >= 25 % or <= 16 active lanes
 *   profile=P      seed 004 Table 1 (bars, no numbers; Sec. 3.1's ordering),
 *                  simulated on ucstates16: compute = EX_SP and IFID utilisation
 *                  above EX_LDST's; memory = EX_LDST utilisation above EX_SP's
 *   seed003        equal CTAs (seed 003 Sec. 2's premise): warps of the first,
 *                  a middle and the last CTA of each kernel run the same count
 *   seed002        the type-II rows are distinct: no two have the same
 *                  per-warp counts of loads, stores, SP and SFU instructions
 *
 * The thresholds are the project's tolerances, stated in docs/workloads.md.
 * The instruction mix is counted on warp 0 of CTA 0 of each kernel, walking
 * fetch() (no simulation) and averaged over kernels. */
#include <math.h>
#include "model_util.h"
#include "sm_params.h"

#define MANIFEST "workloads/papers/manifest.tsv"

typedef struct mix {
    double insts, gld, hints, mem, lanes;   /* static per warp; mem, lanes: dynamic shares */
    double dyn, hot;                        /* dynamic instructions; runs of the most-run step */
    double cls[IC_NCLASS];                   /* dynamic instructions per class */
} mix;

#define MAX_STEPS 4096   /* program steps after xN expansion (docs/workloads.md) */

/* Walk warp 0 of CTA `cta` through fetch(): static counts (distinct program
 * steps), dynamic counts and the runs of the most-run step. */
static void walk_warp_of(kern *k, uint32_t cta, mix *m)
{
    char err[256];
    kcursor cur;
    memset(&cur, 0, sizeof cur);
    inst in;
    static uint32_t runs[MAX_STEPS];
    memset(runs, 0, sizeof runs);
    uint64_t n = 0, mem = 0, lanes = 0, st = 0, sgld = 0, shint = 0, hot = 0;
    if (k->ops->cta_begin) assert_int_equal(k->ops->cta_begin(k, cta, err, sizeof err), 0);
    for (;;) {
        int r = k->ops->fetch(k, cta, 0, &cur, &in, err, sizeof err);
        assert_true(r >= 0);
        if (r == 0 || in.cls == IC_EXIT) break;
        assert_true(in.pc < MAX_STEPS);
        if (runs[in.pc]++ == 0) {
            st += in.cls != IC_HINT;
            sgld += in.cls == IC_GLD;
            shint += in.cls == IC_HINT;
        }
        if (runs[in.pc] > hot) hot = runs[in.pc];
        if (in.cls == IC_HINT) continue;
        n++;
        m->cls[in.cls] += 1;
        lanes += (uint64_t)__builtin_popcount(in.mask);
        if (in.cls == IC_GLD || in.cls == IC_GST || in.cls == IC_ATOM) mem++;
    }
    if (k->ops->cta_end) k->ops->cta_end(k, cta);
    m->insts += (double)st;
    m->gld += (double)sgld;
    m->hints += (double)shint;
    m->dyn += (double)n;
    m->hot += (double)hot;
    m->mem += n ? (double)mem / (double)n : 0;
    m->lanes += n ? (double)lanes / (double)n : 0;
}

static void walk_warp(kern *k, mix *m) { walk_warp_of(k, 0, m); }

/* seed 003: warps of CTA 0, a middle one and the last run the same count. */
static void check_equal_ctas(kern *k, const char *app)
{
    mix a = { 0 }, b = { 0 }, c = { 0 };
    walk_warp_of(k, 0, &a);
    walk_warp_of(k, k->n_cta / 2, &b);
    walk_warp_of(k, k->n_cta - 1, &c);
    if (a.dyn != b.dyn || a.dyn != c.dyn)
        fail_msg("seed003 %s: unequal CTAs: %.0f, %.0f, %.0f instructions", app, a.dyn, b.dyn, c.dyn);
}

/* trips=A or A..BxC: the runs of the most-run step of CTA 0 (A, or A x C). */
static double trips_of(const char *t)
{
    double a = atof(t);
    const char *x = strchr(t, 'x');
    return x ? a * atof(x + 1) : a;
}

/* seed 002's type-II rows, for the distinctness check. */
#define MAX_T2 32
typedef struct t2sig { char app[32]; double gld, gst, sp, sfu; } t2sig;
static t2sig t2[MAX_T2];
static int n_t2;

/* The value of key in "k=v;k=v", or NULL. */
static const char *field(const char *pub, const char *key, char *buf, size_t len)
{
    size_t kl = strlen(key);
    for (const char *p = pub; p && *p;) {
        if (!strncmp(p, key, kl) && p[kl] == '=') {
            const char *v = p + kl + 1;
            size_t n = strcspn(v, ";");
            snprintf(buf, len, "%.*s", (int)(n < len - 1 ? n : len - 1), v);
            return buf;
        }
        p = strchr(p, ';');
        if (p) p++;
    }
    return NULL;
}

static uint32_t cap_of(const sm_params *sm, const kern *k)
{
    uint32_t w = k->warps_per_cta;
    uint32_t mw = sm->max_warps ? sm->max_warps : sm->max_threads / 32;
    uint32_t t = sm->max_threads / (w * 32), ww = mw / w;
    return t < ww ? t : ww;
}

static void check_profile(const char *preset, const char *file, const char *prof)
{
    char err[256];
    gpu_cfg cfg;
    cfg_defaults(&cfg);
    assert_int_equal(cfg_load(&cfg, preset, err, sizeof err), 0);
    run_out r;
    run_model(preset, file, NULL, &r, 0);
    double u[CTL_NCOMP];
    for (int c = 0; c < CTL_NCOMP; c++) {
        uint64_t busy = 0, cyc = SUM_CORES(&r.k, cycles);
        for (uint32_t i = 0; i < r.k.n_cores; i++) busy += r.k.core[i].busy[c];
        u[c] = cyc ? (double)busy / ((double)cyc * cfg.sm.units[c]) : 0;
    }
    print_message("    %s: IFID %.3f SCH %.3f EX_SP %.3f EX_SFU %.3f EX_LDST %.3f\n", file, u[CTL_IFID],
                  u[CTL_SCH], u[CTL_EX_SP], u[CTL_EX_SFU], u[CTL_EX_LDST]);
    if (!strcmp(prof, "compute")) {
        assert_true(u[CTL_EX_SP] > u[CTL_EX_LDST]);
        assert_true(u[CTL_IFID] > u[CTL_EX_LDST]);
    } else {
        assert_true(u[CTL_EX_LDST] > u[CTL_EX_SP]);
    }
}

static void check_row(const char *paper, const char *app, const char *file, const char *preset_name,
                      const char *pub)
{
    char err[512], buf[64], preset[128];
    snprintf(preset, sizeof preset, "configs/%s.cfg", preset_name);
    gpu_cfg cfg;
    cfg_defaults(&cfg);
    if (cfg_load(&cfg, preset, err, sizeof err) < 0) fail_msg("%s", err);
    workload w;
    memset(&w, 0, sizeof w);
    if (wl_load(&w, file, 1, err, sizeof err) < 0) fail_msg("%s: %s", app, err);
    uint64_t ctas = 0, threads = 0;
    double winsts = 0;                    /* warp instructions, estimated from warp 0 of CTA 0 */
    uint32_t n0 = 0;
    mix m = { 0 };
    char cpc[64];
    const char *cp = field(pub, "cpc", cpc, sizeof cpc);
    for (uint32_t i = 0; i < w.n_kernels; i++) {
        kern *k = w.kernels[i];
        uint32_t n = sm_ctas_per_core(&cfg.sm, k);
        if (!strcmp(paper, "seed003")) check_equal_ctas(k, app);
        assert_true(n >= 1);
        ctas += k->n_cta;
        threads += (uint64_t)k->n_cta * k->cta_threads;
        if (field(pub, "N", buf, sizeof buf)) assert_int_equal(n, atoi(buf));
        if (field(pub, "warps", buf, sizeof buf)) assert_int_equal(k->warps_per_cta, atoi(buf));
        if (cp && strncmp(cp, "avg", 3)) {
            const char *c = cp;            /* kernel i's CpC: the i-th of a|b, else the last */
            for (uint32_t j = 0; j < i && strchr(c, '|'); j++) c = strchr(c, '|') + 1;
            uint32_t want = (uint32_t)atoi(c), cap = cap_of(&cfg.sm, k);
            assert_int_equal(n, want < cap ? want : cap);
        }
        double before = m.dyn;
        walk_warp(k, &m);
        winsts += (m.dyn - before) * k->n_cta * k->warps_per_cta;
        if (i == 0) n0 = n;
    }
    double nk = (double)w.n_kernels;
    print_message("    %s %-14s %2u kernel(s) %6llu CTAs  N %u  memory %.2f  ~%.2f M warp insts\n", paper, app,
                  w.n_kernels, (unsigned long long)ctas, n0, m.mem / nk, winsts / 1e6);
    if (field(pub, "ctas", buf, sizeof buf)) assert_int_equal(ctas, atoi(buf));
    if (field(pub, "kernels", buf, sizeof buf)) assert_int_equal(w.n_kernels, atoi(buf));
    if (field(pub, "cta_size", buf, sizeof buf))
        assert_true(fabs((double)threads / (double)ctas - atof(buf)) <= 0.5);
    if (field(pub, "insts", buf, sizeof buf)) assert_int_equal((int)(m.insts / nk), atoi(buf));
    if (field(pub, "gld", buf, sizeof buf)) assert_int_equal((int)(m.gld / nk), atoi(buf));
    if (field(pub, "regions", buf, sizeof buf)) assert_int_equal((int)(m.hints / nk), atoi(buf));
    if (!strcmp(paper, "seed001")) {
        double want = field(pub, "trips", buf, sizeof buf) ? trips_of(buf) : 1;
        if (m.hot / nk != want)
            fail_msg("seed001 %s: the most-run instruction runs %.0f times, want %.0f (trips)", app, m.hot / nk, want);
        assert_true(want == 1 || m.dyn > m.insts);   /* a loop runs more than the static count */
    }
    double memf = m.mem / nk, lanes = m.lanes / nk;
    if (field(pub, "type", buf, sizeof buf)) {
        if (!strcmp(buf, "M") && !field(pub, "ctas", cpc, sizeof cpc) && ctas < 4ull * n0 * cfg.sm.n_cores)
            fail_msg("%s %s: type M with %llu CTAs: fewer than 4 waves of N = %u on %u cores", paper, app,
                     (unsigned long long)ctas, n0, cfg.sm.n_cores);
        if (!strcmp(buf, "II") && n_t2 < MAX_T2) {
            t2sig g = { .gld = m.cls[IC_GLD] / nk, .gst = m.cls[IC_GST] / nk, .sp = m.cls[IC_SP] / nk,
                        .sfu = m.cls[IC_SFU] / nk };
            snprintf(g.app, sizeof g.app, "%s", app);
            for (int j = 0; j < n_t2; j++)
                if (t2[j].gld == g.gld && t2[j].gst == g.gst && t2[j].sp == g.sp && t2[j].sfu == g.sfu)
                    fail_msg("seed002 %s and %s: the same type-II instruction mix", t2[j].app, app);
            t2[n_t2++] = g;
        }
        int ok = !strcmp(buf, "M")    ? memf >= 0.05
                 : !strcmp(buf, "C")  ? memf <= 0.12
                 : !strcmp(buf, "X")  ? ctas <= cfg.sm.n_cores
                 : !strcmp(buf, "I")  ? memf <= 0.12 && lanes >= 30
                 : !strcmp(buf, "II") ? memf >= 0.25 || lanes <= 16 : 0;
        if (!ok)
            fail_msg("%s %s: type %s: memory fraction %.3f, %.1f active lanes, %llu CTAs", paper, app, buf,
                     memf, lanes, (unsigned long long)ctas);
    }
    wl_free(&w);
    if (field(pub, "profile", buf, sizeof buf)) check_profile(preset, file, buf);
}

static void test_manifest(void **st)
{
    (void)st;
    FILE *f = fopen(MANIFEST, "r");
    assert_non_null(f);
    char line[1024];
    assert_non_null(fgets(line, sizeof line, f));
    assert_string_equal(line, "paper\tapp\tfile\tpreset\tclass\tpublished\n");
    int rows = 0, per[5] = { 0 };
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        char *col[6];
        int n = 0;
        for (char *p = line; n < 6; n++) {
            col[n] = p;
            p = strchr(p, '\t');
            if (!p) { n++; break; }
            *p++ = 0;
        }
        assert_int_equal(n, 6);
        assert_true(!strncmp(col[0], "seed00", 6) && col[0][6] >= '0' && col[0][6] <= '4');
        per[col[0][6] - '0']++;
        check_row(col[0], col[1], col[2], col[3], col[5]);
        rows++;
    }
    fclose(f);
    print_message("    %d workloads: seed000 %d, seed001 %d, seed002 %d, seed003 %d, seed004 %d\n", rows,
                  per[0], per[1], per[2], per[3], per[4]);
    assert_int_equal(per[0], 31);      /* seed 000 Table 2 */
    assert_int_equal(per[1], 12);      /* seed 001 Table 4-3 */
    assert_int_equal(per[2], 19);      /* seed 002 Table 1 */
    assert_int_equal(per[3], 13);      /* seed 003 Table 2 */
    assert_true(per[4] >= 1);          /* seed 004: the applications its text profiles */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_manifest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
