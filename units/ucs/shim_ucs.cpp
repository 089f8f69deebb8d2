// shim_ucs.cpp -- extern "C" wrapper over the Verilated units/ucs/ucs.sv, so the C
// test (test_rtl_ucs.c) can drive it with the seam structs of ctl_seam.h: the
// ports are packed by the seam's generated marshalling (vseam_gen.h), the same
// code that drives the unit in the `fast` model of a run.
#include <cstdint>
#include "Vucs.h"
#include "shim_unit.h"
#include "vmodel/vseam_gen.h"
#include "Vucs___024root.h" // the registers, for the fault hook

struct ucs_rtl : rb_unit<Vucs> {};

extern "C" {

int ucs_rtl_cores(void) { return (int)(sizeof(((Vucs *)0)->empty_i) * 8 / 14); }

ucs_rtl *ucs_rtl_new(void) { return rb_unit_new<ucs_rtl>("ucs"); }
void ucs_rtl_free(ucs_rtl *h) { rb_unit_free(h); }
void ucs_rtl_reset(ucs_rtl *h) { rb_unit_reset(h); }
void ucs_rtl_tick(ucs_rtl *h) { rb_unit_tick(h); }

void ucs_rtl_set_cfg(ucs_rtl *h, const ctl_cfg *cfg) { vseam::ucs_cfg(*h->m, cfg); }

void ucs_rtl_set_in(ucs_rtl *h, const ctl_in *in)
{
    int n = ucs_rtl_cores();
    vseam::ucs_in(*h->m, in, (uint32_t)(n < CTL_MAX_CORES ? n : CTL_MAX_CORES), 0);
}

void ucs_rtl_get_out(ucs_rtl *h, ctl_out *out)
{
    int n = ucs_rtl_cores();
    vseam::ucs_out(*h->m, out, (uint32_t)(n < CTL_MAX_CORES ? n : CTL_MAX_CORES));
}


// Test-only fault (test_assert_fires): core 2's power-gated group 0 jumps
// from ON straight to OFF, skipping DRAINING (seed 004 Sec. 4; ASSERT
// StateOrder / NoOnToOff in ucs_grp): bit 0 of the state's high plane.
void ucs_rtl_fault_grp2(ucs_rtl *h)
{
    h->m->rootp->ucs__DOT__g_core__BRA__2__KET____DOT__u_gcu__DOT__u_grp__DOT__s1_q |= 1u;
}

// Test-only access to core 0's interval sums, slots 0 .. 3 (test_slot_saturation):
// a sum set near its width's maximum shows the saturation an interval of
// T <= 65535 edges never reaches.
static uint32_t *slot0(ucs_rtl *h, int k)
{
    auto *r = h->m->rootp;
    switch (k) {
    case 0: return &r->ucs__DOT__g_core__BRA__0__KET____DOT__u_gcu__DOT__g_slot__BRA__0__KET____DOT__acc_q;
    case 1: return &r->ucs__DOT__g_core__BRA__0__KET____DOT__u_gcu__DOT__g_slot__BRA__1__KET____DOT__acc_q;
    case 2: return &r->ucs__DOT__g_core__BRA__0__KET____DOT__u_gcu__DOT__g_slot__BRA__2__KET____DOT__acc_q;
    default: return &r->ucs__DOT__g_core__BRA__0__KET____DOT__u_gcu__DOT__g_slot__BRA__3__KET____DOT__acc_q;
    }
}
void ucs_rtl_set_slot0(ucs_rtl *h, int k, uint32_t v) { *slot0(h, k) = v; }
uint32_t ucs_rtl_slot0(ucs_rtl *h, int k) { return *slot0(h, k); }

uint64_t ucs_rtl_edges(const ucs_rtl *h) { return h->w.edges; }

} // extern "C"
