/* arcta.c -- AR-CTA decision unit and frequency calibrator outputs
 * (seed 002 Sec. 3; spec/controllers.md Sec. 4).  Mirrors units/arcta/arcta.sv:
 * inputs and programmable registers are masked to their RTL widths, the
 * counters have the RTL's widths (which hold a whole window: no sum wraps),
 * ratios are cross-multiplied. */
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "arcta.h"
#include "ctl_decisions.h"
#include "ctl_unit.h"

#define MASK(bits) ((1u << (bits)) - 1u)
#define PROD_MASK ((1ull << ARCTA_PROD_BITS) - 1u)

static const char *const branch_names[ARCTA_NBRANCH] = {
    "start", "restart", "profile", "end_cta", "end_window",
    "ipc_high", "ipc_low", "bw_low", "gbr_high", "gbr_low",
    "idle", "action", "step",
};

const char *arcta_branch_name(int i)
{
    return (i >= 0 && i < ARCTA_NBRANCH) ? branch_names[i] : "?";
}

static void clear_counters(arcta *s)
{
    s->part = 0;
    s->prod = 0;
    s->cycles = 0;
    s->insts = 0;
    s->good = 0;
    s->dram_cycles = 0;
    memset(s->busy, 0, sizeof s->busy);
}

/* Number of cores (0 .. count-1) the CTA scheduler may use in this state.
 * Seed 002 Sec. 3.1.3: type I all cores, type II half of them (at least
 * core 0, so a single-core GPU keeps running). */
static uint32_t enable_count(const arcta *s, uint32_t n_cores)
{
    switch (s->phase) {
    case CTL_AR_PROFILE:
    case CTL_AR_DECISION:
        return 1;
    case CTL_AR_ACTION:
        if (s->type == CTL_AR_TYPE2)
            return n_cores / 2 > 0 ? n_cores / 2 : 1;
        return n_cores;
    default:
        return n_cores;
    }
}

/* Outputs are functions of the registered state and the programmable
 * registers only (Moore), exactly as the RTL's output assigns. */
static void drive_outputs(arcta *s, const ctl_cfg *cfg, ctl_out *out, int all_cores)
{
    uint32_t n_cores = cfg->n_cores & MASK(CTL_CORES_BITS);
    uint32_t count = enable_count(s, n_cores);
    int fc_on = s->type == CTL_AR_TYPE2;   /* seed 002 Sec. 3.2: type II only */

    out->ar_phase = s->phase;
    out->ar_type = s->type;
    out->ar_limit1 = s->phase == CTL_AR_PROFILE || s->phase == CTL_AR_DECISION;
    out->fc_on = (uint8_t)fc_on;
    out->core_clk_pct = (int8_t)(fc_on ? -(int)(cfg->ar_core_pct & MASK(CTL_W_AR_CORE_PCT)) : 0);
    out->mem_clk_pct = (int8_t)(fc_on ? (int)(cfg->ar_mem_pct & MASK(CTL_W_AR_MEM_PCT)) : 0);
    /* cores >= every count since the reset hold ar_enable = 0 */
    uint32_t cores = all_cores ? CTL_MAX_CORES
                               : ctl_span(&s->span, count < CTL_MAX_CORES ? count : CTL_MAX_CORES);
    /* (ctl_out keeps them between steps: written again where they change) */
    uint64_t key = (uint64_t)s->phase | (uint64_t)s->type << 8 | (uint64_t)count << 16 |
                   (uint64_t)cores << 40;
    if (!all_cores && key == s->out_key) return;
    s->out_key = key;
    for (uint32_t c = 0; c < cores; c++)
        out->core[c].ar_enable = c < count;
}

void arcta_reset(arcta *s, const ctl_cfg *cfg, ctl_out *out)
{
    memset(s, 0, sizeof *s);
    s->phase = CTL_AR_IDLE;
    s->type = CTL_AR_UNKNOWN;
    drive_outputs(s, cfg, out, 1);
    uint32_t n = cfg->n_cores & MASK(CTL_CORES_BITS);
    s->span = n < CTL_MAX_CORES ? n : CTL_MAX_CORES;   /* IDLE enables n_cores cores */
}

/* True when max_bw_CTA <= t_max_bw (seed 002 Sec. 3.1.2): for every
 * partition p < n_parts, busy_p / dram_cycles <= t_mpct / 100000, i.e.
 * busy_p * 100000 <= t_mpct * dram_cycles. */
static int bw_low(const arcta *s, const ctl_cfg *cfg)
{
    uint64_t rhs = (uint64_t)(cfg->ar_t_max_bw_mpct & MASK(CTL_W_AR_T_MAX_BW_MPCT)) * s->dram_cycles;
    uint32_t n_parts = cfg->n_parts & MASK(CTL_PARTS_BITS);
    for (uint32_t p = 0; p < CTL_MAX_PARTS && p < n_parts; p++)
        if ((uint64_t)s->busy[p] * 100000u > rhs)
            return 0;
    return 1;
}

/* DECISION point, seed 002 Sec. 3.1.2 text order (not Algorithm 2).
 * ipc_CTA = insts / (lanes * cycles) compared with pct / 100;
 * GBR = good / bad compared with t_GBR / 100 (seed 002 Sec. 2.2.3: the ratio
 * of good cycles "to the total number of stalls", so it may exceed 100 %);
 * bad = cycles - good, and bad = 0 is above any threshold. */
int arcta_classify(const arcta *s, const ctl_cfg *cfg, int *branch)
{
    uint64_t lanes_cycles = (uint64_t)(cfg->simt_lanes & MASK(CTL_W_SIMT_LANES)) * s->cycles;
    uint64_t insts100 = (uint64_t)s->insts * 100u;
    int br;

    if (insts100 > (cfg->ar_t_u_ipc & MASK(CTL_W_AR_T_U_IPC)) * lanes_cycles)
        br = ARCTA_BR_IPC_HIGH;
    else if (insts100 < (cfg->ar_t_l_ipc & MASK(CTL_W_AR_T_L_IPC)) * lanes_cycles)
        br = ARCTA_BR_IPC_LOW;
    else if (bw_low(s, cfg))
        br = ARCTA_BR_BW_LOW;
    else if ((uint64_t)s->good * 100u >= (uint64_t)(cfg->ar_t_gbr & MASK(CTL_W_AR_T_GBR)) * (s->cycles - s->good))
        br = ARCTA_BR_GBR_HIGH;
    else
        br = ARCTA_BR_GBR_LOW;
    if (branch)
        *branch = br;
    return (br == ARCTA_BR_IPC_LOW || br == ARCTA_BR_GBR_LOW) ? CTL_AR_TYPE2 : CTL_AR_TYPE1;
}

/* ------------------------------------------------------------ DECISION */
/* The DECISION as a sequential datapath (seed 002 Sec. 3.3 budgets
 * ApSA as one small unit): each cycle one product mul = A x B of the shared
 * multiplier (A <= 23 bits, B <= 17 bits) is either loaded into the product
 * register prod or compared with it by the one comparator.  The steps follow
 * Sec. 3.1.2's order and stop at the first that decides; arcta_classify()
 * is the same rule evaluated at once. */

/* busy_p, 0 for a partition the unit does not count */
static uint32_t busy_of(const arcta *s, uint32_t p)
{
    return p < CTL_MAX_PARTS ? s->busy[p] : 0;
}

static void decide(arcta *s, int type)
{
    s->type = (uint8_t)type;
    s->phase = CTL_AR_ACTION;
    s->obs_decided = 1;
}

/* ARCTA_S_BW_PART: one partition per cycle (max over partitions, Sec. 3.1.1) */
static int bw_part_step(arcta *s, const ctl_cfg *cfg)
{
    if (s->part >= (cfg->n_parts & MASK(CTL_PARTS_BITS))) {
        decide(s, CTL_AR_TYPE1);
        return ARCTA_BR_BW_LOW;
    }
    if ((uint64_t)busy_of(s, s->part) * 100000u > s->prod)
        s->step = ARCTA_S_GBR_RHS;
    else
        s->part++;
    return ARCTA_BR_STEP;
}

/* One DECISION cycle; returns the branch taken. */
static int decision_step(arcta *s, const ctl_cfg *cfg)
{
    uint64_t lanes = cfg->simt_lanes & MASK(CTL_W_SIMT_LANES);
    uint64_t insts100 = (uint64_t)s->insts * 100u;
    uint8_t next = (uint8_t)(s->step + 1);

    switch (s->step) {
    case ARCTA_S_U_LANES: s->prod = (cfg->ar_t_u_ipc & MASK(CTL_W_AR_T_U_IPC)) * lanes; break;
    case ARCTA_S_L_LANES: s->prod = (cfg->ar_t_l_ipc & MASK(CTL_W_AR_T_L_IPC)) * lanes; break;
    case ARCTA_S_U_CYC:
    case ARCTA_S_L_CYC:   s->prod = (s->prod & MASK(13)) * s->cycles; break;
    case ARCTA_S_U_CMP:
        if (insts100 > s->prod) { decide(s, CTL_AR_TYPE1); return ARCTA_BR_IPC_HIGH; }
        break;
    case ARCTA_S_L_CMP:
        if (insts100 < s->prod) { decide(s, CTL_AR_TYPE2); return ARCTA_BR_IPC_LOW; }
        break;
    case ARCTA_S_BW_RHS:
        s->prod = (uint64_t)(cfg->ar_t_max_bw_mpct & MASK(CTL_W_AR_T_MAX_BW_MPCT)) * s->dram_cycles;
        s->part = 0;
        break;
    case ARCTA_S_BW_PART:
        return bw_part_step(s, cfg);
    case ARCTA_S_GBR_RHS:
        s->prod = (uint64_t)(cfg->ar_t_gbr & MASK(CTL_W_AR_T_GBR)) * ((s->cycles - s->good) & MASK(ARCTA_CYC_BITS));
        break;
    default:   /* ARCTA_S_GBR_CMP */
        if ((uint64_t)s->good * 100u < s->prod) { decide(s, CTL_AR_TYPE2); return ARCTA_BR_GBR_LOW; }
        decide(s, CTL_AR_TYPE1);
        return ARCTA_BR_GBR_HIGH;
    }
    s->prod &= PROD_MASK;
    s->step = next;
    return ARCTA_BR_STEP;
}

uint32_t arcta_decision_cycles(const arcta *s, const ctl_cfg *cfg)
{
    int br;
    arcta_classify(s, cfg, &br);
    uint32_t n_parts = cfg->n_parts & MASK(CTL_PARTS_BITS);
    if (br == ARCTA_BR_IPC_HIGH) return 3;
    if (br == ARCTA_BR_IPC_LOW) return 6;
    if (br == ARCTA_BR_BW_LOW) return 8 + n_parts;
    uint64_t rhs = (uint64_t)(cfg->ar_t_max_bw_mpct & MASK(CTL_W_AR_T_MAX_BW_MPCT)) * s->dram_cycles;
    uint32_t p = 0;
    while ((uint64_t)busy_of(s, p) * 100000u <= rhs)
        p++;
    return 10 + p;
}

/* One PROFILE cycle: add core 0's and the DRAM partitions' activity. */
static void accumulate(arcta *s, const ctl_cfg *cfg, const ctl_in *in)
{
    const ctl_core_in *c0 = &in->core[0];
    int good = (c0->issued & 1) && (c0->max_lanes & MASK(6)) >= (cfg->ar_good_lanes & MASK(CTL_W_AR_GOOD_LANES));

    /* No sum reaches its width's end (arcta.h): PROFILE counts at most
     * 2^ARCTA_CYC_BITS - 1 cycles (it ends when cycles reaches the masked
     * window), good <= cycles, and a cycle adds at most 127 instructions
     * and 7 DRAM or busy cycles (units/arcta/arcta.sv states it as checks). */
    s->cycles += 1;
    s->insts += c0->thread_insts & MASK(7);
    s->good += (uint32_t)good;
    s->dram_cycles += in->dram_cycles & MASK(3);
    uint32_t n_parts = cfg->n_parts & MASK(CTL_PARTS_BITS);
    uint32_t parts = ctl_span(&s->pspan, n_parts < CTL_MAX_PARTS ? n_parts : CTL_MAX_PARTS);
    for (uint32_t p = 0; p < parts; p++)
        s->busy[p] += in->dram_busy[p] & MASK(3);
}

static int profile_step(arcta *s, const ctl_cfg *cfg, const ctl_in *in)
{
    accumulate(s, cfg, in);
    if (in->core[0].cta_done & MASK(2)) {
        s->phase = CTL_AR_DECISION;
        return ARCTA_BR_END_CTA;
    }
    if (s->cycles >= (cfg->ar_window & MASK(CTL_W_AR_WINDOW))) {
        s->phase = CTL_AR_DECISION;
        return ARCTA_BR_END_W;
    }
    return ARCTA_BR_PROFILE;
}

void arcta_step(arcta *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    int br;

    s->obs_decided = 0;
    if (in->kernel_start & 1) {
        br = (s->phase == CTL_AR_PROFILE || s->phase == CTL_AR_DECISION)
                 ? ARCTA_BR_RESTART : ARCTA_BR_START;
        clear_counters(s);
        s->phase = CTL_AR_PROFILE;
        s->type = CTL_AR_UNKNOWN;
        s->step = ARCTA_S_U_LANES;
    } else if (s->phase == CTL_AR_PROFILE) {
        br = profile_step(s, cfg, in);
    } else if (s->phase == CTL_AR_DECISION) {
        br = decision_step(s, cfg);
        if (s->obs_decided)
            s->obs_branch = (uint8_t)br;
    } else {
        br = s->phase == CTL_AR_ACTION ? ARCTA_BR_ACTION : ARCTA_BR_IDLE;
    }
    s->branch_hits[br]++;
    drive_outputs(s, cfg, out, 0);
}

/* ---------------------------------------------------------------- keys */

/* The unit's programmable registers, with the widths of units/arcta/arcta.sv's ports
 * (seed 002 Sec. 3 for the defaults). */
#define AK(k, f, lo, hi, bits, unit, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, "seed 002 Sec. 3", h)
static const key_def arcta_rows[] = {
    AK("arcta.window", ar_window, 1, 1u << 20, ARCTA_CYC_BITS, "core cycles", "profiling window W"),
    AK("arcta.t_u_ipc", ar_t_u_ipc, 0, 100, CTL_W_AR_T_U_IPC, "%", "upper ipc threshold"),
    AK("arcta.t_l_ipc", ar_t_l_ipc, 0, 100, CTL_W_AR_T_L_IPC, "%", "lower ipc threshold"),
    AK("arcta.t_max_bw_mpct", ar_t_max_bw_mpct, 0, 100000, CTL_W_AR_T_MAX_BW_MPCT, "1/1000 %", "max bandwidth threshold"),
    AK("arcta.t_gbr", ar_t_gbr, 0, 127, CTL_W_AR_T_GBR, "%", "good-to-bad cycles ratio threshold (may exceed 100)"),
    AK("arcta.good_lanes", ar_good_lanes, 1, 32, CTL_W_AR_GOOD_LANES, "lanes", "active lanes of a good issue cycle"),
    AK("arcta.core_pct", ar_core_pct, 0, 99, CTL_W_AR_CORE_PCT, "%", "calibrator core clock decrease"),
    AK("arcta.mem_pct", ar_mem_pct, 0, 100, CTL_W_AR_MEM_PCT, "%", "calibrator memory clock increase"),
};
const key_table arcta_keys = KEY_TABLE("arcta", "units/arcta/arcta.sv", arcta_rows);

/* ---------------------------------------------------------------- plug-in */

/* The unit as the registry sees it (ctl_unit.h, ctl_units.c). */
static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { arcta_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    arcta_step(s, cfg, in, out);
}

/* --decisions rows: cycle,core,arcta,inputs,decision (ctl_decisions.h). */
/* The busiest partition's busy cycles (max_bw_CTA's numerator). */
static uint32_t arcta_busy_max(const arcta *s, const ctl_cfg *cfg)
{
    uint32_t m = 0, n = cfg->n_parts & MASK(CTL_PARTS_BITS);
    for (uint32_t p = 0; p < CTL_MAX_PARTS && p < n; p++)
        if (s->busy[p] > m) m = s->busy[p];
    return m;
}

static void arcta_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const arcta *s = state;
    if (!s->obs_decided) return;
    uint32_t lanes = cfg->simt_lanes & MASK(CTL_W_SIMT_LANES);
    fprintf(f, "%" PRIu64 ",all,arcta,cycles=%u;ipc=%u/%" PRIu64 ";bw=%u/%u;good=%u;bad=%u;"
            "t_u_ipc=%u%%;t_l_ipc=%u%%;t_max_bw=%u/100000;t_gbr=%u%%,type%s;%s\n",
            cycle, s->cycles, s->insts, (uint64_t)lanes * s->cycles, arcta_busy_max(s, cfg),
            s->dram_cycles, s->good, s->cycles - s->good, cfg->ar_t_u_ipc & MASK(CTL_W_AR_T_U_IPC),
            cfg->ar_t_l_ipc & MASK(CTL_W_AR_T_L_IPC), cfg->ar_t_max_bw_mpct & MASK(CTL_W_AR_T_MAX_BW_MPCT), cfg->ar_t_gbr & MASK(CTL_W_AR_T_GBR),
            s->type == CTL_AR_TYPE2 ? "II" : "I", arcta_branch_name(s->obs_branch));
}

/* Its registers' defaults (ctl_cfg_defaults). */
static void cfg_defaults(ctl_cfg *cfg)
{
    /* AR-CTA, seed 002 Sec. 3: W = 7000 cycles, ipc bounds 85 % / 15 %,
     * max bandwidth 1.025 % (stored as 1025 thousandths of a percent),
     * GBR 65 %, good = at least 25 of 32 lanes (78 %), calibrator -15 % / +15 %. */
    cfg->ar_window = 7000;
    cfg->ar_t_u_ipc = 85;
    cfg->ar_t_l_ipc = 15;
    cfg->ar_t_max_bw_mpct = 1025;
    cfg->ar_t_gbr = 65;
    cfg->ar_good_lanes = 25;
    cfg->ar_core_pct = 15;
    cfg->ar_mem_pct = 15;
}

/* Its registers' combination (ctl_unit.check): the ipc thresholds in order. */
static int check(const ctl_cfg *u, uint32_t n_cores, int obeyed, ctl_fail *f)
{
    if (u->ar_t_l_ipc <= u->ar_t_u_ipc) return 0;
    *f = (ctl_fail){ .keys = { "arcta.t_l_ipc", "arcta.t_u_ipc" } };
    snprintf(f->msg, sizeof f->msg, "arcta.t_l_ipc = %u above arcta.t_u_ipc = %u (arcta.t_l_ipc, arcta.t_u_ipc)",
             u->ar_t_l_ipc, u->ar_t_u_ipc);
    return -1;
}

const ctl_unit arcta_unit = {
    "arcta", CTL_U_ARCTA, sizeof(arcta), unit_reset, unit_step, arcta_decisions, &arcta_keys,
    "units/arcta/arcta.sv", "units/arcta/arcta.gtkw", cfg_defaults,
    { .enable = CTL_FX_CORE(ar_enable), .limit1 = CTL_FX_OUT(ar_limit1),
      .clk_on = CTL_FX_OUT(fc_on), .clk_core = CTL_FX_OUT(core_clk_pct),
      .clk_mem = CTL_FX_OUT(mem_clk_pct), .ktype = CTL_FX_OUT(ar_type) },
    check,
};
