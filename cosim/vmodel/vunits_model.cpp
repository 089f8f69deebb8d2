// vunits_model.cpp -- the `fast` model of one size: each control unit of
// rtl/ctl_top.sv Verilated on its own (each unit's RTL top of seam/units.tsv,
// prefixes Vu_<unit>, NumCores = VTOP_NC, NumParts = VTOP_NP where the unit
// takes it; scripts/vtop-build.sh; the list is vunits_gen.h's VUNITS_X), one
// shared object exporting vtop_model_api() (cosim/vtop_api.h) like vtop_model.cpp, which builds the `trace` and `cov`
// flavours from the whole top.  ctl_top.sv is wiring only, so stepping the
// units one by one is the same logic as stepping the top; what it buys is that
// a run steps only the units its engine asked for (the policy's, or all:
// docs/cosim.md, "Units stepped"), where a Verilated top evaluates all five
// for every core every cycle.  Every unit is reset (so ctl_out holds every
// unit's reset value, as the C reference's reset writes); a step drives,
// clocks and reads back only the units asked for, leaving the other fields of
// ctl_out untouched -- exactly what ctl_ref_step() does.
#include <cstdio>
#include <cstring>
#include <new>
#include "vunits_gen.h"
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
    void (*in)(M &, const ctl_in *, uint32_t n, uint32_t parts, const uint64_t *dirty);
    void (*out)(const M &, ctl_out *, uint32_t n);
    std::size_t (*out_raw)(const M &, unsigned char *raw);
};

// A unit's output ports as its last read of them left them in *out: when the
// ports hold the same bytes after an edge, out's fields of the unit are already
// what reading them would write (only that read writes them; the rtl engine
// undoes a fault it injects before the next step), so the read is skipped.
template <class M, std::size_t N>
struct out_memo {
    unsigned char raw[N];
    const ctl_out *out = nullptr;   // null: read at the next step
    uint32_t n = 0;
};

// The bindings are generated from seam/seam.yaml (vseam_gen.h: <unit>_cfg, _in, _out).
#define VUNIT_OPS(u, U) \
    const unit_ops<Vu_##u> U = { vseam::u##_cfg<Vu_##u>, vseam::u##_in<Vu_##u>, vseam::u##_out<Vu_##u>, \
                                 vseam::u##_out_raw<Vu_##u> };
VUNITS_X(VUNIT_OPS)
#undef VUNIT_OPS

// Registers, inputs held at 0, the reset pulse, the reset values out.
template <class M>
void reset_unit(M &m, const unit_ops<M> &u, const ctl_cfg *cfg, ctl_out *out, uint32_t n)
{
    static const ctl_in zero = {};
    u.cfg(m, cfg);
    u.in(m, &zero, NC, NP, nullptr);
    reset_pulse(m);
    u.out(m, out, n);
}

// One core cycle of one unit: inputs, one rising edge, outputs.  Sampled:
// the unit's checks read $past() / $stable() (VU_SAMPLED_<unit>, set by
// scripts/vtop-build.sh), so its inputs settle with the clock low first.
template <bool Sampled, class M, std::size_t N>
void step_unit(M &m, const unit_ops<M> &u, out_memo<M, N> &memo, const ctl_in *in, ctl_out *out,
               uint32_t n, uint32_t parts, const uint64_t *dirty)
{
    u.in(m, in, n, parts, dirty);
    if (Sampled) {
        rising_edge(m);
    } else {
        rising_edge_once(m);
    }
    unsigned char raw[N];
    std::size_t k = u.out_raw(m, raw);
    if (memo.out == out && memo.n == n && std::memcmp(raw, memo.raw, k) == 0) return;
    u.out(m, out, n);
    std::memcpy(memo.raw, raw, k);
    memo.out = out;
    memo.n = n;
}

} // namespace

// The units in one Verilator context; `units` (CTL_U_* of ctl_ref.h) are
// the ones stepped.
struct vtop_model {
    VerilatedContext ctx;
#define VUNIT_MEMBER(u, U) Vu_##u u{&ctx, #u}; \
    out_memo<Vu_##u, vseam::u##_out_raw_size<Vu_##u>()> u##_memo;
    VUNITS_X(VUNIT_MEMBER)
#undef VUNIT_MEMBER
    unsigned units = CTL_U_ALL;
    // The cores' inputs of the last step, which every stepped unit's ports
    // hold: a step rewrites only the cores whose inputs changed (most cores
    // repeat a frozen cycle's, docs/performance.md).  `held` is 0 after a reset.
    ctl_core_in last[NC];
    uint32_t last_n = 0;
    bool held = false;
    uint64_t dirty[(NC + 63) / 64];
    ~vtop_model()
    {
        Verilated::threadContextp(&ctx);   // see vtop_model.cpp ~top_variant
#define VUNIT_FINAL(u, U) u.final();
        VUNITS_X(VUNIT_FINAL)
#undef VUNIT_FINAL
    }
};

static vtop_model *api_create(void) { return new (std::nothrow) vtop_model(); }

static void api_destroy(vtop_model *t) { delete t; }

static void api_reset(vtop_model *t, const ctl_cfg *cfg, ctl_out *out, uint32_t n,
                      uint32_t, unsigned units)
{
    t->units = units & CTL_U_ALL;
    t->held = false;
    vassert_rec stale;   // a failure of an earlier run (a replay) is not this run's
    vassert_take(&stale);
#define VUNIT_RESET(u, U) reset_unit(t->u, U, cfg, out, n); t->u##_memo.out = nullptr;
    VUNITS_X(VUNIT_RESET)
#undef VUNIT_RESET
}

// *a and *b hold the same bytes (a word at a time: the size is a constant).
static inline bool same_bytes(const ctl_core_in *a, const ctl_core_in *b)
{
    constexpr std::size_t S = sizeof *a;
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    uint64_t d = 0;
    std::size_t i = 0;
    for (; i + 8 <= S; i += 8) {
        uint64_t u, v;
        std::memcpy(&u, x + i, 8);
        std::memcpy(&v, y + i, 8);
        d |= u ^ v;
    }
    for (; i < S; i++) d |= (uint64_t)(x[i] ^ y[i]);
    return d == 0;
}

// The cores whose inputs differ from the last step's (null: write every core;
// compared and kept byte for byte, padding included).
static const uint64_t *dirty_cores(vtop_model *t, const ctl_in *in, uint32_t n)
{
    if (n > NC) return nullptr;   // (the engine steps a model of the run's size)
    if (!t->held || n != t->last_n) {
        std::memcpy(t->last, in->core, n * sizeof *in->core);
        t->last_n = n;
        t->held = true;
        return nullptr;
    }
    std::memset(t->dirty, 0, sizeof t->dirty);
    for (uint32_t c = 0; c < n; c++)
        if (!same_bytes(&t->last[c], &in->core[c])) {
            std::memcpy(&t->last[c], &in->core[c], sizeof *in->core);
            t->dirty[c >> 6] |= 1ull << (c & 63u);
        }
    return t->dirty;
}

// One core cycle of the units asked for.
static void api_step(vtop_model *t, uint64_t, const ctl_in *in, ctl_out *out, uint32_t n,
                     uint32_t parts)
{
    unsigned u = t->units;
    const uint64_t *dirty = dirty_cores(t, in, n);
#define VUNIT_STEP(m, U) \
    if (u & CTL_U_##U) step_unit<VU_SAMPLED_##m != 0>(t->m, U, t->m##_memo, in, out, n, parts, dirty);
    VUNITS_X(VUNIT_STEP)
#undef VUNIT_STEP
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
