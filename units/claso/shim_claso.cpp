// shim_claso.cpp -- extern "C" shim over the Verilated CLASO unit (units/claso/claso.sv)
// for units/claso/test_rtl_claso.c.  One call of claso_rtl_tick() is one clock
// edge; inputs are set before it, outputs read after it.
#include <cstdint>
#include "Vclaso.h"
#include "shim_unit.h"
#include "Vclaso___024root.h" // the registers, for the fault hook

struct claso_rtl : rb_unit<Vclaso> {};

static const int CREDIT_W = 24;

extern "C" {

claso_rtl *claso_rtl_new(void) { return rb_unit_new<claso_rtl>(); }
void claso_rtl_free(claso_rtl *h) { rb_unit_free(h); }
void claso_rtl_reset(claso_rtl *h) { rb_unit_reset(h); }

void claso_rtl_set(claso_rtl *h, uint8_t p_a, uint8_t p_l, uint8_t alloc, uint32_t n_cta,
                   uint8_t alloc_cores, uint64_t req)
{
    Vclaso *t = h->m;
    t->cfg_p_a_i = p_a;
    t->cfg_p_l_i = p_l;
    t->alloc_i = alloc & 1u;
    t->n_cta_i = n_cta & 0xFFFFFu;
    t->alloc_cores_i = alloc_cores & 0xFFu;
    t->req_i = req;
}

// One rising edge; unlike rb_unit_tick the clock stays high until the next
// tick, so this bench's waveform samples every register at its edge.
void claso_rtl_tick(claso_rtl *h)
{
    h->m->clk_i = 0;
    h->m->eval();
    h->m->eval();  // the inputs settle before the edge (sampled values of $past)
    h->m->clk_i = 1;
    h->m->eval();
    rb_wave_dump(h->w);
}

static int32_t sign24(uint32_t v)
{
    v &= 0xFFFFFFu;
    return (int32_t)v - ((v & 0x800000u) ? 0x1000000 : 0);
}

uint8_t claso_rtl_ready(const claso_rtl *h) { return h->m->ready_o; }
int32_t claso_rtl_global(const claso_rtl *h) { return sign24(h->m->credit_global_o); }
uint64_t claso_rtl_grant(const claso_rtl *h) { return h->m->grant_o; }
uint64_t claso_rtl_refuse(const claso_rtl *h) { return h->m->refuse_o; }

int32_t claso_rtl_credit(const claso_rtl *h, int core)
{
    int bit = core * CREDIT_W, word = bit / 32, off = bit % 32;
    uint32_t v = h->m->credit_o[word] >> off;
    if (off + CREDIT_W > 32)
        v |= h->m->credit_o[word + 1] << (32 - off);
    return sign24(v);
}


// Test-only fault (test_assert_fires): core 2's C_p set to -2, below the
// saturation at -1 that seed 003 Alg. 1 keeps (ASSERT CreditSat).
void claso_rtl_fault_credit2(claso_rtl *h)
{
    h->m->rootp->claso__DOT__g_core__BRA__2__KET____DOT__u_consumer__DOT__credit_q =
        0xFFFFFEu & ((1u << CREDIT_W) - 1u);
}

uint64_t claso_rtl_edges(const claso_rtl *h) { return h->w.edges; }

} // extern "C"
