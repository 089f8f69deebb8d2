MemcpyHtoD,0xzz,4
../ok_v5.traceg
