// shim_claso.cpp -- extern "C" shim over the Verilated CLASO unit (rtl/claso.sv)
// for tests/rtl/test_rtl_claso.c.  One call of claso_rtl_tick() is one clock
// edge; inputs are set before it, outputs read after it.
#include <cstdint>
#include "Vclaso.h"
#include "verilated.h"
#include "shim_fst.h"
#include "Vclaso___024root.h" // the registers, for the fault hook

struct claso_rtl {
    VerilatedContext ctx;
    Vclaso *top;
    rb_wave w; // waveform / coverage file (shim_fst.h)
};

static const int CREDIT_W = 24;

extern "C" {

claso_rtl *claso_rtl_new(void)
{
    claso_rtl *h = new claso_rtl;
    rb_wave_ctx(&h->ctx);
    h->top = new Vclaso{&h->ctx};
    rb_wave_open(h->w, &h->ctx, h->top);
    return h;
}

void claso_rtl_free(claso_rtl *h)
{
    rb_wave_finish(h->w);
    h->top->final();
    delete h->top;
    delete h;
}

// asynchronous active-low reset, clock held low
void claso_rtl_reset(claso_rtl *h)
{
    Vclaso *t = h->top;
    t->clk_i = 0;
    t->rst_ni = 1;
    t->eval();
    t->rst_ni = 0;
    t->eval();
    t->rst_ni = 1;
    t->eval();
}

void claso_rtl_set(claso_rtl *h, uint8_t p_a, uint8_t p_l, uint8_t alloc, uint32_t n_cta,
                   uint8_t alloc_cores, uint64_t req)
{
    Vclaso *t = h->top;
    t->cfg_p_a_i = p_a;
    t->cfg_p_l_i = p_l;
    t->alloc_i = alloc & 1u;
    t->n_cta_i = n_cta & 0xFFFFFu;
    t->alloc_cores_i = alloc_cores & 0xFFu;
    t->req_i = req;
}

void claso_rtl_tick(claso_rtl *h)
{
    h->top->clk_i = 0;
    h->top->eval();
    h->top->eval();  // the inputs settle before the edge (sampled values of $past)
    h->top->clk_i = 1;
    h->top->eval();
    rb_wave_dump(h->w);
}

static int32_t sign24(uint32_t v)
{
    v &= 0xFFFFFFu;
    return (int32_t)v - ((v & 0x800000u) ? 0x1000000 : 0);
}

uint8_t claso_rtl_ready(const claso_rtl *h) { return h->top->ready_o; }
int32_t claso_rtl_global(const claso_rtl *h) { return sign24(h->top->credit_global_o); }
uint64_t claso_rtl_grant(const claso_rtl *h) { return h->top->grant_o; }
uint64_t claso_rtl_refuse(const claso_rtl *h) { return h->top->refuse_o; }

int32_t claso_rtl_credit(const claso_rtl *h, int core)
{
    int bit = core * CREDIT_W, word = bit / 32, off = bit % 32;
    uint32_t v = h->top->credit_o[word] >> off;
    if (off + CREDIT_W > 32)
        v |= h->top->credit_o[word + 1] << (32 - off);
    return sign24(v);
}


// Test-only fault (test_assert_fires): core 2's C_p set to -2, below the
// saturation at -1 that seed 003 Alg. 1 keeps (ASSERT CreditSat).
void claso_rtl_fault_credit2(claso_rtl *h)
{
    h->top->rootp->claso__DOT__g_core__BRA__2__KET____DOT__u_consumer__DOT__credit_q =
        0xFFFFFEu & ((1u << CREDIT_W) - 1u);
}

uint64_t claso_rtl_edges(const claso_rtl *h) { return h->w.edges; }

} // extern "C"
