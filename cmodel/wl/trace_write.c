/* trace_write.c -- kern * -> Accel-Sim trace files (see trace_write.h).
 * Address compression follows the tracer (util/tracer_nvbit): base+stride
 * when the active lanes are contiguous (at least two) with one constant
 * stride that fits 32 bits; otherwise base plus one signed delta per further
 * active lane. */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "ofile.h"
#include "trace.h"
#include "trace_write.h"

static int tw_fail(char *err, size_t errlen, const char *file, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(err, errlen, "%s: ", file);
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

static const char *const tw_opcode[IC_NCLASS] = {
    [IC_SP] = "FFMA", [IC_SFU] = "MUFU.EX2", [IC_DP] = "DFMA", [IC_SLD] = "LDS",
    [IC_SST] = "STS", [IC_GLD] = "LDG.E", [IC_GST] = "STG.E", [IC_ATOM] = "ATOMG.E.ADD",
    [IC_BAR] = "BAR.SYNC", [IC_BRA] = "BRA", [IC_HINT] = "NOP.CTASIM_HINT", [IC_EXIT] = "EXIT",
};

const char *trace_write_opcode(int cls)
{
    return cls >= 0 && cls < IC_NCLASS ? tw_opcode[cls] : NULL;
}

/* Growable text buffer for one warp (its insts count comes first). */
typedef struct tw_buf {
    char  *s;
    size_t len, cap;
    int    oom;
} tw_buf;

static void buf_printf(tw_buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? room : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->s && (size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap * 2 : 4096;
        while (cap < b->len + (size_t)n + 1)
            cap *= 2;
        char *grown = realloc(b->s, cap);
        if (!grown) {
            b->oom = 1;
            return;
        }
        b->s = grown;
        b->cap = cap;
    }
}

static void put_regs(tw_buf *b, unsigned n, const uint8_t *regs)
{
    buf_printf(b, "%u ", n);
    for (unsigned i = 0; i < n; i++)
        buf_printf(b, "R%u ", regs[i] == KERN_REG_NONE ? 255u : regs[i]);
}

/* Active-lane addresses in lane order; returns their count. */
static int active_addrs(const inst *in, uint64_t *a)
{
    int n = 0;
    for (int lane = 0; lane < 32; lane++)
        if (in->mask >> lane & 1u)
            a[n++] = in->addr[lane];
    return n;
}

static int contiguous(uint32_t mask)
{
    uint32_t low = mask & (0u - mask);
    return mask && (((uint64_t)mask + low) & mask) == 0;
}

static void put_addrs(tw_buf *b, const inst *in, int form)
{
    uint64_t a[32];
    int n = active_addrs(in, a);
    if (form == TRACE_ADDR_COMPRESS && n >= 2 && contiguous(in->mask)) {
        int64_t stride = (int64_t)(a[1] - a[0]);
        int ok = stride >= INT32_MIN && stride <= INT32_MAX;
        for (int j = 2; ok && j < n; j++)
            ok = (a[j] - a[j - 1]) == (uint64_t)stride;
        if (ok) {
            buf_printf(b, "1 0x%" PRIx64 " %" PRId64 " ", a[0], stride);
            return;
        }
    }
    if (form == TRACE_ADDR_COMPRESS && n >= 1) {
        buf_printf(b, "2 0x%" PRIx64 " ", a[0]);
        for (int j = 1; j < n; j++)
            buf_printf(b, "%" PRId64 " ", (int64_t)(a[j] - a[j - 1]));
        return;
    }
    buf_printf(b, "0 ");
    for (int j = 0; j < n; j++)
        buf_printf(b, "0x%016" PRIx64 " ", a[j]);
}

static int is_mem(int cls)
{
    return cls == IC_SLD || cls == IC_SST || cls == IC_GLD || cls == IC_GST || cls == IC_ATOM;
}

static int put_inst(tw_buf *b, const inst *in, int form)
{
    const char *op = trace_write_opcode(in->cls);
    if (!op || in->ndst > KERN_MAX_DST || in->nsrc > KERN_MAX_SRC)
        return -1;
    buf_printf(b, "%04x %08x ", in->pc, in->mask);
    put_regs(b, in->ndst, in->dst);
    buf_printf(b, "%s ", op);
    put_regs(b, in->nsrc, in->src);
    if (is_mem(in->cls)) {
        if (in->bytes < 1 || in->bytes > 16)
            return -1;
        buf_printf(b, "%u ", in->bytes);
        put_addrs(b, in, form);
    } else {
        buf_printf(b, "0 ");
    }
    b->len--;                         /* no blank before the newline */
    buf_printf(b, "\n");
    return 0;
}

static void put_header(FILE *f, const kern *k, uint32_t kernel_id, int form)
{
    fprintf(f, "-kernel name = %s\n", k->name[0] ? k->name : "ctasim_kernel");
    fprintf(f, "-kernel id = %u\n", kernel_id);
    fprintf(f, "-grid dim = (%u,1,1)\n", k->n_cta);
    fprintf(f, "-block dim = (%u,1,1)\n", k->cta_threads);
    fprintf(f, "-shmem = %u\n", k->smem_per_cta);
    fprintf(f, "-nregs = %u\n", k->regs_per_thread);
    fprintf(f, "-binary version = %d\n", (form & TRACE_WRITE_SM61) ? TRACE_WRITE_BINARY_VERSION_SM61
                                                                  : TRACE_WRITE_BINARY_VERSION);
    fprintf(f, "-accelsim tracer version = 4\n");
    fprintf(f, "-enable lineinfo = 0\n\n");
    fprintf(f, "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] "
               "mem_width [adrrescompress?] [mem_addresses]\n\n");
}

/* One warp: fetch all, then "warp = W", "insts = K" and the lines. */
static int put_warp(FILE *f, kern *k, uint32_t cta, uint32_t warp, int form, tw_buf *b,
                    const char *path, char *err, size_t errlen)
{
    kcursor cur;
    inst in;
    uint64_t n = 0;
    int got;
    uint32_t pc = 0;
    memset(&cur, 0, sizeof cur);
    b->len = 0;
    while ((got = k->ops->fetch(k, cta, warp, &cur, &in, err, (unsigned)errlen)) == 1) {
        if (in.cls == IC_HINT && !(form & TRACE_WRITE_HINTS))
            continue;
        if (put_inst(b, &in, form & ~(TRACE_WRITE_HINTS | TRACE_WRITE_SM61)))
            return tw_fail(err, errlen, path, "CTA %u warp %u: instruction not writable (class %u)",
                           cta, warp, in.cls);
        pc = in.pc;
        n++;
    }
    if (got < 0)
        return -1;
    /* the implicit end-of-stream exit, over the warp's live lanes */
    uint32_t live = k->cta_threads - warp * 32 >= 32 ? 0xffffffffu
                                                     : (1u << (k->cta_threads - warp * 32)) - 1u;
    buf_printf(b, "%04x %08x 0 %s 0 0\n", pc + 16u, live, TRACE_IMPLICIT_EXIT);
    n++;
    if (b->oom)
        return tw_fail(err, errlen, path, "out of memory");
    fprintf(f, "\nwarp = %u\ninsts = %" PRIu64 "\n", warp, n);
    if (b->len && fwrite(b->s, 1, b->len, f) != b->len)
        return tw_fail(err, errlen, path, "write error (%s)", strerror(errno));
    return 0;
}

/* The kernel file's text into f; 0 or -1 + err. */
static int write_kernel_to(FILE *f, kern *k, uint32_t kernel_id, const char *path, int addr_form,
                           char *err, size_t errlen)
{
    tw_buf b = { NULL, 0, 0, 0 };
    int rc = 0;
    put_header(f, k, kernel_id, addr_form);
    for (uint32_t cta = 0; rc == 0 && cta < k->n_cta; cta++) {
        if (k->ops->cta_begin(k, cta, err, (unsigned)errlen)) {
            rc = -1;
            break;
        }
        fprintf(f, "\n#BEGIN_TB\n\nthread block = %u,0,0\n", cta);
        for (uint32_t w = 0; rc == 0 && w < k->warps_per_cta; w++)
            rc = put_warp(f, k, cta, w, addr_form, &b, path, err, errlen);
        fprintf(f, "\n#END_TB\n");
        k->ops->cta_end(k, cta);
    }
    free(b.s);
    return rc;
}

int trace_write_kernel(kern *k, uint32_t kernel_id, const char *path, int addr_form,
                       char *err, size_t errlen)
{
    ofile o;
    if (ofile_open(&o, path, err, errlen) < 0) return -1;
    if (write_kernel_to(ofile_fp(&o), k, kernel_id, path, addr_form, err, errlen) < 0) {
        ofile_abort(&o);
        return -1;
    }
    return ofile_commit(&o, err, errlen);
}

/* A file of the trace folder must be absent or a regular file; a symbolic
 * link there is refused (the writer never writes outside the folder). */
static int check_inside(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(path, &st) != 0) return 0;
    if (S_ISLNK(st.st_mode))
        return tw_fail(err, errlen, path, "is a symbolic link; --write-trace writes only inside "
                       "its folder, refusing to follow it (--write-trace)");
    if (!S_ISREG(st.st_mode))
        return tw_fail(err, errlen, path, "exists and is not a regular file; refusing to replace "
                       "it (--write-trace)");
    return 0;
}

/* Every kernel file is written whole to a temporary first; only when all
 * are whole are they renamed into place, kernelslist.g last: a failed or
 * interrupted write leaves the folder's earlier trace as it was. */
int trace_write_check(const char *dir, uint32_t n_kernels, char *err, size_t errlen)
{
    char path[4200];
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    if (check_inside(path, err, errlen) < 0) return -1;
    for (uint32_t i = 0; i < n_kernels; i++) {
        snprintf(path, sizeof path, "%s/kernel-%u.traceg", dir, i + 1);
        if (check_inside(path, err, errlen) < 0) return -1;
    }
    return 0;
}

int trace_write_workload(const workload *w, const char *dir, int addr_form, char *err, size_t errlen)
{
    char path[4200];
    if (trace_write_check(dir, w->n_kernels, err, errlen) < 0) return -1;
    ofile *k = calloc(w->n_kernels ? w->n_kernels : 1, sizeof *k), list;
    if (!k) return tw_fail(err, errlen, dir, "out of memory");
    uint32_t made = 0;
    int rc = 0;
    for (; rc == 0 && made < w->n_kernels; made++) {
        snprintf(path, sizeof path, "%s/kernel-%u.traceg", dir, made + 1);
        if (ofile_open(&k[made], path, err, errlen) < 0) { rc = -1; break; }
        rc = write_kernel_to(ofile_fp(&k[made]), w->kernels[made], made + 1, path, addr_form,
                             err, errlen);
        if (rc == 0) rc = ofile_seal(&k[made], err, errlen);
        else ofile_abort(&k[made]);
    }
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    if (rc == 0 && ofile_open(&list, path, err, errlen) == 0) {
        fprintf(ofile_fp(&list), "# written by ctasim --write-trace from a kernel source, not "
                "recorded on a GPU\n");
        for (uint32_t i = 0; i < w->n_kernels; i++)
            fprintf(ofile_fp(&list), "kernel-%u.traceg\n", i + 1);
        rc = ofile_seal(&list, err, errlen);
    } else {
        rc = -1;
    }
    /* all whole: into place, the list last */
    for (uint32_t i = 0; i < made; i++)
        if (rc == 0) rc = ofile_place(&k[i], err, errlen);
        else ofile_discard(k[i].tmp);
    if (rc == 0) rc = ofile_place(&list, err, errlen);
    free(k);
    return rc;
}
