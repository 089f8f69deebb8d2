// issue.cu -- dependent and independent issue per opcode class, one warp,
// clock64() around 1024 instructions of the class (inline PTX, so the
// compiler keeps every one):
//   dependent: each reads the previous one's result -> cycles between
//   dependent issues (issue.dep_CLASS_cycles: core.lat_from = issue, lat.*);
//   independent: 8 chains interleaved -> issue cycles per instruction of one
//   warp (issue.ind_CLASS_cycles: the initiation interval, ii.*).
// Classes: ffma (FP32 FMA, lat.sp), imad (integer MAD, lat.sp), dfma (FP64,
// lat.dp), mufu (ex2.approx on the SFU, lat.sfu).
#include "common.h"

#define N 1024

#define STEP_F(x)  asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(x) : "f"(a), "f"(b))
#define STEP_I(x)  asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(x) : "r"(ia), "r"(ib))
#define STEP_D(x)  asm volatile("fma.rn.f64 %0, %0, %1, %2;" : "+d"(x) : "d"(da), "d"(db))
#define STEP_S(x)  asm volatile("ex2.approx.f32 %0, %0;" : "+f"(x))

template <int K>
__global__ void chains(float a, float b, int ia, int ib, double da, double db, unsigned long long *out,
                       float *sink)
{
    float f[8];
    int i[8];
    double d[8];
    for (int c = 0; c < 8; c++) { f[c] = a + c; i[c] = ia + c; d[c] = da + c; }
    unsigned long long t[9];
    // 0..3: dependent ffma, imad, dfma, mufu; 4..7: the same, 8 independent chains
    t[0] = clock64();
#pragma unroll
    for (int k = 0; k < N; k++) STEP_F(f[0]);
    t[1] = clock64();
#pragma unroll
    for (int k = 0; k < N; k++) STEP_I(i[0]);
    t[2] = clock64();
#pragma unroll
    for (int k = 0; k < N; k++) STEP_D(d[0]);
    t[3] = clock64();
#pragma unroll
    for (int k = 0; k < N; k++) STEP_S(f[1]);
    t[4] = clock64();
#pragma unroll
    for (int k = 0; k < N / 8; k++) { STEP_F(f[0]); STEP_F(f[1]); STEP_F(f[2]); STEP_F(f[3]);
                                      STEP_F(f[4]); STEP_F(f[5]); STEP_F(f[6]); STEP_F(f[7]); }
    t[5] = clock64();
#pragma unroll
    for (int k = 0; k < N / 8; k++) { STEP_I(i[0]); STEP_I(i[1]); STEP_I(i[2]); STEP_I(i[3]);
                                      STEP_I(i[4]); STEP_I(i[5]); STEP_I(i[6]); STEP_I(i[7]); }
    t[6] = clock64();
#pragma unroll
    for (int k = 0; k < N / 8; k++) { STEP_D(d[0]); STEP_D(d[1]); STEP_D(d[2]); STEP_D(d[3]);
                                      STEP_D(d[4]); STEP_D(d[5]); STEP_D(d[6]); STEP_D(d[7]); }
    t[7] = clock64();
#pragma unroll
    for (int k = 0; k < N / 8; k++) { STEP_S(f[0]); STEP_S(f[1]); STEP_S(f[2]); STEP_S(f[3]);
                                      STEP_S(f[4]); STEP_S(f[5]); STEP_S(f[6]); STEP_S(f[7]); }
    t[8] = clock64();
    if (threadIdx.x == 0)
        for (int c = 0; c < 8; c++) out[c] = t[c + 1] - t[c];
    float s = 0;
    for (int c = 0; c < 8; c++) s += f[c] + (float)i[c] + (float)d[c];
    sink[threadIdx.x] = s;
}

int main()
{
    unsigned long long *d_out, out[8];
    float *d_sink;
    CK(cudaMalloc(&d_out, sizeof out));
    CK(cudaMalloc(&d_sink, 32 * sizeof(float)));
    for (int rep = 0; rep < 2; rep++)   // the second run: instruction cache warm
        chains<0><<<1, 32>>>(1.0001f, 0.5f, 3, 1, 1.0001, 0.5, d_out, d_sink);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    const char *cls[4] = { "ffma", "imad", "dfma", "mufu" };
    char key[64];
    for (int c = 0; c < 4; c++) {
        std::snprintf(key, sizeof key, "issue.dep_%s_cycles", cls[c]);
        put(key, (double)out[c] / N);
        std::snprintf(key, sizeof key, "issue.ind_%s_cycles", cls[c]);
        put(key, (double)out[4 + c] / N);
    }
    return 0;
}
