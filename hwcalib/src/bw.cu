// bw.cu -- bandwidth: a grid-stride copy of SIZE bytes (float4), every SM
// full, timed with CUDA events over 20 runs after a warm-up; SIZE within L2
// gives L2 bandwidth, far above it DRAM bandwidth.  Shared memory: each block
// streams its shared array 1000 times.  Prints bw.NAME_gbs (GB/s, 1e9 B).
//   bw SIZE_BYTES NAME | bw smem NAME
#include <cstring>
#include "common.h"

__global__ void copy(const float4 *__restrict__ a, float4 *__restrict__ b, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
}

__global__ void smem(float *out, int reps)
{
    __shared__ float s[8192];
    for (int i = threadIdx.x; i < 8192; i += blockDim.x) s[i] = (float)i;
    __syncthreads();
    float acc = 0;
    for (int r = 0; r < reps; r++)
        for (int i = threadIdx.x; i < 8192; i += blockDim.x) acc += s[(i + r) & 8191];
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

int main(int argc, char **argv)
{
    if (argc != 3) { std::fprintf(stderr, "usage: bw SIZE_BYTES|smem NAME\n"); return 2; }
    int sms = 0;
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaEvent_t e0, e1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    float ms = 0;
    double bytes;
    char key[96];
    std::snprintf(key, sizeof key, "bw.%s_gbs", argv[2]);
    if (std::strcmp(argv[1], "smem") == 0) {
        float *out;
        int blocks = sms * 4, threads = 256, reps = 1000;
        CK(cudaMalloc(&out, (size_t)blocks * threads * 4));
        smem<<<blocks, threads>>>(out, 1);
        CK(cudaEventRecord(e0));
        smem<<<blocks, threads>>>(out, reps);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&ms, e0, e1));
        bytes = (double)blocks * reps * 8192 * 4;
    } else {
        size_t size = std::strtoull(argv[1], nullptr, 10), n = size / 16;
        float4 *a, *b;
        CK(cudaMalloc(&a, n * 16));
        CK(cudaMalloc(&b, n * 16));
        CK(cudaMemset(a, 0, n * 16));
        copy<<<sms * 8, 256>>>(a, b, n);
        CK(cudaEventRecord(e0));
        for (int r = 0; r < 20; r++) copy<<<sms * 8, 256>>>(a, b, n);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        CK(cudaEventElapsedTime(&ms, e0, e1));
        bytes = 20.0 * 2 * n * 16;   // read + write
    }
    CK(cudaGetLastError());
    put(key, bytes / (ms * 1e-3) / 1e9);
    return 0;
}
