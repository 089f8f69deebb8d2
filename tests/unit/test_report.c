/* test_report.c -- the run's outputs: the CSV summary row (csvrow.h: header
 * and row from one table, RFC 4180 quoting) and the JSON report (stats.h:
 * escaped strings, the power object, read back by power_load_baseline). */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "cfg.h"
#include "csvrow.h"
#include "version.h"
#include "fsize_limit.h"
#include "power.h"
#include "stats.h"

/* Fields of one CSV line (RFC 4180: commas inside quotes do not count). */
static int csv_fields(const char *line)
{
    int n = 1, quoted = 0;
    for (const char *p = line; *p && *p != '\n'; p++) {
        if (*p == '"') quoted = !quoted;
        else if (*p == ',' && !quoted) n++;
    }
    return n;
}

typedef struct run { gpu_cfg cfg; report rep; power_report pw; } run;

static void run_init(run *r)
{
    char err[256];
    cfg_defaults(&r->cfg);
    assert_int_equal(cfg_check(&r->cfg, err, sizeof err), 0);
    report_init(&r->rep);
    snprintf(r->rep.config, sizeof r->rep.config, "%s", r->cfg.name);
    r->rep.n_cores = r->cfg.sm.n_cores;
    r->rep.n_parts = r->cfg.mem.n_parts;
    memset(&r->pw, 0, sizeof r->pw);
    r->rep.total.cycles = 1000;
    r->rep.total.thread_insts = 32000;
    r->pw.total_j = 1.25e-3;
    r->pw.avg_w = 42.5;
}

static char *csv_of(run *r, const char *wl_path, int header)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    csvrow_run row = { 0, wl_path, "c", &r->rep, &r->pw };
    if (header) csvrow_header(f);
    else csvrow_write(f, &row);
    assert_int_equal(fclose(f), 0);
    return buf;
}

static void csv_header_and_row_match(void **state)
{
    run r;
    run_init(&r);
    char *h = csv_of(&r, "workloads/stream_copy.kern", 1);
    char *row = csv_of(&r, "workloads/stream_copy.kern", 0);
    assert_int_equal(csv_fields(h), 25);
    assert_int_equal(csv_fields(row), csv_fields(h));
    /* the program that wrote it, last (docs/outputs.md) */
    assert_non_null(strstr(h, ",tail_idle,schema_version,ctasim_version,ctasim_commit\n"));
    char tail[160];
    snprintf(tail, sizeof tail, ",%d,%s,%s\n", version_schema(), version_release(), version_commit());
    assert_non_null(strstr(row, tail));
    assert_int_equal(strncmp(h, "config,workload,engine,cores,", 29), 0);
    assert_non_null(strstr(row, ",workloads/stream_copy.kern,c,"));
    assert_non_null(strstr(row, ",1000,32000,32.0000,"));       /* cycles, insts, ipc */
    assert_non_null(strstr(row, ",1.250000e-03,42.5000,"));     /* energy_j, power_w */
    assert_int_equal(h[strlen(h) - 1], '\n');
    assert_int_equal(row[strlen(row) - 1], '\n');
    free(h);
    free(row);
}

static void csv_quotes_commas_and_quotes(void **state)
{
    run r;
    run_init(&r);
    char *h = csv_of(&r, "x", 1);
    char *row = csv_of(&r, "my,dir/w.kern", 0);
    assert_int_equal(csv_fields(row), csv_fields(h));
    assert_non_null(strstr(row, ",\"my,dir/w.kern\",c,"));
    free(row);
    row = csv_of(&r, "say \"hi\".kern", 0);
    assert_non_null(strstr(row, ",\"say \"\"hi\"\".kern\",c,"));
    assert_int_equal(csv_fields(row), csv_fields(h));
    free(row);
    free(h);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* One write: statistics then the power object, strings escaped; the file
 * is read back as a power baseline. */
static void json_report_and_baseline(void **state)
{
    char dir[] = "/tmp/test_report.XXXXXX", path[64], err[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/r.json", dir);
    run r;
    run_init(&r);
    snprintf(r.rep.config, sizeof r.rep.config, "small");
    snprintf(r.rep.workload, sizeof r.rep.workload, "a\"b\\c\nd");
    snprintf(r.rep.engine, sizeof r.rep.engine, "c");
    r.rep.n_cores = 1;
    r.rep.n_parts = 1;
    r.rep.total.n_cores = 1;
    assert_int_equal(report_write_json(&r.rep, &r.pw, path, err, sizeof err), 0);
    const char *text = slurp(path);
    char head[512];
    /* the program that wrote it first (docs/outputs.md), then the run */
    snprintf(head, sizeof head, "{\"schema_version\": %d, \"ctasim_version\": \"%s\", "
             "\"ctasim_commit\": \"%s\", \"ctasim_build\": \"%s\",\n \"config\": \"small\", "
             "\"workload\": \"a\\\"b\\\\c\\nd\", \"engine\": \"c\", "
             "\"n_cores\": 1, \"n_parts\": 1, \"compared_cycles\": 0, \"complete\": true,\n \"kernels\": [],\n \"total\": {",
             version_schema(), version_release(), version_commit(), version_build());
    assert_int_equal(strncmp(text, head, strlen(head)), 0);
    assert_non_null(strstr(text, "\n     {\"core\": 0, "));
    assert_non_null(strstr(text, "]},\n \"power\": {\"energy_j\": 0.00125, \"power_w\": 42.500000, "));
    size_t n = strlen(text);
    assert_string_equal(text + n - 4, "]}}\n");
    power_report base;
    memset(&base, 0, sizeof base);
    assert_int_equal(power_load_baseline(&base, path, err, sizeof err), 0);
    assert_true(base.have_base);
    assert_true(base.base_total_j == 0.00125);
    assert_true(base.base_avg_w == 42.5);
    /* without a power report there is no power object, and no baseline */
    assert_int_equal(report_write_json(&r.rep, NULL, path, err, sizeof err), 0);
    assert_null(strstr(slurp(path), "\"power\""));
    assert_int_equal(power_load_baseline(&base, path, err, sizeof err), -1);
    unlink(path);
    rmdir(dir);
}

struct json_write { run *r; const char *path; char *err; size_t errlen; };

static int write_json(void *arg)
{
    struct json_write *j = arg;
    return report_write_json(&j->r->rep, &j->r->pw, j->path, j->err, j->errlen);
}

static void json_unwritable(void **state)
{
    run r;
    run_init(&r);
    char err[256];
    assert_int_equal(report_write_json(&r.rep, &r.pw, "/nonexistent-dir/r.json", err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent-dir/r.json: cannot create a file in its folder "
                             "(No such file or directory)");
    /* a full disk (a file-size limit): the failure is reported with the
     * path, and the previous file is left as it was */
    char dir[] = "/tmp/test_report_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/r.json", dir);
    FILE *f = fopen(path, "w");
    fputs("previous", f);
    fclose(f);
    struct json_write jwr = { &r, path, err, sizeof err };
    assert_int_equal(with_fsize_limit(16, write_json, &jwr), -1);
    assert_non_null(strstr(err, "r.json: write failed"));
    char buf[16] = "";
    f = fopen(path, "r");
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "previous");
    unlink(path);
    rmdir(dir);
}

/* What each scheme turns off (gpu-model.md "Statistics and power"): two
 * identical cores, both with no activity; core 1 spends every cycle turned
 * off or clock-gated (AR-CTA's idle half).  It draws no clock power; without
 * per-core power gating it still leaks (static and never-gated core power),
 * with it it draws nothing.  The old model charged a disabled core in full. */
static double core_static_w(uint64_t off, uint64_t gated, double pcpg, power_report *pw)
{
    static report r;
    gpu_cfg cfg;
    cfg_defaults(&cfg);
    cfg.power.pcpg = pcpg;
    memset(&r, 0, sizeof r);
    r.n_cores = 2;
    r.n_parts = 1;
    r.total.n_cores = 2;
    r.total.cycles = 1000;
    r.total.time_fs = 1000ull * 1000000ull;   /* 1 ns per cycle */
    r.total.ctl[1].off_cycles = off;
    r.total.ctl[1].gated_cycles = gated;
    power_compute(&cfg.power, &cfg.ctl, &r, pw);
    double w = 0;
    for (int i = 0; i < PW_NROWS; i++)
        if (i != PW_L2 && i != PW_DRAM && i != PW_CONST) w += pw->stat_j[i];
    return w / pw->time_s;
}

static void power_disabled_core(void **st)
{
    (void)st;
    power_cfg p;
    power_cfg_defaults(&p);
    assert_true(p.pcpg == 0);                 /* default: clock gating only */
    double leak = p.s_core_other, clk = 0;
    for (int i = 0; i < CTL_NCOMP; i++) { leak += p.s_comp[i]; clk += p.clk_comp[i]; }
    power_report pw;
    double full = core_static_w(0, 0, 0, &pw);
    assert_true(fabs(full - 2 * (leak + clk) * 1e-3) < 1e-9);
    double ar_cg = core_static_w(0, 1000, 0, &pw);       /* AR-CTA disabled, clock-gated */
    assert_true(fabs(ar_cg - ((2 * leak + clk) * 1e-3)) < 1e-9);
    assert_true(pw.static_share > 0.5 && pw.static_share <= 1.0);
    double ar_pg = core_static_w(0, 1000, 1, &pw);       /* ... and power-gated */
    assert_true(fabs(ar_pg - (leak + clk) * 1e-3) < 1e-9);
    double dc_cg = core_static_w(1000, 0, 0, &pw);       /* DYNCORE off, no PCPG */
    assert_true(fabs(dc_cg - ar_cg) < 1e-12);
    /* the report carries the other choice too: with PCPG it is the pg case */
    assert_int_equal(pw.pcpg, 0);
    double noncore = (pw.stat_j[PW_L2] + pw.stat_j[PW_DRAM] + pw.stat_j[PW_CONST]) / pw.time_s;
    assert_true(fabs(pw.alt_avg_w - (ar_pg + noncore)) < 1e-9);
}

/* Non-core static power is per memory partition, not per core: 30 and 60
 * idle cores over the same 8 partitions, 1000 cycles of 1 ns, draw the same
 * L2 and DRAM leakage.  Defaults: a full core is 1010 mW (the s_comp areas,
 * 760, and s_core_other, 250); seed 004 Sec. 6 puts non-core at 40 % of
 * static on 16 cores and 6 partitions, so a partition draws
 * 1010 x 16/6 x 0.4/0.6 = 1795.5556 mW, 897.7778 mW each in L2 and DRAM:
 * 8 x 897.7778 mW x 1 us = 7.182222 uJ per row.  (The core-count model gave
 * 30 cores 10.1 W and 60 cores 20.2 W per row.)  With power.s_l2 = 100 and
 * power.s_dram = 300 the rows are 0.8 and 2.4 uJ. */
static double noncore_row_j(uint32_t cores, double s_l2, double s_dram, int row)
{
    static report r;
    gpu_cfg cfg;
    cfg_defaults(&cfg);
    cfg.power.s_l2 = s_l2;
    cfg.power.s_dram = s_dram;
    memset(&r, 0, sizeof r);
    r.n_cores = cores;
    r.n_parts = 8;
    r.total.n_cores = cores;
    r.total.cycles = 1000;
    r.total.time_fs = 1000ull * 1000000ull;
    power_report pw;
    power_compute(&cfg.power, &cfg.ctl, &r, &pw);
    return pw.stat_j[row];
}

static void power_noncore_per_partition(void **st)
{
    (void)st;
    power_cfg p;
    power_cfg_defaults(&p);
    assert_true(fabs(power_l2_part_mw(&p) - 897.7777778) < 1e-6);
    assert_true(fabs(power_dram_part_mw(&p) - 897.7777778) < 1e-6);
    for (uint32_t c = 30; c <= 60; c += 30) {
        assert_true(fabs(noncore_row_j(c, 0, 0, PW_L2) - 7.1822222e-6) < 1e-12);
        assert_true(fabs(noncore_row_j(c, 0, 0, PW_DRAM) - 7.1822222e-6) < 1e-12);
        assert_true(fabs(noncore_row_j(c, 100, 300, PW_L2) - 0.8e-6) < 1e-15);
        assert_true(fabs(noncore_row_j(c, 100, 300, PW_DRAM) - 2.4e-6) < 1e-15);
    }
    /* 16 cores, 6 partitions (seed 004's baseline): non-core is 40 % of static */
    static report r;
    gpu_cfg cfg;
    cfg_defaults(&cfg);
    memset(&r, 0, sizeof r);
    r.n_cores = r.total.n_cores = 16;
    r.n_parts = 6;
    r.total.cycles = 1000;
    r.total.time_fs = 1000ull * 1000000ull;
    power_report pw;
    power_compute(&cfg.power, &cfg.ctl, &r, &pw);
    double leak = 16 * 1010e-3 * 1e-6, noncore = pw.stat_j[PW_L2] + pw.stat_j[PW_DRAM];
    assert_true(fabs(noncore / (noncore + leak) - 0.4) < 1e-12);
}

/* --rtl-power's control row (power_add_control): 2 mW dynamic and 0.5 mW
 * leakage over the 1 us run above are 2 nJ and 0.5 nJ, added to the total,
 * the average power (+2.5 mW), the other pcpg choice's total and the static
 * energy; printed and written as the row "control", absent without it. */
static void power_control_row(void **st)
{
    (void)st;
    power_report pw;
    core_static_w(0, 0, 0, &pw);
    double t0 = pw.total_j, a0 = pw.avg_w, alt0 = pw.alt_avg_w, s0 = pw.static_share * t0;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    power_print(&pw, f);
    fclose(f);
    assert_null(strstr(buf, "control"));
    free(buf);
    assert_true(fabs(pw.time_s - 1e-6) < 1e-18);
    power_add_control(&pw, 2e-3, 0.5e-3);
    assert_true(fabs(pw.ctl_dyn_j - 2e-9) < 1e-21);
    assert_true(fabs(pw.ctl_stat_j - 0.5e-9) < 1e-21);
    assert_true(fabs(pw.total_j - (t0 + 2.5e-9)) < 1e-18);
    assert_true(fabs(pw.avg_w - (a0 + 2.5e-3)) < 1e-9);
    assert_true(fabs(pw.alt_avg_w - (alt0 + 2.5e-3)) < 1e-9);
    assert_true(fabs(pw.static_share - (s0 + 0.5e-9) / pw.total_j) < 1e-12);
    f = open_memstream(&buf, &len);
    power_print(&pw, f);
    fclose(f);
    assert_non_null(strstr(buf, "\n    control     0.002000   0.000500  (gate level, --rtl-power)\n"));
    free(buf);
    f = open_memstream(&buf, &len);
    jw w;
    jw_init(&w, f);
    power_json(&w, &pw);
    assert_int_equal(jw_finish(&w), 0);
    fclose(f);
    assert_non_null(strstr(buf, "{\"name\": \"control\", \"dynamic_j\": 2e-09, \"static_j\": 5e-10}]"));
    free(buf);
}

/* Two kernels with different N and warps per CTA, no memory access at all:
 * the total line says N varies (never "N = 0 per core, 0 warps each"), hit
 * rates over no access print "-" and are null in the JSON. */
static void total_line_and_empty_rates(void **st)
{
    (void)st;
    report r;
    report_init(&r);
    r.n_cores = 1;
    r.n_parts = 1;
    kstats *k = calloc(1, sizeof *k);
    assert_non_null(k);
    char err[256];
    for (int i = 0; i < 2; i++) {
        memset(k, 0, sizeof *k);
        snprintf(k->name, sizeof k->name, "k%d", i);
        k->n_cta = 10;
        k->n_max = (uint32_t)(2 + i);
        k->warps_per_cta = (uint32_t)(4 * (i + 1));
        k->cycles = 100;
        k->n_cores = 1;
        assert_int_equal(report_add_kernel(&r, k, err, sizeof err), 0);
    }
    free(k);
    assert_int_equal(r.n_kernels, 2);
    assert_string_equal(report_kernel(&r, 1)->name, "k1");   /* read back from the spill */
    snprintf(r.total.name, sizeof r.total.name, "total");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    report_print(&r, f);
    assert_int_equal(report_json(f, &r, NULL), 0);
    fclose(f);
    assert_non_null(strstr(buf, "CTAs 10 (N = 2 per core, 4 warps each)"));
    assert_non_null(strstr(buf, "CTAs 10 (N = 3 per core, 8 warps each)"));
    assert_non_null(strstr(buf, "CTAs 20 (N and warps per CTA vary by kernel)"));
    assert_null(strstr(buf, "N = 0 per core"));
    assert_non_null(strstr(buf, "L1 hit -  L2 hit -  DRAM row hit -"));
    assert_non_null(strstr(buf, "\"l1_hit_rate\": null"));
    assert_non_null(strstr(buf, "\"l2_hit_rate\": null"));
    free(buf);
    report_free(&r);
}

/* Kernels alike: the total keeps their common N. */
static void total_line_common_n(void **st)
{
    (void)st;
    kstats t, k;
    memset(&t, 0, sizeof t);
    memset(&k, 0, sizeof k);
    k.n_cta = 4; k.n_max = 3; k.warps_per_cta = 2; k.cycles = 5;
    report_accumulate(&t, &k);
    report_accumulate(&t, &k);
    assert_int_equal(t.n_max, 3);
    assert_int_equal(t.warps_per_cta, 2);
    assert_int_equal(t.n_cta, 8);
}

/* The kernels' records live in a file; when it cannot be written (a full
 * disk, here a 64 KiB file-size limit: one record of 0 cores, read as CTL_MAX_CORES, is about 118 KiB) they
 * move to memory and nothing is lost. */
struct many_kernels { report *r; int n; };

static int add_kernels(void *arg)
{
    struct many_kernels *m = arg;
    kstats *k = calloc(1, sizeof *k);
    char err[256];
    int rc = 0;
    for (int i = 0; i < m->n && rc == 0; i++) {
        memset(k, 0, sizeof *k);
        snprintf(k->name, sizeof k->name, "k%d", i);
        k->cycles = (uint64_t)(100 + i);
        rc = report_add_kernel(m->r, k, err, sizeof err);
    }
    free(k);
    return rc;
}

static void kernel_records_survive_full_disk(void **st)
{
    (void)st;
    report r;
    report_init(&r);
    struct many_kernels m = { &r, 5 };
    assert_int_equal(with_fsize_limit(64 * 1024, add_kernels, &m), 0);
    assert_int_equal(r.n_kernels, 5);
    assert_non_null(r.mem);                      /* moved to memory */
    for (uint32_t i = 0; i < 5; i++) assert_int_equal(report_kernel(&r, i)->cycles, 100 + i);
    assert_int_equal(r.total.cycles, 100 + 101 + 102 + 103 + 104);
    report_free(&r);
    report_init(&r);
    assert_int_equal(add_kernels(&m), 0);        /* no limit: all in the file */
    assert_null(r.mem);
    assert_string_equal(report_kernel(&r, 4)->name, "k4");
    report_free(&r);
}

/* Fill a counter struct's uint64_t words with base, base + 1, ... */
static void fill_words(void *p, size_t bytes, uint64_t base)
{
    uint64_t *w = p;
    for (size_t i = 0; i < bytes / sizeof *w; i++) w[i] = base + i;
}

/* Every word of a is twice b's. */
static void assert_doubled(const void *a, const void *b, size_t bytes)
{
    const uint64_t *x = a, *y = b;
    for (size_t i = 0; i < bytes / sizeof *x; i++) assert_true(x[i] == 2 * y[i]);
}

/* The total adds every counter of the cores in use, their control counters
 * and the memory's (every partition); n_cores is the largest, ar_type and
 * the name stay the kernel's (stats_table.h). */
static void total_adds_every_counter(void **st)
{
    (void)st;
    kstats *t = calloc(1, sizeof *t), *k = calloc(1, sizeof *k);
    assert_non_null(t);
    assert_non_null(k);
    snprintf(k->name, sizeof k->name, "k");
    k->n_cores = 3;
    k->ar_type = 2;
    k->time_fs = 7;
    for (uint32_t c = 0; c < k->n_cores; c++) {
        fill_words(&k->core[c], sizeof k->core[c], 1000 * c + 1);
        fill_words(&k->ctl[c], sizeof k->ctl[c], 1000 * c + 500);
    }
    fill_words(&k->core[3], sizeof k->core[3], 99);   /* beyond n_cores: not added */
    fill_words(&k->mem, sizeof k->mem, 7);
    report_accumulate(t, k);
    report_accumulate(t, k);
    for (uint32_t c = 0; c < k->n_cores; c++) {
        assert_doubled(&t->core[c], &k->core[c], sizeof k->core[c]);
        assert_doubled(&t->ctl[c], &k->ctl[c], sizeof k->ctl[c]);
    }
    assert_true(t->core[3].cycles == 0 && t->core[3].warp_slots == 0);
    assert_doubled(&t->mem, &k->mem, sizeof k->mem);
    assert_int_equal(t->n_cores, 3);
    assert_int_equal(t->time_fs, 14);
    assert_int_equal(t->ar_type, 0);
    assert_string_equal(t->name, "");
    free(t);
    free(k);
}

/* N and warps per CTA are kept together: a kernel differing in either
 * clears both. */
static void total_common_n_cleared_together(void **st)
{
    (void)st;
    kstats t, a, b;
    memset(&t, 0, sizeof t);
    memset(&a, 0, sizeof a);
    a.n_cta = 4; a.n_max = 3; a.warps_per_cta = 2; a.cycles = 5;
    b = a;
    b.warps_per_cta = 4;
    report_accumulate(&t, &a);
    report_accumulate(&t, &b);
    assert_int_equal(t.n_max, 0);
    assert_int_equal(t.warps_per_cta, 0);
    report_accumulate(&t, &a);
    assert_int_equal(t.n_max, 0);
    assert_int_equal(t.n_cta, 12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(csv_header_and_row_match),
        cmocka_unit_test(csv_quotes_commas_and_quotes),
        cmocka_unit_test(json_report_and_baseline),
        cmocka_unit_test(json_unwritable),
        cmocka_unit_test(power_disabled_core),
        cmocka_unit_test(power_noncore_per_partition),
        cmocka_unit_test(power_control_row),
        cmocka_unit_test(total_line_and_empty_rates),
        cmocka_unit_test(kernel_records_survive_full_disk),
        cmocka_unit_test(total_line_common_n),
        cmocka_unit_test(total_adds_every_counter),
        cmocka_unit_test(total_common_n_cleared_together),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
