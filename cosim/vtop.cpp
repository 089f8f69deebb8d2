// vtop.cpp -- extern "C" shim over the Verilated rtl/ctl_top.sv (see vtop.h).
// Ports are packed core-major exactly as the mapping table of ctl_top.sv says;
// wide ports are filled word by word with a bit stream writer, so one step
// costs O(n_cores * fields), not O(bits).
#include <cstdio>
#include <cstring>
#include <new>
#include "Vctl_top.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include "vtop.h"

namespace {

inline uint32_t mask_bits(uint32_t v, unsigned width)
{
    return (uint32_t)(v & ((1ull << width) - 1u));
}

// Appends fields of <= 32 bits, LSB first, to an array of 32-bit port words.
struct bit_writer {
    uint32_t *word;
    uint64_t acc;
    unsigned used;
    explicit bit_writer(uint32_t *w) : word(w), acc(0), used(0) {}
    void put(uint32_t v, unsigned width)
    {
        acc |= (uint64_t)mask_bits(v, width) << used;
        used += width;
        if (used >= 32) {
            *word++ = (uint32_t)acc;
            acc >>= 32;
            used -= 32;
        }
    }
    // Write the partial last word (its upper bits belong to unused cores: 0).
    void flush()
    {
        if (used) *word++ = (uint32_t)acc;
        acc = 0;
        used = 0;
    }
};

// Reads fields of <= 32 bits, LSB first, from an array of 32-bit port words.
struct bit_reader {
    const uint32_t *word;
    uint64_t acc;
    unsigned avail;
    explicit bit_reader(const uint32_t *w) : word(w), acc(0), avail(0) {}
    uint32_t get(unsigned width)
    {
        if (avail < width) {
            acc |= (uint64_t)(*word++) << avail;
            avail += 32;
        }
        uint32_t v = mask_bits((uint32_t)acc, width);
        acc >>= width;
        avail -= width;
        return v;
    }
};

inline int32_t sign_extend(uint32_t v, unsigned width)
{
    uint32_t sign = 1u << (width - 1);
    v = mask_bits(v, width);
    return (v & sign) ? (int32_t)(v - sign) - (int32_t)sign : (int32_t)v;
}

// One bit per core of a 64-bit port: bit c = field of core c.
template <typename F>
uint64_t core_bits(const ctl_in *in, uint32_t n, F field)
{
    uint64_t v = 0;
    for (uint32_t c = 0; c < n; c++)
        v |= (uint64_t)(field(in->core[c]) & 1u) << c;
    return v;
}

} // namespace

struct vtop {
    VerilatedContext *ctx;
    Vctl_top *m;
    VerilatedFstC *fst;
    uint64_t fst_first, fst_last;
    uint32_t n_cores;
};

static void set_cfg(Vctl_top *m, const ctl_cfg *cfg)
{
    m->cfg_n_cores_i = (CData)mask_bits(cfg->n_cores, 7);
    m->cfg_n_parts_i = (CData)mask_bits(cfg->n_parts, 5);
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
    m->cfg_dyncore_k_i = (CData)mask_bits(cfg->dyncore_k, 7);
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

static void set_global_inputs(Vctl_top *m, const ctl_in *in)
{
    m->kernel_start_i = (CData)(in->kernel_start & 1u);
    m->n_max_i = (CData)mask_bits(in->n_max, 6);
    m->n_cta_i = (IData)mask_bits(in->n_cta, 20);
    m->alloc_i = (CData)(in->alloc & 1u);
    m->alloc_cores_i = (CData)mask_bits(in->alloc_cores, 7);
    m->dram_cycles_i = (CData)mask_bits(in->dram_cycles, 3);
    uint64_t busy = 0;
    for (int p = 0; p < CTL_MAX_PARTS; p++)
        busy |= (uint64_t)mask_bits(in->dram_busy[p], 3) << (3 * p);
    m->dram_busy_i = busy;
}

static void set_core_bit_inputs(Vctl_top *m, const ctl_in *in, uint32_t n)
{
    m->core_issued_i = core_bits(in, n, [](const ctl_core_in &c) { return c.issued; });
    m->core_stalled_i = core_bits(in, n, [](const ctl_core_in &c) { return c.stalled; });
    m->core_idle_i = core_bits(in, n, [](const ctl_core_in &c) { return c.idle; });
    m->core_mem_wait_i = core_bits(in, n, [](const ctl_core_in &c) { return c.mem_wait; });
    m->core_active_i = core_bits(in, n, [](const ctl_core_in &c) { return c.active; });
    m->core_drained_i = core_bits(in, n, [](const ctl_core_in &c) { return c.drained; });
    m->core_req_i = core_bits(in, n, [](const ctl_core_in &c) { return c.req; });
}

static void set_core_field_inputs(Vctl_top *m, const ctl_in *in, uint32_t n)
{
    bit_writer done(m->core_cta_done_i.data()), insts(m->core_thread_insts_i.data()),
        lanes(m->core_max_lanes_i.data()), busy(m->core_busy_i.data()),
        sch(m->core_sch_busy_i.data()), warps(m->core_mem_warps_i.data()),
        enter(m->core_ldst_enter_i.data()), empty(m->core_empty_i.data());
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
}

static void get_outputs(const Vctl_top *m, ctl_out *out, uint32_t n)
{
    out->claso_ready = m->claso_ready_o & 1u;
    out->credit_global = sign_extend(m->credit_global_o, 24);
    out->ar_phase = m->ar_phase_o & 3u;
    out->ar_type = m->ar_type_o & 3u;
    out->ar_limit1 = m->ar_limit1_o & 1u;
    out->fc_on = m->fc_on_o & 1u;
    out->core_clk_pct = (int8_t)sign_extend(m->core_clk_pct_o, 8);
    out->mem_clk_pct = (int8_t)sign_extend(m->mem_clk_pct_o, 8);
    bit_reader dn(m->dyncta_n_o.data()), credit(m->credit_o.data()),
        tuned(m->tuned_down_o.data()), accepts(m->accepts_work_o.data()),
        pg(m->pg_state_o.data());
    for (uint32_t c = 0; c < n; c++) {
        ctl_core_out &o = out->core[c];
        o.dyncta_n = (uint8_t)dn.get(6);
        o.grant = (uint8_t)((m->grant_o >> c) & 1u);
        o.refuse = (uint8_t)((m->refuse_o >> c) & 1u);
        o.credit = sign_extend(credit.get(24), 24);
        o.dc_enable = (uint8_t)((m->dc_enable_o >> c) & 1u);
        o.dc_power_on = (uint8_t)((m->dc_power_on_o >> c) & 1u);
        o.ar_enable = (uint8_t)((m->ar_enable_o >> c) & 1u);
        o.tuned_down = (uint16_t)tuned.get(14);
        o.accepts_work = (uint16_t)accepts.get(14);
        for (int g = 0; g < CTL_NPG; g++) o.pg_state[g] = (uint8_t)pg.get(2);
    }
}

static bool in_window(const vtop *t, uint64_t cycle)
{
    return t->fst && cycle >= t->fst_first && cycle <= t->fst_last;
}

extern "C" {

vtop *vtop_create(void)
{
    vtop *t = new (std::nothrow) vtop();
    if (!t) return nullptr;
    t->ctx = new VerilatedContext;
    t->ctx->traceEverOn(true);  // before the model exists: FST may be opened later
    t->m = new Vctl_top{t->ctx, "ctl_top"};
    t->fst = nullptr;
    t->n_cores = 0;
    return t;
}

void vtop_destroy(vtop *t)
{
    if (!t) return;
    vtop_fst_close(t);
    t->m->final();
    delete t->m;
    delete t->ctx;
    delete t;
}

void vtop_reset(vtop *t, const ctl_cfg *cfg, ctl_out *out)
{
    Vctl_top *m = t->m;
    t->n_cores = cfg->n_cores < CTL_MAX_CORES ? cfg->n_cores : CTL_MAX_CORES;
    set_cfg(m, cfg);
    ctl_in zero;
    std::memset(&zero, 0, sizeof zero);
    set_global_inputs(m, &zero);
    set_core_bit_inputs(m, &zero, CTL_MAX_CORES);
    set_core_field_inputs(m, &zero, CTL_MAX_CORES);
    m->clk_i = 0;
    m->rst_ni = 1;
    m->eval();
    m->rst_ni = 0;  // asynchronous, active low
    m->eval();
    m->rst_ni = 1;
    m->eval();
    get_outputs(m, out, t->n_cores);
}

void vtop_step(vtop *t, uint64_t cycle, const ctl_in *in, ctl_out *out)
{
    Vctl_top *m = t->m;
    set_global_inputs(m, in);
    set_core_bit_inputs(m, in, t->n_cores);
    set_core_field_inputs(m, in, t->n_cores);
    m->clk_i = 0;
    m->eval();
    bool dump = in_window(t, cycle);
    if (dump) t->fst->dump(1000 * cycle);
    m->clk_i = 1;
    m->eval();
    if (dump) t->fst->dump(1000 * cycle + 500);
    if (t->fst && cycle >= t->fst_last) vtop_fst_close(t);
    get_outputs(m, out, t->n_cores);
}

int vtop_fst_open(vtop *t, const char *path, uint64_t first, uint64_t last, char *err,
                  size_t errlen)
{
    vtop_fst_close(t);
    FILE *probe = std::fopen(path, "wb");
    if (!probe) {
        std::snprintf(err, errlen, "%s: cannot write the waveform file (--fst)", path);
        return -1;
    }
    std::fclose(probe);
    t->fst = new VerilatedFstC;
    t->m->trace(t->fst, 99);
    t->fst->open(path);
    if (!t->fst->isOpen()) {
        delete t->fst;
        t->fst = nullptr;
        std::snprintf(err, errlen, "%s: cannot open the waveform file (--fst)", path);
        return -1;
    }
    t->fst_first = first;
    t->fst_last = last;
    return 0;
}

void vtop_fst_close(vtop *t)
{
    if (!t->fst) return;
    t->fst->close();
    delete t->fst;
    t->fst = nullptr;
}

} // extern "C"
