/* test_traces.c -- traces through the whole model: the real Accel-Sim trace
 * runs to completion with the instruction counts of the file (counted here
 * independently of the reader), and a synthetic workload written out as a
 * trace replays with identical statistics. */
#include <sys/stat.h>
#include <unistd.h>
#include <sys/resource.h>
#include "model_util.h"
#include "trace_write.h"
#include "../tracez_gen.h"

#define REAL "../shared/testdata/accelsim/vectoradd-100-32/kernelslist.g"
#define REAL_TRACE "../shared/testdata/accelsim/vectoradd-100-32/kernel-1.traceg"

/* Independent count: an instruction line starts with a hex PC followed by an
 * 8-digit hex mask; thread instructions are the mask's set bits. */
static void count_file(const char *path, uint64_t *warp, uint64_t *thread)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    *warp = *thread = 0;
    while (fgets(line, sizeof line, f)) {
        char pc[32], mask[32];
        if (sscanf(line, "%31s %31s", pc, mask) != 2) continue;
        if (strspn(pc, "0123456789abcdef") != strlen(pc) || strlen(mask) != 8 ||
            strspn(mask, "0123456789abcdef") != 8)
            continue;
        (*warp)++;
        *thread += (uint64_t)__builtin_popcountl(strtoul(mask, NULL, 16));
    }
    fclose(f);
}

static void test_real_trace(void **st)
{
    (void)st;
    uint64_t w, t;
    count_file(REAL_TRACE, &w, &t);
    assert_int_equal(w, 344);          /* README: 32 warps, 4 of them do the work */
    assert_int_equal(t, 10516);
    const char *presets[] = { "configs/small.cfg", "configs/kayiran30.cfg", "configs/c2050.cfg" };
    for (int i = 0; i < 3; i++) {
        run_out r;
        run_model(presets[i], REAL, NULL, &r, 0);
        assert_int_equal(r.k.warp_insts, w);
        assert_int_equal(r.k.thread_insts, t);
        assert_int_equal(r.k.n_cta, 1);
        assert_int_equal(SUM_CORES(&r.k, ctas_finished), 1);
        assert_true(r.k.mem.loads + r.k.mem.stores > 0);
    }
}

static int cmp_kstats(const kstats *a, const kstats *b)
{
    if (a->cycles != b->cycles || a->warp_insts != b->warp_insts || a->thread_insts != b->thread_insts)
        return -1;
    if (memcmp(a->core, b->core, sizeof a->core) || memcmp(a->ctl, b->ctl, sizeof a->ctl)) return -1;
    return memcmp(&a->mem, &b->mem, sizeof a->mem) ? -1 : 0;
}

static void roundtrip(const char *wl_path, int form, const char *const *sets)
{
    char dir[] = "/tmp/ctasim_trace_XXXXXX", err[512];
    assert_non_null(mkdtemp(dir));
    workload w;
    memset(&w, 0, sizeof w);
    assert_int_equal(wl_load(&w, wl_path, 1, err, sizeof err), 0);
    if (trace_write_workload(&w, dir, form | TRACE_WRITE_HINTS, err, sizeof err) < 0) fail_msg("%s", err);
    wl_free(&w);
    char list[512];
    snprintf(list, sizeof list, "%s/kernelslist.g", dir);
    run_out syn, tr;
    run_model("configs/small.cfg", wl_path, sets, &syn, 0);
    run_model("configs/small.cfg", list, sets, &tr, 0);
    assert_true(syn.k.warp_insts > 1000);
    assert_int_equal(cmp_kstats(&syn.k, &tr.k), 0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_synthetic_replay_identical(void **st)
{
    (void)st;
    roundtrip("workloads/mem_compute_regions.kern", TRACE_ADDR_LIST, NULL);
    const char *sets[] = { "policy.cta_limit=dyncta", "core.sched=regionp", NULL };
    roundtrip("workloads/backprop_two_phase.wl", TRACE_ADDR_COMPRESS, sets);
    roundtrip("workloads/divergent_branchy.kern", TRACE_ADDR_COMPRESS, NULL);
}

/* Copy kernel list src (in src_dir) to dst_dir/kernelslist.g, each kernel
 * file converted to .tracez (tests/tracez_gen.h) and named so. */
static void tracez_list(const char *src_dir, const char *src, const char *dst_dir, char *list, size_t len)
{
    char line[512], in[1024], out[1024];
    FILE *f = fopen(src, "r");
    assert_non_null(f);
    snprintf(list, len, "%s/kernelslist.g", dst_dir);
    FILE *o = fopen(list, "w");
    assert_non_null(o);
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        size_t n = strlen(line);
        if (n > 7 && !strcmp(line + n - 7, ".traceg")) {
            snprintf(in, sizeof in, "%s/%s", src_dir, line);
            line[n - 1] = 'z';
            snprintf(out, sizeof out, "%s/%s", dst_dir, line);
            assert_int_equal(tracez_gen(in, out, 7, 1), 0);
        }
        fprintf(o, "%s\n", line);
    }
    fclose(f);
    fclose(o);
}

/* The real trace and a written synthetic workload as .tracez: the same
 * statistics as their text form. */
static void test_tracez_identical(void **st)
{
    (void)st;
    char dir[] = "/tmp/ctasim_tracez_XXXXXX", txt[64], zdir[64], list_t[512], list_z[512], err[512], cmd[200];
    assert_non_null(mkdtemp(dir));
    snprintf(zdir, sizeof zdir, "%s/z", dir);
    assert_int_equal(mkdir(zdir, 0755), 0);
    run_out a, b;
    tracez_list("../shared/testdata/accelsim/vectoradd-100-32", REAL, zdir, list_z, sizeof list_z);
    run_model("configs/small.cfg", REAL, NULL, &a, 0);
    run_model("configs/small.cfg", list_z, NULL, &b, 0);
    assert_int_equal(a.k.warp_insts, 344);
    assert_int_equal(cmp_kstats(&a.k, &b.k), 0);
    snprintf(txt, sizeof txt, "%s/t", dir);
    assert_int_equal(mkdir(txt, 0755), 0);
    workload w;
    memset(&w, 0, sizeof w);
    assert_int_equal(wl_load(&w, "workloads/backprop_two_phase.wl", 1, err, sizeof err), 0);
    if (trace_write_workload(&w, txt, TRACE_ADDR_COMPRESS, err, sizeof err) < 0) fail_msg("%s", err);
    wl_free(&w);
    snprintf(list_t, sizeof list_t, "%s/kernelslist.g", txt);
    tracez_list(txt, list_t, zdir, list_z, sizeof list_z);
    run_model("configs/small.cfg", list_t, NULL, &a, 0);
    run_model("configs/small.cfg", list_z, NULL, &b, 0);
    assert_true(a.k.warp_insts > 1000);
    assert_int_equal(cmp_kstats(&a.k, &b.k), 0);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* A kernel list of n copies of the 2-CTA form fixture, in dir. */
static void write_list(const char *dir, int n, char *list, size_t len)
{
    char cwd[256];
    assert_non_null(getcwd(cwd, sizeof cwd));
    snprintf(list, len, "%s/kernelslist.g", dir);
    FILE *f = fopen(list, "w");
    assert_non_null(f);
    for (int i = 0; i < n; i++)
        fprintf(f, "%s/tests/data/traces/forms/v4.traceg\n", cwd);
    assert_int_equal(fclose(f), 0);
}

static long max_rss_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

/* 500 kernels run one after another.  The report keeps each kernel's
 * statistics row (kstats, about 45 KiB: per-core arrays) in a file, not in
 * memory (report_add_kernel); the trace reader keeps each kernel's
 * description (header info, under 3 KiB) and releases thread-block buffers
 * when a kernel ends.  So the peak memory of 500 kernels over a 50-kernel
 * run that came first may grow by at most 4 MiB (450 * 3 KiB = 1.3 MiB of
 * descriptions, the rest allocator slack); keeping the 450 rows in memory
 * (19.8 MiB) or thread blocks per kernel would exceed it. */
static void test_500_kernels_bounded_memory(void **st)
{
    (void)st;
    char dir[] = "/tmp/ctasim_many_XXXXXX", list[300];
    assert_non_null(mkdtemp(dir));
    run_out few, many;
    write_list(dir, 50, list, sizeof list);
    run_model("configs/small.cfg", list, NULL, &few, 0);
    long rss_few = max_rss_kib();
    write_list(dir, 500, list, sizeof list);
    run_model("configs/small.cfg", list, NULL, &many, 0);
    long rss_many = max_rss_kib();
    print_message("max RSS: 50 kernels %ld KiB, 500 kernels %ld KiB (+%ld KiB)\n",
                  rss_few, rss_many, rss_many - rss_few);
    assert_int_equal(many.k.warp_insts, 10 * few.k.warp_insts);
    assert_true(rss_many - rss_few < 4096);
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

/* --trace-info's text for path (trace_info_print), owned by the caller. */
static char *info_text(const char *path)
{
    char *buf = NULL, err[512];
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    if (trace_info_print(path, NULL, f, err, sizeof err) < 0) fail_msg("%s", err);
    assert_int_equal(fclose(f), 0);
    return buf;
}

/* The fixture's counts, by hand from tests/data/traces/ok_v4.traceg and
 * ok_v5.traceg: kernel 1 has CTA 0 (warp 0: 9 lines, lanes 32+4+4+2+0+2+2+0+32;
 * warp 1: 2 lines of 8) and CTA 1 (one BAR of 32); kernel 2 three lines
 * (32 + 2 + 32). */
static void test_trace_info_counts(void **st)
{
    (void)st;
    char *t = info_text("tests/data/traces/ok/kernelslist.g");
    assert_non_null(strstr(t, "kernel 1: forms_v4 (tests/data/traces/ok/../ok_v4.traceg)\n"
                              "  grid 2,1,1  block 40,1,1  CTAs 2  registers 24  shared memory 1024 B\n"
                              "  instructions 12 warp, 126 thread; memory instructions 6; unknown opcodes 1\n"));
    /* the EXIT with lanes retired mid-warp runs as a branch; the generic LD
     * to the shared window as a shared load, the ST outside it as global */
    assert_non_null(strstr(t, "    EXIT           BRA   1\n    EXIT           EXIT  1\n"));
    assert_non_null(strstr(t, "    LD             SLD   1\n"));
    assert_non_null(strstr(t, "    ST             GST   1\n"));
    assert_non_null(strstr(t, "    STG            GST   2\n"));
    assert_non_null(strstr(t, "  unknown SASS opcode FOOBAR executed 1 times"));
    assert_non_null(strstr(t, "kernel 2: forms_v5 (tests/data/traces/ok/../ok_v5.traceg)\n"
                              "  grid 1,1,1  block 32,1,1  CTAs 1  registers 16  shared memory 0 B\n"
                              "  instructions 3 warp, 66 thread; memory instructions 1; unknown opcodes 0\n"));
    assert_non_null(strstr(t, "application: 2 kernels, 3 CTAs\n"
                              "  instructions 15 warp, 192 thread; memory instructions 7; unknown opcodes 1\n"));
    assert_non_null(strstr(t, "    EXIT           EXIT  2\n"));
    free(t);
}

static int count_lines_starting(const char *t, const char *prefix)
{
    int n = 0;
    size_t len = strlen(prefix);
    for (const char *p = t; p; p = strchr(p, '\n')) {
        if (*p == '\n') p++;
        if (!strncmp(p, prefix, len)) n++;
    }
    return n;
}

/* A thousand-kernel list is read in one pass per kernel. */
static void test_trace_info_1000_kernels(void **st)
{
    (void)st;
    char dir[] = "/tmp/ctasim_info_XXXXXX", list[300], cmd[400];
    assert_non_null(mkdtemp(dir));
    write_list(dir, 1000, list, sizeof list);
    char *t = info_text(list);
    assert_int_equal(count_lines_starting(t, "kernel "), 1000);
    assert_non_null(strstr(t, "kernel 1000: forms "));
    assert_non_null(strstr(t, "application: 1000 kernels, 2000 CTAs\n"));
    free(t);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_real_trace),
        cmocka_unit_test(test_synthetic_replay_identical),
        cmocka_unit_test(test_tracez_identical),
        cmocka_unit_test(test_500_kernels_bounded_memory),
        cmocka_unit_test(test_trace_info_counts),
        cmocka_unit_test(test_trace_info_1000_kernels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
