/* trace.h -- Accel-Sim tracer traces as a kernel source (kern_ops of kern.h).
 *
 * A run is described by kernelslist.g: MemcpyHtoD lines and kernel trace
 * files (kernel-N.traceg, plain or xz-compressed), in order.  Loading reads
 * only the kernel headers (grid, block, registers, shared memory: they give
 * N, kern_ctas_per_core); thread blocks are streamed when the model begins
 * them, and only begun-but-not-ended CTAs are held in memory.  Format, opcode
 * table and decisions: docs/traces.md.
 *
 * The core starts every warp with a zeroed kcursor; fetch advances cur->pos.
 * Errors are one line "FILE:LINE: problem (token)"; warnings (an unknown
 * header line, once per key and file) go to stderr and into trace_info.
 */
#ifndef TRACE_H
#define TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "kern.h"
#include "sass.h"

#define TRACE_VERSION_MIN 0   /* no version line (Accel-Sim reads it as 0): pre-version-3 lines */
#define TRACE_VERSION_MAX 6   /* newest "-accelsim tracer version" read */
#define TRACE_IMPLICIT_EXIT "EXIT.CTASIM_END"   /* trace_write's end of a warp */
#define TRACE_LOCAL_PER_THREAD (512u << 10)   /* CUDA's local memory per thread, bytes */
#define TRACE_LOCAL_START (1ull << 56)        /* translated local addresses start here */

/* Parameters (keys trace.*, table trace_keys). */
typedef struct trace_params {
    uint32_t nregs;        /* 0 = each kernel's -nregs; else overrides every kernel's */
    uint32_t local_map;    /* 1 = LDL/STL offsets translated per thread; 0 = used as recorded */
    uint32_t write_hints;  /* --write-trace: 1 = region-p hints written as NOP.CTASIM_HINT */
    uint32_t write_isa;    /* --write-trace: 0 = sm70 (binary version 70), 1 = sm61 (61) */
} trace_params;
void trace_params_defaults(trace_params *p);
struct key_table;
extern const struct key_table trace_keys;

/* What the reader learnt about one kernel trace (header, counts so far). */
typedef struct trace_info {
    char     file[256];            /* path of the kernel trace file */
    uint32_t version;              /* -accelsim tracer version (0 if absent) */
    const char *form;              /* "text", "xz" or "tracez" */
    uint32_t nregs_header;         /* -nregs as written (k.regs_per_thread may be overridden) */
    uint32_t nregs_overridden;     /* 1 if trace.nregs replaced it */
    uint64_t local_insts;          /* LDL/STL (or generic local) instructions translated per thread */
    uint64_t local_folded;         /* of their lanes, offsets at or above 512 KiB folded into it */
    int32_t  binary_version;       /* -binary version (sm_XY -> XY), -1 if absent */
    uint32_t kernel_id;
    uint32_t grid[3], block[3];
    uint32_t lineinfo;             /* -enable lineinfo: lines start with a line number */
    uint64_t shmem_base, local_base;
    uint64_t memcpy_count, memcpy_bytes;  /* MemcpyHtoD lines before this kernel */
    uint64_t insts, thread_insts;  /* instruction lines parsed so far, and their active lanes */
    uint64_t addrs_ignored;        /* instructions of non-memory classes whose addresses were dropped */
    uint32_t warnings;             /* warnings issued for this file */
    char     first_warning[200];
    sass_unknown unknown;          /* opcodes missing from the SASS table */
} trace_info;

/* Load a workload from a kernelslist.g file or a directory holding one.
 * Fills w (w->kernels[i] owned by w; free with trace_workload_free).
 * Returns 0, or -1 with a one-line message in err. */
int trace_load_workload(workload *w, const char *path, char *err, size_t errlen);
/* The same with parameters (NULL = defaults). */
int trace_load_workload_p(workload *w, const char *path, const trace_params *p, char *err,
                          size_t errlen);

/* One kernel trace file (plain or .xz) as a kern; memcpy counts stay 0.
 * Returns 0 and *out, or -1 with a message in err. */
int trace_open_kernel(kern **out, const char *path, uint32_t kernel_id, char *err, size_t errlen);
int trace_open_kernel_p(kern **out, const char *path, uint32_t kernel_id, const trace_params *p,
                        char *err, size_t errlen);

/* Count the opcodes of k's instructions as its thread blocks are read:
 * hist[i * IC_NCLASS + c] += 1 for table entry i (sass_table_entry) read as
 * class c (after the generic-address refinement).  hist has
 * sass_table_size() * IC_NCLASS entries and outlives the reading; NULL stops
 * counting.  No effect on a kern of another source. */
void trace_count_opcodes(kern *k, uint64_t *hist);

/* trace-info: read every kernel of a kernelslist.g (or folder) without
 * simulating and print kernels, grid, block, registers, shared memory,
 * instruction and memory-instruction counts, the opcode histogram with the
 * class of each opcode, and unknown opcodes.  0, or -1 with err. */
int trace_info_print(const char *path, const trace_params *p, FILE *out, char *err, size_t errlen);

/* Destroy every kernel of w (kern_ops.destroy) and clear w->n_kernels. */
void trace_workload_free(workload *w);

/* Info of a kernel made by this module; NULL for any other kern. */
const trace_info *trace_kern_info(const kern *k);

/* End-of-run report: per trace kernel, unknown opcodes (warnings), then
 * unless warnings_only the counts and ignored addresses.  Returns the
 * number of unknown opcode executions. */
uint64_t trace_report(const workload *w, FILE *out, int warnings_only);

#endif
