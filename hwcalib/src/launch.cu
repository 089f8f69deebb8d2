// launch.cu -- an empty kernel, launched once with GRID blocks of BLOCK threads:
// its elapsed cycles under ncu (gpc__cycles_elapsed.max) are the launch
// overhead of that shape (launch.empty_GRIDxBLOCK_cycles).
//   launch GRID BLOCK
#include "common.h"

__global__ void empty() {}

int main(int argc, char **argv)
{
    if (argc != 3) { std::fprintf(stderr, "usage: launch GRID BLOCK\n"); return 2; }
    int grid = std::atoi(argv[1]), block = std::atoi(argv[2]);
    empty<<<grid, block>>>();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    return 0;
}
