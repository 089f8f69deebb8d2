/* common.h -- shared by the hwcalib microbenchmarks: error checks and the
 * one output format, `key = value` lines on stdout that hwcalib/run.sh
 * appends to the results file (hwcalib/README.md). */
#ifndef HWCALIB_COMMON_H
#define HWCALIB_COMMON_H

#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x)                                                                            \
    do {                                                                                 \
        cudaError_t e_ = (x);                                                            \
        if (e_ != cudaSuccess) {                                                         \
            std::fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,                 \
                         cudaGetErrorString(e_), #x);                                    \
            std::exit(1);                                                                \
        }                                                                                \
    } while (0)

static inline void put(const char *key, double v) { std::printf("%s = %.1f\n", key, v); }

#endif
