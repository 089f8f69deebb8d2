// shim_dyncta.cpp -- extern "C" shim over the Verilated dyncta (rtl/dyncta.sv)
// for tests/rtl/test_rtl_dyncta.c.  Inputs are held until the next tick;
// tick = one rising clock edge; outputs read the registers after it.
#include <cstdint>
#include "Vdyncta.h"
#include "verilated.h"
#include "shim_fst.h"

struct dyncta_rtl {
    VerilatedContext *ctx;
    Vdyncta *top;
    rb_wave w; // waveform / coverage file (shim_fst.h)
};

extern "C" {

dyncta_rtl *dyncta_rtl_new(void)
{
    dyncta_rtl *h = new dyncta_rtl;
    h->ctx = new VerilatedContext;
    rb_wave_ctx(h->ctx);
    h->top = new Vdyncta{h->ctx};
    rb_wave_open(h->w, h->ctx, h->top);
    h->top->clk_i = 0;
    h->top->rst_ni = 1;
    h->top->eval();
    return h;
}

void dyncta_rtl_free(dyncta_rtl *h)
{
    rb_wave_finish(h->w);
    h->top->final();
    delete h->top;
    delete h->ctx;
    delete h;
}

void dyncta_rtl_set_cfg(dyncta_rtl *h, unsigned n_cores, unsigned period, unsigned t_idle,
                        unsigned t_mem_l, unsigned t_mem_h)
{
    h->top->cfg_n_cores_i = n_cores & 0xffu;
    h->top->cfg_period_i = period & 0xffffu;
    h->top->cfg_t_idle_i = t_idle & 0x7ffu;
    h->top->cfg_t_mem_l_i = t_mem_l & 0x7ffu;
    h->top->cfg_t_mem_h_i = t_mem_h & 0x7ffu;
}

void dyncta_rtl_set_in(dyncta_rtl *h, unsigned kernel_start, unsigned n_max, uint64_t idle,
                       uint64_t mem_wait)
{
    h->top->kernel_start_i = kernel_start & 1u;
    h->top->n_max_i = n_max & 0x3fu;
    h->top->idle_i = idle;
    h->top->mem_wait_i = mem_wait;
}

// Asynchronous active-low reset pulse.
void dyncta_rtl_reset(dyncta_rtl *h)
{
    h->top->rst_ni = 0;
    h->top->eval();
    h->top->rst_ni = 1;
    h->top->eval();
}

void dyncta_rtl_tick(dyncta_rtl *h)
{
    h->top->eval();  // the inputs settle before the edge (sampled values of $past)
    h->top->clk_i = 1;
    h->top->eval();
    h->top->clk_i = 0;
    h->top->eval();
    rb_wave_dump(h->w);
}

// n of core c (6 bits at [c*6 +: 6] of n_o).
unsigned dyncta_rtl_n(dyncta_rtl *h, int c)
{
    unsigned value = 0;
    for (int b = 0; b < 6; b++) {
        int pos = c * 6 + b;
        value |= ((h->top->n_o[pos / 32] >> (pos % 32)) & 1u) << b;
    }
    return value;
}

}
