/* ucs.c -- uC-States Gating Control Unit, C reference model.
 * Seed 004 (Kayiran et al., "uC-States", PACT 2016), Sec. 4 Algorithm 1,
 * Sec. 2.3 (PG/CG, break-even, wake-up); controllers.md section 5.
 * Cycle rules: docs/units/ucs.md.  Mirrors rtl/ucs.sv, rtl/ucs_gcu.sv and
 * rtl/ucs_grp.sv bit for bit. */
#include <stdio.h>
#include <string.h>
#include "ucs.h"

/* Slot widths: |per-cycle term| * 65535 cycles must fit (docs/units/ucs.md). */
const uint8_t ucs_slot_bits[UCS_NSLOT] = { 28, 28, 30, 25, 29, 25, 25, 25, 25 };

enum ucs_cmd { UCS_CMD_NONE = 0, UCS_CMD_DOWN, UCS_CMD_UP };

/* The cfg fields as the RTL ports see them (truncated to port widths). */
typedef struct ucs_regs {
    uint32_t n_cores, units[CTL_NCOMP], period, th_u_pct, th_rt, break_even, wakeup;
} ucs_regs;

static const char *const ucs_branch_names[UCS_NBRANCH] = {
    "p1_sp_down", "p1_sp_up", "p1_sfu_down", "p1_sfu_up",
    "p1_ldst_down", "p1_ldst_up", "p1_ldst_lambda0",
    "p2_down_ocex_sp", "p2_down_ocex_sfu", "p2_down_ocex_ldst",
    "p2_down_oc_sp", "p2_down_oc_sfu", "p2_down_oc_ldst",
    "p2_down_idoc_sp", "p2_down_idoc_sfu", "p2_down_idoc_ldst",
    "p2_up_ocex_sp", "p2_up_ocex_sfu", "p2_up_ocex_ldst",
    "p2_up_oc_sp", "p2_up_oc_sfu", "p2_up_oc_ldst",
    "p2_up_idoc_sp", "p2_up_idoc_sfu", "p2_up_idoc_ldst",
    "p3_sch_down_ifid_down", "p3_sch_down_ifid_up",
    "p3_up_sch_util", "p3_up_sch_bottleneck",
    "drain_start", "drain_wait", "drain_cancel",
    "pg_off", "cg_gated",
    "pg_wake_start", "pg_wake_now", "pg_wake_done", "waking_down",
    "cg_ungate",
    "short_episode", "long_episode",
    "kernel_start", "core_disabled",
};

const char *ucs_branch_name(int i)
{
    if (i < 0 || i >= UCS_NBRANCH)
        return "?";
    return ucs_branch_names[i];
}

int ucs_pg_index(int comp)
{
    switch (comp) {
    case CTL_SCH:    return CTL_PG_SCH;
    case CTL_EX_SP:  return CTL_PG_EX_SP;
    case CTL_EX_SFU: return CTL_PG_EX_SFU;
    case CTL_IFID:   return CTL_PG_IFID_DEC; /* decoder PG, buffer CG: one FSM */
    default:         return -1;
    }
}

static ucs_regs ucs_regs_of(const ctl_cfg *cfg)
{
    ucs_regs r;
    r.n_cores = cfg->n_cores & ((1u << CTL_CORES_BITS) - 1u);
    for (int i = 0; i < CTL_NCOMP; i++)
        r.units[i] = cfg->units[i] & 0xFu;
    r.period = cfg->uc_period & 0xFFFFu;
    r.th_u_pct = cfg->uc_th_u_pct & 0x7Fu;
    r.th_rt = cfg->uc_th_rt & 0x3FFu;
    r.break_even = cfg->uc_break_even & 0xFFu;
    r.wakeup = cfg->uc_wakeup & 0xFFu;
    return r;
}



/* acc + term, saturating at the two's-complement range of `bits` bits. */
static int32_t ucs_sat_add(int32_t acc, int32_t term, unsigned bits)
{
    int64_t max = ((int64_t)1 << (bits - 1)) - 1, min = -max - 1;
    int64_t sum = (int64_t)acc + term;
    return (int32_t)(sum > max ? max : sum < min ? min : sum);
}

static void ucs_hit(ucs *s, int br)
{
    s->branch_hits[br]++;
}

static void ucs_core_clear(ucs_core *k)
{
    memset(k, 0, sizeof *k); /* all groups ON, tuned up, sums and stats 0 */
}

static void ucs_core_outputs(const ucs_core *k, ctl_core_out *o)
{
    uint16_t down = 0, accepts = 0;
    for (int i = 0; i < CTL_NCOMP; i++) {
        if (k->grp[i].tuned_down)
            down |= (uint16_t)(1u << i);
        if (k->grp[i].state == CTL_PGS_ON)
            accepts |= (uint16_t)(1u << i);
        int g = ucs_pg_index(i);
        if (g >= 0)
            o->pg_state[g] = k->grp[i].state;
    }
    o->tuned_down = down;
    o->accepts_work = accepts;
}

/* ---- interval accumulation ---------------------------------------------
 * Every comparison of Algorithm 1 is "X < Y" with X, Y sums over the
 * interval of per-cycle products, so each slot accumulates the per-cycle
 * difference x - y and the decision is the sign of the interval sum.
 *   U[a] < U[b], U = sum(busy) / (T * units)  (Sec. 2.2, utilisation law)
 *     <=> sum(busy_a) * units_b < sum(busy_b) * units_a
 *     <=> sum over cycles of (busy_a * units_b - busy_b * units_a) < 0.
 *   U < pct / 100 <=> sum(busy) * 100 < pct * T * units
 *     <=> sum over the T cycles of (100 busy - pct * units) < 0.
 *   RT = sum(J) / sum(lambda) > th_RT  (Sec. 2.2, Little's law)
 *     <=> sum over cycles of (J - th_RT * lambda) > 0, if sum(lambda) != 0. */

static int32_t ucs_cross(uint32_t busy_a, uint32_t units_a, uint32_t busy_b, uint32_t units_b)
{
    return (int32_t)(busy_a * units_b) - (int32_t)(busy_b * units_a);
}

static int32_t ucs_below_pct(uint32_t busy, uint32_t pct, uint32_t units)
{
    return (int32_t)(busy * 100u) - (int32_t)(pct * units);
}

/* This cycle's term of every slot, for the decision of `phase`. */
static void ucs_terms(const ucs_regs *r, int phase, const ctl_core_in *in,
                      int32_t term[UCS_NSLOT])
{
    uint32_t busy[CTL_NCOMP], sch[CTL_NTYPE];
    for (int i = 0; i < CTL_NCOMP; i++)
        busy[i] = in->busy[i] & 0xFu;
    for (int j = 0; j < CTL_NTYPE; j++)
        sch[j] = in->sch_busy[j] & 0xFu;
    memset(term, 0, UCS_NSLOT * sizeof term[0]);
    if (phase == UCS_PHASE1) {
        term[0] = ucs_below_pct(busy[CTL_EX_SP], r->th_u_pct, r->units[CTL_EX_SP]);
        term[1] = ucs_below_pct(busy[CTL_EX_SFU], r->th_u_pct, r->units[CTL_EX_SFU]);
        term[2] = (int32_t)(in->mem_warps & 0x7Fu) - (int32_t)(r->th_rt * (in->ldst_enter & 0x7u));
    } else if (phase == UCS_PHASE2) {
        static const int stage_first[3] = { CTL_OCEX_SP, CTL_OC_SP, CTL_IDOC_SP };
        for (int st = 0; st < 3; st++)
            for (int j = 0; j < CTL_NTYPE; j++) {
                int c = stage_first[st] + j, ex = CTL_EX_SP + j;
                term[st * 3 + j] = ucs_cross(busy[c], r->units[c], busy[ex], r->units[ex]);
            }
    } else {
        for (int j = 0; j < CTL_NTYPE; j++) {
            int ex = CTL_EX_SP + j;
            term[j] = ucs_cross(sch[j], r->units[CTL_SCH], busy[ex], r->units[ex]);
        }
        term[3] = ucs_cross(busy[CTL_IFID], r->units[CTL_IFID], busy[CTL_SCH], r->units[CTL_SCH]);
        term[4] = ucs_below_pct(busy[CTL_SCH], 2u * r->th_u_pct, r->units[CTL_SCH]);
    }
}

/* ---- decisions (Algorithm 1), on the sums of the interval just ended --- */

/* Phase 1 (Sec. 4, "The First Phase"): EX_SP / EX_SFU down iff U < th_U;
 * EX_LDST down iff RT > th_RT, with sum(lambda) = 0 meaning RT = 0. */
static void ucs_phase1(ucs *s, const int32_t a[UCS_NSLOT], int lambda_seen,
                       uint8_t cmd[CTL_NCOMP])
{
    static const int ex[2] = { CTL_EX_SP, CTL_EX_SFU };
    static const int br_down[2] = { UCS_BR_P1_SP_DOWN, UCS_BR_P1_SFU_DOWN };
    for (int t = 0; t < 2; t++) {
        int down = a[t] < 0;
        cmd[ex[t]] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
        ucs_hit(s, br_down[t] + (down ? 0 : 1));
    }
    if (!lambda_seen) {
        cmd[CTL_EX_LDST] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P1_LDST_LAMBDA0);
        return;
    }
    int down = a[2] > 0;
    cmd[CTL_EX_LDST] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
    ucs_hit(s, down ? UCS_BR_P1_LDST_DOWN : UCS_BR_P1_LDST_UP);
}

/* Phase 2 (Sec. 4, "The Second Phase"): i in OCEX, OC, IDOC; j in SP, SFU,
 * LDST: U[i_j] < U[EX_j] tunes i_j down, else up. */
static void ucs_phase2(ucs *s, const int32_t a[UCS_NSLOT], uint8_t cmd[CTL_NCOMP])
{
    static const int stage_first[3] = { CTL_OCEX_SP, CTL_OC_SP, CTL_IDOC_SP };
    for (int k = 0; k < 9; k++) {
        int down = a[k] < 0;
        cmd[stage_first[k / 3] + k % 3] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
        ucs_hit(s, (down ? UCS_BR_P2_DOWN_FIRST : UCS_BR_P2_UP_FIRST) + k);
    }
}

/* Phase 3 (Sec. 4, "The Third Phase"): U[SCH] < 2 th_U and U[SCH_j] < U[EX_j]
 * for all j tunes SCH down, and IFID down iff U[IFID] < U[SCH]; otherwise both
 * up.  SCH_j uses sch_busy[j] against SCH's units. */
static void ucs_phase3(ucs *s, const int32_t a[UCS_NSLOT], uint8_t cmd[CTL_NCOMP])
{
    if (a[4] >= 0) {
        cmd[CTL_SCH] = cmd[CTL_IFID] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P3_UP_SCH_UTIL);
        return;
    }
    if (a[0] >= 0 || a[1] >= 0 || a[2] >= 0) {
        cmd[CTL_SCH] = cmd[CTL_IFID] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P3_UP_SCH_BOTTLENECK);
        return;
    }
    cmd[CTL_SCH] = UCS_CMD_DOWN;
    int ifid_down = a[3] < 0;
    cmd[CTL_IFID] = ifid_down ? UCS_CMD_DOWN : UCS_CMD_UP;
    ucs_hit(s, ifid_down ? UCS_BR_P3_SCH_DOWN_IFID_DOWN : UCS_BR_P3_SCH_DOWN_IFID_UP);
}

/* ---- per-group state machine (Sec. 2.3 and Sec. 4 "Maintaining Execution
 * State"): tune down = stop taking work, drain, then gate; PG groups need
 * uc_wakeup cycles to wake, CG groups wake at once. ------------------------ */

static void ucs_episode_end(ucs *s, ucs_core *k, int g, const ucs_regs *r)
{
    if (k->episodes[g] != UINT32_MAX)
        k->episodes[g]++;
    int is_short = k->off_len[g] < r->break_even; /* Sec. 2.3 break-even time */
    if (is_short && k->short_episodes[g] != UINT32_MAX)
        k->short_episodes[g]++;
    ucs_hit(s, is_short ? UCS_BR_SHORT_EPISODE : UCS_BR_LONG_EPISODE);
}

static void ucs_grp_step(ucs *s, ucs_core *k, int comp, int cmd, int empty, const ucs_regs *r)
{
    ucs_grp *gr = &k->grp[comp];
    int g = ucs_pg_index(comp);
    switch (gr->state) {
    case CTL_PGS_ON:
        if (cmd == UCS_CMD_DOWN) {
            gr->tuned_down = 1;
            gr->state = CTL_PGS_DRAINING;
            ucs_hit(s, UCS_BR_DRAIN_START);
        }
        break;
    case CTL_PGS_DRAINING:
        if (cmd == UCS_CMD_UP) {
            gr->tuned_down = 0;
            gr->state = CTL_PGS_ON;
            ucs_hit(s, UCS_BR_DRAIN_CANCEL);
        } else if (empty) {
            gr->state = CTL_PGS_OFF;
            if (g >= 0)
                k->off_len[g] = 0;
            ucs_hit(s, g >= 0 ? UCS_BR_PG_OFF : UCS_BR_CG_GATED);
        } else {
            ucs_hit(s, UCS_BR_DRAIN_WAIT);
        }
        break;
    case CTL_PGS_OFF:
        if (g >= 0 && k->off_len[g] != UINT32_MAX)
            k->off_len[g]++;
        if (cmd != UCS_CMD_UP)
            break;
        gr->tuned_down = 0;
        if (g < 0) {
            gr->state = CTL_PGS_ON;
            ucs_hit(s, UCS_BR_CG_UNGATE);
            break;
        }
        ucs_episode_end(s, k, g, r);
        if (r->wakeup == 0) {
            gr->state = CTL_PGS_ON;
            ucs_hit(s, UCS_BR_PG_WAKE_NOW);
        } else {
            gr->state = CTL_PGS_WAKING;
            gr->wake_left = (uint8_t)r->wakeup;
            ucs_hit(s, UCS_BR_PG_WAKE_START);
        }
        break;
    default: /* CTL_PGS_WAKING (PG only) */
        if (cmd == UCS_CMD_DOWN) {
            gr->tuned_down = 1;
            gr->state = CTL_PGS_DRAINING;
            gr->wake_left = 0;
            ucs_hit(s, UCS_BR_WAKING_DOWN);
        } else if (gr->wake_left <= 1) {
            gr->state = CTL_PGS_ON;
            gr->wake_left = 0;
            ucs_hit(s, UCS_BR_PG_WAKE_DONE);
        } else {
            gr->wake_left--;
        }
        break;
    }
}

/* ---- decision trace: raw sums beside the RTL's slots -------------------- */

static uint32_t ucs_sum_add(uint32_t acc, uint32_t add)
{
    return acc > UINT32_MAX - add ? UINT32_MAX : acc + add;
}

static void ucs_observe(ucs_sums *run, const ctl_core_in *ci)
{
    for (int i = 0; i < CTL_NCOMP; i++)
        run->busy[i] = ucs_sum_add(run->busy[i], ci->busy[i] & 0xFu);
    for (int j = 0; j < CTL_NTYPE; j++)
        run->sch[j] = ucs_sum_add(run->sch[j], ci->sch_busy[j] & 0xFu);
    run->j = ucs_sum_add(run->j, ci->mem_warps & 0x7Fu);
    run->lambda = ucs_sum_add(run->lambda, ci->ldst_enter & 0x7u);
}

/* ---- one clock edge --------------------------------------------------- */

static void ucs_core_step(ucs *s, ucs_core *k, const ucs_regs *r, const ctl_in *in,
                          const ctl_core_in *ci, int decide)
{
    uint8_t cmd[CTL_NCOMP] = { 0 };
    if (in->kernel_start & 1u) {
        /* New kernel: this cycle's counts are dropped, every group tuned up. */
        memset(k->acc, 0, sizeof k->acc);
        k->lambda_seen = 0;
        memset(&k->obs_run, 0, sizeof k->obs_run);
        memset(cmd, UCS_CMD_UP, sizeof cmd);
    } else {
        int32_t term[UCS_NSLOT], sum[UCS_NSLOT];
        ucs_terms(r, s->phase, ci, term);
        for (int i = 0; i < UCS_NSLOT; i++)
            sum[i] = ucs_sat_add(k->acc[i], term[i], ucs_slot_bits[i]);
        int lambda_seen = k->lambda_seen || (ci->ldst_enter & 0x7u) != 0;
        ucs_observe(&k->obs_run, ci);
        if (decide) {
            if (s->phase == UCS_PHASE1)
                ucs_phase1(s, sum, lambda_seen, cmd);
            else if (s->phase == UCS_PHASE2)
                ucs_phase2(s, sum, cmd);
            else
                ucs_phase3(s, sum, cmd);
            memset(k->acc, 0, sizeof k->acc);
            k->lambda_seen = 0;
            k->obs_last = k->obs_run;
            memcpy(k->obs_cmd, cmd, sizeof k->obs_cmd);
            memset(&k->obs_run, 0, sizeof k->obs_run);
        } else {
            memcpy(k->acc, sum, sizeof k->acc);
            k->lambda_seen = (uint8_t)lambda_seen;
        }
    }
    for (int i = 0; i < CTL_NCOMP; i++)
        ucs_grp_step(s, k, i, cmd[i], (ci->empty >> i) & 1u, r);
}

void ucs_reset(ucs *s, const ctl_cfg *cfg, ctl_out *out)
{
    memset(s, 0, sizeof *s);
    for (int c = 0; c < CTL_MAX_CORES; c++)
        ucs_core_outputs(&s->core[c], &out->core[c]);
}

void ucs_step(ucs *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    ucs_regs r = ucs_regs_of(cfg);
    /* The decision edge consumes the T-th cycle of the interval (period 0
     * behaves as 1). */
    int decide = !(in->kernel_start & 1u) && (uint32_t)s->cyc + 1u >= r.period;
    if (in->kernel_start & 1u)
        ucs_hit(s, UCS_BR_KERNEL_START);
    s->obs_decided = (uint8_t)decide;
    s->obs_phase = s->phase;
    s->obs_cycles = (uint32_t)s->cyc + 1u;
    /* Cores not in use are held in reset; those never in use since the
     * reset are there already and are not visited. */
    if (r.n_cores < CTL_MAX_CORES)
        ucs_hit(s, UCS_BR_CORE_DISABLED);
    uint32_t span = ctl_span(&s->span, ctl_used_cores(cfg));
    for (uint32_t c = 0; c < span; c++) {
        ucs_core *k = &s->core[c];
        if (c >= r.n_cores) {
            ucs_core_clear(k);
        } else {
            ucs_core_step(s, k, &r, in, &in->core[c], decide);
        }
        ucs_core_outputs(k, &out->core[c]);
    }
    if (in->kernel_start & 1u) {
        s->cyc = 0;
        s->phase = UCS_PHASE1;
    } else if (decide) {
        s->cyc = 0;
        s->phase = (uint8_t)(s->phase == UCS_PHASE3 ? UCS_PHASE1 : s->phase + 1);
    } else {
        s->cyc++;
    }
}

/* ---------------------------------------------------------------- keys */

/* The unit's programmable registers, with the widths of rtl/ucs.sv's ports
 * (seed 004 Sec. 4 and 6 for the defaults). */
#define UK(k, f, lo, hi, bits, unit, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, "seed 004 Sec. 4, 6", h)
static const key_def ucs_rows[] = {
    UK("ucs.period", uc_period, 1, 65535, 16, "core cycles", "uC-States interval T"),
    UK("ucs.th_u_pct", uc_th_u_pct, 0, 100, 7, "%", "th_U"),
    UK("ucs.th_rt", uc_th_rt, 0, 65535, 10, "cycles", "th_RT"),
    UK("ucs.break_even", uc_break_even, 0, 255, 8, "cycles", "power-gating break-even"),
    UK("ucs.wakeup", uc_wakeup, 0, 255, 8, "cycles", "power-gating wake-up"),
};
const key_table ucs_keys = KEY_TABLE("ucs", "rtl/ucs.sv", ucs_rows);
