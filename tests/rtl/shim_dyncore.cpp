// shim_dyncore.cpp -- extern "C" shim over the Verilated dyncore (rtl/dyncore.sv)
// for tests/rtl/test_rtl_dyncore.c.  Inputs are held until the next tick;
// tick = one rising clock edge; outputs read the registers after it.
#include <cstdint>
#include "Vdyncore.h"
#include "verilated.h"
#include "shim_fst.h"
#include "Vdyncore___024root.h" // the registers, for the fault hook

struct dyncore_rtl {
    VerilatedContext *ctx;
    Vdyncore *top;
    rb_wave w; // waveform / coverage file (shim_fst.h)
};

extern "C" {

dyncore_rtl *dyncore_rtl_new(void)
{
    dyncore_rtl *h = new dyncore_rtl;
    h->ctx = new VerilatedContext;
    rb_wave_ctx(h->ctx);
    h->top = new Vdyncore{h->ctx};
    rb_wave_open(h->w, h->ctx, h->top);
    h->top->clk_i = 0;
    h->top->rst_ni = 1;
    h->top->eval();
    return h;
}

void dyncore_rtl_free(dyncore_rtl *h)
{
    rb_wave_finish(h->w);
    h->top->final();
    delete h->top;
    delete h->ctx;
    delete h;
}

void dyncore_rtl_set_cfg(dyncore_rtl *h, unsigned n_cores, unsigned period, unsigned frac_num,
                         unsigned frac_den, unsigned k, unsigned tact_counted)
{
    h->top->cfg_n_cores_i = n_cores & 0xffu;
    h->top->cfg_period_i = period & 0xffffu;
    h->top->cfg_frac_num_i = frac_num & 0xfu;
    h->top->cfg_frac_den_i = frac_den & 0xfu;
    h->top->cfg_k_i = k & 0xffu;
    h->top->cfg_tact_counted_i = tact_counted & 1u;
}

void dyncore_rtl_set_in(dyncore_rtl *h, unsigned kernel_start, uint64_t active, uint64_t drained)
{
    h->top->kernel_start_i = kernel_start & 1u;
    h->top->active_i = active;
    h->top->drained_i = drained;
}

// Asynchronous active-low reset pulse.
void dyncore_rtl_reset(dyncore_rtl *h)
{
    h->top->rst_ni = 0;
    h->top->eval();
    h->top->rst_ni = 1;
    h->top->eval();
}

void dyncore_rtl_tick(dyncore_rtl *h)
{
    h->top->eval();  // the inputs settle before the edge (sampled values of $past)
    h->top->clk_i = 1;
    h->top->eval();
    h->top->clk_i = 0;
    h->top->eval();
    rb_wave_dump(h->w);
}

uint64_t dyncore_rtl_enable(dyncore_rtl *h) { return h->top->enable_o; }
uint64_t dyncore_rtl_power_on(dyncore_rtl *h) { return h->top->power_on_o; }


// Test-only fault (test_assert_fires): core `core` enabled while OFF, a mode
// no edge produces (ASSERT ModeValid).  Registers are read by their Verilated
// names; a rename in rtl/dyncore.sv fails this shim's compile, not silently.
void dyncore_rtl_fault_mode(dyncore_rtl *h, int core)
{
    h->top->rootp->dyncore__DOT__enable_q |= 1ull << core;
    h->top->rootp->dyncore__DOT__power_q &= ~(1ull << core);
}

uint64_t dyncore_rtl_edges(const dyncore_rtl *h) { return h->w.edges; }

}
