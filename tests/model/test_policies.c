/* test_policies.c -- the control units acting on the model through the policy
 * stack, on the small preset.  Thresholds come from measurements written
 * next to them (same inputs, deterministic model), with margin. */
#include "model_util.h"

#define SMALL "configs/small.cfg"

static double avg_limit(const kstats *k)
{
    uint64_t s = 0;
    for (uint32_t c = 0; c < k->n_cores; c++) s += k->ctl[c].limit_sum;
    return (double)s / ((double)k->cycles * k->n_cores);
}

/* DYNCTA (seed 000 Sec. 4.1).  Measured: mem_copy IPC 8.46 at maximum TLP,
 * 8.95 with DYNCTA (+5.8 %), limits oscillating between 1 and 2 (N = 4);
 * compute_fma 121.7 -> 121.0 (-0.6 %). */
static void test_dyncta(void **st)
{
    (void)st;
    const char *mx[] = { NULL };
    const char *dy[] = { "policy.cta_limit=dyncta", NULL };
    run_out base, dyn;
    run_model(SMALL, "workloads/mem_copy.kern", mx, &base, 0);
    run_model(SMALL, "workloads/mem_copy.kern", dy, &dyn, 1);
    assert_true(kstats_ipc(&dyn.k) > 1.03 * kstats_ipc(&base.k));
    assert_true(avg_limit(&dyn.k) < report_kernel(&dyn.rep, 0)->n_max - 1.5);   /* settles below N */
    report_free(&dyn.rep);

    run_model(SMALL, "workloads/compute_fma.kern", mx, &base, 0);
    run_model(SMALL, "workloads/compute_fma.kern", dy, &dyn, 0);
    assert_true(kstats_ipc(&dyn.k) > 0.97 * kstats_ipc(&base.k));   /* costs at most 3 % */
}

/* CLASO (seed 003).  Measured with LRR on wave_imbalance: CTAs per core
 * 8/5/4/4 -> 5/6/5/5, tail idle 20582 -> 2867 core cycles; on cta_streams:
 * 4/5/8/4 -> 5/5/5/6, tail idle 24148 -> 2599, IPC 10.211 -> 10.216. */
static void test_claso_cuts_tail_idle(void **st)
{
    (void)st;
    const char *b[] = { "core.sched=lrr", NULL };
    const char *c[] = { "core.sched=lrr", "policy.claso=1", NULL };
    run_out base, cl;
    run_model(SMALL, "workloads/wave_imbalance.kern", b, &base, 0);
    run_model(SMALL, "workloads/wave_imbalance.kern", c, &cl, 0);
    assert_true(cl.k.tail_idle * 2 < base.k.tail_idle);
    assert_int_equal(SUM_CORES(&cl.k, ctas_issued), 21);
    uint64_t grants = 0, mx = 0, mn = UINT64_MAX;
    for (uint32_t i = 0; i < cl.k.n_cores; i++) {
        grants += cl.k.ctl[i].grants;
        uint64_t v = cl.k.core[i].ctas_issued;
        if (v > mx) mx = v;
        if (v < mn) mn = v;
    }
    assert_int_equal(grants, 21);          /* every CTA placed through a grant */
    assert_true(mx - mn <= 1);             /* credits balance the issue */

    /* the memory-driven imbalance of cta_streams: tail idle 24148 -> 2599 */
    run_model(SMALL, "workloads/cta_streams.kern", b, &base, 0);
    run_model(SMALL, "workloads/cta_streams.kern", c, &cl, 0);
    assert_true(cl.k.tail_idle * 4 < base.k.tail_idle);
    assert_true(kstats_ipc(&cl.k) >= kstats_ipc(&base.k));
}

/* AR-CTA (seed 002 Sec. 3): a compute kernel is type I, a streaming one
 * type II; type II runs on half the cores with the calibrator on. */
static void test_arcta_types(void **st)
{
    (void)st;
    const char *s[] = { "policy.arcta=1", NULL };
    run_out r;
    run_model(SMALL, "workloads/compute_fma.kern", s, &r, 1);
    assert_int_equal(report_kernel(&r.rep, 0)->ar_type, CTL_AR_TYPE1);
    assert_int_equal(r.k.fc_cycles, 0);
    report_free(&r.rep);
    run_model(SMALL, "workloads/stream_copy.kern", s, &r, 1);
    assert_int_equal(report_kernel(&r.rep, 0)->ar_type, CTL_AR_TYPE2);
    assert_true(r.k.fc_cycles > r.k.cycles / 2);
    /* cores 2 and 3 of 4 are disabled after the decision */
    assert_true(r.k.ctl[3].disabled_cycles > r.k.cycles / 2);
    assert_int_equal(r.k.core[3].ctas_issued, 0);
    report_free(&r.rep);
}

/* AR-CTA on the ApSA preset (seed 002 Table 2, 60 cores): the
 * kernels whose files say they imitate type-I applications and behave so
 * (seed 002 Sec. 2.2 on 30 cores: IPC near the maximum, DRAM bandwidth under
 * 24 %) are type I, stream_copy (VADD) type II.  No threshold is chosen
 * here: the unit runs with the paper's t_u_ipc 85 %, t_l_ipc 15 %,
 * t_max_bw 1.025 %, t_GBR 65 %.  Measured (--decisions): compute_fma type I
 * (ipc_high); mixed_type1 type I at the bandwidth step (ipc_CTA
 * 12992/58208 = 22.3 %, max_bw_CTA 16/2239 = 0.71 %); stream_copy type II
 * (power 99.3 -> 88.9 W, static share 0.84).  bp_forward of
 * backprop_two_phase.wl says it imitates BP-I (type I) but behaves as type
 * II (30 cores: 41 % of the maximum IPC, DRAM bandwidth 84 %; 0.98x on 60) and is
 * classified type II: not asserted here (units/arcta/arcta.md). */
static void test_arcta_apsa60(void **st)
{
    (void)st;
    const char *s[] = { "policy.arcta=1", NULL };
    run_out r;
    run_model("configs/apsa60.cfg", "workloads/compute_fma.kern", s, &r, 1);
    assert_int_equal(report_kernel(&r.rep, 0)->ar_type, CTL_AR_TYPE1);
    report_free(&r.rep);
    run_model("configs/apsa60.cfg", "workloads/mixed_type1.kern", s, &r, 1);
    assert_int_equal(report_kernel(&r.rep, 0)->ar_type, CTL_AR_TYPE1);
    assert_int_equal(r.k.fc_cycles, 0);            /* type I: calibrator off */
    report_free(&r.rep);
    run_model("configs/apsa60.cfg", "workloads/stream_copy.kern", s, &r, 1);
    assert_int_equal(report_kernel(&r.rep, 0)->ar_type, CTL_AR_TYPE2);
    /* the idle half is clock-gated: it leaks but draws no clock power */
    assert_true(r.k.ctl[59].gated_cycles > r.k.cycles / 2);
    assert_true(r.pw.alt_avg_w < r.pw.avg_w);      /* power-gating it saves more */
    report_free(&r.rep);
}

/* DYNCTA on kayiran30 reuse_cache (DYNCTA on reuse_cache
 * ends within 5 % of the best static limit's IPC).  reuse_cache imitates
 * SAD (seed 000 Table 2 row 5, Type-M, N = 8, opt = 4, Sec. 5.1): 480 CTAs
 * each sweeping a 7 KB tile four times, so the kernel first has to have an
 * interior optimum, or the 5 % would hold trivially at n = max.  Measured
 * (build/rel/ctasim --config configs/kayiran30.cfg --workload
 * workloads/reuse_cache.kern --set policy.cta_limit=static --set
 * policy.static_n=n --csv-row): IPC at n = 1..8 81.92, 114.87, 123.87, 124.35,
 * 74.98, 52.72, 40.97, 39.92; best n = 4, 3.11x of n = max, 1.52x of n = 1;
 * DYNCTA 120.96 = 0.973x of n = 4.  Margins: best / max > 2 (measured 3.11),
 * best / n=1 > 1.3 (1.52).  The 0.95 is the issue's own bound; no unit
 * parameter was moved (the paper's t_idle 16, t_mem_l 128, t_mem_h 384,
 * period 2048).  Fails on the old behaviour: with the pre-issue-10 idle
 * (cycles with live warps waiting on ALU results counted as idle; core.c
 * patched back for the check) DYNCTA gives 49.08 = 0.395x of n = 4. */
static double kay_static_ipc(const char *wl, uint32_t n)
{
    char lim[40];
    snprintf(lim, sizeof lim, "policy.static_n=%u", n);
    const char *s[] = { "policy.cta_limit=static", lim, NULL };
    run_out r;
    run_model("configs/kayiran30.cfg", wl, s, &r, 0);
    return kstats_ipc(&r.k);
}

static void test_dyncta_reuse_cache(void **st)
{
    (void)st;
    const char *wl = "workloads/reuse_cache.kern";
    const char *d[] = { "policy.cta_limit=dyncta", NULL };
    const char *m[] = { "policy.cta_limit=max", NULL };
    run_out x, y;
    run_model("configs/kayiran30.cfg", wl, d, &x, 1);
    run_model("configs/kayiran30.cfg", wl, m, &y, 0);
    uint32_t nmax = report_kernel(&x.rep, 0)->n_max;
    report_free(&x.rep);
    assert_int_equal(nmax, 8);
    double best = 0.0, first = 0.0;
    uint32_t best_n = 0;
    for (uint32_t n = 1; n <= nmax; n++) {
        double ipc = kay_static_ipc(wl, n);
        if (n == 1) first = ipc;
        if (ipc > best) { best = ipc; best_n = n; }
    }
    print_message("reuse_cache kayiran30: best static n = %u IPC %.2f, n=1 %.2f, max %.2f, DYNCTA %.2f (%.3fx)\n",
                  best_n, best, first, kstats_ipc(&y.k), kstats_ipc(&x.k), kstats_ipc(&x.k) / best);
    assert_true(best_n > 1 && best_n < nmax);           /* interior optimum */
    assert_true(best > 2.0 * kstats_ipc(&y.k));
    assert_true(best > 1.3 * first);
    assert_true(kstats_ipc(&x.k) >= 0.95 * best);        /* the bound */
}

/* uC-States (seed 004).  Measured on mem_copy: EX_SP, EX_SFU and EX_LDST
 * tuned down ~97 % of cycles, static power 10.39 -> 9.43 W (the ratio is
 * what is asserted).  compute_fma: EX_SP
 * tuned down 593 of 113233 cycles on core 0, EX_SFU mostly down. */
static void test_ucstates(void **st)
{
    (void)st;
    const char *none[] = { NULL };
    const char *uc[] = { "policy.gating=ucstates", NULL };
    run_out base, g;
    run_model(SMALL, "workloads/mem_copy.kern", none, &base, 0);
    run_model(SMALL, "workloads/mem_copy.kern", uc, &g, 0);
    const core_ctl_stats *t = &g.k.ctl[0];
    assert_true(t->down_cycles[CTL_EX_SP] > g.k.cycles / 2);
    assert_true(t->down_cycles[CTL_EX_SFU] > g.k.cycles / 2);
    assert_true(t->pg_off_cycles[CTL_PG_EX_SP] > g.k.cycles / 2);
    double st_base = 0, st_g = 0;
    for (int i = 0; i < PW_NROWS; i++) { st_base += base.pw.stat_j[i]; st_g += g.pw.stat_j[i]; }
    assert_true(st_g / g.pw.time_s < 0.95 * st_base / base.pw.time_s);   /* static power down */
    assert_true(kstats_ipc(&g.k) > 0.97 * kstats_ipc(&base.k));
    assert_true(g.pw.dyn_j[PW_GATING] > 0);                              /* transitions charged */

    run_model(SMALL, "workloads/compute_fma.kern", uc, &g, 0);
    for (uint32_t c = 0; c < g.k.n_cores; c++) {
        assert_true(g.k.ctl[c].down_cycles[CTL_EX_SP] * 20 < g.k.cycles);   /* kept up */
        assert_true(g.k.ctl[c].down_cycles[CTL_EX_SFU] > g.k.cycles / 2);   /* SFU-light */
    }
}

/* DYNCORE (seed 000 Sec. 4.2) with DYNCTA saves power on a memory-bound
 * kernel, reported with and without per-core power gating as seed 000 Sec. 5
 * does (17 % and 8 % there).  Measured: 14.54 W -> 13.67 W without PCPG
 * (the default: off cores are clock-gated and leak; -6.0 %, static share
 * 0.73) and 11.68 W with it (-19.7 %). */
static void test_dyncore_power(void **st)
{
    (void)st;
    const char *a[] = { "policy.cta_limit=dyncta", NULL };
    const char *b[] = { "policy.cta_limit=dyncta", "policy.dyncore=1", "dyncore.k=2", NULL };
    run_out x, y;
    run_model(SMALL, "workloads/mem_copy.kern", a, &x, 0);
    run_model(SMALL, "workloads/mem_copy.kern", b, &y, 0);
    assert_int_equal(y.pw.pcpg, 0);
    assert_true(y.pw.avg_w < 0.97 * x.pw.avg_w);
    assert_true(y.pw.alt_avg_w < 0.85 * x.pw.avg_w);
    assert_true(y.k.ctl[3].off_cycles > 0);
    assert_int_equal(SUM_CORES(&y.k, ctas_finished), y.k.n_cta);

    /* a compute-bound kernel keeps every core on (G_act >= t_act): measured
     * 406 off core-cycles of 453184 (the drain at the very end), IPC -0.1 % */
    run_model(SMALL, "workloads/compute_fma.kern", a, &x, 0);
    run_model(SMALL, "workloads/compute_fma.kern", b, &y, 0);
    uint64_t off = 0;
    for (uint32_t c = 0; c < y.k.n_cores; c++) off += y.k.ctl[c].off_cycles;
    assert_true(off * 100 < y.k.cycles * y.k.n_cores);
    assert_true(kstats_ipc(&y.k) > 0.98 * kstats_ipc(&x.k));
}

/* The control statistics the seam counts per change (a core's key and
 * limit, cmodel/gpu/seam.c) are those of every cycle: with a timeline row
 * per cycle, each core's limit sum is the sum of its rows' limits, its off
 * cycles the rows powered off, its empty cycles the rows powered and
 * without a CTA; its disabled cycles the rows disabled one cycle earlier
 * (a row shows the enables obeyed from the next cycle), the first cycle's
 * enable set at the launch.  DYNCTA's limits and DYNCORE's power and enable
 * outputs change during the run (dyncore.k=2 on a memory-bound kernel). */
static void test_ctl_stats_every_cycle(void **st)
{
    (void)st;
    const char *a[] = { "policy.cta_limit=dyncta", "policy.dyncore=1", "dyncore.k=2",
                        "run.timeline_period=1", NULL };
    run_out x;
    run_model(SMALL, "workloads/mem_copy.kern", a, &x, 1);
    assert_int_equal(x.rep.n_kernels, 1);
    assert_int_equal(x.rep.n_tl, x.k.cycles);
    uint64_t off_all = 0, dis_all = 0, lim_changes = 0;
    for (uint32_t c = 0; c < x.k.n_cores; c++) {
        uint64_t lim = 0, off = 0, empty = 0, dis = 0;
        for (uint32_t i = 0; i < x.rep.n_tl; i++) {
            const tl_core *t = &report_tl(&x.rep, i)->core[c];
            lim += t->limit;
            off += !t->power_on;
            empty += t->power_on && t->resident == 0;
            if (i + 1 < x.rep.n_tl) dis += !t->enabled;
            if (i && t->limit != report_tl(&x.rep, i - 1)->core[c].limit) lim_changes++;
        }
        const core_ctl_stats *k = &x.k.ctl[c];
        assert_int_equal(k->limit_sum, lim);
        assert_int_equal(k->off_cycles, off);
        assert_int_equal(k->empty_cycles, empty);
        assert_true(k->disabled_cycles == dis || k->disabled_cycles == dis + 1);
        off_all += off;
        dis_all += dis;
    }
    /* the run exercises what it checks */
    assert_true(off_all > 0);
    assert_true(dis_all > 0);
    assert_true(lim_changes > 0);
    report_free(&x.rep);
}

/* The timeline's thread_insts column counts every thread instruction: with a
 * row per cycle its sum is the run's total.  The SM6_TITANX mirror's four
 * dual-issue schedulers issue more in a core-cycle than the seam's 7-bit
 * thread_insts field holds (it saturates at 127, as the RTL port does), so a
 * column summed from the seam would fall short; the two kernels check the
 * count across a kernel boundary. */
static void test_timeline_thread_insts(void **st)
{
    (void)st;
    const char *a[] = { "run.timeline_period=1", NULL };
    run_out x;
    run_model("configs/accelsim/SM6_TITANX.cfg", "workloads/backprop_two_phase.wl", a, &x, 1);
    assert_int_equal(x.rep.n_kernels, 2);
    assert_int_equal(x.rep.n_tl, x.k.cycles);
    uint64_t sum = 0;
    for (uint32_t i = 0; i < x.rep.n_tl; i++) sum += report_tl(&x.rep, i)->thread_insts;
    assert_int_equal(sum, x.k.thread_insts);
    report_free(&x.rep);
}

/* Every combination the papers evaluated runs to completion and places
 * every CTA exactly once. */
static void test_combinations(void **st)
{
    (void)st;
    static const char *const stacks[][5] = {
        { "policy.claso=1", "core.sched=lrr", NULL },
        { "policy.claso=1", "core.sched=gto", NULL },
        { "policy.claso=1", "policy.cta_limit=dyncta", "core.sched=lrr", NULL },
        { "policy.claso=1", "policy.cta_limit=dyncta", "core.sched=gto", NULL },
        { "policy.dyncore=1", "policy.cta_limit=dyncta", "dyncore.k=2", NULL },
        { "policy.gating=ucstates", "core.sched=gto", NULL },
        { "policy.gating=ucstates", "core.sched=lrr", NULL },
        { "policy.arcta=1", NULL },
        { "policy.arcta=1", "policy.claso=1", NULL },
        { "policy.dyncore=1", "policy.claso=1", "dyncore.k=2", NULL },
    };
    for (size_t i = 0; i < sizeof stacks / sizeof stacks[0]; i++) {
        run_out r;
        run_model(SMALL, "workloads/backprop_two_phase.wl", stacks[i], &r, 0);
        assert_int_equal(SUM_CORES(&r.k, ctas_issued), r.k.n_cta);
        assert_int_equal(SUM_CORES(&r.k, ctas_finished), r.k.n_cta);
    }
}

/* A combination that cannot work is refused with the reason. */
/* The L1-miss throttle (units/l1thr, the worked example of docs/adding-a-unit.md)
 * caps the limit policy.cta_limit gives: a threshold no period reaches leaves the
 * run exactly as without it; t_miss = 0 (any miss lowers n) lowers the mean
 * limit in force and changes the run. */
static void test_l1thr_caps_limit(void **st)
{
    (void)st;
    const char *wl = "workloads/reuse_cache.kern";
    const char *off[] = { "policy.cta_limit=max", NULL };
    const char *never[] = { "policy.cta_limit=max", "policy.l1thr=1", "l1thr.t_miss=65535", NULL };
    const char *low[] = { "policy.cta_limit=max", "policy.l1thr=1", "l1thr.period=256",
                          "l1thr.t_miss=0", NULL };
    run_out a, b, c;
    run_model("configs/small.cfg", wl, off, &a, 0);
    run_model("configs/small.cfg", wl, never, &b, 0);
    run_model("configs/small.cfg", wl, low, &c, 0);
    uint64_t la = 0, lb = 0, lc = 0;
    for (uint32_t i = 0; i < a.k.n_cores; i++) {
        la += a.k.ctl[i].limit_sum;
        lb += b.k.ctl[i].limit_sum;
        lc += c.k.ctl[i].limit_sum;
    }
    assert_int_equal(b.k.cycles, a.k.cycles);
    assert_int_equal(lb, la);
    /* the mean limit over the run (limit_sum / cycles) down by over a quarter */
    assert_true((double)lc / c.k.cycles < 0.75 * ((double)la / a.k.cycles));
    assert_int_not_equal(c.k.cycles, a.k.cycles);
}

static void test_refused_combination(void **st)
{
    (void)st;
    gpu_cfg cfg;
    char err[512];
    cfg_defaults(&cfg);
    assert_int_equal(cfg_load(&cfg, SMALL, err, sizeof err), 0);
    assert_int_equal(cfg_set(&cfg, "policy.dyncore", "1", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&cfg, "policy.arcta", "1", "t", err, sizeof err), 0);
    assert_int_equal(cfg_set(&cfg, "dyncore.k", "2", "t", err, sizeof err), 0);
    assert_int_equal(cfg_check(&cfg, err, sizeof err), -1);
    assert_non_null(strstr(err, "policy.dyncore"));
    assert_non_null(strstr(err, "policy.arcta"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dyncta),
        cmocka_unit_test(test_claso_cuts_tail_idle),
        cmocka_unit_test(test_arcta_types),
        cmocka_unit_test(test_arcta_apsa60),
        cmocka_unit_test(test_dyncta_reuse_cache),
        cmocka_unit_test(test_ucstates),
        cmocka_unit_test(test_dyncore_power),
        cmocka_unit_test(test_ctl_stats_every_cycle),
        cmocka_unit_test(test_timeline_thread_insts),
        cmocka_unit_test(test_combinations),
        cmocka_unit_test(test_refused_combination),
        cmocka_unit_test(test_l1thr_caps_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
