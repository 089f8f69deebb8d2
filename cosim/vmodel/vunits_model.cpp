// vunits_model.cpp -- the `fast` model of one size: each control unit of
// rtl/ctl_top.sv Verilated on its own (rtl/dyncta.sv ... rtl/ucs.sv as tops,
// prefixes Vu_<unit>, NumCores = VTOP_NC, arcta's NumParts = VTOP_NP;
// scripts/vtop-build.sh), one shared object exporting vtop_model_api()
// (cosim/vtop_api.h) like vtop_model.cpp, which builds the `trace` and `cov`
// flavours from the whole top.  ctl_top.sv is wiring only, so stepping the
// units one by one is the same logic as stepping the top; what it buys is that
// a run steps only the units its engine asked for (the policy's, or all:
// docs/cosim.md, "Units stepped"), where a Verilated top evaluates all five
// for every core every cycle.  Every unit is reset (so ctl_out holds every
// unit's reset value, as the C reference's reset writes); a step drives,
// clocks and reads back only the units asked for, leaving the other fields of
// ctl_out untouched -- exactly what ctl_ref_step() does.
#include <cstdio>
#include <new>
#include "Vu_arcta.h"
#include "Vu_claso.h"
#include "Vu_dyncore.h"
#include "Vu_dyncta.h"
#include "Vu_ucs.h"
#include "Vu_arcta___024root.h"
#include "Vu_claso___024root.h"
#include "Vu_dyncore___024root.h"
#include "Vu_dyncta___024root.h"
#include "Vu_ucs___024root.h"
#include "vtop_api.h"
#include "vmodel/vassert.h"
#include "vtop_ports.h"

#if !defined(VTOP_NC) || !defined(VTOP_NP)
#error "build with -DVTOP_NC=cores -DVTOP_NP=partitions (scripts/vtop-build.sh)"
#endif

using namespace vtop_ports;

namespace {

constexpr uint32_t NC = VTOP_NC, NP = VTOP_NP;
static_assert(NC <= CTL_MAX_CORES && NP <= CTL_MAX_PARTS, "model larger than the seam");
static_assert(sizeof(Vu_dyncta::idle_i) * 8 >= NC, "Vu_dyncta's NumCores is not VTOP_NC");
static_assert(sizeof(Vu_arcta::dram_busy_i) * 8 >= NP * 3 &&
                  sizeof(Vu_arcta::dram_busy_i) * 8 < (NP + 22) * 3,
              "Vu_arcta's NumParts is not VTOP_NP");

// ---- DYNCTA (seed 000 Sec. 4.1): ports as ctl_top.sv's u_dyncta.
void dyncta_cfg(Vu_dyncta &m, const ctl_cfg *c)
{
    m.cfg_n_cores_i = (CData)mask_bits(c->n_cores, CTL_CORES_BITS);
    m.cfg_period_i = (SData)mask_bits(c->dyncta_period, 16);
    m.cfg_t_idle_i = (SData)mask_bits(c->dyncta_t_idle, 11);
    m.cfg_t_mem_l_i = (SData)mask_bits(c->dyncta_t_mem_l, 11);
    m.cfg_t_mem_h_i = (SData)mask_bits(c->dyncta_t_mem_h, 11);
}

void dyncta_in(Vu_dyncta &m, const ctl_in *in, uint32_t n, uint32_t)
{
    m.kernel_start_i = (CData)(in->kernel_start & 1u);
    m.n_max_i = (CData)mask_bits(in->n_max, 6);
    put_core_bits(m.idle_i, in, n, [](const ctl_core_in &c) { return c.idle; });
    put_core_bits(m.mem_wait_i, in, n, [](const ctl_core_in &c) { return c.mem_wait; });
}

void dyncta_out(const Vu_dyncta &m, ctl_out *out, uint32_t n)
{
    bit_reader dn(m.n_o);
    for (uint32_t c = 0; c < n; c++) out->core[c].dyncta_n = (uint8_t)dn.get(6);
}

// ---- DYNCORE (seed 000 Sec. 4.2)
void dyncore_cfg(Vu_dyncore &m, const ctl_cfg *c)
{
    m.cfg_n_cores_i = (CData)mask_bits(c->n_cores, CTL_CORES_BITS);
    m.cfg_period_i = (SData)mask_bits(c->dyncore_period, 16);
    m.cfg_frac_num_i = (CData)mask_bits(c->dyncore_frac_num, 4);
    m.cfg_frac_den_i = (CData)mask_bits(c->dyncore_frac_den, 4);
    m.cfg_k_i = (CData)mask_bits(c->dyncore_k, CTL_CORES_BITS);
    m.cfg_tact_counted_i = (CData)mask_bits(c->dyncore_tact_counted, 1);
}

void dyncore_in(Vu_dyncore &m, const ctl_in *in, uint32_t n, uint32_t)
{
    m.kernel_start_i = (CData)(in->kernel_start & 1u);
    put_core_bits(m.active_i, in, n, [](const ctl_core_in &c) { return c.active; });
    put_core_bits(m.drained_i, in, n, [](const ctl_core_in &c) { return c.drained; });
}

void dyncore_out(const Vu_dyncore &m, ctl_out *out, uint32_t n)
{
    bit_reader en(m.enable_o), on(m.power_on_o);
    for (uint32_t c = 0; c < n; c++) {
        out->core[c].dc_enable = (uint8_t)en.get(1);
        out->core[c].dc_power_on = (uint8_t)on.get(1);
    }
}

// ---- CLASO (seed 003 Sec. 3)
void claso_cfg(Vu_claso &m, const ctl_cfg *c)
{
    m.cfg_p_a_i = (CData)mask_bits(c->claso_p_a, 8);
    m.cfg_p_l_i = (CData)mask_bits(c->claso_p_l, 8);
}

void claso_in(Vu_claso &m, const ctl_in *in, uint32_t n, uint32_t)
{
    m.alloc_i = (CData)(in->alloc & 1u);
    m.n_cta_i = (IData)mask_bits(in->n_cta, 20);
    m.alloc_cores_i = (CData)mask_bits(in->alloc_cores, CTL_CORES_BITS);
    put_core_bits(m.req_i, in, n, [](const ctl_core_in &c) { return c.req; });
}

void claso_out(const Vu_claso &m, ctl_out *out, uint32_t n)
{
    out->claso_ready = m.ready_o & 1u;
    out->credit_global = sign_extend(m.credit_global_o, 24);
    bit_reader grant(m.grant_o), refuse(m.refuse_o), credit(m.credit_o);
    for (uint32_t c = 0; c < n; c++) {
        out->core[c].grant = (uint8_t)grant.get(1);
        out->core[c].refuse = (uint8_t)refuse.get(1);
        out->core[c].credit = sign_extend(credit.get(24), 24);
    }
}

// ---- AR-CTA (seed 002 Sec. 3): core 0's issue counters, every partition.
void arcta_cfg(Vu_arcta &m, const ctl_cfg *c)
{
    m.cfg_n_cores_i = (CData)mask_bits(c->n_cores, CTL_CORES_BITS);
    m.cfg_n_parts_i = (CData)mask_bits(c->n_parts, CTL_PARTS_BITS);
    m.cfg_window_i = (SData)mask_bits(c->ar_window, 16);
    m.cfg_t_u_ipc_i = (CData)mask_bits(c->ar_t_u_ipc, 7);
    m.cfg_t_l_ipc_i = (CData)mask_bits(c->ar_t_l_ipc, 7);
    m.cfg_t_max_bw_mpct_i = (IData)mask_bits(c->ar_t_max_bw_mpct, 17);
    m.cfg_t_gbr_i = (CData)mask_bits(c->ar_t_gbr, 7);
    m.cfg_good_lanes_i = (CData)mask_bits(c->ar_good_lanes, 6);
    m.cfg_simt_lanes_i = (CData)mask_bits(c->simt_lanes, 6);
    m.cfg_core_pct_i = (CData)mask_bits(c->ar_core_pct, 7);
    m.cfg_mem_pct_i = (CData)mask_bits(c->ar_mem_pct, 7);
}

void arcta_in(Vu_arcta &m, const ctl_in *in, uint32_t, uint32_t parts)
{
    const ctl_core_in &c0 = in->core[0];
    m.kernel_start_i = (CData)(in->kernel_start & 1u);
    m.thread_insts_i = (CData)mask_bits(c0.thread_insts, 7);
    m.max_lanes_i = (CData)mask_bits(c0.max_lanes, 6);
    m.issued_i = (CData)(c0.issued & 1u);
    m.cta_done_i = (CData)mask_bits(c0.cta_done, 2);
    m.dram_cycles_i = (CData)mask_bits(in->dram_cycles, 3);
    bit_writer busy;  // partitions >= parts stay 0 (the seam leaves them 0)
    for (uint32_t p = 0; p < parts; p++) busy.put(in->dram_busy[p], 3);
    busy.flush();
    busy.store(m.dram_busy_i);
}

void arcta_out(const Vu_arcta &m, ctl_out *out, uint32_t n)
{
    out->ar_phase = m.phase_o & 3u;
    out->ar_type = m.type_o & 3u;
    out->ar_limit1 = m.limit1_o & 1u;
    out->fc_on = m.fc_on_o & 1u;
    out->core_clk_pct = (int8_t)sign_extend(m.core_clk_pct_o, 8);
    out->mem_clk_pct = (int8_t)sign_extend(m.mem_clk_pct_o, 8);
    bit_reader en(m.enable_o);
    for (uint32_t c = 0; c < n; c++) out->core[c].ar_enable = (uint8_t)en.get(1);
}

// ---- uC-States (seed 004 Sec. 4)
void ucs_cfg(Vu_ucs &m, const ctl_cfg *c)
{
    m.cfg_n_cores_i = (CData)mask_bits(c->n_cores, CTL_CORES_BITS);
    uint64_t units = 0;
    for (int i = 0; i < CTL_NCOMP; i++) units |= (uint64_t)mask_bits(c->units[i], 4) << (4 * i);
    m.cfg_units_i = units;
    m.cfg_period_i = (SData)mask_bits(c->uc_period, 16);
    m.cfg_th_u_pct_i = (CData)mask_bits(c->uc_th_u_pct, 7);
    m.cfg_th_rt_i = (SData)mask_bits(c->uc_th_rt, 10);
    m.cfg_break_even_i = (CData)mask_bits(c->uc_break_even, 8);
    m.cfg_wakeup_i = (CData)mask_bits(c->uc_wakeup, 8);
}

void ucs_in(Vu_ucs &m, const ctl_in *in, uint32_t n, uint32_t)
{
    m.kernel_start_i = (CData)(in->kernel_start & 1u);
    bit_writer busy, sch, warps, enter, empty;
    for (uint32_t c = 0; c < n; c++) {
        const ctl_core_in &ci = in->core[c];
        for (int i = 0; i < CTL_NCOMP; i++) busy.put(ci.busy[i], 4);
        for (int j = 0; j < CTL_NTYPE; j++) sch.put(ci.sch_busy[j], 4);
        warps.put(ci.mem_warps, 7);
        enter.put(ci.ldst_enter, 3);
        empty.put(ci.empty, 14);
    }
    busy.flush(); sch.flush(); warps.flush(); enter.flush(); empty.flush();
    busy.store(m.busy_i);
    sch.store(m.sch_busy_i);
    warps.store(m.mem_warps_i);
    enter.store(m.ldst_enter_i);
    empty.store(m.empty_i);
}

void ucs_out(const Vu_ucs &m, ctl_out *out, uint32_t n)
{
    bit_reader tuned(m.tuned_down_o), accepts(m.accepts_work_o), pg(m.pg_state_o);
    for (uint32_t c = 0; c < n; c++) {
        ctl_core_out &o = out->core[c];
        o.tuned_down = (uint16_t)tuned.get(14);
        o.accepts_work = (uint16_t)accepts.get(14);
        for (int g = 0; g < CTL_NPG; g++) o.pg_state[g] = (uint8_t)pg.get(2);
    }
}

// A unit's port binding: its registers, its inputs of one cycle, its outputs.
template <class M>
struct unit_ops {
    void (*cfg)(M &, const ctl_cfg *);
    void (*in)(M &, const ctl_in *, uint32_t n, uint32_t parts);
    void (*out)(const M &, ctl_out *, uint32_t n);
};

const unit_ops<Vu_dyncta> DYNCTA = { dyncta_cfg, dyncta_in, dyncta_out };
const unit_ops<Vu_dyncore> DYNCORE = { dyncore_cfg, dyncore_in, dyncore_out };
const unit_ops<Vu_claso> CLASO = { claso_cfg, claso_in, claso_out };
const unit_ops<Vu_arcta> ARCTA = { arcta_cfg, arcta_in, arcta_out };
const unit_ops<Vu_ucs> UCS = { ucs_cfg, ucs_in, ucs_out };

// Registers, inputs held at 0, the reset pulse, the reset values out.
template <class M>
void reset_unit(M &m, const unit_ops<M> &u, const ctl_cfg *cfg, ctl_out *out, uint32_t n)
{
    static const ctl_in zero = {};
    u.cfg(m, cfg);
    u.in(m, &zero, NC, NP);
    reset_pulse(m);
    u.out(m, out, n);
}

// One core cycle of one unit: inputs, one rising edge, outputs.
template <class M>
void step_unit(M &m, const unit_ops<M> &u, const ctl_in *in, ctl_out *out, uint32_t n,
               uint32_t parts)
{
    u.in(m, in, n, parts);
    rising_edge(m);
    u.out(m, out, n);
}

} // namespace

// The five units in one Verilator context; `units` (CTL_U_* of ctl_ref.h) are
// the ones stepped.
struct vtop_model {
    VerilatedContext ctx;
    Vu_dyncta dyncta{&ctx, "dyncta"};
    Vu_dyncore dyncore{&ctx, "dyncore"};
    Vu_claso claso{&ctx, "claso"};
    Vu_arcta arcta{&ctx, "arcta"};
    Vu_ucs ucs{&ctx, "ucs"};
    unsigned units = CTL_U_ALL;
    ~vtop_model()
    {
        Verilated::threadContextp(&ctx);   // see vtop_model.cpp ~top_variant
        dyncta.final(); dyncore.final(); claso.final(); arcta.final(); ucs.final();
    }
};

static vtop_model *api_create(void) { return new (std::nothrow) vtop_model(); }

static void api_destroy(vtop_model *t) { delete t; }

static void api_reset(vtop_model *t, const ctl_cfg *cfg, ctl_out *out, uint32_t n,
                      uint32_t, unsigned units)
{
    t->units = units & CTL_U_ALL;
    vassert_rec stale;   // a failure of an earlier run (a replay) is not this run's
    vassert_take(&stale);
    reset_unit(t->dyncta, DYNCTA, cfg, out, n);
    reset_unit(t->dyncore, DYNCORE, cfg, out, n);
    reset_unit(t->claso, CLASO, cfg, out, n);
    reset_unit(t->arcta, ARCTA, cfg, out, n);
    reset_unit(t->ucs, UCS, cfg, out, n);
}

// One core cycle of the units asked for.
static void api_step(vtop_model *t, uint64_t, const ctl_in *in, ctl_out *out, uint32_t n,
                     uint32_t parts)
{
    unsigned u = t->units;
    if (u & CTL_U_DYNCTA) step_unit(t->dyncta, DYNCTA, in, out, n, parts);
    if (u & CTL_U_DYNCORE) step_unit(t->dyncore, DYNCORE, in, out, n, parts);
    if (u & CTL_U_CLASO) step_unit(t->claso, CLASO, in, out, n, parts);
    if (u & CTL_U_ARCTA) step_unit(t->arcta, ARCTA, in, out, n, parts);
    if (u & CTL_U_UCS) step_unit(t->ucs, UCS, in, out, n, parts);
}

static const vtop_api API = {
    VTOP_API_VERSION, VTOP_NC, VTOP_NP, 0 /* no tracing */, 1 /* per unit */,
    api_create, api_destroy, api_reset, api_step,
    nofst_open, nofst_close, nofst_fault, nofst_valid, vassert_api_take,
};

extern "C" __attribute__((visibility("default"))) const vtop_api *vtop_model_api(void)
{
    return &API;
}
