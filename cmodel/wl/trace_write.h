/* trace_write.h -- write any kernel source (kern *) as an Accel-Sim trace.
 *
 * All warps of all CTAs are fetched in order (cta_begin, fetch until the end
 * of each warp, cta_end) and written as kernel-N.traceg in the tracer's
 * version-4 line format; trace_write_workload adds kernelslist.g.  Classes
 * are written as representative SASS opcodes that sass.c maps back to the
 * same class (IC_HINT as the ctasim pseudo-opcode CTASIM_HINT), so
 * trace_load_workload reproduces the instruction stream exactly.
 * The source is consumed: begin its CTAs afresh only if it supports that.
 */
#ifndef TRACE_WRITE_H
#define TRACE_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include "kern.h"

enum trace_addr_form {
    TRACE_ADDR_LIST = 0,      /* mode 0: every active lane's address */
    TRACE_ADDR_COMPRESS = 1   /* the tracer's choice: base+stride if it fits, else base+delta */
};

/* SASS opcode written for a class ("FFMA", "LDG.E", ...); NULL if out of range. */
const char *trace_write_opcode(int cls);

/* Write kernel k to the file path.  Returns 0, or -1 with a message in err. */
int trace_write_kernel(kern *k, uint32_t kernel_id, const char *path, int addr_form,
                       char *err, size_t errlen);

/* Write w's kernels as dir/kernel-1.traceg ... and dir/kernelslist.g (dir must exist). */
int trace_write_workload(const workload *w, const char *dir, int addr_form, char *err, size_t errlen);

#endif
