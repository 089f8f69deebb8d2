MemcpyHtoD,0x00007fd165500000,400
MemcpyHtoD,0x00007fd165500200,400
../ok_v4.traceg

MemcpyHtoD,0x0000000000001000,64
../ok_v5.traceg
