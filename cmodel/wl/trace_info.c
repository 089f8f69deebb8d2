/* trace_info.c -- ctasim --trace-info: what an Accel-Sim trace holds, read
 * without simulating (see trace_info_print in trace.h).
 *
 * The kernel list is loaded as for a run (headers only), then each kernel's
 * thread blocks are streamed once, in order, through the reader's own
 * cta_begin / fetch / cta_end: the counts are those the model would see.
 * One opcode histogram (table entries x classes) is allocated for the whole
 * run and one for the totals; nothing is allocated per instruction.
 */
#include <stdlib.h>
#include <string.h>
#include "trace.h"

typedef struct ti_counts {        /* one kernel, or the application */
    uint64_t ctas, insts, threads, mem_insts, unknown;
} ti_counts;

static int is_mem(int cls)
{
    return cls == IC_SLD || cls == IC_SST || cls == IC_GLD || cls == IC_GST || cls == IC_ATOM;
}

/* Every instruction of every warp of CTA cta. */
static int stream_cta(kern *k, uint32_t cta, ti_counts *n, inst *in, char *err, size_t errlen)
{
    if (k->ops->cta_begin(k, cta, err, (unsigned)errlen) < 0)
        return -1;
    for (uint32_t w = 0; w < k->warps_per_cta; w++) {
        kcursor cur;
        memset(&cur, 0, sizeof cur);
        int r;
        while ((r = k->ops->fetch(k, cta, w, &cur, in, err, (unsigned)errlen)) == 1) {
            n->insts++;
            n->threads += (uint64_t)__builtin_popcount(in->mask);
            n->mem_insts += is_mem(in->cls) ? 1u : 0u;
        }
        if (r < 0)
            return -1;
    }
    k->ops->cta_end(k, cta);
    n->ctas++;
    return 0;
}

static void print_hist(const uint64_t *hist, FILE *out)
{
    fprintf(out, "    %-14s %-5s %s\n", "opcode", "class", "count");
    for (unsigned i = 0; i < sass_table_size(); i++)
        for (int c = 0; c < IC_NCLASS; c++) {
            uint64_t v = hist[(size_t)i * IC_NCLASS + (size_t)c];
            if (v)
                fprintf(out, "    %-14s %-5s %llu\n", sass_table_entry(i)->name, sass_class_name(c),
                        (unsigned long long)v);
        }
}

static void print_counts(const ti_counts *n, FILE *out)
{
    fprintf(out, "  instructions %llu warp, %llu thread; memory instructions %llu; "
                 "unknown opcodes %llu\n", (unsigned long long)n->insts,
            (unsigned long long)n->threads, (unsigned long long)n->mem_insts,
            (unsigned long long)n->unknown);
}

static void print_kernel(uint32_t i, const kern *k, const ti_counts *n, const uint64_t *hist,
                         FILE *out)
{
    const trace_info *in = trace_kern_info(k);
    fprintf(out, "kernel %u: %s (%s)\n", i + 1, k->name, in->file);
    fprintf(out, "  grid %u,%u,%u  block %u,%u,%u  CTAs %u  registers %u  shared memory %u B\n",
            in->grid[0], in->grid[1], in->grid[2], in->block[0], in->block[1], in->block[2],
            k->n_cta, k->regs_per_thread, k->smem_per_cta);
    print_counts(n, out);
    print_hist(hist, out);
    sass_unknown_print(&in->unknown, "  ", out);
}

/* Stream kernel k, print it, add it into the totals. */
static int info_kernel(uint32_t i, kern *k, uint64_t *hist, uint64_t *tot_hist, ti_counts *tot,
                       FILE *out, char *err, size_t errlen)
{
    size_t cells = (size_t)sass_table_size() * IC_NCLASS;
    ti_counts n;
    inst in;
    memset(&n, 0, sizeof n);
    memset(hist, 0, cells * sizeof *hist);
    trace_count_opcodes(k, hist);
    for (uint32_t cta = 0; cta < k->n_cta; cta++)
        if (stream_cta(k, cta, &n, &in, err, errlen) < 0)
            return -1;
    trace_count_opcodes(k, NULL);
    n.unknown = trace_kern_info(k)->unknown.total;
    print_kernel(i, k, &n, hist, out);
    for (size_t c = 0; c < cells; c++)
        tot_hist[c] += hist[c];
    tot->ctas += n.ctas;
    tot->insts += n.insts;
    tot->threads += n.threads;
    tot->mem_insts += n.mem_insts;
    tot->unknown += n.unknown;
    return 0;
}

int trace_info_print(const char *path, const trace_params *p, FILE *out, char *err, size_t errlen)
{
    workload w;
    if (trace_load_workload_p(&w, path, p, err, errlen) < 0)
        return -1;
    size_t cells = (size_t)sass_table_size() * IC_NCLASS;
    uint64_t *hist = calloc(2 * cells, sizeof *hist);
    if (!hist) {
        trace_workload_free(&w);
        snprintf(err, errlen, "%s: out of memory (opcode histogram)", path);
        return -1;
    }
    ti_counts tot;
    memset(&tot, 0, sizeof tot);
    int rc = 0;
    for (uint32_t i = 0; i < w.n_kernels && rc == 0; i++)
        rc = info_kernel(i, w.kernels[i], hist, hist + cells, &tot, out, err, errlen);
    if (rc == 0) {
        fprintf(out, "application: %u kernels, %llu CTAs\n", w.n_kernels,
                (unsigned long long)tot.ctas);
        print_counts(&tot, out);
        print_hist(hist + cells, out);
    }
    free(hist);
    trace_workload_free(&w);
    return rc;
}
