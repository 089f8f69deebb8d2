// shim_ctl_top.cpp -- the shim of the Verilated rtl/ctl_top.sv for
// tests/rtl/test_rtl_ctl_top.c is the program's own shim, cosim/vtop.cpp,
// compiled here by the Makefile's RTL-test rule (which links one shim object
// per test), so the test exercises exactly the shipped code.
#include "vtop.cpp"
