/* gpu.h -- the whole GPU: cores, memory system, clock domains, the global
 * CTA scheduler, and the control seam.  Runs a workload's kernels in order.
 *
 * Per core cycle: every core advances and reports its signals; the CTA
 * scheduler places CTAs under the policy stack; the control engine consumes
 * the cycle's ctl_in and returns ctl_out; the outputs take effect from the
 * next cycle.  Interconnect, L2 and DRAM cycles are interleaved in time
 * order by their own clocks.
 */
#ifndef GPU_H
#define GPU_H

#include <stddef.h>
#include "cfg.h"
#include "ctl_engine.h"
#include "kern.h"
#include "stats.h"

typedef struct gpu gpu;

gpu  *gpu_create(const gpu_cfg *cfg, ctl_engine *eng, char *err, size_t errlen);
void  gpu_destroy(gpu *g);

/* Run every kernel of w; statistics go to r (report_init'ed by the caller).
 * Returns 0, or -1 with a one-line message when nothing could run (a unit
 * reset error).  A run stopped early (run.max_cycles, a lockstep mismatch,
 * no progress, a kernel source error found while streaming) returns 0 with
 * r->incomplete set, r->stop_reason saying why, and the statistics of what
 * ran, the stopped kernel included. */
int   gpu_run(gpu *g, workload *w, report *r, char *err, size_t errlen);

/* Where a run is, for a progress display. */
typedef struct gpu_progress {
    uint32_t    kernel, n_kernels;   /* kernel index (0-based) and the workload's count */
    const char *name;                /* the kernel's name */
    uint64_t    cycle;               /* core cycles since the run started */
    uint64_t    ctas_done, ctas;     /* CTAs finished in the run so far, of all kernels' */
} gpu_progress;

/* Progress callback: called every GPU_PROGRESS_CYCLES core cycles; the
 * callback decides whether to draw (by wall clock, say). */
#define GPU_PROGRESS_CYCLES (1u << 14)
void  gpu_set_progress(gpu *g, void (*fn)(void *arg, const gpu_progress *p), void *arg);

/* Core cycles of the last gpu_run in which the GPU-wide jump left the cores
 * unvisited (run.skip_gpu; docs/performance.md "Skipping idle work"). */
uint64_t gpu_jumped(const gpu *g);

/* Core cycles of the last gpu_run after which the memory system was quiet
 * and its icnt, L2 and DRAM cycles up to the next core cycle were counted in
 * one step (mem_advance; run.skip_idle). */
uint64_t gpu_mem_quiet(const gpu *g);

#endif
