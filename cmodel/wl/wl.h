/* wl.h -- synthetic workloads: .kern files (one kernel: grid, block,
 * resources, memory regions and a small program with loops) and .wl files
 * (kernels run in sequence).  Grammar in docs/workloads.md.
 *
 * The kernels implement kern_ops (kern.h).  fetch() is a pure function of
 * (seed, kernel, cta, warp, cursor): addresses and masks come from a hash,
 * so the order in which the core fetches never changes a result.  A zeroed
 * kcursor is the start of a warp's stream; fetch() allocates nothing.
 */
#ifndef WL_H
#define WL_H

#include <stddef.h>
#include <stdint.h>
#include "kern.h"

/* Load a .kern (one kernel) or .wl (several) file into w.  `seed` is mixed
 * with each kernel's own seed and index.  0, or -1 with "FILE:LINE: problem
 * (token)" in err (w is then empty). */
int  wl_load(workload *w, const char *path, uint64_t seed, char *err, size_t errlen);

/* Release every kernel of w (safe on an empty or failed workload). */
void wl_free(workload *w);

/* The `imitates` sentence of a synthetic kernel ("" for other sources). */
const char *wl_imitates(const kern *k);

#endif
