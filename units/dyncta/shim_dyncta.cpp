// shim_dyncta.cpp -- extern "C" shim over the Verilated dyncta (units/dyncta/dyncta.sv)
// for units/dyncta/test_rtl_dyncta.c.  Inputs are held until the next tick;
// tick = one rising clock edge; outputs read the registers after it.
#include <cstdint>
#include "Vdyncta.h"
#include "shim_unit.h"

struct dyncta_rtl : rb_unit<Vdyncta> {};

extern "C" {

dyncta_rtl *dyncta_rtl_new(void) { return rb_unit_new<dyncta_rtl>(); }
void dyncta_rtl_free(dyncta_rtl *h) { rb_unit_free(h); }
void dyncta_rtl_reset(dyncta_rtl *h) { rb_unit_reset(h); }
void dyncta_rtl_tick(dyncta_rtl *h) { rb_unit_tick(h); }

void dyncta_rtl_set_cfg(dyncta_rtl *h, unsigned n_cores, unsigned period, unsigned t_idle,
                        unsigned t_mem_l, unsigned t_mem_h)
{
    h->m->cfg_n_cores_i = n_cores & 0xffu;
    h->m->cfg_period_i = period & 0xffffu;
    h->m->cfg_t_idle_i = t_idle & 0x7ffu;
    h->m->cfg_t_mem_l_i = t_mem_l & 0x7ffu;
    h->m->cfg_t_mem_h_i = t_mem_h & 0x7ffu;
}

void dyncta_rtl_set_in(dyncta_rtl *h, unsigned kernel_start, unsigned n_max, uint64_t idle,
                       uint64_t mem_wait)
{
    h->m->kernel_start_i = kernel_start & 1u;
    h->m->n_max_i = n_max & 0x3fu;
    h->m->idle_i = idle;
    h->m->mem_wait_i = mem_wait;
}

// n of core c (6 bits at [c*6 +: 6] of n_o).
unsigned dyncta_rtl_n(dyncta_rtl *h, int c)
{
    unsigned value = 0;
    for (int b = 0; b < 6; b++) {
        int pos = c * 6 + b;
        value |= ((h->m->n_o[pos / 32] >> (pos % 32)) & 1u) << b;
    }
    return value;
}

}
