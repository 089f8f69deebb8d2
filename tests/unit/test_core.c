/* test_core.c -- the core model on hand-built kernels: pipeline timing,
 * scoreboard, barriers, the four exclusive per-cycle signals, CTA pausing
 * (seed 000's example), and warp-scheduler order inside a core. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "cfg.h"
#include "core.h"
#include "mem.h"
#include "wl.h"

/* ---- a tiny kernel source: every warp runs prog[0..n-1] ---- */
typedef struct tprog {
    inst     prog[64];
    uint32_t n;
    uint32_t cta_mask[64];   /* per-CTA active mask override (0 = none) */
    uint32_t begun, ended;
} tprog;

static int tp_begin(kern *k, uint32_t cta, char *err, unsigned n)
{
    (void)cta; (void)err; (void)n;
    ((tprog *)k->impl)->begun++;
    return 0;
}

static int tp_fetch(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *out, char *err, unsigned n)
{
    (void)warp; (void)err; (void)n;
    tprog *p = k->impl;
    if (cur->pc >= p->n) return 0;
    *out = p->prog[cur->pc++];
    if (cta < 64 && p->cta_mask[cta]) out->mask = p->cta_mask[cta];
    return 1;
}

static void tp_end(kern *k, uint32_t cta) { (void)cta; ((tprog *)k->impl)->ended++; }

static const kern_ops tp_ops = { tp_begin, tp_fetch, tp_end, NULL };

static inst mk(int cls, int dst, int src)
{
    inst i;
    memset(&i, 0, sizeof i);
    i.cls = (uint8_t)cls;
    i.mask = 0xffffffffu;
    i.bytes = 4;
    for (int k = 0; k < KERN_MAX_DST; k++) i.dst[k] = KERN_REG_NONE;
    for (int k = 0; k < KERN_MAX_SRC; k++) i.src[k] = KERN_REG_NONE;
    if (dst >= 0) { i.dst[0] = (uint8_t)dst; i.ndst = 1; }
    if (src >= 0) { i.src[0] = (uint8_t)src; i.nsrc = 1; }
    if (cls == IC_GLD || cls == IC_GST)
        for (int l = 0; l < 32; l++) i.addr[l] = 0x100000 + (uint64_t)l * 4;
    return i;
}

typedef struct fixture {
    gpu_cfg cfg;
    memsys *mem;
    core   *c;
    tprog   tp;
    kern    k;
} fixture;

/* A fixture on the small preset, changed by `tweak` (or not). */
static fixture *fx_new_mem(uint32_t warps_per_cta, uint32_t n_max, void (*tweak)(gpu_cfg *))
{
    fixture *f = calloc(1, sizeof *f);
    cfg_defaults(&f->cfg);
    f->cfg.sm.n_sched = 1;
    f->cfg.sm.sched = SCHED_LRR;
    if (tweak) tweak(&f->cfg);
    char err[256];
    f->mem = mem_create(&f->cfg.mem, &f->cfg.dram, f->cfg.sm.n_cores);
    assert_non_null(f->mem);
    f->c = core_create(&f->cfg.sm, mem_params_access_bytes(&f->cfg.mem), 0, f->mem, err, sizeof err);
    assert_non_null(f->c);
    f->k.ops = &tp_ops;
    f->k.impl = &f->tp;
    f->k.n_cta = 64;
    f->k.cta_threads = warps_per_cta * 32;
    f->k.warps_per_cta = warps_per_cta;
    f->k.regs_per_thread = 8;
    strcpy(f->k.name, "test");
    core_kernel_begin(f->c, &f->k, n_max);
    return f;
}

static fixture *fx_new(uint32_t warps_per_cta, uint32_t n_max)
{
    return fx_new_mem(warps_per_cta, n_max, NULL);
}

static void fx_free(fixture *f)
{
    core_destroy(f->c);
    mem_destroy(f->mem);
    free(f);
}

/* One core cycle plus the memory system's ticks (all clocks 1:1 here). */
static void step(fixture *f, uint64_t now, ctl_core_in *sig)
{
    char err[256];
    assert_true(core_cycle(f->c, now, sig, err, sizeof err) >= 0);
    mem_tick_core(f->mem, now);
    mem_tick_icnt(f->mem);
    mem_tick_l2(f->mem);
    mem_tick_dram(f->mem);
}

static void launch(fixture *f, uint32_t cta, uint64_t seq)
{
    char err[256];
    assert_int_equal(core_launch_cta(f->c, cta, seq, err, sizeof err), 0);
}

/* A dependent SP instruction issues exactly (pipeline depth 3: IDOC, OC,
 * OCEX) + lat[SP] cycles after its producer; the first issue is at cycle 1
 * (cycle 0 fetches). */
static void test_dependency_timing(void **st)
{
    (void)st;
    fixture *f = fx_new(1, 1);
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, 1);
    f->tp.n = 2;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    int64_t issue_at[2] = { -1, -1 };
    int n = 0;
    for (uint64_t t = 0; t < 200 && n < 2; t++) {
        step(f, t, &sig);
        if (sig.issued) issue_at[n++] = (int64_t)t;
        /* partition: at most one class per cycle (none: dep_wait) */
        assert_true(sig.issued + sig.stalled + sig.idle + sig.mem_wait <= 1);
        assert_int_equal(sig.active, sig.issued);
    }
    assert_int_equal(issue_at[0], 1);
    assert_int_equal(issue_at[1], 1 + 3 + (int64_t)f->cfg.sm.lat[IC_SP] * 1);
    fx_free(f);
}

/* Issue cycles of the first n instructions of warp 0 (a chain on one warp). */
static void issue_times(fixture *f, int64_t *at, int n)
{
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    int k = 0;
    for (uint64_t t = 0; t < 5000 && k < n; t++) {
        step(f, t, &sig);
        if (sig.issued) at[k++] = (int64_t)t;
    }
    assert_int_equal(k, n);
}

/* Pipeline depth (docs/decisions.md, "Pipeline depth"): an instruction
 * issued at T enters OC at T + 1 with its operands collected oc cycles later;
 * OC -> OCEX runs before IDOC -> OC in a cycle, so it moves at
 * T + max(2, 1 + oc), enters EX one cycle later and writes its result lat +
 * wb_cycles after that, when the dependent issues:
 *   spacing = 2 + max(1, core.oc_cycles) + lat + core.wb_cycles.
 * A chain of 8 dependent SP (or SFU) instructions, every spacing exact, for
 * each (oc, wb, lat), among them today's presets (oc 1, wb 0: 3 + lat) and
 * Accel-Sim's SM6_TITANX (FFMA latency 4 from trace.config, operands read in
 * one cycle with -gpgpu_reg_file_port_throughput 2, wb 2: 9 cycles). */
static void test_pipeline_depth(void **st)
{
    (void)st;
    static const struct { int cls; uint32_t oc, wb, lat; int64_t spacing; } cases[] = {
        { IC_SP, 1, 0, 24, 27 },  /* small preset: 2 + 1 + 24 */
        { IC_SP, 1, 0, 4, 7 },    /* TITANX latency, ctasim's depth before core.wb_cycles */
        { IC_SP, 1, 2, 4, 9 },    /* the SM6_TITANX mirror: 2 + 1 + 4 + 2 */
        { IC_SP, 0, 2, 4, 9 },    /* oc 0 collects no faster than oc 1 */
        { IC_SP, 2, 2, 4, 10 },   /* -gpgpu_reg_file_port_throughput 1 */
        { IC_SP, 3, 1, 6, 12 },
        { IC_SP, 1, 15, 1, 19 },  /* the largest core.wb_cycles */
        { IC_SFU, 1, 2, 20, 25 }, /* SFU: trace.config's latency 20 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture *f = fx_new(1, 1);
        f->cfg.sm.oc_cycles = cases[i].oc;
        f->cfg.sm.wb_cycles = cases[i].wb;
        f->cfg.sm.lat[cases[i].cls] = cases[i].lat;
        f->tp.prog[0] = mk(cases[i].cls, 1, -1);
        for (int k = 1; k < 8; k++) f->tp.prog[k] = mk(cases[i].cls, 1, 1);  /* r1 = f(r1) */
        f->tp.n = 8;
        launch(f, 0, 0);
        int64_t at[8];
        issue_times(f, at, 8);
        assert_int_equal(at[0], 1);
        for (int k = 1; k < 8; k++) {
            if (at[k] - at[k - 1] != cases[i].spacing)
                fail_msg("case %zu: instruction %d issued %lld cycles after its producer, want %lld",
                         i, k, (long long)(at[k] - at[k - 1]), (long long)cases[i].spacing);
        }
        fx_free(f);
    }
}

/* core.lat_from = issue (docs/config.md, "Dependent-issue timing"): a
 * dependent issues lat cycles after its producer, the stages between issue
 * and EX and core.wb_cycles overlapping lat, but no sooner than the cycle
 * after its producer enters EX:
 *   spacing = max(lat, 3 + max(1, core.oc_cycles)).
 * The H100 SXM dependent FFMA (4 cycles, hwcalib/results) against the 7 of
 * the Accel-Sim mirror's depth (oc 1, wb 2, lat 2). */
static void test_lat_from_issue(void **st)
{
    (void)st;
    static const struct { int cls; uint32_t oc, wb, lat; int64_t spacing; } cases[] = {
        { IC_SP, 1, 2, 4, 4 },    /* silicon FFMA: wb_cycles overlapped */
        { IC_SP, 1, 0, 24, 24 },  /* small preset's latency */
        { IC_SP, 1, 2, 2, 4 },    /* below the depth: EX entry + 1 */
        { IC_SP, 2, 0, 4, 5 },    /* a slower collector: 3 + 2 */
        { IC_SP, 0, 0, 4, 4 },
        { IC_SFU, 1, 2, 20, 20 }, /* SFU */
        { IC_DP, 1, 2, 9, 9 },
        { IC_SLD, 1, 0, 30, 30 }, /* shared memory on EX_LDST */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int mode = 0; mode < 2; mode++) {
            fixture *f = fx_new(1, 1);
            f->cfg.sm.lat_from = mode ? LAT_FROM_ISSUE : LAT_FROM_EX;
            f->cfg.sm.oc_cycles = cases[i].oc;
            f->cfg.sm.wb_cycles = cases[i].wb;
            f->cfg.sm.lat[cases[i].cls] = cases[i].lat;
            f->tp.prog[0] = mk(cases[i].cls, 1, -1);
            for (int k = 1; k < 8; k++) f->tp.prog[k] = mk(cases[i].cls, 1, 1);
            f->tp.n = 8;
            launch(f, 0, 0);
            int64_t at[8];
            issue_times(f, at, 8);
            /* ex: 2 + max(1, oc) + lat (+ wb on EX_SP / EX_SFU), as before */
            int64_t ex = 2 + (cases[i].oc > 1 ? cases[i].oc : 1) + cases[i].lat +
                         (cases[i].cls == IC_SLD ? 0 : cases[i].wb);
            int64_t want = mode ? cases[i].spacing : ex;
            for (int k = 1; k < 8; k++)
                if (at[k] - at[k - 1] != want)
                    fail_msg("case %zu, lat_from %s: instruction %d issued %lld cycles after its "
                             "producer, want %lld", i, mode ? "issue" : "ex", k,
                             (long long)(at[k] - at[k - 1]), (long long)want);
            fx_free(f);
        }
    }
}

/* core.wb_cycles delays results of EX_SP / EX_SFU only: a shared-memory load
 * (EX_LDST, lat.sld) and a barrier keep their timing. */
static void test_wb_cycles_alu_only(void **st)
{
    (void)st;
    int64_t at0[2], at2[2];
    for (int wb = 0; wb <= 2; wb += 2) {
        fixture *f = fx_new(1, 1);
        f->cfg.sm.wb_cycles = (uint32_t)wb;
        f->tp.prog[0] = mk(IC_SLD, 1, -1);
        f->tp.prog[1] = mk(IC_SLD, 2, 1);
        f->tp.n = 2;
        launch(f, 0, 0);
        issue_times(f, wb ? at2 : at0, 2);
        fx_free(f);
    }
    assert_int_equal(at0[1] - at0[0], 3 + 30);   /* 2 + max(1, oc 1) + lat.sld 30 */
    assert_int_equal(at2[1] - at2[0], at0[1] - at0[0]);
}

/* The same chain read from workloads/dep_chain.kern (128 dependent sp on
 * one warp): every spacing is 2 + max(1, oc) + lat.sp + wb_cycles. */
static void test_dep_chain_kernel(void **st)
{
    (void)st;
    workload w;
    char err[256];
    memset(&w, 0, sizeof w);
    if (wl_load(&w, "workloads/dep_chain.kern", 1, err, sizeof err) < 0) fail_msg("%s", err);
    assert_int_equal(w.n_kernels, 1);
    static const struct { uint32_t oc, wb, lat; int64_t spacing; } cases[] = {
        { 1, 0, 24, 27 }, { 1, 2, 4, 9 }, { 2, 0, 4, 8 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fixture *f = fx_new(1, 1);
        f->cfg.sm.oc_cycles = cases[i].oc;
        f->cfg.sm.wb_cycles = cases[i].wb;
        f->cfg.sm.lat[IC_SP] = cases[i].lat;
        core_kernel_begin(f->c, w.kernels[0], 1);
        launch(f, 0, 0);
        int64_t at[128];
        issue_times(f, at, 128);
        for (int k = 1; k < 128; k++)
            if (at[k] - at[k - 1] != cases[i].spacing)
                fail_msg("case %zu: sp %d issued %lld cycles after its producer, want %lld", i, k,
                         (long long)(at[k] - at[k - 1]), (long long)cases[i].spacing);
        fx_free(f);
    }
    wl_free(&w);
}

/* While the only warp waits on a global load the core is mem_wait, not idle;
 * while it waits on an ALU result it is neither (dep_wait: seed 000 Sec. 4.1
 * counts as idle only cycles with no threads to execute). */
static void test_mem_wait_vs_idle(void **st)
{
    (void)st;
    fixture *f = fx_new(1, 1);
    f->tp.prog[0] = mk(IC_GLD, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, 1);      /* waits on the load */
    f->tp.prog[2] = mk(IC_SP, 3, 2);      /* waits on an ALU result */
    f->tp.n = 3;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t memw = 0, idle_between = 0, dep_between = 0, issued = 0;
    for (uint64_t t = 0; t < 3000 && issued < 3; t++) {
        step(f, t, &sig);
        issued += sig.issued;
        if (issued == 1) memw += sig.mem_wait;
        if (issued == 2) {
            idle_between += sig.idle;
            dep_between += !sig.issued && !sig.stalled && !sig.idle && !sig.mem_wait;
        }
        assert_true(sig.issued + sig.stalled + sig.idle + sig.mem_wait <= 1);
    }
    assert_int_equal(issued, 3);
    /* the load misses to DRAM: a round trip of well over 100 cycles is all mem_wait
     * apart from the 3 cycles before the load reaches EX_LDST (scoreboard
     * already waits on r1, so those are mem_wait too) */
    assert_true(memw > 100);
    /* between the two ALU instructions: 3 + lat[SP] - 1 cycles, none idle */
    assert_int_equal(idle_between, 0);
    assert_int_equal(dep_between, 3 + f->cfg.sm.lat[IC_SP] - 1);
    assert_int_equal(sig.mem_warps, 0);
    fx_free(f);
}

/* DYNCTA's C_idle input (controllers.md 1, revised): four warps each running
 * a long chain of dependent SFU instructions never count an idle cycle while
 * they live; once every warp has exited, every cycle is idle. */
static void test_idle_only_without_live_warps(void **st)
{
    (void)st;
    fixture *f = fx_new(4, 1);
    for (int i = 0; i < 40; i++) f->tp.prog[i] = mk(IC_SFU, 1 + (i & 1), i ? 1 + ((i - 1) & 1) : -1);
    f->tp.n = 40;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t t = 0, idle = 0, idle_live = 0, dep = 0, issued = 0;
    for (; t < 100000 && core_resident(f->c); t++) {
        step(f, t, &sig);
        idle += sig.idle;
        issued += sig.issued;
        if (sig.issued) idle_live = idle;  /* idle cycles up to the last issue */
        dep += !sig.issued && !sig.stalled && !sig.idle && !sig.mem_wait;
    }
    assert_int_equal(core_resident(f->c), 0);
    assert_int_equal(issued, 160);        /* 4 warps x 40 instructions */
    assert_true(dep > 100);               /* most cycles wait on the chain */
    assert_int_equal(idle_live, 0);
    uint64_t idle_after = 0;
    for (uint64_t k = 0; k < 50; k++) {
        step(f, ++t, &sig);
        idle_after += sig.idle;
    }
    assert_int_equal(idle_after, 50);
    fx_free(f);
}

/* Stall cycles per scheduler (seed 001 Sec. 4.3, Fig. 4-6: each of the two
 * schedulers, odd and even warps, "encounters a stall cycle" when it has no
 * ready instruction).  Two warps, one per scheduler, run the same two
 * dependent SPs: both issue at cycle 1 and again at 1 + 3 + lat[SP].  Up to
 * that second issue each scheduler stalls at cycle 0 (fetch) and in the
 * 2 + lat[SP] cycles between the issues: 3 + lat[SP] each, 2 (3 + lat[SP])
 * in all.  The old core-cycle count gave half (one per cycle with no issue). */
static void two_sched(gpu_cfg *cfg) { cfg->sm.n_sched = 2; }

static void test_stalls_per_scheduler(void **st)
{
    (void)st;
    fixture *f = fx_new_mem(2, 1, two_sched);
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, 1);
    f->tp.n = 2;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t lat = f->cfg.sm.lat[IC_SP], second = 1 + 3 + lat, t, no_issue = 0;
    for (t = 0; t <= second; t++) {
        step(f, t, &sig);
        no_issue += !sig.issued;
        if (t == 1 || t == second) assert_int_equal(sig.busy[CTL_SCH], 2);   /* both issue */
    }
    assert_int_equal(no_issue, 3 + lat);
    assert_int_equal(core_get_stats(f->c)->sched_stalls, 2 * (3 + lat));
    fx_free(f);
}

/* core.sched_init (seed 001 Sec. 4.3 / 4.6.2): a scheduler spends an
 * instruction's initiation interval issuing it -- ii x 32/lanes: 2 cycles for
 * SP on the small preset's 16 lanes, 8 for SFU on 4 lanes -- and those cycles
 * are not stall cycles.  One warp of four independent SPs, an SFU and an SP
 * (all independent) issues at 1, 3, 5, 7, 9 (the SFU), 17 (= 9 + 8); up to
 * the last issue one stall is counted, cycle 0 (the fetch: nothing ready).  Off, the same warp issues every cycle
 * the fetch supplies an instruction. */
static void sched_init_on(gpu_cfg *cfg) { cfg->sm.sched_init = 1; }

static uint32_t issue_cycles(fixture *f, uint64_t *at, uint32_t max)
{
    for (int i = 0; i < 4; i++) f->tp.prog[i] = mk(IC_SP, 1 + i, -1);
    f->tp.prog[4] = mk(IC_SFU, 5, -1);
    f->tp.prog[5] = mk(IC_SP, 6, -1);
    f->tp.n = 6;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint32_t n = 0;
    for (uint64_t t = 0; t < 40 && n < max; t++) {
        step(f, t, &sig);
        if (sig.issued) at[n++] = t;
    }
    return n;
}

static void test_sched_init(void **st)
{
    (void)st;
    uint64_t at[8];
    fixture *f = fx_new_mem(1, 1, sched_init_on);
    assert_int_equal(f->cfg.sm.simt_lanes, 16);
    assert_int_equal(f->cfg.sm.sfu_lanes, 4);
    assert_int_equal(issue_cycles(f, at, 6), 6);
    const uint64_t want[6] = { 1, 3, 5, 7, 9, 17 };
    for (int i = 0; i < 6; i++) assert_int_equal(at[i], want[i]);
    assert_int_equal(core_get_stats(f->c)->sched_stalls, 1);
    fx_free(f);

    f = fx_new(1, 1);                       /* off: back to back */
    assert_int_equal(issue_cycles(f, at, 6), 6);
    for (int i = 0; i < 6; i++) assert_int_equal(at[i], 1 + (uint64_t)i);
    fx_free(f);
}

/* core.dual_issue (GPGPU-Sim -gpgpu_max_insn_issue_per_warp 2, different
 * execution units): one warp runs SP r1; GLD r2 (another unit, independent:
 * pairs with the SP), SP r3; SP r4 (same unit: never pair), SP r5; GST r5 (the
 * store reads r5: the scoreboard keeps it back, then it pairs with the
 * independent SFU r6), BRA (alone: its pair partner went with the store; a
 * branch runs on the SP pipeline and pairs as SP).
 * Instructions issued per cycle, in order: with dual issue 2 1 1 1 2 1,
 * without it 1 each; the same instructions either way. */
static void dual_on(gpu_cfg *cfg) { cfg->sm.dual_issue = 1; }

static void dual_issue_groups(void (*tweak)(gpu_cfg *), uint32_t *groups, uint32_t *ng)
{
    fixture *f = fx_new_mem(1, 1, tweak);
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.prog[1] = mk(IC_GLD, 2, -1);
    f->tp.prog[2] = mk(IC_SP, 3, -1);
    f->tp.prog[3] = mk(IC_SP, 4, -1);
    f->tp.prog[4] = mk(IC_SP, 5, -1);
    f->tp.prog[5] = mk(IC_GST, -1, 5);
    f->tp.prog[6] = mk(IC_SFU, 6, -1);
    f->tp.prog[7] = mk(IC_BRA, -1, -1);
    f->tp.n = 8;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    *ng = 0;
    uint64_t before = 0, total = 0;
    for (uint64_t t = 0; t < 400 && total < 8; t++) {
        step(f, t, &sig);
        total = core_get_stats(f->c)->warp_insts;
        if (total > before) groups[(*ng)++] = (uint32_t)(total - before);
        assert_int_equal(sig.busy[CTL_SCH], total - before);
        before = total;
    }
    assert_int_equal(total, 8);
    fx_free(f);
}

static void test_dual_issue(void **st)
{
    (void)st;
    uint32_t g[16], n;
    dual_issue_groups(dual_on, g, &n);
    const uint32_t want[6] = { 2, 1, 1, 1, 2, 1 };
    assert_int_equal(n, 6);
    for (uint32_t i = 0; i < n; i++) assert_int_equal(g[i], want[i]);
    dual_issue_groups(NULL, g, &n);
    assert_int_equal(n, 8);
    for (uint32_t i = 0; i < n; i++) assert_int_equal(g[i], 1);
}

/* uC-States' J and lambda count the same jobs (controllers.md 5, seed 004
 * Sec. 2.2): a memory instruction from its entry into EX_LDST until it
 * commits, shared, global and local (a local access takes the global path)
 * alike.  One warp runs a shared load, a global load and a local store, each
 * waited on: lambda sums to 3, and while the shared load is in EX_LDST J is 1
 * for exactly lat[SLD] cycles (the old J counted only global accesses, from
 * issue, so the shared load's cycles were 0 while lambda counted it). */
static void test_j_lambda_same_jobs(void **st)
{
    (void)st;
    fixture *f = fx_new(1, 1);
    f->tp.prog[0] = mk(IC_SLD, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, 1);
    f->tp.prog[2] = mk(IC_GLD, 3, 2);
    f->tp.prog[3] = mk(IC_SP, 4, 3);
    f->tp.prog[4] = mk(IC_GST, -1, 4);    /* the local store */
    f->tp.n = 5;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t issued = 0, lambda = 0, j = 0, j_shared = 0, j_global = 0;
    for (uint64_t t = 0; t < 5000 && core_resident(f->c); t++) {
        step(f, t, &sig);
        issued += sig.issued;
        lambda += sig.ldst_enter;
        j += sig.mem_warps;
        assert_true(sig.mem_warps <= 1);  /* one warp, each access waited on */
        if (issued < 3) j_shared += sig.mem_warps;
        else if (issued < 5) j_global += sig.mem_warps;
    }
    assert_int_equal(core_resident(f->c), 0);
    assert_int_equal(issued, 5);
    assert_int_equal(lambda, 3);
    assert_int_equal(j_shared, f->cfg.sm.lat[IC_SLD]);
    assert_true(j_global > 100);          /* the global load misses to DRAM */
    assert_true(j > j_shared + j_global); /* the local store commits after its issue */
    fx_free(f);
}

/* Seed 000 Sec. 4.1 example: N = 4 CTAs resident, n goes to 3: the most
 * recently assigned CTA (CTA 3) is paused; to 2: CTA 2 too; back to 3: the
 * least recently paused... i.e. the older paused CTA (CTA 2) resumes first. */
static void test_pause_example(void **st)
{
    (void)st;
    fixture *f = fx_new(1, 4);
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.n = 1;
    for (uint32_t i = 0; i < 4; i++) launch(f, i, i);
    assert_int_equal(core_resident(f->c), 4);
    core_set_limit(f->c, 3);
    assert_int_equal(core_paused(f->c), 1);
    assert_int_equal(core_cta_paused(f->c, 3), 1);
    assert_int_equal(core_cta_paused(f->c, 2), 0);
    assert_false(core_has_room(f->c));
    core_set_limit(f->c, 2);
    assert_int_equal(core_cta_paused(f->c, 3), 1);
    assert_int_equal(core_cta_paused(f->c, 2), 1);
    assert_int_equal(core_cta_paused(f->c, 1), 0);
    core_set_limit(f->c, 3);
    assert_int_equal(core_cta_paused(f->c, 2), 0);    /* CTA2 resumes */
    assert_int_equal(core_cta_paused(f->c, 3), 1);
    core_set_limit(f->c, 4);
    assert_int_equal(core_paused(f->c), 0);
    assert_false(core_has_room(f->c));               /* N = 4 reached */
    fx_free(f);
}

/* Paused CTAs' warps issue only when no unpaused warp can. */
static void test_paused_lowest_priority(void **st)
{
    (void)st;
    fixture *f = fx_new(1, 2);
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, -1);
    f->tp.prog[2] = mk(IC_SP, 3, -1);
    f->tp.n = 3;
    f->tp.cta_mask[0] = 0x1;           /* CTA 0: one lane  */
    f->tp.cta_mask[1] = 0xff;          /* CTA 1: 8 lanes   */
    launch(f, 0, 0);
    launch(f, 1, 1);
    core_set_limit(f->c, 1);           /* CTA 1 (younger) paused */
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint32_t seq[8], n = 0;
    for (uint64_t t = 0; t < 200 && n < 6; t++) {
        step(f, t, &sig);
        if (sig.issued) seq[n++] = sig.max_lanes;
    }
    assert_int_equal(n, 6);
    /* the three independent instructions of CTA 0 go first */
    assert_int_equal(seq[0], 1);
    assert_int_equal(seq[1], 1);
    assert_int_equal(seq[2], 1);
    assert_int_equal(seq[3], 8);
    fx_free(f);
}

/* A barrier holds the early warp until the late one arrives. */
static void test_barrier(void **st)
{
    (void)st;
    fixture *f = fx_new(2, 1);
    /* every warp: bar, sp; but warp 1 of CTA ... all warps run the same
     * program, so make the barrier wait on a long dependency chain instead:
     * r1 <- sp; (dependent) r2 <- sp r1; bar; r3 <- sp */
    f->tp.prog[0] = mk(IC_SP, 1, -1);
    f->tp.prog[1] = mk(IC_SP, 2, 1);
    f->tp.prog[2] = mk(IC_BAR, -1, 2);
    f->tp.prog[3] = mk(IC_SP, 3, -1);
    f->tp.n = 4;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint32_t issued = 0, done = 0;
    for (uint64_t t = 0; t < 500; t++) {
        step(f, t, &sig);
        issued += (uint32_t)sig.thread_insts / 32;
        done += sig.cta_done;
    }
    assert_int_equal(issued, 2 * 4);
    assert_int_equal(done, 1);
    assert_int_equal(f->tp.ended, 1);
    assert_int_equal(core_resident(f->c), 0);
    assert_true(core_quiet(f->c));
    fx_free(f);
}

/* Tuning EX_SFU down halves its throughput: 16 independent SFU
 * instructions take longer with one group. */
static uint64_t sfu_run(int tuned_down)
{
    fixture *f = fx_new(8, 1);
    for (int i = 0; i < 8; i++) f->tp.prog[i] = mk(IC_SFU, 1 + i, -1);
    f->tp.n = 8;
    launch(f, 0, 0);
    if (tuned_down) core_set_accepts(f->c, (uint16_t)(((1u << CTL_NCOMP) - 1) & ~(1u << CTL_EX_SFU)));
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t t;
    for (t = 0; t < 100000; t++) {
        step(f, t, &sig);
        if (sig.cta_done) break;
        if (tuned_down) assert_true(sig.busy[CTL_EX_SFU] <= f->cfg.sm.units[CTL_EX_SFU] / 2);
    }
    fx_free(f);
    return t;
}

static void test_half_throughput(void **st)
{
    (void)st;
    uint64_t full = sfu_run(0), half = sfu_run(1);
    /* 64 SFU warp instructions on 4-lane units (8 cycles each): with 2 units
     * ~256 cycles of occupancy, with 1 unit ~512; the fixed latency tail is
     * the same. */
    assert_true(half > full + 200);
}

/* Four L1 banks interleaved every 32 B, 32 B sectors, one LD/ST unit (odd:
 * allowed with banks), as GPGPU-Sim's SM7_QV100 L1. */
static void qv100_l1(gpu_cfg *c)
{
    c->mem.l1_banks = 4;
    c->mem.l1_bank_bytes = 32;
    c->mem.l1_sector_bytes = 32;
    c->sm.units[CTL_EX_LDST] = 1;
}

/* Cycles from the issue of a global load that hits L1 to the issue of the
 * instruction that needs its result, and the bank conflicts of the run.
 * The warp loads its 4 sectors (r1, to fill L1), then loads them again
 * (r3, after r2 = f(r1) so that the lines are there) and uses r3.  `spread`:
 * lanes 0..31 read 128 consecutive bytes, 4 sectors in banks 0..3; else 8
 * lanes read each of 4 lines' first sector: 4 sectors in one bank. */
static void bank_run(int spread, uint64_t *gap, uint64_t *conflicts)
{
    fixture *f = fx_new_mem(1, 1, qv100_l1);
    inst ld = mk(IC_GLD, 1, -1);
    for (int l = 0; l < 32; l++)
        ld.addr[l] = spread ? 0x200000 + (uint64_t)l * 4
                            : 0x200000 + (uint64_t)(l / 8) * 128 + (uint64_t)(l % 8) * 4;
    f->tp.prog[0] = ld;
    f->tp.prog[1] = mk(IC_SP, 2, 1);
    f->tp.prog[2] = ld;
    f->tp.prog[2].dst[0] = 3;
    f->tp.prog[2].src[0] = 2;
    f->tp.prog[2].nsrc = 1;
    f->tp.prog[3] = mk(IC_SP, 4, 3);
    f->tp.n = 4;
    launch(f, 0, 0);
    ctl_core_in sig;
    memset(&sig, 0, sizeof sig);
    uint64_t at[4], n = 0;
    for (uint64_t t = 0; t < 5000 && n < 4; t++) {
        step(f, t, &sig);
        if (sig.issued) at[n++] = t;
    }
    assert_int_equal(n, 4);
    *gap = at[3] - at[2];
    *conflicts = mem_get_stats(f->mem)->l1_bank_conflicts;
    assert_int_equal(core_get_stats(f->c)->l1_lines, 8);
    fx_free(f);
}

/* With banks the LD/ST unit offers up to l1.banks accesses of an instruction
 * per cycle and stops at the first refused: four sectors in four banks go in
 * one cycle, four in one bank in four (three conflicts per load, six in
 * all), so the hit's result is exactly 3 cycles later.  The spread gap is
 * OC/OCEX/EX entry (3) + the send in the next cycle (1) + l1.lat. */
static void test_l1_bank_serialisation(void **st)
{
    (void)st;
    uint64_t gap_spread, gap_same, c_spread, c_same;
    bank_run(1, &gap_spread, &c_spread);
    bank_run(0, &gap_same, &c_same);
    gpu_cfg d;
    cfg_defaults(&d);
    assert_int_equal(gap_spread, 3 + 1 + d.mem.l1_lat);
    assert_int_equal(gap_same, gap_spread + 3);
    assert_int_equal(c_spread, 0);
    assert_int_equal(c_same, 6);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_l1_bank_serialisation),
        cmocka_unit_test(test_dependency_timing),
        cmocka_unit_test(test_dual_issue),
        cmocka_unit_test(test_pipeline_depth),
        cmocka_unit_test(test_wb_cycles_alu_only),
        cmocka_unit_test(test_lat_from_issue),
        cmocka_unit_test(test_dep_chain_kernel),
        cmocka_unit_test(test_mem_wait_vs_idle),
        cmocka_unit_test(test_idle_only_without_live_warps),
        cmocka_unit_test(test_j_lambda_same_jobs),
        cmocka_unit_test(test_stalls_per_scheduler),
        cmocka_unit_test(test_sched_init),
        cmocka_unit_test(test_pause_example),
        cmocka_unit_test(test_paused_lowest_priority),
        cmocka_unit_test(test_barrier),
        cmocka_unit_test(test_half_throughput),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
