/* stats.c -- summaries, JSON and timeline CSV.  See stats.h. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "jw.h"
#include "power.h"
#include "ofile.h"
#include "stats.h"
#include "stats_table.h"
#include "version.h"

void report_init(report *r) { memset(r, 0, sizeof *r); }

void report_free(report *r)
{
    if (r->spill) fclose(r->spill);
    free(r->scratch);
    free(r->mem);
    free(r->tl);
    memset(r, 0, sizeof *r);
}

const tl_sample *report_tl(const report *r, uint32_t i)
{
    return (const tl_sample *)(r->tl + (size_t)i * r->tl_bytes);
}

tl_sample *report_tl_add(report *r)
{
    if (!r->tl_bytes) {
        size_t b = sizeof(tl_sample) + (size_t)r->n_cores * sizeof(tl_core);
        r->tl_bytes = (b + 7u) & ~(size_t)7u;   /* each row 8-byte aligned */
    }
    if (r->n_tl == r->cap_tl) {
        uint32_t cap = r->cap_tl ? r->cap_tl * 2 : 256;
        unsigned char *n = realloc(r->tl, (size_t)cap * r->tl_bytes);
        if (!n) return NULL;
        r->tl = n;
        r->cap_tl = cap;
    }
    tl_sample *t = (tl_sample *)(r->tl + (size_t)r->n_tl++ * r->tl_bytes);
    memset(t, 0, r->tl_bytes);
    return t;
}

void report_begin(report *r)
{
    if (!r->spill && !r->mem) r->spill = tmpfile();
}

/* A record of the file holds the cores and partitions of the run, not
 * CTL_MAX_CORES / CTL_MAX_PARTS of each (kstats is 118 KB at the caps; a
 * 4-core record is 6 KB): the header, core[0..nc), ctl[0..nc), the memory
 * counters and part[0..np).  The sizes come from the report (0: the caps). */
static uint32_t rec_cores(const report *r)
{
    return r->n_cores && r->n_cores <= CTL_MAX_CORES ? r->n_cores : CTL_MAX_CORES;
}

static uint32_t rec_parts(const report *r)
{
    return r->n_parts && r->n_parts <= CTL_MAX_PARTS ? r->n_parts : CTL_MAX_PARTS;
}

static size_t rec_bytes(const report *r)
{
    return offsetof(kstats, core) + rec_cores(r) * (sizeof(core_stats) + sizeof(core_ctl_stats)) +
           offsetof(mem_stats, part) + rec_parts(r) * sizeof(mem_part_stats);
}

/* Copy k to or from the packed record buf (to_rec: k -> buf). */
static void rec_copy(const report *r, kstats *k, unsigned char *buf, int to_rec)
{
    size_t nc = rec_cores(r), np = rec_parts(r);
    struct { void *p; size_t n; } seg[5] = {
        { k, offsetof(kstats, core) },
        { k->core, nc * sizeof(core_stats) },
        { k->ctl, nc * sizeof(core_ctl_stats) },
        { &k->mem, offsetof(mem_stats, part) },
        { k->mem.part, np * sizeof(mem_part_stats) },
    };
    for (int i = 0; i < 5; i++) {
        if (to_rec) memcpy(buf, seg[i].p, seg[i].n);
        else memcpy(seg[i].p, buf, seg[i].n);
        buf += seg[i].n;
    }
}

/* Record i of the file into *k (the cores and partitions beyond the run's
 * zeroed); 0 or -1. */
static int rec_read(const report *r, uint32_t i, kstats *k)
{
    size_t n = rec_bytes(r);
    unsigned char *buf = malloc(n);
    int rc = -1;
    if (buf && fseeko(r->spill, (off_t)i * (off_t)n, SEEK_SET) == 0 && fread(buf, n, 1, r->spill) == 1) {
        memset(k, 0, sizeof *k);
        rec_copy(r, k, buf, 0);
        rc = 0;
    }
    free(buf);
    return rc;
}

/* Move every record to memory and stop using the file. */
static int spill_to_mem(report *r)
{
    uint32_t cap = r->n_kernels + 16;
    kstats *m = malloc((size_t)cap * sizeof *m);
    if (!m) return -1;
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        if (rec_read(r, i, &m[i]) < 0) {
            free(m);
            return -1;
        }
    }
    if (r->spill) fclose(r->spill);
    r->spill = NULL;
    r->mem = m;
    r->cap_mem = cap;
    return 0;
}

static int mem_append(report *r, const kstats *k)
{
    if (r->n_kernels == r->cap_mem) {
        uint32_t cap = r->cap_mem ? r->cap_mem * 2 : 16;
        kstats *m = realloc(r->mem, (size_t)cap * sizeof *m);
        if (!m) return -1;
        r->mem = m;
        r->cap_mem = cap;
    }
    r->mem[r->n_kernels] = *k;
    return 0;
}

static int spill_append(report *r, const kstats *k)
{
    size_t n = rec_bytes(r);
    unsigned char *buf = malloc(n);
    if (!buf) return -1;
    rec_copy(r, (kstats *)k, buf, 1);
    int ok = fseeko(r->spill, (off_t)r->n_kernels * (off_t)n, SEEK_SET) == 0 &&
             fwrite(buf, n, 1, r->spill) == 1 && fflush(r->spill) == 0;
    free(buf);
    return ok ? 0 : -1;
}

int report_add_kernel(report *r, const kstats *k, char *err, size_t errlen)
{
    report_begin(r);
    int ok = r->spill && spill_append(r, k) == 0;
    if (!ok && r->spill && spill_to_mem(r) < 0) {
        snprintf(err, errlen, "cannot keep the statistics of kernel %u: file and memory full",
                 r->n_kernels + 1);
        return -1;
    }
    if (!ok && mem_append(r, k) < 0) {
        snprintf(err, errlen, "cannot keep the statistics of kernel %u: out of memory",
                 r->n_kernels + 1);
        return -1;
    }
    r->n_kernels++;
    report_accumulate(&r->total, k);
    return 0;
}

const kstats *report_kernel(const report *r, uint32_t i)
{
    report *w = (report *)r;    /* the scratch buffer is not part of the value */
    if (i >= r->n_kernels) return NULL;
    if (r->mem) return &r->mem[i];
    if (!r->spill) return NULL;
    if (!w->scratch && !(w->scratch = malloc(sizeof *w->scratch))) return NULL;
    return rec_read(r, i, w->scratch) == 0 ? w->scratch : NULL;
}

/* ------------------------------------------------------------ accumulation */

/* The counter tables of stats_table.h as statements: a += b, field by field. */
#define ACC_SUM(a, b, f) (a)->f += (b)->f;
#define ACC_SUMS(a, b, f) \
    for (size_t i_ = 0; i_ < sizeof (a)->f / sizeof (a)->f[0]; i_++) (a)->f[i_] += (b)->f[i_];
#define ACC_FIELD(f, acc) ACC_##acc(a, b, f)

/* Every byte of a counter struct belongs to a listed field (each a uint64_t
 * or an array of them): a counter added to the struct needs its table row. */
#define ACC_SIZE(f, acc) + sizeof(((STRUCT *)0)->f)
#define STRUCT core_stats
_Static_assert(0 STATS_ACC_CORE(ACC_SIZE) == sizeof(core_stats),
               "a core_stats field is missing from STATS_ACC_CORE (stats_table.h)");
#undef STRUCT
#define STRUCT core_ctl_stats
_Static_assert(0 STATS_ACC_CTL(ACC_SIZE) == sizeof(core_ctl_stats),
               "a core_ctl_stats field is missing from STATS_ACC_CTL (stats_table.h)");
#undef STRUCT
#define STRUCT mem_part_stats
_Static_assert(0 STATS_ACC_PART(ACC_SIZE) == sizeof(mem_part_stats),
               "a mem_part_stats field is missing from STATS_ACC_PART (stats_table.h)");
#undef STRUCT
#define STRUCT mem_stats
_Static_assert(0 STATS_ACC_MEM(ACC_SIZE) + sizeof(((mem_stats *)0)->part) == sizeof(mem_stats),
               "a mem_stats field is missing from STATS_ACC_MEM (stats_table.h)");
#undef STRUCT

static void add_core(core_stats *a, const core_stats *b) { STATS_ACC_CORE(ACC_FIELD) }
static void add_ctl(core_ctl_stats *a, const core_ctl_stats *b) { STATS_ACC_CTL(ACC_FIELD) }
static void add_part(mem_part_stats *a, const mem_part_stats *b) { STATS_ACC_PART(ACC_FIELD) }

static void add_mem(mem_stats *a, const mem_stats *b)
{
    STATS_ACC_MEM(ACC_FIELD)
    for (int p = 0; p < CTL_MAX_PARTS; p++) add_part(&a->part[p], &b->part[p]);
}

/* The kstats rows, by how they accumulate (KACC_<ACC>, one per kind); SAME
 * fields are the first kernel's until a kernel differs in any of them. */
#define KACC_KERNEL(f)
#define KACC_SUM(f) t->f += k->f;
#define KACC_MAX(f) if (k->f > t->f) t->f = k->f;
#define KACC_SAME(f) t->f = first ? k->f : differ ? 0 : t->f;
#define KACC_CORES(f) for (uint32_t c = 0; c < k->n_cores; c++) add_##f(&t->f[c], &k->f[c]);
#define KACC_MEM(f) add_mem(&t->f, &k->f);
#define KACC_FIELD(f, acc) KACC_##acc(f)
#define SAME_DIFF_KERNEL(f)
#define SAME_DIFF_SUM(f)
#define SAME_DIFF_MAX(f)
#define SAME_DIFF_SAME(f) || t->f != k->f
#define SAME_DIFF_CORES(f)
#define SAME_DIFF_MEM(f)
#define SAME_DIFF(f, acc) SAME_DIFF_##acc(f)

void report_accumulate(kstats *t, const kstats *k)
{
    int first = t->n_cta == 0 && t->cycles == 0;   /* t holds no kernel yet */
    int differ = 0 STATS_ACC_KSTATS(SAME_DIFF);
    STATS_ACC_KSTATS(KACC_FIELD)
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

double kstats_ipc(const kstats *k) { return ratio(k->thread_insts, k->cycles); }
double kstats_occupancy(const kstats *k, uint64_t *slots)
{
    uint64_t live = 0, all = 0;
    for (uint32_t c = 0; c < k->n_cores && c < CTL_MAX_CORES; c++) {
        live += k->core[c].warps_live;
        all += k->core[c].warp_slots;
    }
    if (slots) *slots = all;
    return ratio(live, all);
}

uint64_t kstats_l1_accesses(const kstats *k) { return k->mem.l1_hits + k->mem.l1_misses; }
double kstats_l1_hit_rate(const kstats *k) { return ratio(k->mem.l1_hits, kstats_l1_accesses(k)); }

uint64_t kstats_l2_misses(const kstats *k)
{
    uint64_t m = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) m += k->mem.part[p].l2_misses;
    return m;
}

uint64_t kstats_l2_accesses(const kstats *k)
{
    uint64_t h = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) h += k->mem.part[p].l2_hits;
    return h + kstats_l2_misses(k);
}

double kstats_l2_hit_rate(const kstats *k)
{
    return ratio(kstats_l2_accesses(k) - kstats_l2_misses(k), kstats_l2_accesses(k));
}

/* Partition counters summed over the partitions (mem_part_stats field at `off`). */
static uint64_t part_sum(const kstats *k, size_t off)
{
    uint64_t n = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++)
        n += *(const uint64_t *)((const char *)&k->mem.part[p] + off);
    return n;
}
#define PART_SUM(k, f) part_sum(k, offsetof(mem_part_stats, f))

kstats_cache kstats_l1(const kstats *k)
{
    const mem_stats *m = &k->mem;
    kstats_cache c = {
        .accesses = kstats_l1_accesses(k), .hits = m->l1_hits, .pending = m->l1_mshr_merges,
        .sector_misses = m->l1_sector_misses,
        .fail_mshr = m->l1_fail_mshr, .fail_merge = m->l1_fail_merge, .fail_mq = m->l1_fail_mq,
    };
    c.line_misses = m->l1_misses - c.pending - c.sector_misses;
    return c;
}

kstats_cache kstats_l2(const kstats *k)
{
    kstats_cache c = {
        .accesses = kstats_l2_accesses(k), .pending = PART_SUM(k, l2_mshr_merges),
        .sector_misses = PART_SUM(k, l2_sector_misses),
        .st_hits = PART_SUM(k, l2_st_hits), .st_misses = PART_SUM(k, l2_st_misses),
        .fail_mshr = PART_SUM(k, l2_fail_mshr), .fail_merge = PART_SUM(k, l2_fail_merge),
        .fail_mq = PART_SUM(k, l2_fail_mq),
    };
    c.hits = c.accesses - kstats_l2_misses(k);
    c.line_misses = kstats_l2_misses(k) - c.pending - c.sector_misses;
    return c;
}

double kstats_sector_hit_rate(const kstats_cache *c)
{
    return ratio(c->hits + c->pending, c->accesses);
}

double kstats_line_hit_rate(const kstats_cache *c)
{
    return ratio(c->accesses - c->line_misses, c->accesses);
}

uint64_t kstats_row_accesses(const kstats *k)
{
    uint64_t n = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) n += k->mem.part[p].dram_row_hits + k->mem.part[p].dram_row_misses;
    return n;
}

double kstats_row_hit_rate(const kstats *k)
{
    uint64_t h = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) h += k->mem.part[p].dram_row_hits;
    return ratio(h, kstats_row_accesses(k));
}

/* "12.3%" of a rate, "-" when there was nothing to rate. */
static const char *pct(double rate, uint64_t n, char *buf, size_t len)
{
    if (n == 0) snprintf(buf, len, "-");
    else snprintf(buf, len, "%.1f%%", 100.0 * rate);
    return buf;
}

double kstats_roundtrip(const kstats *k) { return ratio(k->mem.roundtrip_sum, k->mem.roundtrip_n); }
double kstats_dram_util(const kstats *k, uint32_t p) { return ratio(k->mem.part[p].dram_busy_cycles, k->mem.dram_cycles); }

double kstats_core_util(const kstats *k)
{
    uint64_t issued = 0;
    for (uint32_t c = 0; c < k->n_cores; c++) issued += k->core[c].issued;
    return ratio(issued, (uint64_t)k->n_cores * k->cycles);
}

void kstats_classes(const kstats *k, uint64_t *iss, uint64_t *stl, uint64_t *idl, uint64_t *mw,
                    uint64_t *dep)
{
    *iss = *stl = *idl = *mw = *dep = 0;
    for (uint32_t c = 0; c < k->n_cores; c++) {
        *iss += k->core[c].issued;
        *stl += k->core[c].stalled;
        *idl += k->core[c].idle;
        *mw += k->core[c].mem_wait;
        *dep += k->core[c].dep_wait;
    }
}

double kstats_icnt2mem(const kstats *k) { return ratio(k->mem.icnt2mem_sum, k->mem.icnt2mem_n); }

double kstats_dram_util_sum(const kstats *k, uint32_t n_parts)
{
    double util = 0;
    for (uint32_t p = 0; p < n_parts; p++) util += kstats_dram_util(k, p);
    return util;
}

double kstats_class_frac(const kstats *k, int which)
{
    uint64_t c[5];
    kstats_classes(k, &c[0], &c[1], &c[2], &c[3], &c[4]);
    double all = (double)(c[0] + c[1] + c[2] + c[3] + c[4]);
    return all ? c[which] / all : 0;
}

/* A core_stats counter summed over the cores (the field at `off`). */
static uint64_t core_sum(const kstats *k, size_t off)
{
    uint64_t n = 0;
    for (uint32_t c = 0; c < k->n_cores; c++) n += *(const uint64_t *)((const char *)&k->core[c] + off);
    return n;
}
#define CORE_SUM(k, f) core_sum(k, offsetof(core_stats, f))

static double cache_sector_rate(kstats_cache c) { return kstats_sector_hit_rate(&c); }
static double cache_line_rate(kstats_cache c) { return kstats_line_hit_rate(&c); }

/* The kernel keys of stats_table.h as accessors sk_NAME(k) (and skn_NAME,
 * a rate's denominator), shared by every output. */
#define SK_STR(key, v, aux) static inline const char *sk_##key(const kstats *k) { return v; }
#define SK_U64(key, v, aux) static inline uint64_t sk_##key(const kstats *k) { return v; }
#define SK_DBL(key, v, aux) static inline double sk_##key(const kstats *k) { return v; }
#define SK_RATE(key, v, n)                                                  \
    static inline double sk_##key(const kstats *k) { return v; }            \
    static inline uint64_t skn_##key(const kstats *k) { return n; }
#define SK_PARTS(key, f, aux) static double (*const sk_##key)(const kstats *, uint32_t) = f;
#define SK_CORES(key, v, aux)
#define SK(name, unit, desc, type, brk, v, aux) SK_##type(name, v, aux)
STATS_JSON_KERNEL(SK)
#undef SK

/* The summary's lines of a kernel, its values the table's keys (sk_). */
static void print_kernel(const kstats *k, uint32_t n_parts, FILE *out)
{
    uint64_t iss = sk_issued_cycles(k), stl = sk_stalled_cycles(k), idl = sk_idle_cycles(k);
    uint64_t mw = sk_mem_wait_cycles(k), dep = CORE_SUM(k, dep_wait);
    uint64_t all = iss + stl + idl + mw + dep;
    fprintf(out, "  %-22s cycles %-10llu IPC %7.2f  warp insts %llu  thread insts %llu\n",
            sk_name(k), (unsigned long long)sk_cycles(k), sk_ipc(k),
            (unsigned long long)sk_warp_insts(k), (unsigned long long)sk_thread_insts(k));
    if (k->n_cta && k->n_max)
        fprintf(out, "  %-22s CTAs %u (N = %u per core, %u warps each)\n", "", k->n_cta, k->n_max,
                k->warps_per_cta);
    else if (k->n_cta)
        fprintf(out, "  %-22s CTAs %u (N and warps per CTA vary by kernel)\n", "", k->n_cta);
    fprintf(out, "  %-22s core cycles: issued %.1f%%  stalled %.1f%%  idle %.1f%%  mem-wait %.1f%%  dep-wait %.1f%%\n", "",
            100.0 * ratio(iss, all), 100.0 * ratio(stl, all), 100.0 * ratio(idl, all), 100.0 * ratio(mw, all),
            100.0 * ratio(dep, all));
    double util = kstats_dram_util_sum(k, n_parts);
    char l1[16], l2[16], row[16];
    fprintf(out, "  %-22s L1 hit %s  L2 hit %s  DRAM row hit %s  DRAM bw %.1f%%  round trip %.0f cycles\n", "",
            pct(sk_l1_hit_rate(k), skn_l1_hit_rate(k), l1, sizeof l1),
            pct(sk_l2_hit_rate(k), skn_l2_hit_rate(k), l2, sizeof l2),
            pct(sk_row_hit_rate(k), skn_row_hit_rate(k), row, sizeof row),
            n_parts ? 100.0 * util / n_parts : 0.0, sk_roundtrip(k));
    if (sk_ar_type(k))
        fprintf(out, "  %-22s AR-CTA: type %s\n", "", sk_ar_type(k) == 1 ? "I" : "II");
}

void report_print(const report *r, FILE *out)
{
    fprintf(out, "ctasim: %s on %s (%u cores, %u partitions), engine %s\n", r->workload, r->config,
            r->n_cores, r->n_parts, r->engine);
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        const kstats *k = report_kernel(r, i);
        if (k) print_kernel(k, r->n_parts, out);
    }
    if (r->n_kernels > 1) print_kernel(&r->total, r->n_parts, out);
    fprintf(out, "  simulated %.3f us; host %.2f s, %.2f M core-cycles/s\n",
            (double)r->total.time_fs / 1e9, r->host_seconds,
            r->host_seconds > 0 ? (double)r->total.cycles * r->n_cores / r->host_seconds / 1e6 : 0.0);
    /* every rtl-side run says what it compared (a lockstep run that compared
     * nothing also fails in the program) */
    if (!strcmp(r->engine, "lockstep"))
        fprintf(out, "  lockstep: %llu of %llu cycles compared with the C reference, 0 mismatches\n",
                (unsigned long long)r->compared, (unsigned long long)r->total.cycles);
    else if (!strcmp(r->engine, "rtl"))
        fprintf(out, "  rtl: 0 cycles compared (the Verilog drove the run; --engine lockstep compares)\n");
    fprintf(out, "  ctasim %s, commit %s, build %s, output schema %d\n", version_release(),
            version_commit(), version_build(), version_schema());
}

/* ------------------------------------------------------------ GPGPU-Sim names */

/* GPGPU-Sim's formats, read in accel-sim/gpgpu-sim_distribution: the cache
 * lines of cache_stats::print_stats / print_fail_stats (gpu-cache.cc) and the
 * L1D totals (shader.cc) start with a tab; the L2 totals (gpu-sim.cc) do not. */
static void gs_cache(const char *pre, const char *tab, const kstats_cache *c, FILE *out)
{
    uint64_t miss = c->sector_misses + c->line_misses;   /* pending hits are not misses */
    uint64_t fails = c->fail_mshr + c->fail_merge + c->fail_mq;
    fprintf(out, "%s%s_total_cache_accesses = %llu\n", tab, pre, (unsigned long long)c->accesses);
    fprintf(out, "%s%s_total_cache_misses = %llu\n", tab, pre, (unsigned long long)miss);
    if (c->accesses)   /* GPGPU-Sim omits the rate over no access */
        fprintf(out, "%s%s_total_cache_miss_rate = %.4f\n", tab, pre,
                (double)miss / (double)c->accesses);
    fprintf(out, "%s%s_total_cache_pending_hits = %llu\n", tab, pre, (unsigned long long)c->pending);
    fprintf(out, "%s%s_total_cache_reservation_fails = %llu\n", tab, pre, (unsigned long long)fails);
}

/* The breakdown lines of one access type: outcomes in GPGPU-Sim's enum
 * order, TOTAL_ACCESS (when above 0). */
static void gs_breakdown(const char *name, const char *type, const kstats_cache *c, FILE *out)
{
    uint64_t fails = c->fail_mshr + c->fail_merge + c->fail_mq;
    const char *st[] = { "HIT", "HIT_RESERVED", "MISS", "RESERVATION_FAIL", "SECTOR_MISS", "MSHR_HIT" };
    uint64_t v[] = { c->hits, c->pending, c->line_misses, fails, c->sector_misses, c->pending };
    for (int i = 0; i < 6; i++)
        fprintf(out, "\t%s[%s][%s] = %llu\n", name, type, st[i], (unsigned long long)v[i]);
    if (c->accesses)
        fprintf(out, "\t%s[%s][TOTAL_ACCESS] = %llu\n", name, type, (unsigned long long)c->accesses);
}

/* The reservation-fail reasons above 0 of one access type. */
static void gs_fails(const char *name, const char *type, const kstats_cache *c, FILE *out)
{
    const char *fn[] = { "MISS_QUEUE_FULL", "MSHR_ENRTY_FAIL", "MSHR_MERGE_ENRTY_FAIL" };
    uint64_t fv[] = { c->fail_mq, c->fail_mshr, c->fail_merge };
    for (int i = 0; i < 3; i++)
        if (fv[i])
            fprintf(out, "\t%s[%s][%s] = %llu\n", name, type, fn[i], (unsigned long long)fv[i]);
}

/* The L1D and L2 totals and breakdowns and the DRAM counts of k (the run so
 * far: GPGPU-Sim's caches keep counting across kernels).  L2 reads: loads and
 * atomics; L2 writes: stores, hit or miss; L1D reads: loads, L1D writes:
 * stores. */
static void gs_caches(const kstats *k, FILE *out)
{
    kstats_cache l1 = kstats_l1(k), l2 = kstats_l2(k);
    fprintf(out, "L1D_cache:\n");
    gs_cache("L1D", "\t", &l1, out);
    fprintf(out, "gpgpu_n_l1cache_bkconflict = %llu\n", (unsigned long long)k->mem.l1_bank_conflicts);
    fprintf(out, "\nTotal_core_cache_stats:\n");
    gs_breakdown("Total_core_cache_stats_breakdown", "GLOBAL_ACC_R", &l1, out);
    /* stores: write-through, no allocate; hit when the sector was held */
    kstats_cache st = { .accesses = k->mem.stores, .hits = k->mem.l1_st_hits,
                        .line_misses = k->mem.stores - k->mem.l1_st_hits };
    gs_breakdown("Total_core_cache_stats_breakdown", "GLOBAL_ACC_W", &st, out);
    fprintf(out, "\nTotal_core_cache_fail_stats:\n");
    gs_fails("Total_core_cache_fail_stats_breakdown", "GLOBAL_ACC_R", &l1, out);
    fprintf(out, "total dram reads = %llu\n", (unsigned long long)PART_SUM(k, dram_reads));
    fprintf(out, "total dram writes = %llu\n", (unsigned long long)PART_SUM(k, dram_writes));
    fprintf(out, "\n========= L2 cache stats =========\n");
    gs_cache("L2", "", &l2, out);
    kstats_cache rd = l2;
    rd.accesses -= l2.st_hits + l2.st_misses;
    rd.hits -= l2.st_hits;
    rd.line_misses -= l2.st_misses;
    kstats_cache wr = { .accesses = l2.st_hits + l2.st_misses, .hits = l2.st_hits,
                        .line_misses = l2.st_misses };
    fprintf(out, "L2_total_cache_breakdown:\n");
    gs_breakdown("L2_cache_stats_breakdown", "GLOBAL_ACC_R", &rd, out);
    gs_breakdown("L2_cache_stats_breakdown", "GLOBAL_ACC_W", &wr, out);
    fprintf(out, "L2_total_cache_reservation_fail_breakdown:\n");
    gs_fails("L2_cache_stats_fail_breakdown", "GLOBAL_ACC_R", &rd, out);
}

/* One kernel's block: its own gpu_sim_* and, in cum, the run up to and with
 * it (gpu_tot_*, warp instructions, caches, DRAM). */
static void gs_block(const kstats *k, uint32_t uid, const kstats *cum, FILE *out)
{
#define GS(name, fmt, v, when) if (when) fprintf(out, "%s = " fmt "\n", #name, v);
    STATS_GPGPUSIM(GS)
#undef GS
    gs_caches(cum, out);
}

/* GPGPU-Sim's last lines (gpgpusim_entrypoint.cc print_simulation_time and
 * termination_callback): host seconds as it counts them (whole seconds, at
 * least 1), rates over them, the slowdown against the core clock (the
 * simulated clock averaged over the run: cycles / simulated time), and the
 * line Accel-Sim's get_stats.py requires of a finished run. */
static void gs_end(const report *r, FILE *out)
{
    unsigned secs = r->host_seconds > 1 ? (unsigned)r->host_seconds : 1;
    unsigned d = secs / 86400, h = secs / 3600 - 24 * d, m = secs / 60 - 60 * (h + 24 * d);
    unsigned s = secs - 60 * (m + 60 * (h + 24 * d));
    fprintf(out, "\n\ngpgpu_simulation_time = %u days, %u hrs, %u min, %u sec (%u sec)\n",
            d, h, m, s, secs);
    fprintf(out, "gpgpu_simulation_rate = %u (inst/sec)\n", (unsigned)(r->total.thread_insts / secs));
    unsigned cps = (unsigned)(r->total.cycles / secs);
    fprintf(out, "gpgpu_simulation_rate = %u (cycle/sec)\n", cps);
    double khz = r->total.time_fs ? (double)r->total.cycles * 1e12 / (double)r->total.time_fs : 0;
    fprintf(out, "gpgpu_silicon_slowdown = %ux\n",
            (unsigned)((unsigned)khz * 1000ull / (cps ? cps : 1)));
    fprintf(out, "GPGPU-Sim: *** exit detected ***\n");
}

void report_print_gpgpusim(const report *r, FILE *out)
{
    kstats *cum = calloc(1, sizeof *cum);
    if (!cum) {
        fprintf(out, "ctasim: out of memory (--stats-format gpgpusim)\n");
        return;
    }
    /* the build line get_stats.py reads in the first lines (GPGPU-Sim-build) */
    fprintf(out, "\n\n        *** ctasim %s, statistics in GPGPU-Sim's format "
            "[build ctasim-%s-commit-%s-build-%s] ***\n\n", version_release(), version_release(),
            version_commit(), version_build());
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        const kstats *k = report_kernel(r, i);
        if (!k) continue;
        report_accumulate(cum, k);
        fprintf(out, "\n---- GPGPU-Sim statistics, kernel %u ----\n", i + 1);
        gs_block(k, i + 1, cum, out);
    }
    free(cum);
    gs_end(r, out);
}

/* ------------------------------------------------------------ JSON */

/* A key's value by its type (the tables of stats_table.h); `key` names the
 * sk_ accessor of a kernel key. */
static void json_rate(jw *w, double v, uint64_t n)
{
    if (n) jw_double(w, "%.6f", v);
    else jw_null(w);
}

static void json_u64_array(jw *w, const uint64_t *v, size_t n)
{
    jw_array_begin(w);
    for (size_t i = 0; i < n; i++) jw_u64(w, v[i]);
    jw_array_end(w);
}

static void json_core(jw *w, uint32_t c, const core_stats *s, const core_ctl_stats *t)
{
#define JC_U64(v, aux) jw_u64(w, v)
#define JC_ARRAY(v, n) json_u64_array(w, v, n)
#define JC(name, unit, desc, type, v, aux) jw_key(w, #name); JC_##type(v, aux);
    jw_object_begin(w);
    STATS_JSON_CORE(JC)
    jw_object_end(w);
#undef JC
}

static void json_parts(jw *w, const kstats *k, uint32_t n_parts, double (*f)(const kstats *, uint32_t),
                       const char *fmt)
{
    jw_array_begin(w);
    for (uint32_t p = 0; p < n_parts; p++) jw_double(w, fmt, f(k, p));
    jw_array_end(w);
}

static void json_cores(jw *w, const kstats *k)
{
    jw_array_begin(w);
    for (uint32_t c = 0; c < k->n_cores; c++) {
        jw_break(w, 5);
        json_core(w, c, &k->core[c], &k->ctl[c]);
    }
    jw_array_end(w);
}

static void json_kernel(jw *w, const kstats *k, uint32_t n_parts)
{
#define JK_STR(key, aux) jw_string(w, sk_##key(k))
#define JK_U64(key, aux) jw_u64(w, sk_##key(k))
#define JK_DBL(key, fmt) jw_double(w, fmt, sk_##key(k))
#define JK_RATE(key, aux) json_rate(w, sk_##key(k), skn_##key(k))
#define JK_PARTS(key, fmt) json_parts(w, k, n_parts, sk_##key, fmt)
#define JK_CORES(key, aux) json_cores(w, k)
#define JK(name, unit, desc, type, brk, v, aux) \
    if (brk) jw_break(w, brk);                  \
    jw_key(w, #name);                           \
    JK_##type(name, aux);
    jw_object_begin(w);
    STATS_JSON_KERNEL(JK)
    jw_object_end(w);
#undef JK
}

static void json_kernels(jw *w, const report *r)
{
    jw_array_begin(w);
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        const kstats *k = report_kernel(r, i);
        if (!k) { w->err = 1; break; }   /* an unreadable record fails the output */
        jw_break(w, 2);
        json_kernel(w, k, r->n_parts);
    }
    jw_array_end(w);
}

static void json_report(jw *w, const report *r, const power_report *pw)
{
#define JT_STR(v) jw_string(w, v)
#define JT_U64(v) jw_u64(w, v)
#define JT_BOOL(v) jw_bool(w, v)
#define JT_KERNELS(v) json_kernels(w, v)
#define JT_KERNEL(v) json_kernel(w, v, r->n_parts)
#define JT_POWER(v) power_json(w, v)
#define JT(name, unit, desc, type, brk, v, when) \
    if (when) {                                  \
        if (brk) jw_break(w, brk);               \
        jw_key(w, #name);                        \
        JT_##type(v);                            \
    }
    jw_object_begin(w);
    STATS_JSON_TOP(JT)
    jw_object_end(w);
#undef JT
}

int report_json(FILE *f, const report *r, const power_report *pw)
{
    jw w;
    jw_init(&w, f);
    json_report(&w, r, pw);
    return jw_finish(&w);
}

/* ------------------------------------------------------------ timeline CSV */

int report_timeline(FILE *f, const report *r)
{
    int i = 0;
#define TH_ROW(name) fprintf(f, "%s%s", i++ ? "," : "", #name);
#define TH_CORE(name) \
    for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%.*s%u", (int)sizeof #name - 2, #name, c);
#define TH(name, unit, desc, per, fmt, v) TH_##per(name)
    STATS_CSV_TIMELINE(TH)
#undef TH
    fputc('\n', f);
    for (uint32_t n = 0; n < r->n_tl; n++) {
        const tl_sample *s = report_tl(r, n);
        i = 0;
#define TV_ROW(fmt, v) fprintf(f, i++ ? "," fmt : fmt, v);
#define TV_CORE(fmt, v) for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, "," fmt, v);
#define TV(name, unit, desc, per, fmt, v) TV_##per(fmt, v)
        STATS_CSV_TIMELINE(TV)
#undef TV
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

/* Write through a temporary renamed into place (base/ofile.h). */
static int write_via(const char *path, int (*emit)(FILE *, const void *, const void *),
                     const void *a, const void *b, char *err, size_t errlen)
{
    ofile o;
    if (ofile_open(&o, path, err, errlen) < 0) return -1;
    return ofile_finish(&o, emit(ofile_fp(&o), a, b), err, errlen);
}

static int emit_json(FILE *f, const void *r, const void *pw) { return report_json(f, r, pw); }
static int emit_timeline(FILE *f, const void *r, const void *unused)
{
    (void)unused;
    return report_timeline(f, r);
}

int report_write_json(const report *r, const power_report *pw, const char *path, char *err, size_t errlen)
{
    return write_via(path, emit_json, r, pw, err, errlen);
}

int report_write_timeline(const report *r, const char *path, char *err, size_t errlen)
{
    return write_via(path, emit_timeline, r, NULL, err, errlen);
}
