/* test_wl.c -- synthetic workloads: every parser error path, the
 * generator's determinism, memory patterns, masks, per-CTA variation,
 * automatic region-p hints, sm_ctas_per_core, and the shipped suite. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"
#include "kern.h"
#include "wl.h"

#define D "tests/data/wl/"
#define BASE (1ull << 30)      /* first region's base address (docs/workloads.md) */

static void goto_root(const char *argv0)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", argv0);
    for (int up = 0; up < 6 && access("tests/data/wl", F_OK) != 0; up++) {
        char *slash = strrchr(buf, '/');
        if (!slash) break;
        *slash = '\0';
        char dir[4200];
        snprintf(dir, sizeof dir, "%s/%s", buf, "tests/data/wl");
        if (access(dir, F_OK) == 0 && chdir(buf) == 0) break;
    }
}

/* Write `body` to a temporary .kern file and load it. */
static void load_text(workload *w, const char *body, uint64_t seed)
{
    char path[] = "/tmp/test_wl_XXXXXX.kern";
    int fd = mkstemps(path, 5);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(body, f);
    fclose(f);
    char err[512] = "";
    int rc = wl_load(w, path, seed, err, sizeof err);
    unlink(path);
    if (rc) print_error("%s\n", err);
    assert_int_equal(rc, 0);
}

static int fetch(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *in)
{
    char err[256] = "";
    int r = k->ops->fetch(k, cta, warp, cur, in, err, sizeof err);
    assert_true(r >= 0);
    return r;
}

static void reset(kcursor *c) { memset(c, 0, sizeof *c); }

/* FNV-1a over the fields the core consumes (addresses of active lanes). */
static uint64_t digest_inst(uint64_t h, const inst *in)
{
    uint64_t v[6] = { in->cls, in->ndst, in->nsrc, in->bytes, in->mask, in->pc };
    for (int i = 0; i < 6; i++) h = (h ^ v[i]) * 0x100000001b3ull;
    for (int i = 0; i < in->ndst; i++) h = (h ^ in->dst[i]) * 0x100000001b3ull;
    for (int i = 0; i < in->nsrc; i++) h = (h ^ in->src[i]) * 0x100000001b3ull;
    /* addresses only of memory classes (kern.h: another class's are not set) */
    for (int l = 0; in->cls >= IC_SLD && in->cls <= IC_ATOM && l < 32; l++)
        if (in->mask >> l & 1) h = (h ^ in->addr[l]) * 0x100000001b3ull;
    return h;
}

static uint64_t digest_warp(kern *k, uint32_t cta, uint32_t warp, uint64_t *count)
{
    kcursor cur;
    inst in;
    reset(&cur);
    uint64_t h = 0xcbf29ce484222325ull, n = 0;
    while (fetch(k, cta, warp, &cur, &in)) { h = digest_inst(h, &in); n++; }
    if (count) *count += n;
    return h;
}

/* ---------------------------------------------------------------- errors */

static const struct { const char *file, *msg; } parse_errors[] = {
    { D "unknown_inst.kern", D "unknown_inst.kern:7: unknown instruction (foo)" },
    { D "bad_reg.kern", D "bad_reg.kern:7: bad register (r300)" },
    { D "reg_over.kern", D "reg_over.kern:7: bad register: regs = 16 per thread (r16)" },
    { D "unterminated.kern", D "unterminated.kern:7: unterminated loop: missing '}' (loop)" },
    { D "unterminated_if.kern", D "unterminated_if.kern:7: unterminated if: missing '}' (if)" },
    { D "unterm_prog.kern", D "unterm_prog.kern:6: unterminated program: missing '}' (program)" },
    { D "missing_grid.kern", D "missing_grid.kern:5: missing grid (grid)" },
    { D "missing_imit.kern", D "missing_imit.kern:5: missing imitates (imitates)" },
    { D "zero_block.kern", D "zero_block.kern:4: zero block (block)" },
    { D "big_block.kern", D "big_block.kern:4: too many threads per CTA: 2048 > 1024 (block)" },
    { D "bad_number.kern", D "bad_number.kern:3: not a number 'many' (grid)" },
    { D "unknown_key.kern", D "unknown_key.kern:6: unknown key (threads)" },
    { D "dup_key.kern", D "dup_key.kern:6: duplicate key, first set on line 3 (grid)" },
    { D "missing_eq.kern", D "missing_eq.kern:6: missing '=' (smem 4)" },
    { D "missing_prog.kern", D "missing_prog.kern:6: missing program { ... } (program)" },
    { D "unknown_region.kern", D "unknown_region.kern:7: unknown region (nowhere)" },
    { D "bad_pattern.kern",
      D "bad_pattern.kern:8: unknown access pattern, allowed stream|stride N|gather|reuse (zigzag)" },
    { D "bad_stride.kern", D "bad_stride.kern:8: stride wants a byte count 1..65536 (stride)" },
    { D "smem_zero.kern", D "smem_zero.kern:7: shared memory access with smem = 0 (smem)" },
    { D "smem_gld.kern", D "smem_gld.kern:8: smem is for sld/sst only (gld)" },
    { D "missing_mem.kern", D "missing_mem.kern:7: missing memory operand: REGION PATTERN (gld)" },
    { D "missing_dst.kern", D "missing_dst.kern:7: missing destination register (sp)" },
    { D "bar_in_if.kern", D "bar_in_if.kern:8: bar inside if: a barrier under divergence never completes (bar)" },
    { D "deep_loops.kern", D "deep_loops.kern:8: loops nested deeper than 4 (loop)" },
    { D "deep_ifs.kern", D "deep_ifs.kern:8: if nested deeper than 2 (if)" },
    { D "empty_loop.kern", D "empty_loop.kern:7: empty loop body (loop)" },
    { D "bad_mask.kern", D "bad_mask.kern:7: bad mask: percent must be 1..100 (@150%)" },
    { D "zero_mask.kern", D "zero_mask.kern:7: bad mask: no lane active (@0x0)" },
    { D "bad_count.kern", D "bad_count.kern:7: bad loop count, want N or LO..HI (8..4)" },
    { D "exit.kern", D "exit.kern:8: exit is implicit at the end of the program (exit)" },
    { D "trailing.kern", D "trailing.kern:9: text after the program's closing '}' (sp)" },
    { D "bad_width.kern",
      D "bad_width.kern:7: bad access width, want .1 .2 .4 .8 or .16 on a memory instruction (sp.4)" },
    { D "too_many_src.kern", D "too_many_src.kern:7: more than 4 source registers (r6)" },
    { D "bad_repeat.kern", D "bad_repeat.kern:7: bad repeat, want x1..x64 (x0)" },
    { D "bad_region.kern", D "bad_region.kern:6: region size must be a multiple of 128 in 128..4G (a)" },
    { D "dup_region.kern", D "dup_region.kern:7: duplicate region (a)" },
    { D "bad_autohint.kern", D "bad_autohint.kern:6: autohint wants L/W, e.g. 600/32 (600)" },
    { D "non_mem_operand.kern", D "non_mem_operand.kern:8: memory operand on a non-memory instruction (a)" },
    { D "missing_kernel.wl", D "missing_kernel.wl:2: cannot open kernel file (" D "not_here.kern: cannot open workload file (No such file or directory))" },
    { D "unterminated_inline.wl",
      D "unterminated_inline.wl:2: unterminated inline kernel: missing '}' on its own line (kernel)" },
    { D "no_kernel.wl", D "no_kernel.wl:2: workload lists no kernel (kernel)" },
    { D "unknown_key.wl", D "unknown_key.wl:2: unknown key (colour)" },
    /* an error inside an inline kernel names the .wl file and its own line */
    { D "inline_error.wl", D "inline_error.wl:11: unknown instruction (bogus)" },
    { D "nested_wl.wl", D "nested_wl.wl:2: a .wl cannot list another .wl (inline_error.wl)" },
    { D "notkernel.txt", D "notkernel.txt:0: unknown workload type, want .kern or .wl (" D "notkernel.txt)" },
    { D "absent.kern", D "absent.kern:0: cannot open workload file (No such file or directory)" },
};

static void test_parse_errors(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof parse_errors / sizeof parse_errors[0]; i++) {
        workload w;
        char err[512] = "";
        int rc = wl_load(&w, parse_errors[i].file, 1, err, sizeof err);
        if (rc != -1 || strcmp(err, parse_errors[i].msg) != 0)
            print_error("fixture %s\n  got:  %s\n  want: %s\n", parse_errors[i].file, err, parse_errors[i].msg);
        assert_int_equal(rc, -1);
        assert_string_equal(err, parse_errors[i].msg);
        assert_int_equal(w.n_kernels, 0);
    }
}

static void test_fetch_outside_grid(void **state)
{
    (void)state;
    workload w;
    load_text(&w, "name = t\nimitates = x\ngrid = 2\nblock = 64\nregs = 4\nprogram {\n sp r1\n}\n", 1);
    kern *k = w.kernels[0];
    kcursor cur;
    inst in;
    char err[256] = "";
    reset(&cur);
    assert_int_equal(k->ops->fetch(k, 2, 0, &cur, &in, err, sizeof err), -1);
    assert_string_equal(err, "t: fetch of cta 2 warp 0 outside the grid (cta)");
    assert_int_equal(k->ops->cta_begin(k, 5, err, sizeof err), -1);
    assert_string_equal(err, "t: cta 5 outside the grid of 2 (cta)");
    assert_int_equal(k->ops->cta_begin(k, 1, err, sizeof err), 0);
    k->ops->cta_end(k, 1);
    wl_free(&w);
}

/* ---------------------------------------------------------------- program shape */

static void test_program_and_registers(void **state)
{
    (void)state;
    workload w;
    load_text(&w,
              "name = shape\nimitates = x\ngrid = 1\nblock = 64\nregs = 16\nsmem = 1K\n"
              "region a 4K\n"
              "program {\n"
              "  gld.8 r1 a stream\n"
              "  loop 3 { sp r2 r1 r3 x2 }\n"
              "  sfu r4 r2; dp r5 r4; sld r6 smem stream; sst smem stream r6\n"
              "  gst a stream r5 r6\n  atom r7 a gather r1\n  bar\n  bra r7\n  hint\n"
              "}\n", 1);
    kern *k = w.kernels[0];
    assert_string_equal(k->name, "shape");
    assert_int_equal(k->warps_per_cta, 2);
    assert_string_equal(wl_imitates(k), "x");
    static const uint8_t want[] = { IC_GLD, IC_SP, IC_SP, IC_SP, IC_SP, IC_SP, IC_SP, IC_SFU, IC_DP,
                                    IC_SLD, IC_SST, IC_GST, IC_ATOM, IC_BAR, IC_BRA, IC_HINT };
    kcursor cur;
    inst in;
    reset(&cur);
    for (size_t i = 0; i < sizeof want; i++) {
        assert_int_equal(fetch(k, 0, 1, &cur, &in), 1);
        assert_int_equal(in.cls, want[i]);
        assert_int_equal(in.mask, 0xffffffffu);
        if (i == 0) {                       /* gld.8 r1: dst r1, 8-byte lanes */
            assert_int_equal(in.ndst, 1);
            assert_int_equal(in.dst[0], 1);
            assert_int_equal(in.nsrc, 0);
            assert_int_equal(in.bytes, 8);
        }
        if (i == 1) {                       /* sp r2 r1 r3 */
            assert_int_equal(in.dst[0], 2);
            assert_int_equal(in.nsrc, 2);
            assert_int_equal(in.src[0], 1);
            assert_int_equal(in.src[1], 3);
        }
        if (i == 11) {                      /* gst: no dst, sources r5 r6 */
            assert_int_equal(in.ndst, 0);
            assert_int_equal(in.nsrc, 2);
            assert_int_equal(in.src[1], 6);
        }
    }
    assert_int_equal(fetch(k, 0, 1, &cur, &in), 0);     /* implicit exit */
    assert_int_equal(fetch(k, 0, 1, &cur, &in), 0);     /* stays at the end */
    wl_free(&w);
}

/* ---------------------------------------------------------------- patterns */

static const char *pattern_kernel =
    "name = pat\nimitates = x\ngrid = 4\nblock = 64\nregs = 8\nsmem = 1K\nseed = 5\n"
    "region a 1M shared\n"          /* base BASE */
    "region t 1K per_cta\n"         /* base BASE + 1M (aligned up to 1 MiB) */
    "region g 64K\n"                /* base after 4 CTAs x 1K, aligned: BASE + 2M */
    "program {\n"
    "  loop 2 {\n"
    "    gld r1 a stream\n"         /* step 1 */
    "    gld r2 a stride 256\n"
    "    gld r3 t reuse\n"
    "    gld.8 r4 g gather\n"
    "    sld r5 smem stream\n"
    "    gld r6 t stream\n"
    "  }\n"
    "}\n";

static void next_mem(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *in, int cls)
{
    assert_int_equal(fetch(k, cta, warp, cur, in), 1);
    assert_int_equal(in->cls, cls);
}

static void test_patterns(void **state)
{
    (void)state;
    workload w;
    load_text(&w, pattern_kernel, 1);
    kern *k = w.kernels[0];
    const uint32_t total_warps = 8, cta = 1, warp = 1;
    const uint64_t gw = cta * 2 + warp;      /* global warp 3 */
    kcursor cur;
    inst in;
    reset(&cur);
    for (uint64_t it = 0; it < 2; it++) {
        /* stream, shared region: 32 lanes x 4 B consecutive, chunk = it * 8 + gw */
        next_mem(k, cta, warp, &cur, &in, IC_GLD);
        uint64_t chunk = it * total_warps + gw;
        for (uint32_t l = 0; l < 32; l++) assert_true(in.addr[l] == BASE + chunk * 128 + l * 4);
        assert_true(in.addr[0] / 128 == in.addr[31] / 128);   /* one 128 B line */
        /* stride 256: lanes 256 B apart, a chunk spans 32 x 256 B */
        next_mem(k, cta, warp, &cur, &in, IC_GLD);
        for (uint32_t l = 0; l < 32; l++) assert_true(in.addr[l] == BASE + chunk * 32 * 256 + l * 256);
        /* reuse of the CTA's 1 KB slice: iteration it covers (it*32 + lane) * 4 mod 1K,
         * the same for every warp of the CTA */
        next_mem(k, cta, warp, &cur, &in, IC_GLD);
        uint64_t tbase = BASE + (1ull << 20) + cta * 1024;
        for (uint32_t l = 0; l < 32; l++) assert_true(in.addr[l] == tbase + ((it * 32 + l) * 4) % 1024);
        /* gather: 8-byte aligned, inside the 64 KB region */
        next_mem(k, cta, warp, &cur, &in, IC_GLD);
        uint64_t gbase = BASE + (2ull << 20);
        for (uint32_t l = 0; l < 32; l++) {
            assert_true(in.addr[l] >= gbase && in.addr[l] < gbase + 65536);
            assert_int_equal(in.addr[l] % 8, 0);
        }
        /* shared memory: offsets within smem, chunk local to the CTA */
        next_mem(k, cta, warp, &cur, &in, IC_SLD);
        uint64_t lchunk = it * 2 + warp;
        for (uint32_t l = 0; l < 32; l++) assert_true(in.addr[l] == (lchunk * 128 + l * 4) % 1024);
        /* stream over a per-CTA region: CTA-local chunk, wraps in the slice */
        next_mem(k, cta, warp, &cur, &in, IC_GLD);
        for (uint32_t l = 0; l < 32; l++) assert_true(in.addr[l] == tbase + (lchunk * 128 + l * 4) % 1024);
    }
    assert_int_equal(fetch(k, cta, warp, &cur, &in), 0);

    /* reuse: both warps of a CTA touch the same addresses; other CTAs their own slice */
    kcursor c0, c1, c2;
    inst a0, a1, a2;
    reset(&c0); reset(&c1); reset(&c2);
    for (int i = 0; i < 3; i++) {
        fetch(k, 2, 0, &c0, &a0);
        fetch(k, 2, 1, &c1, &a1);
        fetch(k, 3, 0, &c2, &a2);
    }
    assert_memory_equal(a0.addr, a1.addr, sizeof a0.addr);
    assert_true(a2.addr[0] == a0.addr[0] + 1024);
    wl_free(&w);
}

/* Regions that a warp's 32 lanes wrap around inside one instruction (3200 B
 * is not a multiple of 32 x 16 B nor of 32 x 48 B): every lane's offset is the
 * pattern's formula of docs/workloads.md, evaluated here as written. */
static const char *wrap_kernel =
    "name = wrap\nimitates = x\ngrid = 3\nblock = 96\nregs = 8\nseed = 7\n"
    "region a 3200 shared\n"       /* base BASE */
    "region t 384 per_cta\n"       /* base BASE + 1M */
    "program {\n"
    "  loop 5 {\n"
    "    gld.16 r1 a stream\n"
    "    gld r2 a stride 48\n"
    "    gld.8 r3 t reuse\n"
    "    gld r4 t stride 65536\n"
    "  }\n"
    "}\n";

static void test_patterns_wrap(void **state)
{
    (void)state;
    workload w;
    load_text(&w, wrap_kernel, 1);
    kern *k = w.kernels[0];
    const uint64_t total_warps = 9, sa = 3200, st = 384;
    for (uint32_t cta = 0; cta < 3; cta++) {
        for (uint32_t warp = 0; warp < 3; warp++) {
            kcursor cur;
            inst in;
            reset(&cur);
            uint64_t gw = cta * 3 + warp, tbase = BASE + (1ull << 20) + cta * st;
            for (uint64_t it = 0; it < 5; it++) {
                uint64_t chunk = it * total_warps + gw, lchunk = it * 3 + warp;
                next_mem(k, cta, warp, &cur, &in, IC_GLD);
                for (uint64_t l = 0; l < 32; l++)
                    assert_true(in.addr[l] == BASE + ((chunk % sa) * ((32 * 16) % sa) + l * 16) % sa);
                next_mem(k, cta, warp, &cur, &in, IC_GLD);
                for (uint64_t l = 0; l < 32; l++)
                    assert_true(in.addr[l] == BASE + ((chunk % sa) * ((32 * 48) % sa) + (l * 48) % sa) % sa);
                next_mem(k, cta, warp, &cur, &in, IC_GLD);
                for (uint64_t l = 0; l < 32; l++)
                    assert_true(in.addr[l] == tbase + ((it % st) * ((32 * 8) % st) + l * 8) % st);
                next_mem(k, cta, warp, &cur, &in, IC_GLD);
                for (uint64_t l = 0; l < 32; l++)
                    assert_true(in.addr[l] == tbase + ((lchunk % st) * ((32 * 65536) % st) + (l * 65536) % st) % st);
            }
            assert_int_equal(fetch(k, cta, warp, &cur, &in), 0);
        }
    }
    wl_free(&w);
}

static void test_gather_seed(void **state)
{
    (void)state;
    workload w1, w2, w3;
    load_text(&w1, pattern_kernel, 1);
    load_text(&w2, pattern_kernel, 1);
    load_text(&w3, pattern_kernel, 2);
    kcursor c1, c2, c3;
    inst i1, i2, i3;
    reset(&c1); reset(&c2); reset(&c3);
    for (int i = 0; i < 4; i++) {       /* the 4th instruction is the gather */
        fetch(w1.kernels[0], 0, 0, &c1, &i1);
        fetch(w2.kernels[0], 0, 0, &c2, &i2);
        fetch(w3.kernels[0], 0, 0, &c3, &i3);
    }
    assert_int_equal(i1.cls, IC_GLD);
    assert_memory_equal(i1.addr, i2.addr, sizeof i1.addr);   /* same seed */
    int differ = 0, distinct = 0;
    for (int l = 0; l < 32; l++) {
        differ += i1.addr[l] != i3.addr[l];
        for (int m = 0; m < l; m++) distinct += i1.addr[l] == i1.addr[m];
    }
    /* 32 uniform draws from 8192 slots: a collision between seeds on one lane has
     * probability 1/8192, so at least 30 of 32 lanes must differ */
    assert_true(differ >= 30);
    assert_true(distinct <= 2);         /* few duplicate addresses within a warp */
    wl_free(&w1); wl_free(&w2); wl_free(&w3);
}

/* ---------------------------------------------------------------- determinism */

static void test_determinism(void **state)
{
    (void)state;
    workload w1, w2, w3;
    char err[512] = "";
    assert_int_equal(wl_load(&w1, "workloads/gather_irregular.kern", 7, err, sizeof err), 0);
    assert_int_equal(wl_load(&w2, "workloads/gather_irregular.kern", 7, err, sizeof err), 0);
    assert_int_equal(wl_load(&w3, "workloads/gather_irregular.kern", 8, err, sizeof err), 0);
    kern *k1 = w1.kernels[0], *k2 = w2.kernels[0], *k3 = w3.kernels[0];
    /* w1: warps one after the other; w2: interleaved one instruction at a
     * time in reverse warp order.  Streams must be identical. */
    const uint32_t nc = 8, nw = k1->warps_per_cta;
    uint64_t h1[8][8], h2[8][8];
    for (uint32_t c = 0; c < nc; c++)
        for (uint32_t wp = 0; wp < nw; wp++) h1[c][wp] = digest_warp(k1, c, wp, NULL);
    kcursor cur[8][8];
    int live = 1;
    for (uint32_t c = 0; c < nc; c++)
        for (uint32_t wp = 0; wp < nw; wp++) { reset(&cur[c][wp]); h2[c][wp] = 0xcbf29ce484222325ull; }
    uint8_t done[8][8] = { { 0 } };
    while (live) {
        live = 0;
        for (int c = (int)nc - 1; c >= 0; c--)
            for (int wp = (int)nw - 1; wp >= 0; wp--) {
                inst in;
                if (done[c][wp]) continue;
                if (fetch(k2, (uint32_t)c, (uint32_t)wp, &cur[c][wp], &in)) {
                    h2[c][wp] = digest_inst(h2[c][wp], &in);
                    live = 1;
                } else {
                    done[c][wp] = 1;
                }
            }
    }
    assert_memory_equal(h1, h2, sizeof h1);
    /* another seed changes the stream (gather addresses, masks, trip counts) */
    int same = 0;
    for (uint32_t c = 0; c < nc; c++) same += digest_warp(k3, c, 0, NULL) == h1[c][0];
    assert_int_equal(same, 0);
    wl_free(&w1); wl_free(&w2); wl_free(&w3);
}

/* ---------------------------------------------------------------- masks */

static void test_masks(void **state)
{
    (void)state;
    workload w;
    load_text(&w,
              "name = m\nimitates = x\ngrid = 64\nblock = 48\nregs = 8\n"
              "program {\n"
              "  sp r1 @0x0000ffff\n"
              "  loop 16 {\n"
              "    sp r2 @50%\n"
              "    if 25% { sp r3; sp r4 }\n"
              "  }\n"
              "  bar\n"
              "}\n", 3);
    kern *k = w.kernels[0];
    uint64_t frac_lanes = 0, frac_n = 0, if_lanes = 0, if_n = 0;
    for (uint32_t c = 0; c < 64; c++) {
        /* warp 0: 32 threads; warp 1: the 16 threads left of a 48-thread CTA */
        for (uint32_t wp = 0; wp < 2; wp++) {
            uint32_t tmask = wp == 0 ? 0xffffffffu : 0x0000ffffu;
            kcursor cur;
            inst in;
            reset(&cur);
            assert_int_equal(fetch(k, c, wp, &cur, &in), 1);
            assert_int_equal(in.mask, 0x0000ffffu & tmask);
            uint32_t prev_if = 0;
            while (fetch(k, c, wp, &cur, &in)) {
                assert_int_equal(in.mask & ~tmask, 0);   /* never a lane beyond the CTA */
                assert_true(in.mask != 0);
                if (in.cls == IC_BAR) { assert_int_equal(in.mask, tmask); continue; }
                if (wp == 1) continue;
                if (in.dst[0] == 2) { frac_lanes += (uint64_t)__builtin_popcount(in.mask); frac_n++; }
                if (in.dst[0] == 3) { if_lanes += (uint64_t)__builtin_popcount(in.mask); if_n++; prev_if = in.mask; }
                if (in.dst[0] == 4) assert_int_equal(in.mask, prev_if);   /* one mask per if body */
            }
        }
    }
    /* 1024 warp instructions of 32 Bernoulli lanes: the mean has s.d. 0.09
     * (p = 0.5) and 0.08 (p = 0.25), so +-1 lane is over 10 s.d. */
    assert_int_equal(frac_n, 64 * 16);
    double frac_mean = (double)frac_lanes / (double)frac_n, if_mean = (double)if_lanes / (double)if_n;
    assert_true(frac_mean > 15.0 && frac_mean < 17.0);
    assert_true(if_mean > 7.0 && if_mean < 9.0);
    wl_free(&w);
}

/* ---------------------------------------------------------------- per-CTA variation */

static void test_cta_variation(void **state)
{
    (void)state;
    workload w;
    load_text(&w,
              "name = v\nimitates = x\ngrid = 64\nblock = 64\nregs = 8\n"
              "program {\n  loop 2..9 {\n    sp r1\n  }\n}\n", 4);
    kern *k = w.kernels[0];
    int seen[10] = { 0 }, distinct = 0;
    for (uint32_t c = 0; c < 64; c++) {
        uint64_t n0 = 0, n1 = 0;
        digest_warp(k, c, 0, &n0);
        digest_warp(k, c, 1, &n1);
        assert_true(n0 >= 2 && n0 <= 9);
        assert_true(n0 == n1);          /* per CTA, not per warp: barriers stay legal */
        if (!seen[n0]++) distinct++;
    }
    /* 64 uniform draws over 8 values: fewer than 6 distinct has probability < 1e-6 */
    assert_true(distinct >= 6);
    wl_free(&w);
}

/* ---------------------------------------------------------------- auto hints */

static void test_autohint(void **state)
{
    (void)state;
    workload w;
    /* l/w = 600/12 = 50 cycles; the rule adds latencies (seed 001 Sec. 4.4,
     * Table 4-1: sp 24).  L1's use follows at once and L2 comes right after
     * that use (24 < 50): one region.  After L2 come 12 sp (288 >= 50) before
     * L3: region boundary, hint after L2.  L3 is the last load: hint after
     * it.  (Adding issue costs, 2 per sp, put no hint after L2: 24 < 50.) */
    load_text(&w,
              "name = h\nimitates = x\ngrid = 1\nblock = 32\nregs = 8\nautohint = 600/12\n"
              "region a 1M\n"
              "program {\n"
              "  gld r1 a stream\n  sp r2 r1\n  gld r3 a stream\n  sp r4 r3 x12\n"
              "  gld r5 a stream\n  sp r6 r5\n"
              "}\n", 1);
    static const uint8_t want[] = { IC_GLD, IC_SP, IC_GLD, IC_HINT, IC_SP, IC_SP, IC_SP, IC_SP,
                                    IC_SP, IC_SP, IC_SP, IC_SP, IC_SP, IC_SP, IC_SP, IC_SP,
                                    IC_GLD, IC_HINT, IC_SP };
    kern *k = w.kernels[0];
    kcursor cur;
    inst in;
    reset(&cur);
    for (size_t i = 0; i < sizeof want; i++) {
        assert_int_equal(fetch(k, 0, 0, &cur, &in), 1);
        assert_int_equal(in.cls, want[i]);
    }
    assert_int_equal(fetch(k, 0, 0, &cur, &in), 0);
    wl_free(&w);

    /* With l/w = 600/100 = 6: after L1's use come 3 sp (72 cycles >= 6), so
     * L1 ends its own region; L2 is the last load of the loop body. */
    load_text(&w,
              "name = h2\nimitates = x\ngrid = 1\nblock = 32\nregs = 8\nautohint = 600/100\n"
              "region a 1M\n"
              "program {\n  loop 2 {\n    gld r1 a stream\n    sp r2 r1 x3\n    gld r3 a stream\n  }\n}\n", 1);
    static const uint8_t want2[] = { IC_GLD, IC_HINT, IC_SP, IC_SP, IC_SP, IC_GLD, IC_HINT };
    k = w.kernels[0];
    reset(&cur);
    for (int rep = 0; rep < 2; rep++)
        for (size_t i = 0; i < sizeof want2; i++) {
            assert_int_equal(fetch(k, 0, 0, &cur, &in), 1);
            assert_int_equal(in.cls, want2[i]);
        }
    assert_int_equal(fetch(k, 0, 0, &cur, &in), 0);
    wl_free(&w);
}

/* ---------------------------------------------------------------- N per core */

static void test_ctas_per_core(void **state)
{
    (void)state;
    gpu_cfg c;
    cfg_defaults(&c);        /* 1024 threads, 32 warps, 8 CTAs, 32768 regs, 48 KB smem */
    kern k;
    memset(&k, 0, sizeof k);
    /* threads: 1024 / 512 = 2 (regs 32768 / (16 * 512) = 4) */
    k.cta_threads = 512; k.regs_per_thread = 16; k.smem_per_cta = 0;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 2);
    /* registers: 32768 / (64 * 256) = 2 (threads allow 4) */
    k.cta_threads = 256; k.regs_per_thread = 64;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 2);
    /* shared memory: 49152 / 20480 = 2 (threads 8, regs 32) */
    k.cta_threads = 128; k.regs_per_thread = 8; k.smem_per_cta = 20480;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 2);
    /* CTA cap: 32-thread CTAs fit 32 times by threads, 8 by the cap */
    k.cta_threads = 32; k.smem_per_cta = 0;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 8);
    /* warps set below threads / 32: 16 warps / 4 per CTA = 4 */
    c.sm.max_warps = 16;
    k.cta_threads = 128;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 4);
    /* threads count by whole warps: 48 threads hold 64 slots: 1024/64 = 16 */
    c.sm.max_warps = 32; c.sm.max_ctas = 32;
    k.cta_threads = 48;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 16);
    /* one CTA does not fit: 255 regs x 1024 threads > 32768 */
    k.cta_threads = 1024; k.regs_per_thread = 255;
    assert_int_equal(sm_ctas_per_core(&c.sm, &k), 0);
}

/* ---------------------------------------------------------------- suite */

static void check_suite_file(const char *path, uint32_t *nkern)
{
    workload w;
    char err[512] = "";
    int rc = wl_load(&w, path, 1, err, sizeof err);
    if (rc) print_error("%s\n", err);
    assert_int_equal(rc, 0);
    for (uint32_t i = 0; i < w.n_kernels; i++) {
        kern *k = w.kernels[i];
        assert_true(strlen(wl_imitates(k)) > 20);
        uint64_t n = 0;
        for (uint32_t c = 0; c < k->n_cta; c++)
            for (uint32_t wp = 0; wp < k->warps_per_cta; wp++) digest_warp(k, c, wp, &n);
        /* docs/workloads.md: at most ~1 M warp instructions per kernel */
        if (n == 0 || n > 1000000) print_error("%s/%s: %llu warp instructions\n", path, k->name,
                                               (unsigned long long)n);
        assert_true(n > 0 && n <= 1000000);
    }
    *nkern += w.n_kernels;
    wl_free(&w);
}

static void test_suite(void **state)
{
    (void)state;
    DIR *d = opendir("workloads");
    assert_non_null(d);
    char names[64][256];
    int n = 0, nkern_files = 0, nwl = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < 64) {
        size_t len = strlen(e->d_name);
        int is_kern = len > 5 && strcmp(e->d_name + len - 5, ".kern") == 0;
        int is_wl = len > 3 && strcmp(e->d_name + len - 3, ".wl") == 0;
        if (!is_kern && !is_wl) continue;
        nkern_files += is_kern;
        nwl += is_wl;
        snprintf(names[n++], sizeof names[0], "workloads/%.200s", e->d_name);
    }
    closedir(d);
    assert_true(nkern_files >= 16);
    assert_true(nwl >= 2);
    uint32_t nk = 0;
    for (int i = 0; i < n; i++) check_suite_file(names[i], &nk);
    assert_true(nk >= 18);

    /* ok.wl: a .kern listed twice (x2) plus an inline kernel; the two copies
     * differ in seed (kernel index), not in shape */
    workload w;
    char err[512] = "";
    assert_int_equal(wl_load(&w, D "ok.wl", 1, err, sizeof err), 0);
    assert_int_equal(w.n_kernels, 3);
    assert_string_equal(w.kernels[0]->name, "stream_copy");
    assert_string_equal(w.kernels[2]->name, "tiny");
    assert_int_equal(w.kernels[1]->n_cta, w.kernels[0]->n_cta);
    wl_free(&w);
    wl_free(&w);        /* safe twice */
}

int main(int argc, char **argv)
{
    (void)argc;
    goto_root(argv[0]);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_fetch_outside_grid),
        cmocka_unit_test(test_program_and_registers),
        cmocka_unit_test(test_patterns),
        cmocka_unit_test(test_patterns_wrap),
        cmocka_unit_test(test_gather_seed),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_masks),
        cmocka_unit_test(test_cta_variation),
        cmocka_unit_test(test_autohint),
        cmocka_unit_test(test_ctas_per_core),
        cmocka_unit_test(test_suite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
