/* kern.h -- kernels and the warp instruction stream the core model consumes.
 *
 * A kernel is a grid of CTAs plus a source of warp instructions.  Two sources
 * implement kern_ops: synthetic programs (wl.c, workloads/NAME.kern) and
 * Accel-Sim traces (trace.c).  The core asks for one instruction at a time per
 * warp; instructions carry a timing class, register dependencies, an active
 * mask and, for memory classes, one address per active lane.  No values.
 */
#ifndef KERN_H
#define KERN_H

#include <stdint.h>

enum iclass {
    IC_SP = 0,     /* integer / single-precision FP, EX_SP */
    IC_SFU,        /* transcendental, EX_SFU */
    IC_DP,         /* double precision (EX_SP, long initiation interval) */
    IC_SLD,        /* shared-memory load, EX_LDST */
    IC_SST,        /* shared-memory store */
    IC_GLD,        /* global load (through L1) */
    IC_GST,        /* global store (write-through, no allocate) */
    IC_ATOM,       /* global atomic (performed at L2, returns a value) */
    IC_BAR,        /* CTA barrier */
    IC_BRA,        /* branch / control (EX_SP slot) */
    IC_HINT,       /* region-p priority-shift hint (no unit) */
    IC_EXIT,       /* warp exits */
    IC_NCLASS
};

#define KERN_MAX_DST 2
#define KERN_MAX_SRC 4
#define KERN_REG_NONE 0xff   /* RZ / no register */

typedef struct inst {
    uint8_t  cls;                 /* enum iclass */
    uint8_t  ndst, nsrc;
    uint8_t  dst[KERN_MAX_DST];   /* register ids 0..254 */
    uint8_t  src[KERN_MAX_SRC];
    uint8_t  bytes;               /* bytes per lane for memory classes (1..16) */
    uint32_t mask;                /* active lanes; popcount = thread instructions */
    uint32_t pc;
    uint64_t addr[32];            /* memory classes: addr[lane] for each set bit of mask */
} inst;

/* Per-warp read position in a kernel's instruction stream; owned by the
 * core, interpreted only by the kernel source. */
typedef struct kcursor {
    uint32_t pc;        /* index of the next program step */
    uint32_t iter[4];   /* loop counters (synthetic) */
    uint32_t pos;       /* position within a buffered warp stream (trace) */
    uint64_t aux;       /* source-private */
} kcursor;

typedef struct kern kern;

typedef struct kern_ops {
    /* A CTA is about to be placed on a core (trace: read its thread block).
     * Called once per CTA in increasing CTA order 0, 1, ..., n_cta-1, so a
     * streaming reader never seeks backwards.  Returns 0, or -1 with a
     * message in err. */
    int  (*cta_begin)(kern *k, uint32_t cta, char *err, unsigned errlen);
    /* Next instruction of warp `warp` (0-based within the CTA) of CTA `cta`.
     * Returns 1 with *out filled, 0 at the end of the warp's stream (the
     * caller treats it as EXIT), -1 on error with a message in err. */
    int  (*fetch)(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *out,
                  char *err, unsigned errlen);
    /* The CTA finished: release whatever cta_begin holds. */
    void (*cta_end)(kern *k, uint32_t cta);
    void (*destroy)(kern *k);
} kern_ops;

struct kern {
    const kern_ops *ops;
    char     name[96];
    uint32_t n_cta;             /* CTAs in the grid */
    uint32_t cta_threads;       /* threads per CTA */
    uint32_t regs_per_thread;
    uint32_t smem_per_cta;      /* bytes */
    uint32_t warps_per_cta;     /* ceil(cta_threads / 32) */
    void    *impl;              /* source-private state */
};

/* Limits every instruction source enforces, each named in its refusal:
 * dynamic instructions per warp (a .kern's loops multiplied, a trace warp's
 * instruction count), and CTAs per kernel (the control units carry a 20-bit
 * CTA count, ctl_in.n_cta). */
#define KERN_MAX_WARP_INSTS (1ull << 30)
#define KERN_MAX_CTAS       1048575u

/* A workload: kernels run in sequence.  No fixed count: the array grows as
 * kernels are added (workload_add); each kernel holds only its description
 * until the model begins its CTAs. */
typedef struct workload {
    char     path[256];
    uint32_t n_kernels, cap;
    kern   **kernels;           /* n_kernels entries, owned */
} workload;

/* Append k (ownership moves to w).  0, or -1 when out of memory (k is then
 * destroyed).  Defined in workload.c. */
int  workload_add(workload *w, kern *k);
/* Destroy every kernel and the array; w is left empty. */
void workload_release(workload *w);

#endif
