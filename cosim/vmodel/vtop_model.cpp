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

#if !defined(VTOP_NC) || !defined(VTOP_NP)
#error "build with -DVTOP_NC=cores -DVTOP_NP=partitions (scripts/vtop-build.sh)"
#endif

using namespace vtop_ports;

namespace {

// Vctl_top M, Verilated with NumCores = NC and NumParts = NP, in its own
// context.  The instance name is always "ctl_top", so every size's FST has the
// scopes ctl_top.ctl_top.u_<unit>... that waves/*.gtkw name.
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

    void set_cfg(const ctl_cfg *cfg)
    {
        M *m = &m_;
        m->cfg_n_cores_i = (CData)mask_bits(cfg->n_cores, CTL_CORES_BITS);
        m->cfg_n_parts_i = (CData)mask_bits(cfg->n_parts, CTL_PARTS_BITS);
        uint64_t units = 0;
        for (int i = 0; i < CTL_NCOMP; i++)
            units |= (uint64_t)mask_bits(cfg->units[i], 4) << (4 * i);
        m->cfg_units_i = units;
        m->cfg_simt_lanes_i = (CData)mask_bits(cfg->simt_lanes, 6);
        m->cfg_dyncta_period_i = (SData)mask_bits(cfg->dyncta_period, 16);
        m->cfg_dyncta_t_idle_i = (SData)mask_bits(cfg->dyncta_t_idle, 11);
        m->cfg_dyncta_t_mem_l_i = (SData)mask_bits(cfg->dyncta_t_mem_l, 11);
        m->cfg_dyncta_t_mem_h_i = (SData)mask_bits(cfg->dyncta_t_mem_h, 11);
        m->cfg_dyncore_period_i = (SData)mask_bits(cfg->dyncore_period, 16);
        m->cfg_dyncore_frac_num_i = (CData)mask_bits(cfg->dyncore_frac_num, 4);
        m->cfg_dyncore_frac_den_i = (CData)mask_bits(cfg->dyncore_frac_den, 4);
        m->cfg_dyncore_k_i = (CData)mask_bits(cfg->dyncore_k, CTL_CORES_BITS);
        m->cfg_dyncore_tact_counted_i = (CData)mask_bits(cfg->dyncore_tact_counted, 1);
        m->cfg_claso_p_a_i = (CData)mask_bits(cfg->claso_p_a, 8);
        m->cfg_claso_p_l_i = (CData)mask_bits(cfg->claso_p_l, 8);
        m->cfg_ar_window_i = (SData)mask_bits(cfg->ar_window, 16);
        m->cfg_ar_t_u_ipc_i = (CData)mask_bits(cfg->ar_t_u_ipc, 7);
        m->cfg_ar_t_l_ipc_i = (CData)mask_bits(cfg->ar_t_l_ipc, 7);
        m->cfg_ar_t_max_bw_mpct_i = (IData)mask_bits(cfg->ar_t_max_bw_mpct, 17);
        m->cfg_ar_t_gbr_i = (CData)mask_bits(cfg->ar_t_gbr, 7);
        m->cfg_ar_good_lanes_i = (CData)mask_bits(cfg->ar_good_lanes, 6);
        m->cfg_ar_core_pct_i = (CData)mask_bits(cfg->ar_core_pct, 7);
        m->cfg_ar_mem_pct_i = (CData)mask_bits(cfg->ar_mem_pct, 7);
        m->cfg_uc_period_i = (SData)mask_bits(cfg->uc_period, 16);
        m->cfg_uc_th_u_pct_i = (CData)mask_bits(cfg->uc_th_u_pct, 7);
        m->cfg_uc_th_rt_i = (SData)mask_bits(cfg->uc_th_rt, 10);
        m->cfg_uc_break_even_i = (CData)mask_bits(cfg->uc_break_even, 8);
        m->cfg_uc_wakeup_i = (CData)mask_bits(cfg->uc_wakeup, 8);
    }

    void set_inputs(const ctl_in *in, uint32_t n, uint32_t parts)
    {
        set_global_inputs(in, parts);
        set_core_bit_inputs(in, n);
        set_core_field_inputs(in, n);
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
        const M *m = &m_;
        if (units & CTL_U_CLASO) {
            out->claso_ready = m->claso_ready_o & 1u;
            out->credit_global = sign_extend(m->credit_global_o, 24);
        }
        if (units & CTL_U_ARCTA) {
            out->ar_phase = m->ar_phase_o & 3u;
            out->ar_type = m->ar_type_o & 3u;
            out->ar_limit1 = m->ar_limit1_o & 1u;
            out->fc_on = m->fc_on_o & 1u;
            out->core_clk_pct = (int8_t)sign_extend(m->core_clk_pct_o, 8);
            out->mem_clk_pct = (int8_t)sign_extend(m->mem_clk_pct_o, 8);
        }
        bit_reader dn(m->dyncta_n_o), credit(m->credit_o), tuned(m->tuned_down_o),
            accepts(m->accepts_work_o), pg(m->pg_state_o), grant(m->grant_o),
            refuse(m->refuse_o), dc_en(m->dc_enable_o), dc_on(m->dc_power_on_o),
            ar_en(m->ar_enable_o);
        for (uint32_t c = 0; c < n; c++) {
            ctl_core_out o;
            o.dyncta_n = (uint8_t)dn.get(6);
            o.grant = (uint8_t)grant.get(1);
            o.refuse = (uint8_t)refuse.get(1);
            o.credit = sign_extend(credit.get(24), 24);
            o.dc_enable = (uint8_t)dc_en.get(1);
            o.dc_power_on = (uint8_t)dc_on.get(1);
            o.ar_enable = (uint8_t)ar_en.get(1);
            o.tuned_down = (uint16_t)tuned.get(14);
            o.accepts_work = (uint16_t)accepts.get(14);
            for (int g = 0; g < CTL_NPG; g++) o.pg_state[g] = (uint8_t)pg.get(2);
            ctl_core_out &d = out->core[c];
            if (units & CTL_U_DYNCTA) d.dyncta_n = o.dyncta_n;
            if (units & CTL_U_DYNCORE) {
                d.dc_enable = o.dc_enable;
                d.dc_power_on = o.dc_power_on;
            }
            if (units & CTL_U_CLASO) {
                d.grant = o.grant;
                d.refuse = o.refuse;
                d.credit = o.credit;
            }
            if (units & CTL_U_ARCTA) d.ar_enable = o.ar_enable;
            if (units & CTL_U_UCS) {
                d.tuned_down = o.tuned_down;
                d.accepts_work = o.accepts_work;
                for (int g = 0; g < CTL_NPG; g++) d.pg_state[g] = o.pg_state[g];
            }
        }
    }

#ifdef VTOP_TRACE
    void trace(VerilatedFstC *fst) { m_.trace(fst, 99); }
#endif

private:
    // Partitions >= parts stay 0 (the seam leaves their dram_busy at 0).
    void set_global_inputs(const ctl_in *in, uint32_t parts)
    {
        M *m = &m_;
        m->kernel_start_i = (CData)(in->kernel_start & 1u);
        m->n_max_i = (CData)mask_bits(in->n_max, 6);
        m->n_cta_i = (IData)mask_bits(in->n_cta, 20);
        m->alloc_i = (CData)(in->alloc & 1u);
        m->alloc_cores_i = (CData)mask_bits(in->alloc_cores, CTL_CORES_BITS);
        m->dram_cycles_i = (CData)mask_bits(in->dram_cycles, 3);
        bit_writer busy;
        for (uint32_t p = 0; p < parts; p++) busy.put(in->dram_busy[p], 3);
        busy.flush();
        busy.store(m->dram_busy_i);
    }

    // The per-core bit ports are CData .. QData or VlWide by NC; n <= NC bits are set.
    void set_core_bit_inputs(const ctl_in *in, uint32_t n)
    {
        M *m = &m_;
        put_core_bits(m->core_issued_i, in, n, [](const ctl_core_in &c) { return c.issued; });
        put_core_bits(m->core_stalled_i, in, n, [](const ctl_core_in &c) { return c.stalled; });
        put_core_bits(m->core_idle_i, in, n, [](const ctl_core_in &c) { return c.idle; });
        put_core_bits(m->core_mem_wait_i, in, n, [](const ctl_core_in &c) { return c.mem_wait; });
        put_core_bits(m->core_active_i, in, n, [](const ctl_core_in &c) { return c.active; });
        put_core_bits(m->core_drained_i, in, n, [](const ctl_core_in &c) { return c.drained; });
        put_core_bits(m->core_req_i, in, n, [](const ctl_core_in &c) { return c.req; });
    }

    void set_core_field_inputs(const ctl_in *in, uint32_t n)
    {
        M *m = &m_;
        bit_writer done, insts, lanes, busy, sch, warps, enter, empty;
        for (uint32_t c = 0; c < n; c++) {
            const ctl_core_in &ci = in->core[c];
            done.put(ci.cta_done, 2);
            insts.put(ci.thread_insts, 7);
            lanes.put(ci.max_lanes, 6);
            for (int i = 0; i < CTL_NCOMP; i++) busy.put(ci.busy[i], 4);
            for (int j = 0; j < CTL_NTYPE; j++) sch.put(ci.sch_busy[j], 4);
            warps.put(ci.mem_warps, 7);
            enter.put(ci.ldst_enter, 3);
            empty.put(ci.empty, 14);
        }
        done.flush(); insts.flush(); lanes.flush(); busy.flush();
        sch.flush(); warps.flush(); enter.flush(); empty.flush();
        done.store(m->core_cta_done_i);
        insts.store(m->core_thread_insts_i);
        lanes.store(m->core_max_lanes_i);
        busy.store(m->core_busy_i);
        sch.store(m->core_sch_busy_i);
        warps.store(m->core_mem_warps_i);
        enter.store(m->core_ldst_enter_i);
        empty.store(m->core_empty_i);
    }
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
};

extern "C" __attribute__((visibility("default"))) const vtop_api *vtop_model_api(void)
{
    return &API;
}
