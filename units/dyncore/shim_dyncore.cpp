// shim_dyncore.cpp -- extern "C" shim over the Verilated dyncore (units/dyncore/dyncore.sv)
// for units/dyncore/test_rtl_dyncore.c.  Inputs are held until the next tick;
// tick = one rising clock edge; outputs read the registers after it.
#include <cstdint>
#include "Vdyncore.h"
#include "shim_unit.h"
#include "Vdyncore___024root.h" // the registers, for the fault hook

struct dyncore_rtl : rb_unit<Vdyncore> {};

extern "C" {

dyncore_rtl *dyncore_rtl_new(void) { return rb_unit_new<dyncore_rtl>(); }
void dyncore_rtl_free(dyncore_rtl *h) { rb_unit_free(h); }
void dyncore_rtl_reset(dyncore_rtl *h) { rb_unit_reset(h); }
void dyncore_rtl_tick(dyncore_rtl *h) { rb_unit_tick(h); }

void dyncore_rtl_set_cfg(dyncore_rtl *h, unsigned n_cores, unsigned period, unsigned frac_num,
                         unsigned frac_den, unsigned k, unsigned tact_counted)
{
    h->m->cfg_n_cores_i = n_cores & 0xffu;
    h->m->cfg_period_i = period & 0xffffu;
    h->m->cfg_frac_num_i = frac_num & 0xfu;
    h->m->cfg_frac_den_i = frac_den & 0xfu;
    h->m->cfg_k_i = k & 0xffu;
    h->m->cfg_tact_counted_i = tact_counted & 1u;
}

void dyncore_rtl_set_in(dyncore_rtl *h, unsigned kernel_start, uint64_t active, uint64_t drained)
{
    h->m->kernel_start_i = kernel_start & 1u;
    h->m->active_i = active;
    h->m->drained_i = drained;
}

uint64_t dyncore_rtl_enable(dyncore_rtl *h) { return h->m->enable_o; }
uint64_t dyncore_rtl_power_on(dyncore_rtl *h) { return h->m->power_on_o; }


// Test-only fault (test_assert_fires): core `core` enabled while OFF, a mode
// no edge produces (ASSERT ModeValid).  Registers are read by their Verilated
// names; a rename in units/dyncore/dyncore.sv fails this shim's compile, not silently.
void dyncore_rtl_fault_mode(dyncore_rtl *h, int core)
{
    h->m->rootp->dyncore__DOT__enable_q |= 1ull << core;
    h->m->rootp->dyncore__DOT__power_q &= ~(1ull << core);
}

uint64_t dyncore_rtl_edges(const dyncore_rtl *h) { return h->w.edges; }

}
