/* workload.c -- the growable kernel list of a workload (kern.h). */
#include <stdlib.h>
#include "kern.h"

int workload_add(workload *w, kern *k)
{
    if (w->n_kernels == w->cap) {
        uint32_t cap = w->cap ? w->cap * 2 : 16;
        kern **grown = cap > w->cap ? realloc(w->kernels, cap * sizeof *grown) : NULL;
        if (!grown) {
            k->ops->destroy(k);
            return -1;
        }
        w->kernels = grown;
        w->cap = cap;
    }
    w->kernels[w->n_kernels++] = k;
    return 0;
}

void workload_release(workload *w)
{
    for (uint32_t i = 0; i < w->n_kernels; i++)
        if (w->kernels[i]) w->kernels[i]->ops->destroy(w->kernels[i]);
    free(w->kernels);
    w->kernels = NULL;
    w->n_kernels = w->cap = 0;
}
