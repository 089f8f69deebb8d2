// shim_ucs.cpp -- extern "C" wrapper over the Verilated rtl/ucs.sv, so the C
// test (test_rtl_ucs.c) can drive it with the seam structs of ctl_seam.h.
#include <cstdint>
#include "Vucs.h"
#include "verilated.h"
#include "shim_fst.h"
#include "Vucs___024root.h" // the registers, for the fault hook

extern "C" {
#include "ctl_seam.h"
}

namespace {

// Write / read `width` bits at bit `lsb` of a Verilator port, wide or narrow.
template <std::size_t W>
void put(VlWide<W> &port, int lsb, int width, uint32_t val)
{
    for (int b = 0; b < width; b++) {
        int bit = lsb + b;
        uint32_t mask = 1u << (bit % 32);
        if ((val >> b) & 1u)
            port[bit / 32] |= mask;
        else
            port[bit / 32] &= ~mask;
    }
}
template <typename T>
void put(T &port, int lsb, int width, uint32_t val)
{
    for (int b = 0; b < width; b++) {
        T mask = (T)((T)1 << (lsb + b));
        if ((val >> b) & 1u)
            port = (T)(port | mask);
        else
            port = (T)(port & ~mask);
    }
}
template <std::size_t W>
uint32_t get(const VlWide<W> &port, int lsb, int width)
{
    uint32_t v = 0;
    for (int b = 0; b < width; b++) {
        int bit = lsb + b;
        v |= ((port[bit / 32] >> (bit % 32)) & 1u) << b;
    }
    return v;
}
template <typename T>
uint32_t get(const T &port, int lsb, int width)
{
    return (uint32_t)((uint64_t)(port >> lsb) & ((1ull << width) - 1u));
}

} // namespace

struct ucs_rtl {
    VerilatedContext *ctx;
    Vucs *m;
    rb_wave w; // waveform / coverage file (shim_fst.h)
};

extern "C" {

int ucs_rtl_cores(void) { return (int)(sizeof(((Vucs *)0)->empty_i) * 8 / 14); }

ucs_rtl *ucs_rtl_new(void)
{
    ucs_rtl *h = new ucs_rtl;
    h->ctx = new VerilatedContext;
    rb_wave_ctx(h->ctx);
    h->m = new Vucs(h->ctx, "ucs");
    rb_wave_open(h->w, h->ctx, h->m);
    return h;
}

void ucs_rtl_free(ucs_rtl *h)
{
    rb_wave_finish(h->w);
    Verilated::threadContextp(h->ctx);   // its scopes erase themselves from this context
    h->m->final();
    delete h->m;
    delete h->ctx;
    delete h;
}

void ucs_rtl_set_cfg(ucs_rtl *h, const ctl_cfg *cfg)
{
    Vucs *m = h->m;
    m->cfg_n_cores_i = (CData)(cfg->n_cores & 0xFFu);
    for (int i = 0; i < CTL_NCOMP; i++)
        put(m->cfg_units_i, i * 4, 4, cfg->units[i]);
    m->cfg_period_i = (SData)(cfg->uc_period & 0xFFFFu);
    m->cfg_th_u_pct_i = (CData)(cfg->uc_th_u_pct & 0x7Fu);
    m->cfg_th_rt_i = (SData)(cfg->uc_th_rt & 0x3FFu);
    m->cfg_break_even_i = (CData)(cfg->uc_break_even & 0xFFu);
    m->cfg_wakeup_i = (CData)(cfg->uc_wakeup & 0xFFu);
}

void ucs_rtl_set_in(ucs_rtl *h, const ctl_in *in)
{
    Vucs *m = h->m;
    int n = ucs_rtl_cores();
    m->kernel_start_i = in->kernel_start & 1u;
    for (int c = 0; c < n && c < CTL_MAX_CORES; c++) {
        const ctl_core_in *ci = &in->core[c];
        for (int i = 0; i < CTL_NCOMP; i++)
            put(m->busy_i, (c * CTL_NCOMP + i) * 4, 4, ci->busy[i]);
        for (int j = 0; j < CTL_NTYPE; j++)
            put(m->sch_busy_i, (c * CTL_NTYPE + j) * 4, 4, ci->sch_busy[j]);
        put(m->mem_warps_i, c * 7, 7, ci->mem_warps);
        put(m->ldst_enter_i, c * 3, 3, ci->ldst_enter);
        put(m->empty_i, c * CTL_NCOMP, CTL_NCOMP, ci->empty);
    }
}

static void ucs_rtl_edge(ucs_rtl *h)
{
    h->m->eval();  // the inputs settle before the edge (sampled values of $past)
    h->m->clk_i = 1;
    h->m->eval();
    h->m->clk_i = 0;
    h->m->eval();
}

void ucs_rtl_reset(ucs_rtl *h)
{
    h->m->clk_i = 0;
    h->m->rst_ni = 1;
    h->m->eval();
    h->m->rst_ni = 0;
    h->m->eval();
    h->m->rst_ni = 1;
    h->m->eval();
}

void ucs_rtl_tick(ucs_rtl *h)
{
    ucs_rtl_edge(h);
    rb_wave_dump(h->w);
}

void ucs_rtl_get_out(ucs_rtl *h, ctl_out *out)
{
    Vucs *m = h->m;
    int n = ucs_rtl_cores();
    for (int c = 0; c < n && c < CTL_MAX_CORES; c++) {
        ctl_core_out *o = &out->core[c];
        o->tuned_down = (uint16_t)get(m->tuned_down_o, c * CTL_NCOMP, CTL_NCOMP);
        o->accepts_work = (uint16_t)get(m->accepts_work_o, c * CTL_NCOMP, CTL_NCOMP);
        for (int g = 0; g < CTL_NPG; g++)
            o->pg_state[g] = (uint8_t)get(m->pg_state_o, (c * CTL_NPG + g) * 2, 2);
    }
}


// Test-only fault (test_assert_fires): core 2's power-gated group 0 jumps
// from ON straight to OFF, skipping DRAINING (seed 004 Sec. 4; ASSERT
// StateOrder / NoOnToOff in ucs_grp).
void ucs_rtl_fault_grp2(ucs_rtl *h)
{
    h->m->rootp->ucs__DOT__g_core__BRA__2__KET____DOT__u_gcu__DOT__g_grp__BRA__0__KET____DOT__u_grp__DOT__state_q = 2;
}

uint64_t ucs_rtl_edges(const ucs_rtl *h) { return h->w.edges; }

} // extern "C"
