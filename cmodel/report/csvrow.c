/* csvrow.c -- the CSV summary row from one column table.  See csvrow.h. */
#include <inttypes.h>
#include <string.h>
#include "csvrow.h"
#include "version.h"

/* One column: its name and exactly one accessor; a double has its format. */
typedef struct csv_col {
    const char *name;
    const char *(*str)(const csvrow_run *r);
    uint64_t    (*u64)(const csvrow_run *r);
    double      (*dbl)(const csvrow_run *r);
    const char *fmt;
} csv_col;

#define COL_S(n, f)       { n, f, NULL, NULL, NULL }
#define COL_U(n, f)       { n, NULL, f, NULL, NULL }
#define COL_D(n, f, fmt)  { n, NULL, NULL, f, fmt }

static const kstats *tot(const csvrow_run *r) { return &r->rep->total; }

/* Share of all core cycles spent in class `which` (kstats_classes order). */
static double class_frac(const csvrow_run *r, int which)
{
    uint64_t c[5];
    kstats_classes(tot(r), &c[0], &c[1], &c[2], &c[3], &c[4]);
    double all = (double)(c[0] + c[1] + c[2] + c[3] + c[4]);
    return all ? c[which] / all : 0;
}

static const char *c_config(const csvrow_run *r) { return r->rep->config; }
static const char *c_workload(const csvrow_run *r) { return r->workload; }
static const char *c_engine(const csvrow_run *r) { return r->engine; }
static uint64_t c_cores(const csvrow_run *r) { return r->rep->n_cores; }
static uint64_t c_static_n(const csvrow_run *r)
{
    return r->static_n;
}
static uint64_t c_cycles(const csvrow_run *r) { return tot(r)->cycles; }
static uint64_t c_thread_insts(const csvrow_run *r) { return tot(r)->thread_insts; }
static double c_ipc(const csvrow_run *r) { return kstats_ipc(tot(r)); }
static double c_core_util(const csvrow_run *r) { return kstats_core_util(tot(r)); }
static double c_roundtrip(const csvrow_run *r) { return kstats_roundtrip(tot(r)); }
static double c_l1_hit(const csvrow_run *r) { return kstats_l1_hit_rate(tot(r)); }
static double c_l2_hit(const csvrow_run *r) { return kstats_l2_hit_rate(tot(r)); }
static double c_row_hit(const csvrow_run *r) { return kstats_row_hit_rate(tot(r)); }
static double c_dram_util(const csvrow_run *r)
{
    double util = 0;
    for (uint32_t p = 0; p < r->rep->n_parts; p++) util += kstats_dram_util(tot(r), p);
    return util / r->rep->n_parts;
}
static double c_stall_frac(const csvrow_run *r) { return class_frac(r, 1); }
static double c_idle_frac(const csvrow_run *r) { return class_frac(r, 2); }
static double c_memwait_frac(const csvrow_run *r) { return class_frac(r, 3); }
static double c_energy_j(const csvrow_run *r) { return r->pw->total_j; }
static double c_power_w(const csvrow_run *r) { return r->pw->avg_w; }
static double c_host_s(const csvrow_run *r) { return r->rep->host_seconds; }
static uint64_t c_compared(const csvrow_run *r) { return r->rep->compared; }
static uint64_t c_tail_idle(const csvrow_run *r) { return tot(r)->tail_idle; }
static uint64_t c_schema(const csvrow_run *r) { (void)r; return (uint64_t)version_schema(); }
static const char *c_version(const csvrow_run *r) { (void)r; return version_release(); }
static const char *c_commit(const csvrow_run *r) { (void)r; return version_commit(); }

static const csv_col COLS[] = {
    COL_S("config", c_config),
    COL_S("workload", c_workload),
    COL_S("engine", c_engine),
    COL_U("cores", c_cores),
    COL_U("static_n", c_static_n),
    COL_U("cycles", c_cycles),
    COL_U("thread_insts", c_thread_insts),
    COL_D("ipc", c_ipc, "%.4f"),
    COL_D("core_util", c_core_util, "%.4f"),
    COL_D("roundtrip", c_roundtrip, "%.2f"),
    COL_D("l1_hit", c_l1_hit, "%.4f"),
    COL_D("l2_hit", c_l2_hit, "%.4f"),
    COL_D("row_hit", c_row_hit, "%.4f"),
    COL_D("dram_util", c_dram_util, "%.4f"),
    COL_D("stall_frac", c_stall_frac, "%.4f"),
    COL_D("idle_frac", c_idle_frac, "%.4f"),
    COL_D("memwait_frac", c_memwait_frac, "%.4f"),
    COL_D("energy_j", c_energy_j, "%.6e"),
    COL_D("power_w", c_power_w, "%.4f"),
    COL_D("host_s", c_host_s, "%.4f"),
    COL_U("compared", c_compared),
    COL_U("tail_idle", c_tail_idle),
    COL_U("schema_version", c_schema),
    COL_S("ctasim_version", c_version),
    COL_S("ctasim_commit", c_commit),
};
#define NCOLS (sizeof COLS / sizeof COLS[0])

/* A text field, quoted when it holds a comma, a quote or a line break. */
static void put_text(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, out); return; }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void csvrow_header(FILE *out)
{
    for (size_t i = 0; i < NCOLS; i++) {
        if (i) fputc(',', out);
        put_text(out, COLS[i].name);
    }
    fputc('\n', out);
}

void csvrow_write(FILE *out, const csvrow_run *r)
{
    for (size_t i = 0; i < NCOLS; i++) {
        const csv_col *c = &COLS[i];
        if (i) fputc(',', out);
        if (c->str) put_text(out, c->str(r));
        else if (c->u64) fprintf(out, "%" PRIu64, c->u64(r));
        else fprintf(out, c->fmt, c->dbl(r));
    }
    fputc('\n', out);
}
