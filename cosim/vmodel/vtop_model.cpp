// vtop_model.cpp -- one Verilated rtl/ctl_top.sv of one size as a shared
// object: the `trace` and `cov` flavours (scripts/vtop-build.sh compiles it
// with -DVTOP_NC=cores -DVTOP_NP=partitions -DVTOP_TRACE=1 | -DVM_COVERAGE=1
// beside the Vctl_top model Verilated with those NumCores / NumParts;
// cosim/vtop.c loads it; docs/cosim.md, "Models of the run's size").  The
// `fast` flavour is cosim/vmodel/vunits_model.cpp.  Exports one symbol,
// vtop_model_api() (cosim/vtop_api.h).  Ports are packed core-major exactly as
// the mapping table of ctl_top.sv says (vtop_ports.h), so one step costs
// O(n_cores * fields), not O(bits).  Every unit is evaluated every cycle (the
// waveform and the coverage show all five); ctl_out receives the outputs of
// the units the reset named only, as with the fast flavour.
#include <cstdio>
#include <cstring>
#include <new>
#include <string>
#include "Vctl_top.h"
#include "Vctl_top___024root.h"
#include "verilated.h"
#ifdef VTOP_TRACE
#include "verilated_fst_c.h"
#include "gtkwave/fstapi.h"
#endif
#if VM_COVERAGE
#include <cstdlib>
#include "verilated_cov.h"
#endif

#include <csetjmp>
#include <csignal>
#include <cstring>

#include "vtop_api.h"
#include "vmodel/vassert.h"
#include "vtop_ports.h"
#include "vseam_gen.h"

#if !defined(VTOP_NC) || !defined(VTOP_NP)
#error "build with -DVTOP_NC=cores -DVTOP_NP=partitions (scripts/vtop-build.sh)"
#endif

using namespace vtop_ports;

namespace {

// Vctl_top M, Verilated with NumCores = NC and NumParts = NP, in its own
// context.  The instance name is always "ctl_top", so every size's FST has the
// scopes ctl_top.ctl_top.u_<unit>... that units/*/*.gtkw name.
template <class M, uint32_t NC, uint32_t NP>
class top_variant final {
    static_assert(sizeof(M::grant_o) * 8 >= NC, "variant NumCores exceeds its grant_o port");
    static_assert(sizeof(M::dram_busy_i) * 8 >= NP * 3 && sizeof(M::dram_busy_i) * 8 < (NP + 22) * 3,
                  "variant NumParts does not match its dram_busy_i port");
    static_assert(NC <= CTL_MAX_CORES && NP <= CTL_MAX_PARTS, "variant larger than the seam");

    VerilatedContext ctx_;
    M m_;

    static VerilatedContext *traceable(VerilatedContext *ctx)
    {
#ifdef VTOP_TRACE
        ctx->traceEverOn(true);  // before the model exists: FST may be opened later
#endif
        return ctx;
    }

public:
    top_variant() : ctx_(), m_{traceable(&ctx_), "ctl_top"} {}
    ~top_variant()
    {
        // the scopes a model frees (its DPI assertion calls) erase themselves from the
        // thread's current context: make that this model's, not a freed replay model's
        Verilated::threadContextp(&ctx_);
        m_.final();
    }

#if VM_COVERAGE
    // The `cov` flavour (scripts/vtop-build.sh): this instance's Verilator
    // line / toggle counts to PREFIX-N.dat when RB_COV=PREFIX is set (the
    // regression's coverage run, docs/verification.md; N counts the models
    // the process freed, as the unit shims do, tests/rtl/shim_fst.h).
    void write_coverage()
    {
        const char *p = std::getenv("RB_COV");
        if (!p || !*p)
            return;
        static int n;
        std::string f = std::string(p) + "-top" + std::to_string(n++) + ".dat";
        ctx_.coveragep()->write(f.c_str());
    }
#endif

    // The marshalling is generated from seam/seam.yaml (vseam_gen.h).
    void set_cfg(const ctl_cfg *cfg) { vseam::top_cfg(&m_, cfg); }

    void set_inputs(const ctl_in *in, uint32_t n, uint32_t parts)
    {
        vseam::top_in(&m_, in, n, parts);
    }

    void drive(uint8_t clk, uint8_t rst_n)
    {
        m_.clk_i = clk;
        m_.rst_ni = rst_n;
        m_.eval();
    }

    // One rising edge on the inputs already set (vtop_ports.h).
    void edge() { rising_edge(m_); }

    // The outputs of `units` (CTL_U_* bits) of cores < n; the other fields
    // of *out are left as they are.
    void get_outputs(ctl_out *out, uint32_t n, unsigned units) const
    {
        vseam::top_out(&m_, out, n, units);
    }

#ifdef VTOP_TRACE
    void trace(VerilatedFstC *fst) { m_.trace(fst, 99); }
#endif

};


using top = top_variant<Vctl_top, VTOP_NC, VTOP_NP>;

} // namespace

struct vtop_model {
    top *m;
    unsigned units;               // CTL_U_* whose outputs a step writes
#ifdef VTOP_TRACE
    VerilatedFstC *fst;
    uint64_t fst_first, fst_last;
    struct sigaction old_bus;     // SIGBUS disposition before the FST opened
    // the `ref` scope (api_fst_ref): the C reference's expected outputs
    int ref_on;                   // declare it at the next fst_open
    ctl_out ref_cur, ref_next;    // shown now / after the next edge
    uint32_t ref_code;            // its first trace code
#endif
    int fst_fault;                // signal that stopped the waveform writer, 0 = none
};

#ifdef VTOP_TRACE
// ---- the waveform writer under a guard
//
// The FST writer (Verilator's, over gtkwave's fstapi) maps its temporary
// files; when the disk is full or a file-size limit is hit it dies with
// SIGBUS, and with it every statistic of the run.  Each call into the writer
// runs under a guard: a fault jumps back, the waveform is marked failed and
// never touched again (its writer is abandoned, not closed), and the run goes
// on.  A signal handler can reach only static storage, so the guard is the
// one piece of static state here (per thread).
static thread_local sigjmp_buf *fst_guard;

static void fst_fault_handler(int sig)
{
    if (fst_guard) siglongjmp(*fst_guard, sig);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void fst_arm(vtop_model *t)
{
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = fst_fault_handler;
    sa.sa_flags = SA_NODEFER;     // leave the mask alone: the guard is sigsetjmp(.., 0)
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &t->old_bus);
}

static void fst_disarm(vtop_model *t) { sigaction(SIGBUS, &t->old_bus, nullptr); }

// Give up on the waveform after a fault: the writer's state is unknown.
static void fst_abandon(vtop_model *t, int sig)
{
    fst_guard = nullptr;
    t->fst_fault = sig;
    t->fst = nullptr;             // leaked on purpose: closing it would fault again
    fst_disarm(t);
}

static void fst_dump(vtop_model *t, uint64_t time)
{
    sigjmp_buf jb;
    int sig = sigsetjmp(jb, 0);
    if (sig) { fst_abandon(t, sig); return; }
    fst_guard = &jb;
    t->fst->dump(time);
    fst_guard = nullptr;
}

static void api_fst_close(vtop_model *t)
{
    if (!t->fst) return;
    sigjmp_buf jb;
    int sig = sigsetjmp(jb, 0);
    if (sig) { fst_abandon(t, sig); return; }
    fst_guard = &jb;
    t->fst->close();
    fst_guard = nullptr;
    delete t->fst;
    t->fst = nullptr;
    fst_disarm(t);
}

// ---- the `ref` scope (docs/verification.md, "Debugging a failure")
//
// A failure's replay hands the model the C reference's expected outputs of
// every cycle (api_fst_ref); the waveform then carries, beside the RTL, a
// scope ctl_top.ref: each output of ctl_out as the comparator sees it, the
// expected value (NAME) next to the RTL's (NAME_rtl), per core in
// ctl_top.ref.coreC, with a `differs` bit (1 when a compared output of that
// core, or a global one, disagrees).  Declared through Verilator's trace
// callbacks, so it is one file with the model's signals.
struct ref_field {
    const char *name;
    int bits;
    int global;                   // a field of ctl_out, else of ctl_core_out
    size_t off, size;
    unsigned unit;                // CTL_U_* that drives it
};
#define REF_G(n, b, f, u) { n, b, 1, offsetof(ctl_out, f), sizeof(((ctl_out *)0)->f), u }
#define REF_C(n, b, f, u) { n, b, 0, offsetof(ctl_core_out, f), sizeof(((ctl_core_out *)0)->f), u }
static const ref_field REF_FIELDS[] = {
    REF_G("claso_ready", 1, claso_ready, CTL_U_CLASO),
    REF_G("credit_global", 24, credit_global, CTL_U_CLASO),
    REF_G("ar_phase", 2, ar_phase, CTL_U_ARCTA),
    REF_G("ar_type", 2, ar_type, CTL_U_ARCTA),
    REF_G("ar_limit1", 1, ar_limit1, CTL_U_ARCTA),
    REF_G("fc_on", 1, fc_on, CTL_U_ARCTA),
    REF_G("core_clk_pct", 8, core_clk_pct, CTL_U_ARCTA),
    REF_G("mem_clk_pct", 8, mem_clk_pct, CTL_U_ARCTA),
    REF_C("dyncta_n", 6, dyncta_n, CTL_U_DYNCTA),
    REF_C("dc_enable", 1, dc_enable, CTL_U_DYNCORE),
    REF_C("dc_power_on", 1, dc_power_on, CTL_U_DYNCORE),
    REF_C("grant", 1, grant, CTL_U_CLASO),
    REF_C("refuse", 1, refuse, CTL_U_CLASO),
    REF_C("credit", 24, credit, CTL_U_CLASO),
    REF_C("ar_enable", 1, ar_enable, CTL_U_ARCTA),
    REF_C("tuned_down", 14, tuned_down, CTL_U_UCS),
    REF_C("accepts_work", 14, accepts_work, CTL_U_UCS),
    REF_C("pg_state0", 2, pg_state[0], CTL_U_UCS),
    REF_C("pg_state1", 2, pg_state[1], CTL_U_UCS),
    REF_C("pg_state2", 2, pg_state[2], CTL_U_UCS),
    REF_C("pg_state3", 2, pg_state[3], CTL_U_UCS),
};
static const int REF_NF = (int)(sizeof REF_FIELDS / sizeof REF_FIELDS[0]);
static const int REF_NG = 8;      // the global fields lead the table

static uint32_t ref_read(const ctl_out *o, const ref_field &f, uint32_t core)
{
    const unsigned char *p = (const unsigned char *)(f.global ? (const void *)o
                                                              : (const void *)&o->core[core]);
    uint32_t v = 0;
    std::memcpy(&v, p + f.off, f.size);   // little-endian host: the low bytes
    return f.bits >= 32 ? v : v & ((1u << f.bits) - 1u);
}

// Codes from `code`: the globals (expected, rtl), `differs`; then per core
// every per-core field (expected, rtl) and `differs`.
static void ref_init(void *userp, VerilatedFst *tp, uint32_t code)
{
    tp->scopeEscape(' ');
    uint32_t c = code;
    auto decl = [&](const std::string &name, int bits) {
        if (bits == 1)
            tp->declBit(c, name.c_str(), -1, FST_VD_IMPLICIT, FST_VT_SV_LOGIC, false, -1);
        else
            tp->declBus(c, name.c_str(), -1, FST_VD_IMPLICIT, FST_VT_SV_LOGIC, false, -1,
                        bits - 1, 0);
        c++;
    };
    for (int i = 0; i < REF_NG; i++) {
        decl(std::string("ctl_top ref ") + REF_FIELDS[i].name, REF_FIELDS[i].bits);
        decl(std::string("ctl_top ref ") + REF_FIELDS[i].name + "_rtl", REF_FIELDS[i].bits);
    }
    decl("ctl_top ref differs", 1);
    for (uint32_t k = 0; k < VTOP_NC; k++) {
        std::string sc = "ctl_top ref core" + std::to_string(k) + " ";
        for (int i = REF_NG; i < REF_NF; i++) {
            decl(sc + REF_FIELDS[i].name, REF_FIELDS[i].bits);
            decl(sc + REF_FIELDS[i].name + "_rtl", REF_FIELDS[i].bits);
        }
        decl(sc + "differs", 1);
    }
    tp->scopeEscape('.');
    static_cast<vtop_model *>(userp)->ref_code = code;
}

template <bool Full>
static void ref_dump(void *userp, VerilatedFst::Buffer *bufp)
{
    vtop_model *t = static_cast<vtop_model *>(userp);
    ctl_out rtl;
    t->m->get_outputs(&rtl, VTOP_NC, CTL_U_ALL);
    uint32_t *old = bufp->oldp(t->ref_code);
    auto put = [&](uint32_t v, int bits) {
        if (Full) {
            if (bits == 1) bufp->fullBit(old, (CData)v);
            else bufp->fullIData(old, v, bits);
        } else {
            if (bits == 1) bufp->chgBit(old, (CData)v);
            else bufp->chgIData(old, v, bits);
        }
        old++;
    };
    uint32_t gdiff = 0;
    for (int i = 0; i < REF_NG; i++) {
        const ref_field &f = REF_FIELDS[i];
        uint32_t e = ref_read(&t->ref_cur, f, 0), r = ref_read(&rtl, f, 0);
        put(e, f.bits);
        put(r, f.bits);
        gdiff |= (f.unit & t->units) && e != r;
    }
    put(gdiff, 1);
    for (uint32_t k = 0; k < VTOP_NC; k++) {
        uint32_t diff = 0;
        for (int i = REF_NG; i < REF_NF; i++) {
            const ref_field &f = REF_FIELDS[i];
            uint32_t e = ref_read(&t->ref_cur, f, k), r = ref_read(&rtl, f, k);
            put(e, f.bits);
            put(r, f.bits);
            diff |= (f.unit & t->units) && e != r;
        }
        put(diff, 1);
    }
}

// expected NULL: the next fst_open declares the `ref` scope; else the
// expected outputs after the next edge (the ones given before stay shown
// until that edge).
static void api_fst_ref(vtop_model *t, const ctl_out *expected)
{
    if (!expected) {
        t->ref_on = 1;
        return;
    }
    t->ref_cur = t->ref_next;
    t->ref_next = *expected;
}

static int api_fst_open(vtop_model *t, const char *path, uint64_t first, uint64_t last,
                        char *err, size_t errlen)
{
    api_fst_close(t);
    t->fst_fault = 0;
    t->fst = new (std::nothrow) VerilatedFstC;
    if (!t->fst) {
        std::snprintf(err, errlen, "out of memory (waveform writer, --fst)");
        return -1;
    }
    t->m->trace(t->fst);
    if (t->ref_on) {
        VerilatedFst *sp = t->fst->spTrace();
        sp->addInitCb(&ref_init, t);
        sp->addFullCb(&ref_dump<true>, t);
        sp->addChgCb(&ref_dump<false>, t);
    }
    fst_arm(t);
    sigjmp_buf jb;
    int sig = sigsetjmp(jb, 0);
    if (sig) {
        fst_abandon(t, sig);
        std::snprintf(err, errlen, "%s: the waveform writer failed (signal %d) (--fst)", path, sig);
        return -1;
    }
    fst_guard = &jb;
    t->fst->open(path);
    fst_guard = nullptr;
    if (!t->fst->isOpen()) {
        fst_disarm(t);
        delete t->fst;
        t->fst = nullptr;
        std::snprintf(err, errlen, "%s: cannot open the waveform file (--fst)", path);
        return -1;
    }
    t->fst_first = first;
    t->fst_last = last;
    return 0;
}

static int api_fst_valid(const char *path)
{
    sigjmp_buf jb;
    if (sigsetjmp(jb, 0)) { fst_guard = nullptr; return 0; }
    struct sigaction sa, old;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = fst_fault_handler;
    sa.sa_flags = SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGBUS, &sa, &old);
    fst_guard = &jb;
    void *rd = fstReaderOpen(path);
    int ok = rd != nullptr;
    if (rd) fstReaderClose(rd);
    fst_guard = nullptr;
    sigaction(SIGBUS, &old, nullptr);
    return ok;
}

// One clock edge with the waveform: cycle's inputs at 1000*cycle ps, the
// registers after the edge at +500 ps (docs/cosim.md, "Waveforms").
static void step_traced(vtop_model *t, uint64_t cycle)
{
    bool dump = cycle >= t->fst_first && cycle <= t->fst_last;
    t->m->drive(0, 1);
    if (dump) fst_dump(t, 1000 * cycle);
    t->m->drive(1, 1);
    t->ref_cur = t->ref_next;     // the expected outputs after this edge
    if (dump && t->fst) fst_dump(t, 1000 * cycle + 500);
    if (t->fst && cycle >= t->fst_last) api_fst_close(t);
}
#else
// No tracing compiled in (the `cov` flavour): vtop_ports.h's no-waveform calls.
static constexpr auto api_fst_close = &nofst_close;
static constexpr auto api_fst_open = &nofst_open;
static constexpr auto api_fst_valid = &nofst_valid;
#endif

static vtop_model *api_create(void)
{
    vtop_model *t = new (std::nothrow) vtop_model();
    if (!t) return nullptr;
    t->m = new (std::nothrow) top;
    if (!t->m) {
        delete t;
        return nullptr;
    }
#ifdef VTOP_TRACE
    t->fst = nullptr;
#endif
    t->fst_fault = 0;
    t->units = CTL_U_ALL;
    return t;
}

static void api_destroy(vtop_model *t)
{
    if (!t) return;
    api_fst_close(t);
#if VM_COVERAGE
    t->m->write_coverage();
#endif
    delete t->m;
    delete t;
}

static void api_reset(vtop_model *t, const ctl_cfg *cfg, ctl_out *out, uint32_t n, uint32_t n_parts,
                      unsigned units)
{
    t->units = units & CTL_U_ALL;
    vassert_rec stale;   // a failure of an earlier run (a replay) is not this run's
    vassert_take(&stale);
    top *m = t->m;
    m->set_cfg(cfg);
    static const ctl_in zero = {};
    m->set_inputs(&zero, VTOP_NC, VTOP_NP);
    m->drive(0, 1);
    m->drive(0, 0);  // asynchronous, active low
    m->drive(0, 1);
    m->get_outputs(out, n, CTL_U_ALL);
    (void)n_parts;
}

// One core cycle: the inputs, one rising edge (two evals when tracing: the
// waveform shows the inputs before the edge), the outputs of t->units.
static void api_step(vtop_model *t, uint64_t cycle, const ctl_in *in, ctl_out *out, uint32_t n,
                     uint32_t n_parts)
{
    top *m = t->m;
    m->set_inputs(in, n, n_parts);
#ifdef VTOP_TRACE
    if (t->fst) step_traced(t, cycle);
    else
#endif
    m->edge();
    (void)cycle;
    m->get_outputs(out, n, t->units);
}

static int api_fst_fault(const vtop_model *t) { return t->fst_fault; }

static const vtop_api API = {
    VTOP_API_VERSION, VTOP_NC, VTOP_NP,
#ifdef VTOP_TRACE
    1,
#else
    0,
#endif
    0 /* the whole top */,
    api_create, api_destroy, api_reset, api_step,
    api_fst_open, api_fst_close, api_fst_fault, api_fst_valid, vassert_api_take,
#ifdef VTOP_TRACE
    api_fst_ref,
#else
    nullptr,
#endif
};

extern "C" __attribute__((visibility("default"))) const vtop_api *vtop_model_api(void)
{
    return &API;
}
