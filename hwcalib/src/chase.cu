// chase.cu -- one-thread pointer chase: a random cyclic permutation of the
// 128 B lines of a SIZE-byte set, 2000 warm-up loads then clock64() around
// 20000 dependent loads (each step: a load and the chase's address
// arithmetic).  MODE ca caches in L1 (ld.global.ca), cg in L2 only
// (ld.global.cg), written as inline PTX so the instruction measured is the one
// named, whichever compiler builds it.  Prints chase.NAME_cycles (cycles per load).
//   chase SIZE_BYTES ca|cg NAME
#include <cstring>
#include <vector>
#include <algorithm>
#include <random>
#include "common.h"

template <bool CG>
__device__ __forceinline__ unsigned load(const unsigned *p)
{
    unsigned v;
    if (CG) asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p));
    else    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v) : "l"(p));
    return v;
}

template <bool CG>
__global__ void walk(const unsigned *next, int warm, int steps, unsigned long long *cycles, unsigned *sink)
{
    unsigned i = 0;
    for (int k = 0; k < warm; k++) i = load<CG>(next + i);
    unsigned long long t0 = clock64();
    for (int k = 0; k < steps; k++) i = load<CG>(next + i);
    unsigned long long t1 = clock64();
    *cycles = t1 - t0;
    *sink = i;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (std::strcmp(argv[2], "ca") && std::strcmp(argv[2], "cg"))) {
        std::fprintf(stderr, "usage: chase SIZE_BYTES ca|cg NAME\n");
        return 2;
    }
    size_t size = std::strtoull(argv[1], nullptr, 10), words = size / 4, stride = 128 / 4;
    size_t lines = size / 128;
    if (lines < 2) { std::fprintf(stderr, "chase: set below two lines\n"); return 2; }
    std::vector<unsigned> order(lines), next(words, 0);
    for (size_t l = 0; l < lines; l++) order[l] = (unsigned)l;
    std::mt19937 rng(12345);
    std::shuffle(order.begin() + 1, order.end(), rng);
    for (size_t l = 0; l < lines; l++)
        next[order[l] * stride] = (unsigned)(order[(l + 1) % lines] * stride);
    unsigned *d_next, *d_sink;
    unsigned long long *d_cyc, cyc = 0;
    CK(cudaMalloc(&d_next, words * 4));
    CK(cudaMalloc(&d_sink, 4));
    CK(cudaMalloc(&d_cyc, 8));
    CK(cudaMemcpy(d_next, next.data(), words * 4, cudaMemcpyHostToDevice));
    const int warm = 2000, steps = 20000;
    if (argv[2][1] == 'g') walk<true><<<1, 1>>>(d_next, warm, steps, d_cyc, d_sink);
    else walk<false><<<1, 1>>>(d_next, warm, steps, d_cyc, d_sink);
    CK(cudaGetLastError());
    CK(cudaMemcpy(&cyc, d_cyc, 8, cudaMemcpyDeviceToHost));
    char key[96];
    std::snprintf(key, sizeof key, "chase.%s_cycles", argv[3]);
    put(key, (double)cyc / steps);
    return 0;
}
