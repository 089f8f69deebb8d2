// shim_l1thr.cpp -- extern "C" wrapper over the Verilated l1thr.sv for
// test_rtl_l1thr.c: the ports are packed by the seam's generated marshalling
// (cosim/vmodel/vseam_gen.h), the same code that drives the unit in a run's
// `fast` model.  Inputs are held until the next tick; tick = one rising edge.
#include <cstdint>
#include "Vl1thr.h"
#include "shim_unit.h"
#include "vmodel/vseam_gen.h"
#include "Vl1thr___024root.h" // the registers, for the fault hook

struct l1thr_rtl : rb_unit<Vl1thr> {};

extern "C" {

// The cores the model was Verilated for (3 bits of l1_miss_i each).
int l1thr_rtl_cores(void) { return (int)(sizeof(((Vl1thr *)0)->l1_miss_i) * 8 / 3); }

l1thr_rtl *l1thr_rtl_new(void) { return rb_unit_new<l1thr_rtl>("l1thr"); }
void l1thr_rtl_free(l1thr_rtl *h) { rb_unit_free(h); }
void l1thr_rtl_reset(l1thr_rtl *h) { rb_unit_reset(h); }
void l1thr_rtl_tick(l1thr_rtl *h) { rb_unit_tick(h); }

void l1thr_rtl_set_cfg(l1thr_rtl *h, const ctl_cfg *cfg) { vseam::l1thr_cfg(*h->m, cfg); }

void l1thr_rtl_set_in(l1thr_rtl *h, const ctl_in *in)
{
    int n = l1thr_rtl_cores();
    vseam::l1thr_in(*h->m, in, (uint32_t)(n < CTL_MAX_CORES ? n : CTL_MAX_CORES), 0);
}

void l1thr_rtl_get_out(l1thr_rtl *h, ctl_out *out)
{
    int n = l1thr_rtl_cores();
    vseam::l1thr_out(*h->m, out, (uint32_t)(n < CTL_MAX_CORES ? n : CTL_MAX_CORES));
}

// Test-only fault (test_assert_fires): core 3's limit register jumps by 2
// between two decisions (ASSERT NStepOne).
void l1thr_rtl_fault_n3(l1thr_rtl *h)
{
    h->m->rootp->l1thr__DOT__g_core__BRA__3__KET____DOT__n_q ^= 2u;
}

uint64_t l1thr_rtl_edges(const l1thr_rtl *h) { return h->w.edges; }

}
