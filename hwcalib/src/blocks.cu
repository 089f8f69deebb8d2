// blocks.cu -- block size, count and CTA-limit effects, measured as elapsed
// cycles under ncu (gpc__cycles_elapsed.max):
//   blocks ffma GRID BLOCK ITERS SMEM   GRID blocks of BLOCK threads, each
//       thread ITERS dependent FFMAs; SMEM bytes of dynamic shared memory per
//       block limit the blocks per SM (the CTA-limit curve of a compute kernel)
//   blocks stream GRID BLOCK MBYTES SMEM   a grid-stride copy of MBYTES with
//       the same limit (the curve of a memory-bound kernel)
#include <cstring>
#include "common.h"

__global__ void ffma_chain(float *out, int iters)
{
    extern __shared__ float pad[];
    float x = threadIdx.x * 0.001f, a = 1.0001f, b = 0.5f;
    for (int k = 0; k < iters; k++) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(a), "f"(b));
    if (x == -1.0f) pad[0] = x;   // never: keeps the shared allocation
    out[blockIdx.x * blockDim.x + threadIdx.x] = x;
}

__global__ void stream(const float4 *__restrict__ a, float4 *__restrict__ b, size_t n)
{
    extern __shared__ float pad[];
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
    if (n == 0) pad[0] = 0;
}

int main(int argc, char **argv)
{
    if (argc != 6) {
        std::fprintf(stderr, "usage: blocks ffma|stream GRID BLOCK ITERS|MBYTES SMEM\n");
        return 2;
    }
    int grid = std::atoi(argv[2]), block = std::atoi(argv[3]), arg = std::atoi(argv[4]);
    int smem_bytes = std::atoi(argv[5]);
    if (std::strcmp(argv[1], "ffma") == 0) {
        float *out;
        CK(cudaMalloc(&out, (size_t)grid * block * 4));
        CK(cudaFuncSetAttribute(ffma_chain, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes));
        ffma_chain<<<grid, block, smem_bytes>>>(out, arg);
    } else {
        size_t n = (size_t)arg * 1024 * 1024 / 16;
        float4 *a, *b;
        CK(cudaMalloc(&a, n * 16));
        CK(cudaMalloc(&b, n * 16));
        CK(cudaFuncSetAttribute(stream, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes));
        stream<<<grid, block, smem_bytes>>>(a, b, n);
    }
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    return 0;
}
