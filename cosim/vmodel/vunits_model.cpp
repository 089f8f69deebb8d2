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
#include "vseam_gen.h"

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

// A unit's port binding: its registers, its inputs of one cycle, its outputs.
template <class M>
struct unit_ops {
    void (*cfg)(M &, const ctl_cfg *);
    void (*in)(M &, const ctl_in *, uint32_t n, uint32_t parts);
    void (*out)(const M &, ctl_out *, uint32_t n);
};

// The bindings are generated from seam/seam.yaml (vseam_gen.h: <unit>_cfg, _in, _out).
#define VUNIT_OPS(M, u) { vseam::u##_cfg<M>, vseam::u##_in<M>, vseam::u##_out<M> }
const unit_ops<Vu_dyncta> DYNCTA = VUNIT_OPS(Vu_dyncta, dyncta);
const unit_ops<Vu_dyncore> DYNCORE = VUNIT_OPS(Vu_dyncore, dyncore);
const unit_ops<Vu_claso> CLASO = VUNIT_OPS(Vu_claso, claso);
const unit_ops<Vu_arcta> ARCTA = VUNIT_OPS(Vu_arcta, arcta);
const unit_ops<Vu_ucs> UCS = VUNIT_OPS(Vu_ucs, ucs);

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
