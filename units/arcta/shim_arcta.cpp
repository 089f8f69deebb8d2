// shim_arcta.cpp -- extern "C" handle over the Verilated units/arcta/arcta.sv
// (Verilated with NumCores = 64, NumParts = 16: Makefile RTL_BENCH_*), for units/arcta/test_rtl_arcta.c.
#include <cstdint>
#include "Varcta.h"
#include "ctl_seam.h"
#include "shim_unit.h"
#include "Varcta___024root.h" // the registers, for the fault hook

struct arcta_rtl : rb_unit<Varcta> {};

extern "C" {

arcta_rtl *arcta_rtl_new(void) { return rb_unit_new<arcta_rtl>(); }
void arcta_rtl_free(arcta_rtl *h) { rb_unit_free(h); }
void arcta_rtl_reset(arcta_rtl *h) { rb_unit_reset(h); }
void arcta_rtl_tick(arcta_rtl *h) { rb_unit_tick(h); }

// Programmable registers, in port order.
void arcta_rtl_set_cfg(arcta_rtl *h, uint32_t n_cores, uint32_t n_parts, uint32_t window,
                       uint32_t t_u_ipc, uint32_t t_l_ipc, uint32_t t_max_bw_mpct,
                       uint32_t t_gbr, uint32_t good_lanes, uint32_t simt_lanes,
                       uint32_t core_pct, uint32_t mem_pct)
{
    Varcta *m = h->m;
    m->cfg_n_cores_i = n_cores & 0xff;
    m->cfg_n_parts_i = n_parts & 0x7f;
    m->cfg_window_i = window & 0xffff;
    m->cfg_t_u_ipc_i = t_u_ipc & 0x7f;
    m->cfg_t_l_ipc_i = t_l_ipc & 0x7f;
    m->cfg_t_max_bw_mpct_i = t_max_bw_mpct & ((1u << CTL_W_AR_T_MAX_BW_MPCT) - 1);
    m->cfg_t_gbr_i = t_gbr & 0x7f;
    m->cfg_good_lanes_i = good_lanes & 0x3f;
    m->cfg_simt_lanes_i = simt_lanes & 0x3f;
    m->cfg_core_pct_i = core_pct & 0x7f;
    m->cfg_mem_pct_i = mem_pct & 0x7f;
    m->eval();
}

// Inputs of one cycle; dram_busy packs partition p at bits [p*3 +: 3].
void arcta_rtl_set_in(arcta_rtl *h, uint32_t kernel_start, uint32_t thread_insts,
                      uint32_t max_lanes, uint32_t issued, uint32_t cta_done,
                      uint32_t dram_cycles, uint64_t dram_busy)
{
    Varcta *m = h->m;
    m->kernel_start_i = kernel_start & 1;
    m->thread_insts_i = thread_insts & 0x7f;
    m->max_lanes_i = max_lanes & 0x3f;
    m->issued_i = issued & 1;
    m->cta_done_i = cta_done & 3;
    m->dram_cycles_i = dram_cycles & 7;
    m->dram_busy_i = dram_busy & 0xffffffffffffULL;
}

// Outputs: o[0] phase, o[1] type, o[2] limit1, o[3] fc_on,
// o[4] core_clk_pct (8-bit two's complement), o[5] mem_clk_pct; *enable.
void arcta_rtl_get(arcta_rtl *h, uint32_t o[6], uint64_t *enable)
{
    Varcta *m = h->m;
    o[0] = m->phase_o;
    o[1] = m->type_o;
    o[2] = m->limit1_o;
    o[3] = m->fc_on_o;
    o[4] = m->core_clk_pct_o;
    o[5] = m->mem_clk_pct_o;
    *enable = m->enable_o;
}


// Test-only fault (test_assert_fires): the kernel type register set to the
// unused code 3 (ASSERT TypeValid / TypeInAction).
void arcta_rtl_fault_type(arcta_rtl *h) { h->m->rootp->arcta__DOT__type_q = 3; }

uint64_t arcta_rtl_edges(const arcta_rtl *h) { return h->w.edges; }

}  // extern "C"
