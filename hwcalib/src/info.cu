// info.cu -- the card's description for the results file (gpu.*).
#include "common.h"

int main()
{
    cudaDeviceProp p;
    int dev = 0, drv = 0, rt = 0, clk = 0, mclk = 0;
    CK(cudaGetDevice(&dev));
    CK(cudaGetDeviceProperties(&p, dev));
    CK(cudaDriverGetVersion(&drv));
    CK(cudaRuntimeGetVersion(&rt));
    CK(cudaDeviceGetAttribute(&clk, cudaDevAttrClockRate, dev));          // kHz
    CK(cudaDeviceGetAttribute(&mclk, cudaDevAttrMemoryClockRate, dev));   // kHz
    std::printf("gpu.name = %s\n", p.name);
    std::printf("gpu.sm_count = %d\n", p.multiProcessorCount);
    std::printf("gpu.sm_clock_mhz = %d\n", clk / 1000);
    std::printf("gpu.mem_clock_mhz = %d\n", mclk / 1000);
    std::printf("gpu.smem_per_sm_bytes = %zu\n", (size_t)p.sharedMemPerMultiprocessor);
    std::printf("gpu.l2_bytes = %d\n", p.l2CacheSize);
    std::printf("gpu.driver = %d.%d\n", drv / 1000, (drv % 1000) / 10);
    std::printf("gpu.cuda = %d.%d\n", rt / 1000, (rt % 1000) / 10);
    return 0;
}
