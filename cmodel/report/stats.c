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

static void add_core(core_stats *a, const core_stats *b)
{
    a->cycles += b->cycles;
    a->issued += b->issued;
    a->stalled += b->stalled;
    a->idle += b->idle;
    a->dep_wait += b->dep_wait;
    a->sched_stalls += b->sched_stalls;
    a->mem_wait += b->mem_wait;
    a->active += b->active;
    a->warp_insts += b->warp_insts;
    a->thread_insts += b->thread_insts;
    for (int i = 0; i < IC_NCLASS; i++) {
        a->class_insts[i] += b->class_insts[i];
        a->class_threads[i] += b->class_threads[i];
    }
    for (int i = 0; i < CTL_NCOMP; i++) a->busy[i] += b->busy[i];
    a->ctas_issued += b->ctas_issued;
    a->ctas_finished += b->ctas_finished;
    a->paused_cycles += b->paused_cycles;
    a->fetches += b->fetches;
    a->l1_lines += b->l1_lines;
    a->smem_accesses += b->smem_accesses;
    a->smem_conflicts += b->smem_conflicts;
    a->warps_live += b->warps_live;
    a->warp_slots += b->warp_slots;
}

static void add_ctl(core_ctl_stats *a, const core_ctl_stats *b)
{
    a->off_cycles += b->off_cycles;
    a->disabled_cycles += b->disabled_cycles;
    a->gated_cycles += b->gated_cycles;
    a->empty_cycles += b->empty_cycles;
    for (int p = 0; p < CTL_NPG; p++) {
        a->pg_off_cycles[p] += b->pg_off_cycles[p];
        a->pg_wakeups[p] += b->pg_wakeups[p];
        a->pg_gatings[p] += b->pg_gatings[p];
    }
    for (int i = 0; i < CTL_NCOMP; i++) a->down_cycles[i] += b->down_cycles[i];
    a->limit_sum += b->limit_sum;
    a->grants += b->grants;
    a->refusals += b->refusals;
}

static void add_mem(mem_stats *a, const mem_stats *b)
{
    a->l1_hits += b->l1_hits;
    a->l1_misses += b->l1_misses;
    a->l1_mshr_merges += b->l1_mshr_merges;
    a->l1_stalls += b->l1_stalls;
    a->l1_sector_misses += b->l1_sector_misses;
    a->l1_bank_conflicts += b->l1_bank_conflicts;
    a->l1_fail_mshr += b->l1_fail_mshr;
    a->l1_fail_merge += b->l1_fail_merge;
    a->l1_fail_mq += b->l1_fail_mq;
    a->loads += b->loads;
    a->stores += b->stores;
    a->l1_st_hits += b->l1_st_hits;
    a->atomics += b->atomics;
    a->roundtrip_sum += b->roundtrip_sum;
    a->roundtrip_n += b->roundtrip_n;
    a->icnt2mem_sum += b->icnt2mem_sum;
    a->icnt2mem_n += b->icnt2mem_n;
    a->icnt_req_flits += b->icnt_req_flits;
    a->icnt_resp_flits += b->icnt_resp_flits;
    a->dram_cycles += b->dram_cycles;
    a->icnt_cycles += b->icnt_cycles;
    a->l2_cycles += b->l2_cycles;
    for (int p = 0; p < CTL_MAX_PARTS; p++) {
        mem_part_stats *x = &a->part[p];
        const mem_part_stats *y = &b->part[p];
        x->l2_hits += y->l2_hits;
        x->l2_misses += y->l2_misses;
        x->l2_writebacks += y->l2_writebacks;
        x->l2_mshr_merges += y->l2_mshr_merges;
        x->l2_sector_misses += y->l2_sector_misses;
        x->l2_st_hits += y->l2_st_hits;
        x->l2_st_misses += y->l2_st_misses;
        x->l2_fail_mshr += y->l2_fail_mshr;
        x->l2_fail_merge += y->l2_fail_merge;
        x->l2_fail_mq += y->l2_fail_mq;
        x->dram_reads += y->dram_reads;
        x->dram_writes += y->dram_writes;
        x->dram_row_hits += y->dram_row_hits;
        x->dram_row_misses += y->dram_row_misses;
        x->dram_busy_cycles += y->dram_busy_cycles;
        x->dram_rd_bytes += y->dram_rd_bytes;
        x->dram_wr_bytes += y->dram_wr_bytes;
        x->dram_activates += y->dram_activates;
        x->dram_precharges += y->dram_precharges;
    }
}

void report_accumulate(kstats *t, const kstats *k)
{
    /* N and warps per CTA: the kernels' common value, 0 when they differ */
    if (t->n_cta == 0 && t->cycles == 0) {
        t->n_max = k->n_max;
        t->warps_per_cta = k->warps_per_cta;
    } else if (t->n_max != k->n_max || t->warps_per_cta != k->warps_per_cta) {
        t->n_max = t->warps_per_cta = 0;
    }
    t->n_cta += k->n_cta;
    t->cycles += k->cycles;
    t->fc_cycles += k->fc_cycles;
    t->tail_idle += k->tail_idle;
    t->time_fs += k->time_fs;
    t->warp_insts += k->warp_insts;
    t->thread_insts += k->thread_insts;
    if (k->n_cores > t->n_cores) t->n_cores = k->n_cores;
    for (uint32_t c = 0; c < k->n_cores; c++) {
        add_core(&t->core[c], &k->core[c]);
        add_ctl(&t->ctl[c], &k->ctl[c]);
    }
    add_mem(&t->mem, &k->mem);
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

/* L2 counters summed over the partitions (mem_part_stats field at `off`). */
static uint64_t l2_sum(const kstats *k, size_t off)
{
    uint64_t n = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++)
        n += *(const uint64_t *)((const char *)&k->mem.part[p] + off);
    return n;
}
#define L2_SUM(k, f) l2_sum(k, offsetof(mem_part_stats, f))

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
        .accesses = kstats_l2_accesses(k), .pending = L2_SUM(k, l2_mshr_merges),
        .sector_misses = L2_SUM(k, l2_sector_misses),
        .st_hits = L2_SUM(k, l2_st_hits), .st_misses = L2_SUM(k, l2_st_misses),
        .fail_mshr = L2_SUM(k, l2_fail_mshr), .fail_merge = L2_SUM(k, l2_fail_merge),
        .fail_mq = L2_SUM(k, l2_fail_mq),
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

static uint64_t row_accesses(const kstats *k)
{
    uint64_t n = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) n += k->mem.part[p].dram_row_hits + k->mem.part[p].dram_row_misses;
    return n;
}

double kstats_row_hit_rate(const kstats *k)
{
    uint64_t h = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++) h += k->mem.part[p].dram_row_hits;
    return ratio(h, row_accesses(k));
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

static void print_kernel(const kstats *k, uint32_t n_parts, FILE *out)
{
    uint64_t iss, stl, idl, mw, dep;
    kstats_classes(k, &iss, &stl, &idl, &mw, &dep);
    uint64_t all = iss + stl + idl + mw + dep;
    fprintf(out, "  %-22s cycles %-10llu IPC %7.2f  warp insts %llu  thread insts %llu\n",
            k->name, (unsigned long long)k->cycles, kstats_ipc(k),
            (unsigned long long)k->warp_insts, (unsigned long long)k->thread_insts);
    if (k->n_cta && k->n_max)
        fprintf(out, "  %-22s CTAs %u (N = %u per core, %u warps each)\n", "", k->n_cta, k->n_max,
                k->warps_per_cta);
    else if (k->n_cta)
        fprintf(out, "  %-22s CTAs %u (N and warps per CTA vary by kernel)\n", "", k->n_cta);
    fprintf(out, "  %-22s core cycles: issued %.1f%%  stalled %.1f%%  idle %.1f%%  mem-wait %.1f%%  dep-wait %.1f%%\n", "",
            100.0 * ratio(iss, all), 100.0 * ratio(stl, all), 100.0 * ratio(idl, all), 100.0 * ratio(mw, all),
            100.0 * ratio(dep, all));
    double util = 0;
    for (uint32_t p = 0; p < n_parts; p++) util += kstats_dram_util(k, p);
    char l1[16], l2[16], row[16];
    fprintf(out, "  %-22s L1 hit %s  L2 hit %s  DRAM row hit %s  DRAM bw %.1f%%  round trip %.0f cycles\n", "",
            pct(kstats_l1_hit_rate(k), kstats_l1_accesses(k), l1, sizeof l1),
            pct(kstats_l2_hit_rate(k), kstats_l2_accesses(k), l2, sizeof l2),
            pct(kstats_row_hit_rate(k), row_accesses(k), row, sizeof row),
            n_parts ? 100.0 * util / n_parts : 0.0, kstats_roundtrip(k));
    if (k->ar_type)
        fprintf(out, "  %-22s AR-CTA: type %s\n", "", k->ar_type == 1 ? "I" : "II");
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
    fprintf(out, "total dram reads = %llu\n", (unsigned long long)L2_SUM(k, dram_reads));
    fprintf(out, "total dram writes = %llu\n", (unsigned long long)L2_SUM(k, dram_writes));
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
static void gs_block(const kstats *k, uint32_t uid, const kstats *cum, uint32_t ctas, FILE *out)
{
    fprintf(out, "kernel_name = %s\n", k->name);
    fprintf(out, "kernel_launch_uid = %u\n", uid);
    fprintf(out, "gpu_sim_cycle = %llu\n", (unsigned long long)k->cycles);
    fprintf(out, "gpu_sim_insn = %llu\n", (unsigned long long)k->thread_insts);
    fprintf(out, "gpu_ipc = %12.4f\n", kstats_ipc(k));
    fprintf(out, "gpu_tot_sim_cycle = %llu\n", (unsigned long long)cum->cycles);
    fprintf(out, "gpu_tot_sim_insn = %llu\n", (unsigned long long)cum->thread_insts);
    fprintf(out, "gpu_tot_ipc = %12.4f\n", ratio(cum->thread_insts, cum->cycles));
    fprintf(out, "gpu_tot_issued_cta = %u\n", ctas);
    uint64_t slots, tot_slots;
    double occ = kstats_occupancy(k, &slots), tot_occ = kstats_occupancy(cum, &tot_slots);
    if (slots)   /* GPGPU-Sim divides by 0 (nan) when no warp was resident */
        fprintf(out, "gpu_occupancy = %.4f%% \n", occ * 100);
    if (tot_slots)
        fprintf(out, "gpu_tot_occupancy = %.4f%% \n", tot_occ * 100);
    fprintf(out, "gpgpu_n_tot_w_icount = %llu\n", (unsigned long long)cum->warp_insts);
    if (k->mem.icnt2mem_n)   /* this kernel's; GPGPU-Sim prints the integer quotient */
        fprintf(out, "avg_icnt2mem_latency = %llu\n",
                (unsigned long long)(k->mem.icnt2mem_sum / k->mem.icnt2mem_n));
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
    uint32_t ctas = 0;
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        const kstats *k = report_kernel(r, i);
        if (!k) continue;
        report_accumulate(cum, k);
        ctas += k->n_cta;
        fprintf(out, "\n---- GPGPU-Sim statistics, kernel %u ----\n", i + 1);
        gs_block(k, i + 1, cum, ctas, out);
    }
    free(cum);
    gs_end(r, out);
}

/* ------------------------------------------------------------ JSON */

static void json_u64_array(jw *w, const char *name, const uint64_t *v, size_t n)
{
    jw_key(w, name);
    jw_array_begin(w);
    for (size_t i = 0; i < n; i++) jw_u64(w, v[i]);
    jw_array_end(w);
}

static void json_u64(jw *w, const char *name, uint64_t v)
{
    jw_key(w, name);
    jw_u64(w, v);
}

/* A double printed with fmt: the formats below are the report's, unchanged. */
static void json_dbl(jw *w, const char *name, const char *fmt, double v)
{
    jw_key(w, name);
    jw_double(w, fmt, v);
}

/* A rate, null when there was nothing to rate (n == 0). */
static void json_rate(jw *w, const char *name, double v, uint64_t n)
{
    jw_key(w, name);
    if (n) jw_double(w, "%.6f", v);
    else jw_null(w);
}

static void json_core(jw *w, uint32_t c, const core_stats *s, const core_ctl_stats *t)
{
    jw_object_begin(w);
    json_u64(w, "core", c);
    json_u64(w, "ctas_issued", s->ctas_issued);
    json_u64(w, "ctas_finished", s->ctas_finished);
    json_u64(w, "issued", s->issued);
    json_u64(w, "stalled", s->stalled);
    json_u64(w, "idle", s->idle);
    json_u64(w, "mem_wait", s->mem_wait);
    json_u64(w, "dep_wait", s->dep_wait);
    json_u64(w, "sched_stalls", s->sched_stalls);
    json_u64(w, "active", s->active);
    json_u64(w, "warp_insts", s->warp_insts);
    json_u64(w, "thread_insts", s->thread_insts);
    json_u64(w, "off_cycles", t->off_cycles);
    json_u64(w, "gated_cycles", t->gated_cycles);
    json_u64(w, "empty_cycles", t->empty_cycles);
    json_u64(w, "grants", t->grants);
    json_u64(w, "refusals", t->refusals);
    json_u64_array(w, "busy", s->busy, CTL_NCOMP);
    json_u64_array(w, "down_cycles", t->down_cycles, CTL_NCOMP);
    json_u64_array(w, "pg_off_cycles", t->pg_off_cycles, CTL_NPG);
    jw_object_end(w);
}

/* A cache level's sector and line outcomes and its refusals by reason
 * (keys PRE_...; PRE_mshr_merges of L1 is printed with the older keys). */
static void json_cache(jw *w, const char *pre, const mem_stats *m, kstats_cache c)
{
    char key[48];
#define JC(name, v) do { snprintf(key, sizeof key, "%s_%s", pre, name); json_u64(w, key, v); } while (0)
    snprintf(key, sizeof key, "%s_sector_hit_rate", pre);
    json_rate(w, key, kstats_sector_hit_rate(&c), c.accesses);
    snprintf(key, sizeof key, "%s_line_hit_rate", pre);
    json_rate(w, key, kstats_line_hit_rate(&c), c.accesses);
    if (pre[1] == '2') JC("mshr_merges", c.pending);
    JC("sector_misses", c.sector_misses);
    JC("mshr_full", c.fail_mshr);
    JC("merge_full", c.fail_merge);
    JC("miss_queue_full", c.fail_mq);
#undef JC
    (void)m;
}

static void json_kernel(jw *w, const kstats *k, uint32_t n_parts)
{
    uint64_t iss, stl, idl, mw, dep;
    kstats_classes(k, &iss, &stl, &idl, &mw, &dep);
    jw_object_begin(w);
    jw_key(w, "name");
    jw_string(w, k->name);
    json_u64(w, "cycles", k->cycles);
    json_dbl(w, "time_ns", "%.3f", (double)k->time_fs / 1e6);
    json_u64(w, "warp_insts", k->warp_insts);
    json_u64(w, "thread_insts", k->thread_insts);
    json_dbl(w, "ipc", "%.6f", kstats_ipc(k));
    json_u64(w, "n_cta", k->n_cta);
    json_u64(w, "n_max", k->n_max);
    jw_break(w, 3);
    json_u64(w, "issued_cycles", iss);
    json_u64(w, "stalled_cycles", stl);
    json_u64(w, "idle_cycles", idl);
    json_u64(w, "mem_wait_cycles", mw);
    json_dbl(w, "core_util", "%.6f", kstats_core_util(k));
    uint64_t slots;
    double occ = kstats_occupancy(k, &slots);
    json_rate(w, "occupancy", occ, slots);
    jw_break(w, 3);
    json_rate(w, "l1_hit_rate", kstats_l1_hit_rate(k), kstats_l1_accesses(k));
    json_rate(w, "l2_hit_rate", kstats_l2_hit_rate(k), kstats_l2_accesses(k));
    json_rate(w, "row_hit_rate", kstats_row_hit_rate(k), row_accesses(k));
    json_u64(w, "l1_accesses", kstats_l1_accesses(k));
    json_u64(w, "l1_misses", k->mem.l1_misses);
    json_u64(w, "l1_mshr_merges", k->mem.l1_mshr_merges);
    json_u64(w, "l2_accesses", kstats_l2_accesses(k));
    json_u64(w, "l2_misses", kstats_l2_misses(k));
    json_dbl(w, "roundtrip", "%.3f", kstats_roundtrip(k));
    jw_break(w, 3);
    json_cache(w, "l1", &k->mem, kstats_l1(k));
    json_u64(w, "l1_bank_conflicts", k->mem.l1_bank_conflicts);
    json_u64(w, "l1_stores", k->mem.stores);
    json_u64(w, "l1_st_hits", k->mem.l1_st_hits);
    jw_break(w, 3);
    json_cache(w, "l2", &k->mem, kstats_l2(k));
    json_u64(w, "l2_st_hits", kstats_l2(k).st_hits);
    json_u64(w, "l2_st_misses", kstats_l2(k).st_misses);
    json_u64(w, "dram_rd_bytes", L2_SUM(k, dram_rd_bytes));
    json_u64(w, "dram_wr_bytes", L2_SUM(k, dram_wr_bytes));
    json_dbl(w, "icnt2mem_latency", "%.3f", ratio(k->mem.icnt2mem_sum, k->mem.icnt2mem_n));
    jw_break(w, 3);
    uint64_t sacc = 0, sconf = 0;
    for (uint32_t c = 0; c < k->n_cores; c++) {
        sacc += k->core[c].smem_accesses;
        sconf += k->core[c].smem_conflicts;
    }
    json_u64(w, "smem_accesses", sacc);
    json_u64(w, "smem_bank_conflicts", sconf);
    json_u64(w, "ar_type", k->ar_type);
    json_u64(w, "fc_cycles", k->fc_cycles);
    json_u64(w, "tail_idle", k->tail_idle);
    jw_break(w, 3);
    jw_key(w, "dram_util");
    jw_array_begin(w);
    for (uint32_t p = 0; p < n_parts; p++) jw_double(w, "%.6f", kstats_dram_util(k, p));
    jw_array_end(w);
    jw_break(w, 3);
    jw_key(w, "cores");
    jw_array_begin(w);
    for (uint32_t c = 0; c < k->n_cores; c++) {
        jw_break(w, 5);
        json_core(w, c, &k->core[c], &k->ctl[c]);
    }
    jw_array_end(w);
    jw_object_end(w);
}

static void json_report(jw *w, const report *r, const power_report *pw)
{
    jw_object_begin(w);
    json_u64(w, "schema_version", (uint64_t)version_schema());
    jw_key(w, "ctasim_version");
    jw_string(w, version_release());
    jw_key(w, "ctasim_commit");
    jw_string(w, version_commit());
    jw_key(w, "ctasim_build");
    jw_string(w, version_build());
    jw_break(w, 1);
    jw_key(w, "config");
    jw_string(w, r->config);
    jw_key(w, "workload");
    jw_string(w, r->workload);
    jw_key(w, "engine");
    jw_string(w, r->engine);
    json_u64(w, "n_cores", r->n_cores);
    json_u64(w, "n_parts", r->n_parts);
    json_u64(w, "compared_cycles", r->compared);
    jw_key(w, "complete");
    jw_bool(w, !r->incomplete);
    if (r->incomplete) {
        jw_key(w, "stopped");
        jw_string(w, r->stop_reason);
    }
    jw_break(w, 1);
    jw_key(w, "kernels");
    jw_array_begin(w);
    for (uint32_t i = 0; i < r->n_kernels; i++) {
        const kstats *k = report_kernel(r, i);
        if (!k) { w->err = 1; break; }   /* an unreadable record fails the output */
        jw_break(w, 2);
        json_kernel(w, k, r->n_parts);
    }
    jw_array_end(w);
    jw_break(w, 1);
    jw_key(w, "total");
    json_kernel(w, &r->total, r->n_parts);
    if (pw) {
        jw_break(w, 1);
        jw_key(w, "power");
        power_json(w, pw);
    }
    jw_object_end(w);
}

int report_json(FILE *f, const report *r, const power_report *pw)
{
    jw w;
    jw_init(&w, f);
    json_report(&w, r, pw);
    return jw_finish(&w);
}

int report_timeline(FILE *f, const report *r)
{
    fprintf(f, "cycle,kernel,ar_phase,ar_type,fc_on,credit_global,thread_insts");
    static const char *cols[] = { "limit", "resident", "paused", "enabled", "power_on", "tuned_down", "credit" };
    for (int k = 0; k < 7; k++)
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%s%u", cols[k], c);
    fputc('\n', f);
    for (uint32_t i = 0; i < r->n_tl; i++) {
        const tl_sample *s = report_tl(r, i);
        const tl_core *k = s->core;
        fprintf(f, "%llu,%u,%u,%u,%u,%d,%u", (unsigned long long)s->cycle, s->kernel, s->ar_phase,
                s->ar_type, s->fc_on, s->credit_global, s->thread_insts);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].limit);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].resident);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].paused);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].enabled);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].power_on);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%u", k[c].tuned_down);
        for (uint32_t c = 0; c < r->n_cores; c++) fprintf(f, ",%d", k[c].credit);
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
