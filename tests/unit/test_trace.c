/* test_trace.c -- Accel-Sim trace reader, SASS table and trace writer.
 *
 * Run from the repository root: fixtures are tests/data/traces/, the real
 * trace is ../shared/testdata/accelsim/vectoradd-100-32/ (read in place).
 * Expected values come from the fixture text (each fixture line is cited) or
 * from an independent count of the real trace file.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <lzma.h>
#include <cmocka.h>
#include "cfg.h"
#include "kern.h"
#include "sass.h"
#include "trace.h"
#include "trace_write.h"
#include "tracez_gen.h"

#define FIX "tests/data/traces/"
#define REAL "../shared/testdata/accelsim/vectoradd-100-32"

static char tmpdir[] = "/tmp/ctasim_trace_XXXXXX";

/* ------------------------------------------------------------ helpers */

static void fetch_ok(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *in)
{
    char err[300] = "";
    int got = k->ops->fetch(k, cta, warp, cur, in, err, sizeof err);
    if (got != 1)
        fail_msg("fetch cta %u warp %u: %d %s", cta, warp, got, err);
}

static void fetch_end(kern *k, uint32_t cta, uint32_t warp, kcursor *cur)
{
    char err[300] = "";
    inst in;
    assert_int_equal(k->ops->fetch(k, cta, warp, cur, &in, err, sizeof err), 0);
}

static void assert_inst_equal(const inst *got, const inst *want)
{
    assert_int_equal(got->cls, want->cls);
    assert_int_equal(got->pc, want->pc);
    assert_int_equal(got->mask, want->mask);
    assert_int_equal(got->ndst, want->ndst);
    assert_int_equal(got->nsrc, want->nsrc);
    assert_memory_equal(got->dst, want->dst, sizeof got->dst);
    assert_memory_equal(got->src, want->src, sizeof got->src);
    assert_int_equal(got->bytes, want->bytes);
    for (int lane = 0; lane < 32; lane++)
        if (want->bytes && (want->mask >> lane & 1u))
            assert_int_equal(got->addr[lane], want->addr[lane]);
}

/* Open a fixture kernel and begin CTAs until one fails; the error message. */
static void expect_run_error(const char *file, const char *want)
{
    char err[300] = "";
    kern *k = NULL;
    int rc = trace_open_kernel(&k, file, 1, err, sizeof err);
    for (uint32_t c = 0; rc == 0 && c < k->n_cta; c++)
        rc = k->ops->cta_begin(k, c, err, sizeof err);
    assert_int_equal(rc, -1);
    assert_string_equal(err, want);
    if (k)
        k->ops->destroy(k);
}

static void expect_load_error(const char *path, const char *want)
{
    char err[300] = "";
    workload w;
    assert_int_equal(trace_load_workload(&w, path, err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_int_equal(w.n_kernels, 0);
}

/* ------------------------------------------------------------ SASS table */

static void test_sass_table_sorted_and_classes(void **state)
{
    (void)state;
    unsigned flags;
    for (unsigned i = 1; i < sass_table_size(); i++)
        assert_true(strcmp(sass_table_entry(i - 1)->name, sass_table_entry(i)->name) < 0);
    assert_true(sass_table_size() >= 180);
    assert_int_equal(sass_class("LDG.E.128.CONSTANT.SYS", &flags), IC_GLD);
    assert_int_equal(sass_class("LDS.U.128", &flags), IC_SLD);
    assert_int_equal(sass_class("LDSM.16.M88.4", &flags), IC_SLD);
    assert_int_equal(sass_class("STS.128", &flags), IC_SST);
    assert_int_equal(sass_class("STG.E.SYS", &flags), IC_GST);
    assert_int_equal(sass_class("STL", &flags), IC_GST);
    assert_int_equal(sass_class("RED.E.ADD.STRONG.GPU", &flags), IC_ATOM);
    assert_int_equal(sass_class("ATOMS.ADD", &flags), IC_SLD);
    assert_int_equal(sass_class("MUFU.EX2", &flags), IC_SFU);
    assert_int_equal(sass_class("DADD", &flags), IC_DP);
    assert_int_equal(sass_class("DMUL", &flags), IC_DP);
    assert_int_equal(sass_class("DFMA", &flags), IC_DP);
    assert_int_equal(sass_class("F2F.F64.F32", &flags), IC_DP);
    assert_int_equal(sass_class("F2F.F16.F32", &flags), IC_SP);
    assert_int_equal(sass_class("BAR.SYNC", &flags), IC_BAR);
    assert_int_equal(sass_class("BAR.ARV", &flags), IC_SP);
    const char *control[] = { "BRA", "BRX", "JMP", "CALL", "RET", "SYNC", "BSYNC", "BSSY", "WARPSYNC" };
    for (unsigned i = 0; i < sizeof control / sizeof control[0]; i++)
        assert_int_equal(sass_class(control[i], &flags), IC_BRA);
    assert_int_equal(sass_class("EXIT", &flags), IC_EXIT);
    assert_int_equal(sass_class("NOP", &flags), IC_SP);
    assert_int_equal(sass_class("XMAD.PSL.CBCC", &flags), IC_SP);
    assert_int_equal(sass_class("IMAD.WIDE.U32", &flags), IC_SP);
    assert_int_equal(sass_class("CTASIM_HINT", &flags), IC_HINT);
    assert_int_equal(sass_class("LD.E", &flags), IC_GLD);
    assert_int_equal(flags, SASS_GENERIC);
    assert_int_equal(sass_class("FOOBAR.X", &flags), -1);
    assert_int_equal(flags, 0);
    assert_int_equal(sass_class(".E", &flags), -1);
}

static void test_sass_unknown_counts(void **state)
{
    (void)state;
    sass_unknown u;
    memset(&u, 0, sizeof u);
    sass_unknown_add(&u, "FOO.A", 0);
    sass_unknown_add(&u, "FOO.B", 1);
    sass_unknown_add(&u, "BAR2", 0);
    assert_int_equal(u.n, 2);
    assert_string_equal(u.name[0], "FOO");
    assert_int_equal(u.count[0], 2);
    assert_int_equal(u.addrs[0], 1);
    assert_int_equal(u.total, 3);
    assert_int_equal(u.total_addrs, 1);
    for (int i = 0; i < SASS_UNKNOWN_MAX + 5; i++) {
        char name[16];
        snprintf(name, sizeof name, "Z%d", i);
        sass_unknown_add(&u, name, 0);
    }
    assert_int_equal(u.n, SASS_UNKNOWN_MAX);
    assert_int_equal(u.other, 7);          /* 2 names held before, 30 more fit, 7 left over */
    assert_int_equal(u.total, 3 + SASS_UNKNOWN_MAX + 5);
}

/* ------------------------------------------------------------ real trace */

/* Count warp instructions and active lanes straight from the text: an
 * instruction line is "<hex pc> <8 hex digits mask> ...". */
static void count_file(const char *path, uint64_t *insts, uint64_t *threads)
{
    FILE *f = fopen(path, "r");
    char line[4096];
    assert_non_null(f);
    *insts = *threads = 0;
    while (fgets(line, sizeof line, f)) {
        char pc[32], mask[32];
        if (sscanf(line, "%31s %31s", pc, mask) != 2 || strlen(mask) != 8 ||
            strspn(pc, "0123456789abcdef") != strlen(pc) || strspn(mask, "0123456789abcdef") != 8)
            continue;
        unsigned long m = strtoul(mask, NULL, 16);
        (*insts)++;
        for (; m; m &= m - 1)
            (*threads)++;
    }
    fclose(f);
}

static void run_all(kern *k, uint64_t *insts, uint64_t *threads)
{
    char err[300] = "";
    *insts = *threads = 0;
    for (uint32_t c = 0; c < k->n_cta; c++) {
        if (k->ops->cta_begin(k, c, err, sizeof err))
            fail_msg("%s", err);
        for (uint32_t w = 0; w < k->warps_per_cta; w++) {
            kcursor cur;
            inst in;
            int got;
            memset(&cur, 0, sizeof cur);
            while ((got = k->ops->fetch(k, c, w, &cur, &in, err, sizeof err)) == 1) {
                (*insts)++;
                *threads += (uint64_t)__builtin_popcount(in.mask);
            }
            assert_int_equal(got, 0);
        }
        k->ops->cta_end(k, c);
    }
}

static void test_real_trace_counts(void **state)
{
    (void)state;
    char err[300] = "";
    workload w;
    uint64_t want_i, want_t, got_i, got_t;
    count_file(REAL "/kernel-1.traceg", &want_i, &want_t);
    /* README: 32 warps; warps 0-3 run 23 instructions, 28 warps exit after 9:
     * 4*23 + 28*9 = 344.  Lanes: warps 0-2 22 full + a 0-lane EXIT = 704 each,
     * warp 3 8*32 + 28 + 14*4 = 340, warps 4-31 9*32 = 288 each: 10516. */
    assert_int_equal(want_i, 344);
    assert_int_equal(want_t, 10516);
    assert_int_equal(trace_load_workload(&w, REAL, err, sizeof err), 0);
    assert_int_equal(w.n_kernels, 1);
    kern *k = w.kernels[0];
    assert_string_equal(k->name, "_Z6vecAddIfEvPT_S1_S1_i");
    assert_int_equal(k->n_cta, 1);
    assert_int_equal(k->cta_threads, 1024);
    assert_int_equal(k->warps_per_cta, 32);
    assert_int_equal(k->regs_per_thread, 8);
    assert_int_equal(k->smem_per_cta, 0);
    const trace_info *in = trace_kern_info(k);
    assert_int_equal(in->version, 4);
    assert_int_equal(in->binary_version, 61);
    assert_int_equal(in->memcpy_count, 2);
    assert_int_equal(in->memcpy_bytes, 800);
    run_all(k, &got_i, &got_t);
    assert_int_equal(got_i, want_i);
    assert_int_equal(got_t, want_t);
    assert_int_equal(in->unknown.total, 0);
    trace_workload_free(&w);
}

/* Warp 3 of the real trace: the divergent one (kernel-1.traceg). */
static void test_real_trace_warp3(void **state)
{
    (void)state;
    char err[300] = "";
    workload w;
    kcursor cur;
    inst in;
    assert_int_equal(trace_load_workload(&w, REAL "/kernelslist.g", err, sizeof err), 0);
    kern *k = w.kernels[0];
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    memset(&cur, 0, sizeof cur);
    for (int i = 0; i < 8; i++)
        fetch_ok(k, 0, 3, &cur, &in);
    fetch_ok(k, 0, 3, &cur, &in);            /* 0058 fffffff0 0 EXIT: not the last, a branch */
    assert_int_equal(in.pc, 0x58);
    assert_int_equal(in.cls, IC_BRA);
    assert_int_equal(in.mask, 0xfffffff0u);
    for (int i = 0; i < 5; i++)
        fetch_ok(k, 0, 3, &cur, &in);
    fetch_ok(k, 0, 3, &cur, &in);            /* 0098 0000000f 1 R4 LDG.E.CG 1 R4 4 1 0x7fd165500180 4 */
    assert_int_equal(in.cls, IC_GLD);
    assert_int_equal(in.bytes, 4);
    assert_int_equal(in.dst[0], 4);
    assert_int_equal(in.src[0], 4);
    assert_int_equal(in.addr[0], 0x7fd165500180ull);
    assert_int_equal(in.addr[3], 0x7fd16550018cull);
    assert_int_equal(in.addr[4], 0);
    for (int i = 0; i < 8; i++)
        fetch_ok(k, 0, 3, &cur, &in);
    assert_int_equal(in.cls, IC_EXIT);       /* 00f0 0000000f 0 EXIT: last */
    fetch_end(k, 0, 3, &cur);
    trace_workload_free(&w);
}

/* ------------------------------------------------------------ line forms */

static void test_forms_v4(void **state)
{
    (void)state;
    char err[300] = "";
    workload w;
    kcursor cur;
    inst in;
    assert_int_equal(trace_load_workload(&w, FIX "ok", err, sizeof err), 0);
    assert_int_equal(w.n_kernels, 2);
    kern *k = w.kernels[0];
    const trace_info *ti = trace_kern_info(k);
    assert_int_equal(k->n_cta, 2);
    assert_int_equal(k->cta_threads, 40);
    assert_int_equal(k->warps_per_cta, 2);
    assert_int_equal(k->regs_per_thread, 24);
    assert_int_equal(k->smem_per_cta, 1024);
    assert_int_equal(ti->memcpy_count, 2);
    assert_int_equal(ti->memcpy_bytes, 800);
    assert_int_equal(ti->warnings, 1);       /* "-future knob" twice: warned once */
    assert_string_equal(ti->first_warning,
                        "tests/data/traces/ok/../ok_v4.traceg:12: warning: unknown header line ignored (-future knob)");
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    assert_int_equal(ti->insts, 11);         /* streaming: only thread block 0 read so far */
    memset(&cur, 0, sizeof cur);
    fetch_ok(k, 0, 0, &cur, &in);            /* 0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 RZ 0 */
    assert_int_equal(in.cls, IC_SP);
    assert_int_equal(in.ndst, 1);
    assert_int_equal(in.dst[0], 1);
    assert_int_equal(in.nsrc, 2);
    assert_int_equal(in.src[0], KERN_REG_NONE);
    assert_int_equal(in.src[1], KERN_REG_NONE);
    fetch_ok(k, 0, 0, &cur, &in);            /* list-all, 4 lanes, 8 bytes */
    assert_int_equal(in.cls, IC_GLD);
    assert_int_equal(in.bytes, 8);
    assert_int_equal(in.mask, 0xf);
    assert_int_equal(in.addr[0], 0x1000);
    assert_int_equal(in.addr[1], 0x1008);
    assert_int_equal(in.addr[2], 0x1010);
    assert_int_equal(in.addr[3], 0x1100);
    fetch_ok(k, 0, 0, &cur, &in);            /* base 0x2000 stride -4 on lanes 4..7 */
    assert_int_equal(in.addr[4], 0x2000);
    assert_int_equal(in.addr[5], 0x1ffc);
    assert_int_equal(in.addr[7], 0x1ff4);
    assert_int_equal(in.addr[3], 0);
    fetch_ok(k, 0, 0, &cur, &in);            /* base-delta on lanes 0 and 2 */
    assert_int_equal(in.cls, IC_GST);
    assert_int_equal(in.addr[0], 0x3000);
    assert_int_equal(in.addr[2], 0x3100);
    fetch_ok(k, 0, 0, &cur, &in);            /* predicated-off store: mask 0, base-stride 0x0 0 */
    assert_int_equal(in.cls, IC_GST);
    assert_int_equal(in.mask, 0);
    fetch_ok(k, 0, 0, &cur, &in);            /* generic LD inside the shared window */
    assert_int_equal(in.cls, IC_SLD);
    assert_int_equal(in.addr[1], 0x7f0000000104ull);
    fetch_ok(k, 0, 0, &cur, &in);            /* generic ST outside it */
    assert_int_equal(in.cls, IC_GST);
    fetch_ok(k, 0, 0, &cur, &in);            /* EXIT in the middle */
    assert_int_equal(in.cls, IC_BRA);
    fetch_ok(k, 0, 0, &cur, &in);            /* unknown opcode: SP, counted */
    assert_int_equal(in.cls, IC_SP);
    assert_int_equal(in.pc, 0x80);
    fetch_end(k, 0, 0, &cur);
    assert_int_equal(ti->unknown.n, 1);
    assert_string_equal(ti->unknown.name[0], "FOOBAR");
    memset(&cur, 0, sizeof cur);
    fetch_ok(k, 0, 1, &cur, &in);
    assert_int_equal(in.cls, IC_SFU);
    fetch_ok(k, 0, 1, &cur, &in);
    assert_int_equal(in.cls, IC_EXIT);
    k->ops->cta_end(k, 0);
    assert_int_equal(k->ops->cta_begin(k, 1, err, sizeof err), 0);   /* with cluster lines */
    memset(&cur, 0, sizeof cur);
    fetch_ok(k, 1, 0, &cur, &in);
    assert_int_equal(in.cls, IC_BAR);
    memset(&cur, 0, sizeof cur);
    fetch_end(k, 1, 1, &cur);                /* insts = 0 */
    k->ops->cta_end(k, 1);
    /* 9 + 2 + 1 lines; lanes 32+4+4+2+0+2+2+0+32 + 8+8 + 32 */
    assert_int_equal(ti->insts, 12);
    assert_int_equal(ti->thread_insts, 126);
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    assert_int_equal(trace_report(&w, mem, 0), 1);
    fclose(mem);
    assert_non_null(strstr(buf, "ok_v4.traceg: unknown SASS opcode FOOBAR executed 1 times"));
    assert_non_null(strstr(buf, "ok_v4.traceg: 12 warp instructions, 126 thread instructions"));
    free(buf);
    /* --quiet: the warning only, not the counts */
    mem = open_memstream(&buf, &len);
    assert_int_equal(trace_report(&w, mem, 1), 1);
    fclose(mem);
    assert_non_null(strstr(buf, "unknown SASS opcode FOOBAR"));
    assert_null(strstr(buf, "warp instructions"));
    free(buf);
    trace_workload_free(&w);
}

/* Header resources give N: ok_v4 has 40 threads (2 warps = 64 thread slots),
 * 24 registers, 1024 B shared.  Core: 1536 threads, 48 warps, 8 CTAs,
 * 32768 registers, 4096 B shared -> min(8, 1536/64 = 24, 48/2 = 24,
 * 32768/(24*64) = 21, 4096/1024 = 4) = 4. */
static void test_header_gives_n(void **state)
{
    (void)state;
    char err[300] = "";
    kern *k;
    gpu_cfg cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.sm.max_threads = 1536;
    cfg.sm.max_warps = 48;
    cfg.sm.max_ctas = 8;
    cfg.sm.regs = 32768;
    cfg.sm.smem_bytes = 4096;
    assert_int_equal(trace_open_kernel(&k, FIX "ok_v4.traceg", 1, err, sizeof err), 0);
    assert_int_equal(sm_ctas_per_core(&cfg.sm, k), 4);
    cfg.sm.smem_bytes = 65536;                  /* now registers bind: 21 */
    cfg.sm.max_ctas = 32;
    assert_int_equal(sm_ctas_per_core(&cfg.sm, k), 21);
    k->ops->destroy(k);
}

static void test_forms_v5_lineinfo_immediate(void **state)
{
    (void)state;
    char err[300] = "";
    kern *k;
    kcursor cur;
    inst in;
    assert_int_equal(trace_open_kernel(&k, FIX "ok_v5.traceg", 7, err, sizeof err), 0);
    assert_int_equal(trace_kern_info(k)->version, 5);
    assert_int_equal(trace_kern_info(k)->binary_version, -1);
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    memset(&cur, 0, sizeof cur);
    fetch_ok(k, 0, 0, &cur, &in);            /* 12 0000 ffffffff 1 R0 DFMA 3 R2 R4 R6 0 0 */
    assert_int_equal(in.cls, IC_DP);
    assert_int_equal(in.nsrc, 3);
    assert_int_equal(in.src[2], 6);
    fetch_ok(k, 0, 0, &cur, &in);            /* base-delta 0x5000 -64, immediate 7 */
    assert_int_equal(in.cls, IC_ATOM);
    assert_int_equal(in.addr[0], 0x5000);
    assert_int_equal(in.addr[1], 0x4fc0);
    fetch_ok(k, 0, 0, &cur, &in);
    assert_int_equal(in.cls, IC_EXIT);
    fetch_end(k, 0, 0, &cur);
    assert_int_equal(trace_kern_info(k)->thread_insts, 66);
    k->ops->cta_end(k, 0);
    k->ops->destroy(k);
}

/* ------------------------------------------------------------ errors */

static void test_errors_lines(void **state)
{
    (void)state;
    expect_run_error(FIX "err_truncated.traceg",
                     FIX "err_truncated.traceg:15: truncated line (missing opcode)");
    expect_run_error(FIX "err_badhex.traceg", FIX "err_badhex.traceg:14: bad hex mask (ffffzfff)");
    expect_run_error(FIX "err_insts_short.traceg",
                     FIX "err_insts_short.traceg:16: warp 0 has 2 instruction lines, insts = 3");
    expect_run_error(FIX "err_insts_long.traceg",
                     FIX "err_insts_long.traceg:15: more instruction lines than insts = 1 (warp 0)");
    expect_run_error(FIX "err_no_end.traceg",
                     FIX "err_no_end.traceg:14: missing #END_TB (thread block begun at line 10)");
    expect_run_error(FIX "err_addr_count.traceg",
                     FIX "err_addr_count.traceg:14: address count 3 does not match mask 0x0000000f (4 active lanes)");
    expect_run_error(FIX "err_delta_count.traceg",
                     FIX "err_delta_count.traceg:14: address count 7 does not match mask 0x0000000f (4 active lanes)");
    expect_run_error(FIX "err_stride_gap.traceg",
                     FIX "err_stride_gap.traceg:14: base-stride addresses need contiguous active lanes (mask 0x00000005)");
    expect_run_error(FIX "err_register.traceg",
                     FIX "err_register.traceg:14: unsupported register (P0): only R0..R255 are traced");
    expect_run_error(FIX "err_order.traceg",
                     FIX "err_order.traceg:11: thread block (1,0,0) out of order: expected (0,0,0)");
}

static void test_errors_header_and_list(void **state)
{
    (void)state;
    char err[300] = "";
    kern *k = NULL;
    assert_int_equal(trace_open_kernel(&k, FIX "err_version.traceg", 1, err, sizeof err), -1);
    assert_null(k);
    assert_string_equal(err, FIX "err_version.traceg:8: unsupported accelsim tracer version 9 (this reader reads 0..6)");
    assert_int_equal(trace_open_kernel(&k, FIX "err_no_nregs.traceg", 1, err, sizeof err), -1);
    assert_string_equal(err, FIX "err_no_nregs.traceg:9: missing header line (-nregs)");
    expect_load_error(FIX "bad_list", FIX "bad_list/kernelslist.g:1: bad hex MemcpyHtoD address (0xzz)");
    expect_load_error(FIX "missing_kernel",
                      FIX "missing_kernel/kernel-9.traceg:0: cannot open trace file (No such file or directory)");
    expect_load_error(FIX "nowhere", FIX "nowhere: cannot open (No such file or directory)");
}

static void test_errors_api_order(void **state)
{
    (void)state;
    char err[300] = "";
    kern *k;
    kcursor cur;
    inst in;
    assert_int_equal(trace_open_kernel(&k, FIX "ok_v4.traceg", 1, err, sizeof err), 0);
    assert_int_equal(k->ops->cta_begin(k, 1, err, sizeof err), -1);
    assert_string_equal(err, FIX "ok_v4.traceg: thread blocks are read in order: cta_begin(1), next is 0 of 2");
    memset(&cur, 0, sizeof cur);
    assert_int_equal(k->ops->fetch(k, 0, 0, &cur, &in, err, sizeof err), -1);
    assert_string_equal(err, FIX "ok_v4.traceg: fetch from CTA 0 warp 0, which is not begun");
    k->ops->destroy(k);
}

/* ------------------------------------------------------------ xz */

static void make_xz(const char *src, const char *dst, size_t cut)
{
    FILE *f = fopen(src, "rb");
    assert_non_null(f);
    static uint8_t in[1 << 16], out[1 << 16];
    size_t n = fread(in, 1, sizeof in, f), pos = 0;
    fclose(f);
    assert_int_equal(lzma_easy_buffer_encode(6, LZMA_CHECK_CRC64, NULL, in, n, out, &pos, sizeof out), LZMA_OK);
    f = fopen(dst, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(out, 1, pos - cut, f), pos - cut);
    fclose(f);
}

static void test_xz_compressed(void **state)
{
    (void)state;
    char path[128], err[300] = "";
    uint64_t want_i, want_t, got_i, got_t;
    kern *k;
    snprintf(path, sizeof path, "%s/kernel-1.traceg.xz", tmpdir);
    make_xz(REAL "/kernel-1.traceg", path, 0);
    count_file(REAL "/kernel-1.traceg", &want_i, &want_t);
    assert_int_equal(trace_open_kernel(&k, path, 1, err, sizeof err), 0);
    run_all(k, &got_i, &got_t);
    assert_int_equal(got_i, want_i);
    assert_int_equal(got_t, want_t);
    k->ops->destroy(k);
    /* the same stream cut short by 40 bytes: an error, not a crash */
    make_xz(REAL "/kernel-1.traceg", path, 40);
    int rc = trace_open_kernel(&k, path, 1, err, sizeof err);
    if (rc == 0) {
        rc = k->ops->cta_begin(k, 0, err, sizeof err);
        k->ops->destroy(k);
    }
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "xz"));
}

/* The reader's first fills are small (a header read decodes little) and grow
 * block by block: a kernel whose first line (a comment) is longer than the
 * first fills, read plain and xz-compressed, gives every instruction exactly
 * as the file without the comment does. */
static void test_xz_growing_fills(void **state)
{
    (void)state;
    char plain[128], xz[128], err[300] = "";
    snprintf(plain, sizeof plain, "%s/long-head.traceg", tmpdir);
    snprintf(xz, sizeof xz, "%s/long-head.traceg.xz", tmpdir);
    FILE *in = fopen(REAL "/kernel-1.traceg", "rb"), *out = fopen(plain, "wb");
    assert_non_null(in);
    assert_non_null(out);
    fputc('#', out);
    for (int i = 0; i < 3000; i++)
        fputc('a' + i % 26, out);
    fputc('\n', out);
    int c;
    while ((c = fgetc(in)) != EOF)
        fputc(c, out);
    fclose(in);
    assert_int_equal(fclose(out), 0);
    make_xz(plain, xz, 0);
    const char *paths[2] = { plain, xz };
    for (int v = 0; v < 2; v++) {
        kern *want, *got;
        assert_int_equal(trace_open_kernel(&want, REAL "/kernel-1.traceg", 1, err, sizeof err), 0);
        if (trace_open_kernel(&got, paths[v], 1, err, sizeof err))
            fail_msg("%s", err);
        assert_int_equal(got->n_cta, want->n_cta);
        assert_int_equal(got->warps_per_cta, want->warps_per_cta);
        uint64_t n = 0;
        for (uint32_t cta = 0; cta < want->n_cta; cta++) {
            assert_int_equal(want->ops->cta_begin(want, cta, err, sizeof err), 0);
            if (got->ops->cta_begin(got, cta, err, sizeof err))
                fail_msg("%s", err);
            for (uint32_t w = 0; w < want->warps_per_cta; w++) {
                kcursor cw, cg;
                inst iw, ig;
                memset(&cw, 0, sizeof cw);
                memset(&cg, 0, sizeof cg);
                while (want->ops->fetch(want, cta, w, &cw, &iw, err, sizeof err) == 1) {
                    fetch_ok(got, cta, w, &cg, &ig);
                    assert_inst_equal(&ig, &iw);
                    n++;
                }
                fetch_end(got, cta, w, &cg);
            }
            want->ops->cta_end(want, cta);
            got->ops->cta_end(got, cta);
        }
        uint64_t lines, threads;
        count_file(REAL "/kernel-1.traceg", &lines, &threads);
        assert_int_equal(n, lines);
        want->ops->destroy(want);
        got->ops->destroy(got);
    }
}

/* A NUL byte in a line is refused with its line number: on a line read in
 * place after clean lines of the same block (plain and xz), and on a first
 * line longer than the reader's first fill (gathered across fills). */
static void write_bytes(const char *path, const char *a, size_t na, const char *b, size_t nb)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(a, 1, na, f), na);
    assert_int_equal(fwrite(b, 1, nb, f), nb);
    assert_int_equal(fclose(f), 0);
}

static void test_nul_byte_in_line(void **state)
{
    (void)state;
    static const char head[] =
        "-kernel name = fixture\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
        "-shmem = 0\n-nregs = 8\n-binary version = 70\n-accelsim tracer version = 4\n\n"
        "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 3\n"
        "0000 1 1 R1 MOV 0 0\n";                              /* line 14 */
    static const char body[] = "0010 1 1 R1 M\0V 0 0\n0020 1 1 R1 MOV 0 0\n#END_TB\n";
    char plain[128], xz[128], want[400], err[300] = "";
    snprintf(plain, sizeof plain, "%s/nul.traceg", tmpdir);
    write_bytes(plain, head, sizeof head - 1, body, sizeof body - 1);
    snprintf(want, sizeof want, "%s:15: NUL byte in line", plain);
    expect_run_error(plain, want);
    snprintf(xz, sizeof xz, "%s/nul.traceg.xz", tmpdir);
    make_xz(plain, xz, 0);
    snprintf(want, sizeof want, "%s:15: NUL byte in line", xz);
    expect_run_error(xz, want);
    /* without the NUL the same file runs */
    static const char fixed[] = "0010 1 1 R1 MOV 0 0\n0020 1 1 R1 MOV 0 0\n#END_TB\n";
    write_bytes(plain, head, sizeof head - 1, fixed, sizeof fixed - 1);
    kern *k;
    assert_int_equal(trace_open_kernel(&k, plain, 1, err, sizeof err), 0);
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    k->ops->destroy(k);
    /* a 3000-byte comment first line with a NUL past the first fill */
    static char longline[3002];
    memset(longline, 'a', sizeof longline);
    longline[0] = '#';
    longline[2000] = '\0';
    longline[3001] = '\n';
    write_bytes(plain, longline, sizeof longline, head, sizeof head - 1);
    snprintf(want, sizeof want, "%s:1: NUL byte in line", plain);
    assert_int_equal(trace_open_kernel(&k, plain, 1, err, sizeof err), -1);
    assert_string_equal(err, want);
}

/* ------------------------------------------------------------ round trip */

/* A tiny synthetic source: 3 CTAs of 48 threads (warp 1 has 16 lanes);
 * warp w of CTA c runs 6 + c + w instructions cycling through every class,
 * memory ones alternating contiguous-stride, irregular and sparse lanes. */
typedef struct rt_src { kern k; } rt_src;

static uint32_t rt_len(uint32_t cta, uint32_t warp) { return 6 + cta + warp; }

static void rt_make(uint32_t cta, uint32_t warp, uint32_t pos, inst *in)
{
    static const uint8_t order[] = { IC_SP, IC_GLD, IC_SFU, IC_GST, IC_DP, IC_SLD, IC_SST,
                                     IC_ATOM, IC_BAR, IC_BRA, IC_HINT };
    memset(in, 0, sizeof *in);
    uint32_t full = warp == 1 ? 0xffffu : 0xffffffffu;
    uint32_t last = rt_len(cta, warp) - 1;
    in->cls = pos == last ? IC_EXIT : order[(pos + cta) % sizeof order];
    in->pc = pos * 16;
    in->mask = (pos % 3 == 2) ? (full & 0x00ff00f1u) : full;
    in->ndst = pos % 3 == 0 ? 0 : 1;
    in->dst[0] = in->ndst ? (uint8_t)(pos + warp) : KERN_REG_NONE;
    in->dst[1] = KERN_REG_NONE;
    in->nsrc = (uint8_t)(pos % 5);
    for (int i = 0; i < KERN_MAX_SRC; i++)
        in->src[i] = i < in->nsrc ? (i == 1 ? KERN_REG_NONE : (uint8_t)(i * 7 + pos)) : KERN_REG_NONE;
    int mem = in->cls == IC_GLD || in->cls == IC_GST || in->cls == IC_SLD || in->cls == IC_SST ||
              in->cls == IC_ATOM;
    if (!mem)
        return;
    in->bytes = (uint8_t)(1u << (pos % 5));
    for (int lane = 0; lane < 32; lane++)
        if (in->mask >> lane & 1u)
            in->addr[lane] = (pos % 2) ? 0x10000u + (uint64_t)cta * 4096 + (uint64_t)lane * in->bytes
                                       : 0x7000000000ull - (uint64_t)(lane * lane) * 40;
}

static int rt_begin(kern *k, uint32_t cta, char *err, unsigned errlen) { return 0; }
static int rt_fetch(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *out, char *err, unsigned errlen)
{
    if (cur->pos >= rt_len(cta, warp))
        return 0;
    rt_make(cta, warp, cur->pos++, out);
    return 1;
}
static void rt_end(kern *k, uint32_t cta) {}
static void rt_destroy(kern *k) {}
static const kern_ops rt_ops = { rt_begin, rt_fetch, rt_end, rt_destroy };

static int32_t roundtrip_version;   /* the -binary version the last roundtrip read back */

static void roundtrip(int form)
{
    rt_src src;
    workload w, back;
    char err[300] = "";
    memset(&src, 0, sizeof src);
    src.k.ops = &rt_ops;
    snprintf(src.k.name, sizeof src.k.name, "roundtrip");
    src.k.n_cta = 3;
    src.k.cta_threads = 48;
    src.k.warps_per_cta = 2;
    src.k.regs_per_thread = 32;
    src.k.smem_per_cta = 512;
    kern *one[1] = { &src.k };
    memset(&w, 0, sizeof w);
    w.n_kernels = 1;
    w.kernels = one;
    assert_int_equal(trace_write_workload(&w, tmpdir, form, err, sizeof err), 0);
    assert_int_equal(trace_load_workload(&back, tmpdir, err, sizeof err), 0);
    kern *k = back.kernels[0];
    assert_int_equal(k->n_cta, 3);
    assert_int_equal(k->cta_threads, 48);
    assert_int_equal(k->regs_per_thread, 32);
    assert_int_equal(k->smem_per_cta, 512);
    for (uint32_t c = 0; c < 3; c++) {
        assert_int_equal(k->ops->cta_begin(k, c, err, sizeof err), 0);
        for (uint32_t wp = 0; wp < 2; wp++) {
            kcursor cur;
            inst got, want;
            memset(&cur, 0, sizeof cur);
            for (uint32_t p = 0; p < rt_len(c, wp); p++) {
                fetch_ok(k, c, wp, &cur, &got);
                rt_make(c, wp, p, &want);
                assert_inst_equal(&got, &want);
            }
            fetch_end(k, c, wp, &cur);
        }
        k->ops->cta_end(k, c);
    }
    assert_int_equal(trace_kern_info(k)->unknown.total, 0);
    roundtrip_version = trace_kern_info(k)->binary_version;
    trace_workload_free(&back);
}

static void test_roundtrip_list(void **state) { (void)state; roundtrip(TRACE_ADDR_LIST | TRACE_WRITE_HINTS); }
static void test_roundtrip_compressed(void **state) { (void)state; roundtrip(TRACE_ADDR_COMPRESS | TRACE_WRITE_HINTS); }

/* The binary version written (trace.write_isa): 70 by default, 61 on request; the
 * instruction stream read back is the same. */
static void test_roundtrip_isa(void **state)
{
    (void)state;
    roundtrip(TRACE_ADDR_COMPRESS);
    assert_int_equal(roundtrip_version, 70);
    roundtrip(TRACE_ADDR_COMPRESS | TRACE_WRITE_SM61);
    assert_int_equal(roundtrip_version, 61);
    roundtrip(TRACE_ADDR_LIST | TRACE_WRITE_HINTS | TRACE_WRITE_SM61);
    assert_int_equal(roundtrip_version, 61);
}

/* Many CTAs resident at once, ended out of order (the CTA table). */
static void test_many_resident_ctas(void **state)
{
    (void)state;
    char path[128], err[300] = "";
    rt_src src;
    kern *k;
    memset(&src, 0, sizeof src);
    src.k.ops = &rt_ops;
    src.k.n_cta = 300;
    src.k.cta_threads = 48;
    src.k.warps_per_cta = 2;
    snprintf(path, sizeof path, "%s/many.traceg", tmpdir);
    assert_int_equal(trace_write_kernel(&src.k, 1, path, TRACE_ADDR_COMPRESS | TRACE_WRITE_HINTS, err, sizeof err), 0);
    assert_int_equal(trace_open_kernel(&k, path, 1, err, sizeof err), 0);
    for (uint32_t c = 0; c < 300; c++) {
        assert_int_equal(k->ops->cta_begin(k, c, err, sizeof err), 0);
        if (c % 3 == 2) {                    /* end the middle one of every three */
            k->ops->cta_end(k, c - 1);
        }
    }
    for (uint32_t c = 0; c < 300; c += (c % 3 == 0) ? 2 : 1) {
        kcursor cur;
        inst got, want;
        memset(&cur, 0, sizeof cur);
        fetch_ok(k, c, 0, &cur, &got);
        rt_make(c, 0, 0, &want);
        assert_inst_equal(&got, &want);
        k->ops->cta_end(k, c);
    }
    k->ops->destroy(k);
}

static uint32_t read_all(const char *path, const trace_params *p, inst *out, uint32_t max);

/* A one-warp kernel file in tmpdir with the given instruction lines (the
 * first at line 14); its path in path[128]. */
static void write_one_warp(char *path, const char *name, const char *const *lines, int n)
{
    snprintf(path, 128, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "-kernel name = fixture\n-kernel id = 1\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
               "-shmem = 0\n-nregs = 8\n-binary version = 70\n-accelsim tracer version = 4\n\n"
               "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = %d\n", n);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s\n", lines[i]);
    fprintf(f, "#END_TB\n");
    fclose(f);
}

/* Numbers at their limits, leading zeros past the digits taken unchecked,
 * register names, and one opcode token many times (its table facts looked up
 * once): the values, and the refusals one past each limit. */
static void test_number_and_register_limits(void **state)
{
    (void)state;
    char path[128], err[300] = "", want[400];
    static const char *const ok[] = {
        "ffffffff FFFFFFFF 1 R254 FFMA 3 R255 RZ URZ 0",
        "0x0010 00000000000000000001 1 R1 LDG.E 1 R2 4 0 ffffffffffffffff",
        "0020 00000000000000000003 1 R3 LDG.E 1 R4 4 0 0x0000000000000000001 0X10",
        "0030 1 0000000000000000000001 R5 NOSUCHOP 0 0",
        "0040 1 1 R6 NOSUCHOP.X 0 0",
        "0050 1 1 R7 FFMA 0 0",
    };
    static inst in[8];
    write_one_warp(path, "limits.traceg", ok, 6);
    assert_int_equal(read_all(path, NULL, in, 8), 6);
    assert_int_equal(in[0].pc, 0xffffffffu);
    assert_int_equal(in[0].mask, 0xffffffffu);
    assert_int_equal(in[0].dst[0], 254);
    assert_int_equal(in[0].nsrc, 3);
    assert_int_equal(in[0].src[0], KERN_REG_NONE);   /* R255 */
    assert_int_equal(in[0].src[1], KERN_REG_NONE);   /* RZ */
    assert_int_equal(in[0].cls, IC_SP);
    assert_int_equal(in[1].pc, 0x10);
    assert_int_equal(in[1].mask, 1);
    assert_int_equal(in[1].cls, IC_GLD);
    assert_int_equal(in[1].addr[0], 0xffffffffffffffffull);
    assert_int_equal(in[2].mask, 3);
    assert_int_equal(in[2].addr[0], 1);
    assert_int_equal(in[2].addr[1], 0x10);
    assert_int_equal(in[3].ndst, 1);                 /* 22-digit decimal count 1 */
    assert_int_equal(in[3].cls, IC_SP);              /* unknown: timed as SP */
    assert_int_equal(in[4].cls, IC_SP);
    assert_int_equal(in[5].cls, IC_SP);
    kern *k;
    assert_int_equal(trace_open_kernel(&k, path, 1, err, sizeof err), 0);
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    const sass_unknown *u = &trace_kern_info(k)->unknown;
    assert_int_equal(u->total, 2);                   /* NOSUCHOP twice, one base name */
    assert_int_equal(u->n, 1);
    assert_string_equal(u->name[0], "NOSUCHOP");
    assert_int_equal(u->count[0], 2);
    k->ops->destroy(k);

    static const struct { const char *line, *problem; } bad[] = {
        { "100000000 1 1 R1 MOV 0 0", "bad hex PC (100000000)" },
        { "0x 1 1 R1 MOV 0 0", "bad hex PC (0x)" },
        { "0000 1g 1 R1 MOV 0 0", "bad hex mask (1g)" },
        { "0000 000000000000000100000000 1 R1 MOV 0 0", "bad hex mask (000000000000000100000000)" },
        { "0000 1 256 R1 MOV 0 0", "bad destination (256)" },
        { "0000 1 18446744073709551616 R1 MOV 0 0", "bad destination (18446744073709551616)" },
        { "0000 1 1 R256 MOV 0 0", "unsupported register (R256): only R0..R255 are traced" },
        { "0000 1 1 Rx MOV 0 0", "unsupported register (Rx): only R0..R255 are traced" },
        { "0000 1 1 RZZ MOV 0 0", "unsupported register (RZZ): only R0..R255 are traced" },
        { "0000 1 1 R1 LDG.E 1 R2 4 0 10000000000000000", "bad hex address (10000000000000000)" },
        { "0000 1 1 R1 MOV 0 17", "mem_width 17 out of range 0..16" },
        { "0000 1 1 R1 mov 0 0", "bad opcode (mov)" },
    };
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        write_one_warp(path, "limit_bad.traceg", &bad[i].line, 1);
        snprintf(want, sizeof want, "%s:14: %s", path, bad[i].problem);
        expect_run_error(path, want);
    }
    /* a bad opcode token after good ones (found in the opcode cache, which
     * holds only good tokens): still refused, on its own line; a bad token
     * too long for the cache likewise */
    static const char *const after[] = { "0000 1 1 R1 MOV 0 0", "0010 1 1 R1 MOV 0 0",
                                         "0020 1 1 R1 MOV- 0 0" };
    write_one_warp(path, "limit_bad_after.traceg", after, 3);
    snprintf(want, sizeof want, "%s:16: bad opcode (MOV-)", path);
    expect_run_error(path, want);
    static const char *const longbad[] = { "0000 1 1 R1 MOV 0 0",
                                           "0010 1 1 R1 ABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJabc 0 0" };
    write_one_warp(path, "limit_bad_long.traceg", longbad, 2);
    snprintf(want, sizeof want, "%s:15: bad opcode (ABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJabc)", path);
    expect_run_error(path, want);
}

/* ------------------------------------------------------------ forms */

/* Every instruction of every warp of a kernel file, in order, into out[]. */
static uint32_t read_all(const char *path, const trace_params *p, inst *out, uint32_t max)
{
    char err[300] = "";
    kern *k;
    uint32_t n = 0;
    if (trace_open_kernel_p(&k, path, 1, p, err, sizeof err))
        fail_msg("%s", err);
    for (uint32_t c = 0; c < k->n_cta; c++) {
        assert_int_equal(k->ops->cta_begin(k, c, err, sizeof err), 0);
        for (uint32_t w = 0; w < k->warps_per_cta; w++) {
            kcursor cur;
            memset(&cur, 0, sizeof cur);
            while (n < max && k->ops->fetch(k, c, w, &cur, &out[n], err, sizeof err) == 1)
                n++;
        }
        k->ops->cta_end(k, c);
    }
    k->ops->destroy(k);
    return n;
}

static void test_forms_pre_v3_v5_v6_same_kernel(void **state)
{
    (void)state;
    static inst v4[16], other[16];
    uint32_t n = read_all(FIX "forms/v4.traceg", NULL, v4, 16);
    assert_int_equal(n, 8);
    assert_int_equal(v4[0].cls, IC_SP);               /* VIADD: Hopper, in the table */
    const char *same[] = { FIX "forms/v0.traceg", FIX "forms/v5.traceg" };
    for (int f = 0; f < 2; f++) {
        assert_int_equal(read_all(same[f], NULL, other, 16), n);
        for (uint32_t i = 0; i < n; i++)
            assert_inst_equal(&other[i], &v4[i]);
    }
    assert_int_equal(read_all(FIX "forms/v6.traceg", NULL, other, 16), n);
    for (uint32_t i = 0; i < n; i++) {               /* UR4 adds a source without a dependency */
        assert_int_equal(other[i].cls, v4[i].cls);
        assert_int_equal(other[i].mask, v4[i].mask);
        assert_int_equal(other[i].addr[1], v4[i].addr[1]);
    }
    assert_int_equal(other[0].nsrc, 2);
    assert_int_equal(other[0].src[1], KERN_REG_NONE);
    char err[300] = "";
    kern *k;
    assert_int_equal(trace_open_kernel(&k, FIX "forms/v0.traceg", 1, err, sizeof err), 0);
    assert_int_equal(trace_kern_info(k)->version, 0);   /* no version line: Accel-Sim's 0 */
    k->ops->destroy(k);
    expect_run_error(FIX "err_v0_warp.traceg", FIX "err_v0_warp.traceg:18: line of thread block "
                     "(0,0,0) warp 1 inside thread block (0,0,0) warp 0");
}

static void test_nregs_limit_and_override(void **state)
{
    (void)state;
    char err[300] = "";
    kern *k;
    assert_int_equal(trace_open_kernel(&k, FIX "err_nregs.traceg", 1, err, sizeof err), -1);
    assert_string_equal(err, FIX "err_nregs.traceg:5: -nregs = 21955 above the limit of 255 registers "
                        "per thread (SASS has R0..R254); override with --set trace.nregs=N (-nregs)");
    trace_params p;
    trace_params_defaults(&p);
    p.nregs = 32;
    assert_int_equal(trace_open_kernel_p(&k, FIX "err_nregs.traceg", 1, &p, err, sizeof err), 0);
    assert_int_equal(k->regs_per_thread, 32);
    assert_int_equal(trace_kern_info(k)->nregs_header, 21955);
    assert_true(trace_kern_info(k)->nregs_overridden);
    k->ops->destroy(k);
}

/* Every thread spills to offset 0x10: per-thread words, a warp's 32 lanes
 * one 128-byte run, warps and CTA slots apart; a TMA opcode's address is
 * dropped and counted. */
static void test_local_memory_per_thread(void **state)
{
    (void)state;
    static inst in[8];
    assert_int_equal(read_all(FIX "local.traceg", NULL, in, 8), 5);
    uint64_t threads = 64, region = threads * TRACE_LOCAL_PER_THREAD;
    uint64_t base = TRACE_LOCAL_START + 0x10 / 4 * threads * 4;
    for (int lane = 0; lane < 32; lane++) {
        assert_int_equal(in[0].addr[lane], base + (uint64_t)lane * 4);         /* warp 0 STL */
        assert_int_equal(in[2].addr[lane], base + (uint64_t)(32 + lane) * 4);  /* warp 1 */
    }
    assert_int_equal(in[0].addr[31] - in[0].addr[0], 124);   /* one 128-byte line */
    /* LDL.64: 8-byte elements */
    assert_int_equal(in[1].addr[0], TRACE_LOCAL_START + 0x10 / 8 * threads * 8);
    assert_int_equal(in[1].addr[1] - in[1].addr[0], 8);
    /* CTA 1 begins after CTA 0 ended: it reuses slot 0, as hardware reuses a CTA slot */
    assert_int_equal(in[3].addr[0], in[0].addr[0]);
    assert_int_equal(in[4].cls, IC_SP);                       /* UTMALDG: no memory traffic */
    assert_int_equal(in[4].bytes, 0);
    /* two CTAs resident at once get two slots */
    char err[300] = "";
    kern *k;
    inst a, b;
    kcursor ca, cb;
    memset(&ca, 0, sizeof ca);
    memset(&cb, 0, sizeof cb);
    assert_int_equal(trace_open_kernel(&k, FIX "local.traceg", 1, err, sizeof err), 0);
    assert_int_equal(k->ops->cta_begin(k, 0, err, sizeof err), 0);
    assert_int_equal(k->ops->cta_begin(k, 1, err, sizeof err), 0);
    fetch_ok(k, 0, 0, &ca, &a);
    fetch_ok(k, 1, 0, &cb, &b);
    assert_int_equal(b.addr[0] - a.addr[0], region);
    assert_int_equal(trace_kern_info(k)->addrs_ignored, 1);
    k->ops->cta_end(k, 0);
    k->ops->cta_end(k, 1);
    k->ops->destroy(k);
    /* trace.local_map = 0: as recorded */
    trace_params p;
    trace_params_defaults(&p);
    p.local_map = 0;
    assert_int_equal(read_all(FIX "local.traceg", &p, in, 8), 5);
    assert_int_equal(in[0].addr[5], 0x10);
}

static void test_unknown_opcode_with_addresses(void **state)
{
    (void)state;
    unsigned flags;
    assert_int_equal(sass_class("STSM.16.M88", &flags), IC_SST);
    assert_int_equal(sass_class("REDG.E.ADD", &flags), IC_ATOM);
    assert_int_equal(sass_class("NOP.CTASIM_HINT", &flags), IC_HINT);
    assert_int_equal(sass_family(90), 'H');
    assert_int_equal(sass_family(120), 'B');
    assert_int_equal(sass_family(0), 0);
}

static int many_kernels_list(const char *dir, int n)
{
    char path[256];
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    char cwd[200];
    FILE *f = getcwd(cwd, sizeof cwd) ? fopen(path, "w") : NULL;
    if (!f)
        return -1;
    for (int i = 0; i < n; i++)
        fprintf(f, "%s/%sforms/v4.traceg\n", cwd, FIX);
    return fclose(f);
}

static void test_kernel_list_without_limit(void **state)
{
    (void)state;
    char err[300] = "";
    workload w;
    char dir[160];
    snprintf(dir, sizeof dir, "%s/many", tmpdir);
    assert_int_equal(mkdir(dir, 0700), 0);
    assert_int_equal(many_kernels_list(dir, 200), 0);
    if (trace_load_workload(&w, dir, err, sizeof err))
        fail_msg("%s", err);
    assert_int_equal(w.n_kernels, 200);
    assert_int_equal(w.kernels[199]->n_cta, 2);
    trace_workload_free(&w);
}

/* ------------------------------------------------------------ .tracez */

static long file_size(const char *path)
{
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    return (long)st.st_size;
}

/* Overwrite n bytes at off (off < 0: from the end). */
static void patch_file(const char *path, long off, const void *bytes, size_t n)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, off, off < 0 ? SEEK_END : SEEK_SET), 0);
    assert_int_equal(fwrite(bytes, 1, n, f), n);
    fclose(f);
}

/* A generated file's layout: header text length and dictionary size. */
static void tz_layout(const char *path, long *hdr, long *dict)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    *hdr = 0;
    while (fgetc(f) > 0)
        (*hdr)++;
    uint8_t b[4];
    assert_int_equal(fread(b, 1, 4, f), 4);
    fclose(f);
    *dict = (long)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24);
}

/* Offset of the first warp's first sub-chunk (its u32 size): header text,
 * NUL, two u32, the dictionary, the warp's two u32. */
static long first_chunk_at(const char *path)
{
    long hdr, dict;
    tz_layout(path, &hdr, &dict);
    return hdr + 1 + 8 + dict + 8;
}

static void tz_make(const char *txt, const char *name, unsigned per_chunk, int dict, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", tmpdir, name);
    assert_int_equal(tracez_gen(txt, path, per_chunk, dict), 0);
}

/* The same kernel as text and as .tracez: the same instructions, in order. */
static void test_tracez_same_as_text(void **state)
{
    (void)state;
    static inst text[64], bin[64];
    char path[160];
    uint64_t want_i, want_t;
    count_file(FIX "ok_v4.traceg", &want_i, &want_t);
    for (int dict = 0; dict <= 1; dict++) {
        tz_make(FIX "ok_v4.traceg", "ok_v4.tracez", 3, dict, path, sizeof path);
        uint32_t n = read_all(FIX "ok_v4.traceg", NULL, text, 64);
        assert_int_equal(n, want_i);
        assert_int_equal(read_all(path, NULL, bin, 64), n);
        for (uint32_t i = 0; i < n; i++)
            assert_inst_equal(&bin[i], &text[i]);
    }
}

/* The real trace as .tracez through a kernel list: the same counts. */
static void test_tracez_real_trace_list(void **state)
{
    (void)state;
    char path[160], err[300] = "";
    uint64_t want_i, want_t, got_i, got_t;
    workload w;
    tz_make(REAL "/kernel-1.traceg", "kernel-1.tracez", 5, 1, path, sizeof path);
    snprintf(path, sizeof path, "%s/kernelslist.g", tmpdir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fprintf(f, "MemcpyHtoD,0x00007f0000000000,400\nkernel-1.tracez\n");
    fclose(f);
    count_file(REAL "/kernel-1.traceg", &want_i, &want_t);
    assert_int_equal(trace_load_workload(&w, path, err, sizeof err), 0);
    assert_int_equal(w.n_kernels, 1);
    kern *k = w.kernels[0];
    assert_string_equal(k->name, "_Z6vecAddIfEvPT_S1_S1_i");
    assert_int_equal(k->warps_per_cta, 32);
    assert_int_equal(trace_kern_info(k)->version, 4);
    run_all(k, &got_i, &got_t);
    assert_int_equal(got_i, want_i);
    assert_int_equal(got_t, want_t);
    remove(path);
    trace_workload_free(&w);
}

/* Header warnings name the byte offset of their line. */
static void test_tracez_header_offset(void **state)
{
    (void)state;
    char path[160], want[300], err[300] = "";
    kern *k;
    tz_make(FIX "ok_v4.traceg", "ok_v4.tracez", 4, 1, path, sizeof path);
    char *text = tzg_slurp(FIX "ok_v4.traceg");
    assert_non_null(text);
    long at = (long)(strstr(text, "-future knob") - text);
    free(text);
    assert_int_equal(trace_open_kernel(&k, path, 1, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s:@%ld: warning: unknown header line ignored (-future knob)", path, at);
    assert_string_equal(trace_kern_info(k)->first_warning, want);
    k->ops->destroy(k);
}

static void expect_tz_error(const char *path, const char *want_prefix)
{
    char err[300] = "";
    kern *k = NULL;
    int rc = trace_open_kernel(&k, path, 1, err, sizeof err);
    for (uint32_t c = 0; rc == 0 && c < k->n_cta; c++)
        rc = k->ops->cta_begin(k, c, err, sizeof err);
    if (k)
        k->ops->destroy(k);
    assert_int_equal(rc, -1);
    if (strncmp(err, want_prefix, strlen(want_prefix)))
        fail_msg("error \"%s\" does not start with \"%s\"", err, want_prefix);
}

static void test_tracez_errors(void **state)
{
    (void)state;
    char path[160], want[300];
    tz_make(FIX "ok_v4.traceg", "bad.tracez", 3, 1, path, sizeof path);
    long size = file_size(path), chunk = first_chunk_at(path);
    /* an index offset past the end */
    uint8_t far[8] = { 0xff, 0xff, 0, 0, 0, 0, 0, 0 };
    patch_file(path, -8, far, sizeof far);
    snprintf(want, sizeof want, "%s:@%ld: bad index offset 65535 (warp data starts at %ld,", path, size - 8,
             chunk - 8);
    expect_tz_error(path, want);
    /* a corrupt zstd frame: its magic number overwritten */
    tz_make(FIX "ok_v4.traceg", "bad.tracez", 3, 1, path, sizeof path);
    patch_file(path, chunk + 4, "JUNK", 4);
    snprintf(want, sizeof want, "%s:@%ld: corrupt zstd sub-chunk (not a zstd frame)", path, chunk);
    expect_tz_error(path, want);
    /* a frame whose compressed bytes end early (its size cut in the file) */
    tz_make(FIX "ok_v4.traceg", "bad.tracez", 3, 1, path, sizeof path);
    uint8_t tiny[4] = { 9, 0, 0, 0 };
    patch_file(path, chunk, tiny, sizeof tiny);
    snprintf(want, sizeof want, "%s:@%ld: corrupt zstd sub-chunk (", path, chunk);
    expect_tz_error(path, want);
    /* an index whose line count for the first sub-chunk is one too many */
    tz_make(FIX "ok_v4.traceg", "bad.tracez", 3, 1, path, sizeof path);
    uint8_t idx[8], four[4] = { 4, 0, 0, 0 };
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, -8, SEEK_END), 0);
    assert_int_equal(fread(idx, 1, 8, f), 8);
    fclose(f);
    long io = (long)idx[0] | (long)idx[1] << 8 | (long)idx[2] << 16;
    patch_file(path, io + 4 + 44 + 16, four, sizeof four);   /* num_tbs, TB record, warp record */
    snprintf(want, sizeof want, "%s:@%ld: sub-chunk 0 of warp 0 holds 3 lines, the index says 4", path, chunk);
    expect_tz_error(path, want);
    /* a file cut inside the compression header */
    tz_make(FIX "ok_v4.traceg", "bad.tracez", 3, 1, path, sizeof path);
    long hdr, dict;
    tz_layout(path, &hdr, &dict);
    assert_int_equal(truncate(path, hdr + 5), 0);
    snprintf(want, sizeof want, "%s:@%ld: file ends inside the compression header (8 bytes needed, file is %ld)",
             path, hdr + 1, hdr + 5);
    expect_tz_error(path, want);
    /* a file cut in the middle of its warp data: the last 8 bytes are no index offset */
    tz_make(REAL "/kernel-1.traceg", "bad.tracez", 5, 0, path, sizeof path);
    size = file_size(path);
    assert_int_equal(truncate(path, size / 2), 0);
    snprintf(want, sizeof want, "%s:@%ld: bad index offset ", path, size / 2 - 8);
    expect_tz_error(path, want);
    /* a file that is only header text */
    snprintf(path, sizeof path, "%s/hdr_only.tracez", tmpdir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs("-kernel name = k\n", f);
    fclose(f);
    snprintf(want, sizeof want, "%s:@17: no NUL byte ends the kernel header text", path);
    expect_tz_error(path, want);
}

/* A bad instruction line: the text form's problem at the sub-chunk's offset. */
static void test_tracez_line_error_offset(void **state)
{
    (void)state;
    char path[160], want[300];
    tz_make(FIX "err_badhex.traceg", "err_badhex.tracez", 8, 0, path, sizeof path);
    snprintf(want, sizeof want, "%s:@%ld: bad hex mask (ffffzfff)", path, first_chunk_at(path));
    expect_run_error(path, want);
}

static int setup(void **state)
{
    (void)state;
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sass_table_sorted_and_classes),
        cmocka_unit_test(test_sass_unknown_counts),
        cmocka_unit_test(test_forms_pre_v3_v5_v6_same_kernel),
        cmocka_unit_test(test_nregs_limit_and_override),
        cmocka_unit_test(test_local_memory_per_thread),
        cmocka_unit_test(test_unknown_opcode_with_addresses),
        cmocka_unit_test(test_kernel_list_without_limit),
        cmocka_unit_test(test_real_trace_counts),
        cmocka_unit_test(test_real_trace_warp3),
        cmocka_unit_test(test_forms_v4),
        cmocka_unit_test(test_header_gives_n),
        cmocka_unit_test(test_forms_v5_lineinfo_immediate),
        cmocka_unit_test(test_errors_lines),
        cmocka_unit_test(test_errors_header_and_list),
        cmocka_unit_test(test_errors_api_order),
        cmocka_unit_test(test_xz_compressed),
        cmocka_unit_test(test_xz_growing_fills),
        cmocka_unit_test(test_nul_byte_in_line),
        cmocka_unit_test(test_roundtrip_list),
        cmocka_unit_test(test_roundtrip_compressed),
        cmocka_unit_test(test_roundtrip_isa),
        cmocka_unit_test(test_many_resident_ctas),
        cmocka_unit_test(test_number_and_register_limits),
        cmocka_unit_test(test_tracez_same_as_text),
        cmocka_unit_test(test_tracez_real_trace_list),
        cmocka_unit_test(test_tracez_header_offset),
        cmocka_unit_test(test_tracez_errors),
        cmocka_unit_test(test_tracez_line_error_offset),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
