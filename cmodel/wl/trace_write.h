/* trace_write.h -- write any kernel source (kern *) as an Accel-Sim trace.
 *
 * All warps of all CTAs are fetched in order (cta_begin, fetch until the end
 * of each warp, cta_end) and written as kernel-N.traceg in the tracer's
 * version-4 line format; trace_write_workload adds kernelslist.g.  Classes
 * are written as representative SASS opcodes that sass.c maps back to the
 * same class, so trace_load_workload reproduces the instruction stream
 * exactly.  What stock Accel-Sim reads: "-binary version = 70", one "#"
 * line before the first thread block, every warp ending in EXIT over its
 * live lanes (written EXIT.CTASIM_END: Accel-Sim's opcode map keys on the
 * base EXIT; ctasim's reader counts it and leaves the model its implicit
 * exit, so the instruction stream round-trips; "-binary version = 61" with
 * TRACE_WRITE_SM61).  Region-p hints (IC_HINT) only with TRACE_WRITE_HINTS, as
 * NOP.CTASIM_HINT (a NOP to Accel-Sim).
 * The source is consumed: begin its CTAs afresh only if it supports that.
 */
#ifndef TRACE_WRITE_H
#define TRACE_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include "kern.h"

enum trace_addr_form {
    TRACE_ADDR_LIST = 0,      /* mode 0: every active lane's address */
    TRACE_ADDR_COMPRESS = 1,  /* the tracer's choice: base+stride if it fits, else base+delta */
    TRACE_WRITE_HINTS = 4,    /* flag: write region-p hints (NOP.CTASIM_HINT); else dropped */
    TRACE_WRITE_SM61 = 8      /* flag: "-binary version = 61" instead of 70 */
};
/* The binary version written picks Accel-Sim's opcode map; every opcode written is in
 * both.  70 (Volta) sends BRA to specialized unit 1, 61 (Pascal, a TITAN X's own) runs
 * it as a branch on the SP pipeline; no other written opcode maps differently. */
#define TRACE_WRITE_BINARY_VERSION 70
#define TRACE_WRITE_BINARY_VERSION_SM61 61

/* SASS opcode written for a class ("FFMA", "LDG.E", ...); NULL if out of range. */
const char *trace_write_opcode(int cls);

/* Write kernel k to the file path (addr_form: enum trace_addr_form, with
 * TRACE_WRITE_HINTS or-ed in).  Returns 0, or -1 with a message in err. */
int trace_write_kernel(kern *k, uint32_t kernel_id, const char *path, int addr_form,
                       char *err, size_t errlen);

/* Write w's kernels as dir/kernel-1.traceg ... and dir/kernelslist.g (dir must exist). */
/* The files trace_write_workload would write into dir (kernelslist.g,
 * kernel-1..n.traceg) are absent or regular files, none a symbolic link
 * (the writer never writes outside dir).  0, or -1 + err naming the file. */
int trace_write_check(const char *dir, uint32_t n_kernels, char *err, size_t errlen);

/* Kernel files are written to temporaries and renamed into place only once
 * all are whole, kernelslist.g last: a failure or a signal leaves dir's
 * earlier trace as it was. */
int trace_write_workload(const workload *w, const char *dir, int addr_form, char *err, size_t errlen);

#endif
