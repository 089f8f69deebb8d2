/* ucs.c -- uC-States Gating Control Unit, C reference model.
 * Seed 004 (Kayiran et al., "uC-States", PACT 2016), Sec. 4 Algorithm 1,
 * Sec. 2.3 (PG/CG, break-even, wake-up); controllers.md section 5.
 * Cycle rules: units/ucs/ucs.md.  Mirrors units/ucs/ucs.sv, units/ucs/ucs_gcu.sv and
 * units/ucs/ucs_grp.sv bit for bit: interval counters, then a decision evaluated
 * in UCS_EVAL edges on one multiplier and one comparator per core (units/ucs/ucs.md;
 * the result is computed at once here, the RTL steps through it). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "ucs.h"
#include "ctl_decisions.h"
#include "ctl_unit.h"
#include "bits.h"

/* Counter widths: input width + 16 bits of uc_period (units/ucs/ucs.md);
 * slot 2 holds J (7 bits) in phase 1, the others a 4-bit busy count or
 * lambda (3 bits). */
const uint8_t ucs_slot_bits[UCS_NSLOT] = { 20, 20, 23, 20, 20, 20, 20, 20, 20, 20, 20, 20 };

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



/* A total, saturated at 2^bits - 1. */
static uint32_t ucs_sat(uint32_t total, unsigned bits)
{
    uint32_t max = (1u << bits) - 1u;
    return total > max ? max : total;
}

static void ucs_hit(ucs *s, int br)
{
    s->branch_hits[br]++;
}

/* The registered outputs tuned_down, accepts_work and pg_state: adjacent in
 * ctl_core_out, copied as one piece every edge. */
#define UCS_OUT_AT offsetof(ctl_core_out, tuned_down)
_Static_assert(offsetof(ctl_core_out, accepts_work) == UCS_OUT_AT + 2 &&
               offsetof(ctl_core_out, pg_state) == UCS_OUT_AT + 4 &&
               sizeof(((ctl_core_out *)0)->pg_state) == 4, "ucs outputs adjacent");

/* The outputs of core k from its groups' bit sets (a group accepts work while
 * ON), into k->out. */
static void ucs_pack(ucs_core *k)
{
    ctl_core_out o;
    o.tuned_down = k->m_down;
    o.accepts_work = (uint16_t)(~(k->m_drain | k->m_off | k->m_wake) & ((1u << CTL_NCOMP) - 1u));
    for (int i = 0; i < CTL_NCOMP; i++) {
        int g = ucs_pg_index(i);
        if (g >= 0)
            o.pg_state[g] = k->grp[i].state;
    }
    memcpy(k->out, (const uint8_t *)&o + UCS_OUT_AT, sizeof k->out);
}

/* The reset state, also that of a core held in reset: all groups ON, tuned
 * up, sums and stats 0, waiting for the start of an interval to count. */
static void ucs_core_clear(ucs_core *k)
{
    memset(k, 0, sizeof *k);
    k->wait = 1;
    ucs_pack(k);
}

static void ucs_core_outputs(const ucs_core *k, ctl_core_out *o)
{
    memcpy((uint8_t *)o + UCS_OUT_AT, k->out, sizeof k->out);
}

/* Group comp of core k enters state st (its bit sets and outputs with it). */
static void ucs_set_state(ucs_core *k, int comp, uint8_t st)
{
    uint16_t b = (uint16_t)(1u << comp);
    k->grp[comp].state = st;
    k->m_drain = (uint16_t)((k->m_drain & ~b) | (st == CTL_PGS_DRAINING ? b : 0u));
    k->m_off = (uint16_t)((k->m_off & ~b) | (st == CTL_PGS_OFF ? b : 0u));
    k->m_wake = (uint16_t)((k->m_wake & ~b) | (st == CTL_PGS_WAKING ? b : 0u));
    k->n_drain = (uint8_t)bits_popcount32(k->m_drain);
    ucs_pack(k);
}

/* Group comp of core k tuned down (1) or up (0). */
static void ucs_set_down(ucs_core *k, int comp, uint8_t down)
{
    uint16_t b = (uint16_t)(1u << comp);
    k->grp[comp].tuned_down = down;
    k->m_down = (uint16_t)((k->m_down & ~b) | (down ? b : 0u));
    ucs_pack(k);
}

/* ---- interval counting -------------------------------------------------
 * Algorithm 1 compares utilisations U = sum(busy) / (T * units) (Sec. 2.2,
 * utilisation law) and the response time RT = sum(J) / sum(lambda) (Little's
 * law).  The core counts the raw interval sums (ucs_sums); the RTL's slots
 * that the next decision reads are those sums, each saturated at its slot's
 * width (ucs_slots).  The paper's divider is replaced by cross-multiplication,
 * evaluated after the interval by one multiplier and one comparator
 * (ucs_compare).  The slots of each phase:
 *   phase 1: 0 EX_SP, 1 EX_SFU, 2 J, 3 lambda
 *   phase 2: k = st*3 + j for OCEX_j, OC_j, IDOC_j (st 0..2); 9 + j EX_j
 *   phase 3: j sch_busy[j], 3 + j EX_j, 6 IFID, 7 SCH */

static void ucs_slots(int phase, const ucs_sums *u, uint32_t x[UCS_NSLOT])
{
    memset(x, 0, UCS_NSLOT * sizeof x[0]);
    if (phase == UCS_PHASE1) {
        x[0] = u->busy[CTL_EX_SP];
        x[1] = u->busy[CTL_EX_SFU];
        x[2] = u->j;
        x[3] = u->lambda;
    } else {
        for (int j = 0; j < CTL_NTYPE; j++) {
            if (phase == UCS_PHASE2) {
                x[j] = u->busy[CTL_OCEX_SP + j];
                x[3 + j] = u->busy[CTL_OC_SP + j];
                x[6 + j] = u->busy[CTL_IDOC_SP + j];
                x[9 + j] = u->busy[CTL_EX_SP + j];
            } else {
                x[j] = u->sch[j];
                x[3 + j] = u->busy[CTL_EX_SP + j];
            }
        }
        if (phase == UCS_PHASE3) {
            x[6] = u->busy[CTL_IFID];
            x[7] = u->busy[CTL_SCH];
        }
    }
    for (int i = 0; i < UCS_NSLOT; i++)
        x[i] = ucs_sat(x[i], ucs_slot_bits[i]);
}

/* One comparison of the sequence: res = a * fa < Q, Q = b * fb, or the
 * shared threshold `thr` when thr_sel (units/ucs/ucs_gcu.sv's operand muxes). */
typedef struct ucs_cmp {
    uint32_t a, fa, b, fb;
} ucs_cmp;

static int ucs_lt(ucs_cmp c)
{
    return (uint64_t)c.a * c.fa < (uint64_t)c.b * c.fb;
}

/* Slots of component comp that are powered on: all of them, or the
 * always-on group, ceil(units / 2), while comp is tuned down (the group
 * sizes of cmodel/sm/core.c).  Seed 004 Sec. 4: "if a component is
 * tuned-down, its utilization will double assuming its throughput remains
 * unchanged", and phase 2's "the ratio must be less than 0.5 to ensure that
 * the bottleneck does not move ... to the tuned-down component": the
 * bottleneck tests compare utilisations of the slots that are on, so a
 * tuned-down stage that became the bottleneck is tuned up again ("the
 * decision is reverted back in the next execution of this phase").  The
 * th_U and 2 th_U thresholds keep all units (Sec. 4, phase 1: busy cycles
 * "divided by the total number of SPs"). */
static uint32_t ucs_on_units(const ucs_regs *r, uint16_t down, int comp)
{
    uint32_t u = r->units[comp];
    return (down >> comp) & 1u ? u - u / 2u : u;
}

/* The UCS_NCMP comparisons of `phase` on the interval sums s[], with
 * on(x) = ucs_on_units() under the tuned-down bits `down` of the interval:
 *   U[x] < U[y]  <=> sum_x * on(y) < sum_y * on(x)
 *   U[x] < pct % <=> sum_x * 100 < pct * units_x * T   (T counted cycles)
 *   RT > th_RT   <=> sum(lambda) * th_RT < sum(J).
 * pct * units * T is cfg-only: computed once for all cores (units/ucs/ucs.sv). */
static void ucs_compare(const ucs_regs *r, int phase, uint16_t down,
                        const uint32_t s[UCS_NSLOT], int res[UCS_NCMP])
{
    uint32_t t = r->period ? r->period : 1u;
    memset(res, 0, UCS_NCMP * sizeof res[0]);
    if (phase == UCS_PHASE1) {
        res[0] = ucs_lt((ucs_cmp){ s[0], 100u, r->th_u_pct * r->units[CTL_EX_SP], t });
        res[1] = ucs_lt((ucs_cmp){ s[1], 100u, r->th_u_pct * r->units[CTL_EX_SFU], t });
        res[2] = ucs_lt((ucs_cmp){ s[3], r->th_rt, s[2], 1u });
    } else if (phase == UCS_PHASE2) {
        static const int stage_first[3] = { CTL_OCEX_SP, CTL_OC_SP, CTL_IDOC_SP };
        for (int k = 0; k < 9; k++) {
            int c = stage_first[k / 3] + k % 3, ex = CTL_EX_SP + k % 3;
            res[k] = ucs_lt((ucs_cmp){ s[k], ucs_on_units(r, down, ex), s[9 + k % 3],
                                       ucs_on_units(r, down, c) });
        }
    } else {
        /* U[SCH_j] < U[EX_j]: sum(SCH_j) * on(EX_j) < sum(EX_j) * on(SCH) */
        uint32_t sch = ucs_on_units(r, down, CTL_SCH);
        for (int j = 0; j < CTL_NTYPE; j++)
            res[j] = ucs_lt((ucs_cmp){ s[j], ucs_on_units(r, down, CTL_EX_SP + j), s[3 + j],
                                       sch });
        res[3] = ucs_lt((ucs_cmp){ s[6], sch, s[7], ucs_on_units(r, down, CTL_IFID) });
        res[4] = ucs_lt((ucs_cmp){ s[7], 100u, 2u * r->th_u_pct * r->units[CTL_SCH], t });
    }
}

/* ---- decisions (Algorithm 1), on the sums of the interval just ended --- */

/* Phase 1 (Sec. 4, "The First Phase"): EX_SP / EX_SFU down iff U < th_U;
 * EX_LDST down iff RT > th_RT, with sum(lambda) = 0 meaning RT = 0. */
static void ucs_phase1(ucs *s, const int res[UCS_NCMP], int lambda_seen,
                       uint8_t cmd[CTL_NCOMP])
{
    static const int ex[2] = { CTL_EX_SP, CTL_EX_SFU };
    static const int br_down[2] = { UCS_BR_P1_SP_DOWN, UCS_BR_P1_SFU_DOWN };
    for (int t = 0; t < 2; t++) {
        int down = res[t];
        cmd[ex[t]] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
        ucs_hit(s, br_down[t] + (down ? 0 : 1));
    }
    if (!lambda_seen) {
        cmd[CTL_EX_LDST] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P1_LDST_LAMBDA0);
        return;
    }
    int down = res[2];
    cmd[CTL_EX_LDST] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
    ucs_hit(s, down ? UCS_BR_P1_LDST_DOWN : UCS_BR_P1_LDST_UP);
}

/* Phase 2 (Sec. 4, "The Second Phase"): i in OCEX, OC, IDOC; j in SP, SFU,
 * LDST: i_j is tuned down iff it is not the bottleneck, U[i_j] < U[EX_j]
 * ("if this ratio is lower than 1 (i.e., the component is not the
 * bottleneck), the component is tuned-down"), else up.  A stage that was
 * idle all interval (sum 0) is not the bottleneck either (Sec. 2.2, the
 * Utilization Law: the bottleneck is the component with the highest
 * utilisation), although 0 < 0 is false when its EX_j was idle too. */
static void ucs_phase2(ucs *s, const int res[UCS_NCMP], const uint32_t sum[UCS_NSLOT],
                       uint8_t cmd[CTL_NCOMP])
{
    static const int stage_first[3] = { CTL_OCEX_SP, CTL_OC_SP, CTL_IDOC_SP };
    for (int k = 0; k < 9; k++) {
        int down = res[k] || sum[k] == 0;
        cmd[stage_first[k / 3] + k % 3] = down ? UCS_CMD_DOWN : UCS_CMD_UP;
        ucs_hit(s, (down ? UCS_BR_P2_DOWN_FIRST : UCS_BR_P2_UP_FIRST) + k);
    }
}

/* Phase 3 (Sec. 4, "The Third Phase"): U[SCH] < 2 th_U and U[SCH_j] < U[EX_j]
 * for all j tunes SCH down, and IFID down iff U[IFID] < U[SCH]; otherwise both
 * up.  SCH_j uses sch_busy[j] against SCH's units.  A type the scheduler did
 * not issue in the interval (sum(SCH_j) = 0) passes: "If SCH utilization is
 * higher for at least one of the instruction types, SCH is considered to be
 * the bottleneck"; 0 is not higher than U[EX_j], and 0 < 0 must not keep SCH
 * up on every kernel that leaves a type unused. */
static void ucs_phase3(ucs *s, const int res[UCS_NCMP], const uint32_t sum[UCS_NSLOT],
                       uint8_t cmd[CTL_NCOMP])
{
    if (!res[4]) {
        cmd[CTL_SCH] = cmd[CTL_IFID] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P3_UP_SCH_UTIL);
        return;
    }
    int bottleneck = 0;
    for (int j = 0; j < CTL_NTYPE; j++)
        bottleneck |= !res[j] && sum[j] != 0;
    if (bottleneck) {
        cmd[CTL_SCH] = cmd[CTL_IFID] = UCS_CMD_UP;
        ucs_hit(s, UCS_BR_P3_UP_SCH_BOTTLENECK);
        return;
    }
    cmd[CTL_SCH] = UCS_CMD_DOWN;
    int ifid_down = res[3];
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
    /* the episode's length: the edges since it began, this one included */
    uint64_t len = s->edge - k->off_at[g];
    int is_short = len < r->break_even; /* Sec. 2.3 break-even time */
    if (is_short && k->short_episodes[g] != UINT32_MAX)
        k->short_episodes[g]++;
    ucs_hit(s, is_short ? UCS_BR_SHORT_EPISODE : UCS_BR_LONG_EPISODE);
}

/* A DRAINING group found empty is gated. */
static void ucs_gate(ucs *s, ucs_core *k, int comp)
{
    int g = ucs_pg_index(comp);
    ucs_set_state(k, comp, CTL_PGS_OFF);
    if (g >= 0)
        k->off_at[g] = s->edge;
    ucs_hit(s, g >= 0 ? UCS_BR_PG_OFF : UCS_BR_CG_GATED);
}

/* A WAKING group's edge without a command. */
static void ucs_wake_tick(ucs *s, ucs_core *k, int comp)
{
    ucs_grp *gr = &k->grp[comp];
    if (gr->wake_left <= 1) {
        ucs_set_state(k, comp, CTL_PGS_ON);
        gr->wake_left = 0;
        ucs_hit(s, UCS_BR_PG_WAKE_DONE);
    } else {
        gr->wake_left--;
    }
}

static void ucs_grp_step(ucs *s, ucs_core *k, int comp, int cmd, int empty, const ucs_regs *r)
{
    ucs_grp *gr = &k->grp[comp];
    int g = ucs_pg_index(comp);
    switch (gr->state) {
    case CTL_PGS_ON:
        if (cmd == UCS_CMD_DOWN) {
            ucs_set_down(k, comp, 1);
            ucs_set_state(k, comp, CTL_PGS_DRAINING);
            ucs_hit(s, UCS_BR_DRAIN_START);
        }
        break;
    case CTL_PGS_DRAINING:
        if (cmd == UCS_CMD_UP) {
            ucs_set_down(k, comp, 0);
            ucs_set_state(k, comp, CTL_PGS_ON);
            ucs_hit(s, UCS_BR_DRAIN_CANCEL);
        } else if (empty) {
            ucs_gate(s, k, comp);
        } else {
            ucs_hit(s, UCS_BR_DRAIN_WAIT);
        }
        break;
    case CTL_PGS_OFF:
        /* (a PG group's OFF cycles are counted by its episode's first edge) */
        if (cmd != UCS_CMD_UP)
            break;
        ucs_set_down(k, comp, 0);
        if (g < 0) {
            ucs_set_state(k, comp, CTL_PGS_ON);
            ucs_hit(s, UCS_BR_CG_UNGATE);
            break;
        }
        ucs_episode_end(s, k, g, r);
        if (r->wakeup == 0) {
            ucs_set_state(k, comp, CTL_PGS_ON);
            ucs_hit(s, UCS_BR_PG_WAKE_NOW);
        } else {
            ucs_set_state(k, comp, CTL_PGS_WAKING);
            gr->wake_left = (uint8_t)r->wakeup;
            ucs_hit(s, UCS_BR_PG_WAKE_START);
        }
        break;
    default: /* CTL_PGS_WAKING (PG only) */
        if (cmd == UCS_CMD_DOWN) {
            ucs_set_down(k, comp, 1);
            ucs_set_state(k, comp, CTL_PGS_DRAINING);
            gr->wake_left = 0;
            ucs_hit(s, UCS_BR_WAKING_DOWN);
        } else {
            ucs_wake_tick(s, k, comp);
        }
        break;
    }
}

/* Every group's edge without a command, as ucs_grp_step gives it, visiting
 * only the groups such an edge changes: ON and OFF groups stay as they are
 * (an OFF group's length is counted from its first edge), a DRAINING group is
 * gated when empty (else it waits: *waits counts it), a WAKING one counts
 * down. */
static inline void ucs_grps_idle(ucs *s, ucs_core *k, uint16_t empty, uint64_t *waits)
{
    uint16_t go = k->m_drain & empty;
    if (!(go | k->m_wake)) {
        *waits += k->n_drain;
        return;
    }
    *waits += k->n_drain - bits_popcount32(go);
    for (uint32_t m = go; m; m &= m - 1u)
        ucs_gate(s, k, __builtin_ctz(m));
    for (uint32_t m = k->m_wake; m; m &= m - 1u)
        ucs_wake_tick(s, k, __builtin_ctz(m));
}

/* ---- decision trace: raw sums beside the RTL's slots -------------------- */

/* acc + n * add, saturating at UINT32_MAX. */
static uint32_t ucs_sum_add(uint32_t acc, uint32_t add, uint32_t n)
{
    uint64_t t = (uint64_t)acc + (uint64_t)add * n;
    return t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
}

/* The largest input a sum adds in one cycle (mem_warps, 7 bits). */
#define UCS_IN_MAX 0x7Fu

/* The inputs ci counted n cycles; k->counted cycles were counted before.
 * While every sum is at most counted x UCS_IN_MAX below UINT32_MAX, none
 * saturates and the sums are plain additions. */
static void ucs_observe(ucs_core *k, const ctl_core_in *ci, uint32_t n)
{
    ucs_sums *run = &k->obs_run;
    uint64_t counted = (uint64_t)k->counted + n;
    k->counted = counted > UINT32_MAX ? UINT32_MAX : (uint32_t)counted;
    if (counted * UCS_IN_MAX <= UINT32_MAX) {
        for (int i = 0; i < CTL_NCOMP; i++)
            run->busy[i] += (ci->busy[i] & 0xFu) * n;
        for (int j = 0; j < CTL_NTYPE; j++)
            run->sch[j] += (ci->sch_busy[j] & 0xFu) * n;
        run->j += (ci->mem_warps & 0x7Fu) * n;
        run->lambda += (ci->ldst_enter & 0x7u) * n;
        return;
    }
    for (int i = 0; i < CTL_NCOMP; i++)
        run->busy[i] = ucs_sum_add(run->busy[i], ci->busy[i] & 0xFu, n);
    for (int j = 0; j < CTL_NTYPE; j++)
        run->sch[j] = ucs_sum_add(run->sch[j], ci->sch_busy[j] & 0xFu, n);
    run->j = ucs_sum_add(run->j, ci->mem_warps & 0x7Fu, n);
    run->lambda = ucs_sum_add(run->lambda, ci->ldst_enter & 0x7u, n);
}

/* The counted inputs of a and b are the same (busy through ldst_enter). */
static int ucs_same(const ctl_core_in *a, const ctl_core_in *b)
{
    /* 8 + 8 + 3 bytes, compared as three words (the last one's fourth byte
     * is ldst_enter's successor: a difference there only adds a span early) */
    enum { FROM = offsetof(ctl_core_in, busy),
           LEN = offsetof(ctl_core_in, ldst_enter) + 1 - offsetof(ctl_core_in, busy) };
    _Static_assert(LEN == 19 && FROM + 20 <= sizeof(ctl_core_in), "counted inputs: 19 bytes");
    const uint8_t *p = (const uint8_t *)a + FROM, *q = (const uint8_t *)b + FROM;
    uint64_t p0, p1, q0, q1;
    uint32_t p2, q2;
    memcpy(&p0, p, 8);
    memcpy(&q0, q, 8);
    memcpy(&p1, p + 8, 8);
    memcpy(&q1, q + 8, 8);
    memcpy(&p2, p + 16, 4);
    memcpy(&q2, q + 16, 4);
    return ((p0 ^ q0) | (p1 ^ q1) | (uint64_t)(p2 ^ q2)) == 0;
}

/* Count one cycle's inputs: a repeat of the held ones only counts the cycle. */
static void ucs_count(ucs_core *k, const ctl_core_in *ci)
{
    if (k->held_n && ucs_same(&k->held, ci)) {
        k->held_n++;
        return;
    }
    if (k->held_n)
        ucs_observe(k, &k->held, k->held_n);
    k->held = *ci;
    k->held_n = 1;
}

/* The interval's sums, complete. */
static void ucs_count_flush(ucs_core *k)
{
    if (k->held_n)
        ucs_observe(k, &k->held, k->held_n);
    k->held_n = 0;
}

/* A new interval's sums: none. */
static void ucs_count_clear(ucs_core *k)
{
    memset(&k->obs_run, 0, sizeof k->obs_run);
    k->held_n = 0;
    k->counted = 0;
}

/* ---- one clock edge --------------------------------------------------- */

/* Edge kinds of the shared timer (units/ucs/ucs.sv): `first` is the first edge of
 * an interval, `apply` the last evaluation edge (E + UCS_EVAL). */
typedef struct ucs_edge {
    int ks, counting, first, apply;
} ucs_edge;

static void ucs_core_decide(ucs *s, ucs_core *k, const ucs_regs *r, uint8_t cmd[CTL_NCOMP])
{
    int res[UCS_NCMP];
    uint32_t sum[UCS_NSLOT];
    uint16_t down = k->m_down;
    ucs_count_flush(k);
    ucs_slots(s->phase, &k->obs_run, sum);
    ucs_compare(r, s->phase, down, sum, res);
    if (s->phase == UCS_PHASE1)
        ucs_phase1(s, res, sum[3] != 0, cmd);
    else if (s->phase == UCS_PHASE2)
        ucs_phase2(s, res, sum, cmd);
    else
        ucs_phase3(s, res, sum, cmd);
    k->obs_last = k->obs_run;
    k->obs_down = down;
    memcpy(k->obs_cmd, cmd, sizeof k->obs_cmd);
}

static void ucs_core_step(ucs *s, ucs_core *k, const ucs_regs *r, const ucs_edge *e,
                          const ctl_core_in *ci, uint64_t *waits)
{
    uint8_t cmd[CTL_NCOMP];
    if (e->ks) {
        /* New kernel: this cycle's counts are dropped, every group tuned up. */
        ucs_count_clear(k);
        memset(cmd, UCS_CMD_UP, sizeof cmd);
    } else if (e->counting) {
        if (e->first || !k->wait) {
            ucs_count(k, ci);
            k->wait = 0;
        }
        ucs_grps_idle(s, k, ci->empty, waits);
        return;
    } else if (e->apply) {
        /* A core that waited through the interval has no sums to decide on. */
        memset(cmd, UCS_CMD_NONE, sizeof cmd);
        if (!k->wait)
            ucs_core_decide(s, k, r, cmd);
        else
            memset(k->obs_cmd, 0, sizeof k->obs_cmd);
        ucs_count_clear(k);
    } else {
        ucs_grps_idle(s, k, ci->empty, waits);
        return;
    }
    for (int i = 0; i < CTL_NCOMP; i++)
        ucs_grp_step(s, k, i, cmd[i], (ci->empty >> i) & 1u, r);
}

void ucs_reset(ucs *s, const ctl_cfg *cfg, ctl_out *out)
{
    (void)cfg;
    memset(s, 0, sizeof *s);
    for (int c = 0; c < CTL_MAX_CORES; c++) {
        ucs_core_clear(&s->core[c]);
        ucs_core_outputs(&s->core[c], &out->core[c]);
    }
}

/* The shared timer: T counted edges (period 0 behaves as 1), then UCS_EVAL
 * evaluation edges; a kernel start restarts the rotation at phase 1. */
static void ucs_timer(ucs *s, const ucs_edge *e, const ucs_regs *r)
{
    if (e->ks) {
        s->cyc = 0;
        s->eval = 0;
        s->ev = 0;
        s->phase = UCS_PHASE1;
    } else if (e->counting) {
        if ((uint32_t)s->cyc + 1u >= r->period) {
            s->cyc = 0;
            s->eval = 1;
        } else {
            s->cyc++;
        }
    } else if (e->apply) {
        s->eval = 0;
        s->ev = 0;
        s->phase = (uint8_t)(s->phase == UCS_PHASE3 ? UCS_PHASE1 : s->phase + 1);
    } else {
        s->ev++;
    }
}

void ucs_step(ucs *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    ucs_regs r = ucs_regs_of(cfg);
    ucs_edge e;
    e.ks = in->kernel_start & 1u;
    e.counting = !e.ks && !s->eval;
    e.first = e.counting && s->cyc == 0;
    e.apply = !e.ks && s->eval && s->ev + 1 >= UCS_EVAL;
    if (e.ks)
        ucs_hit(s, UCS_BR_KERNEL_START);
    s->obs_decided = (uint8_t)e.apply;
    s->obs_phase = s->phase;
    s->obs_cycles = r.period ? r.period : 1u;
    /* Cores not in use are held in reset; those never in use since the
     * reset are there already and are not visited. */
    if (r.n_cores < CTL_MAX_CORES)
        ucs_hit(s, UCS_BR_CORE_DISABLED);
    uint32_t span = ctl_span(&s->span, ctl_used_cores(cfg));
    uint64_t waits = 0; /* DRAINING groups not yet empty, on command-free edges */
    if (e.counting && span <= r.n_cores) {
        /* (ucs_core_step of a counting edge, every core in use) */
        for (uint32_t c = 0; c < span; c++) {
            ucs_core *k = &s->core[c];
            const ctl_core_in *ci = &in->core[c];
            if (e.first || !k->wait) {
                ucs_count(k, ci);
                k->wait = 0;
            }
            ucs_grps_idle(s, k, ci->empty, &waits);
            ucs_core_outputs(k, &out->core[c]);
        }
        s->branch_hits[UCS_BR_DRAIN_WAIT] += waits;
        ucs_timer(s, &e, &r);
        s->edge++;
        return;
    }
    for (uint32_t c = 0; c < span; c++) {
        ucs_core *k = &s->core[c];
        if (c >= r.n_cores) {
            ucs_core_clear(k);
        } else {
            ucs_core_step(s, k, &r, &e, &in->core[c], &waits);
        }
        ucs_core_outputs(k, &out->core[c]);
    }
    s->branch_hits[UCS_BR_DRAIN_WAIT] += waits;
    ucs_timer(s, &e, &r);
    s->edge++;
}

/* ---------------------------------------------------------------- keys */

/* The unit's programmable registers, with the widths of units/ucs/ucs.sv's ports
 * (seed 004 Sec. 4 and 6 for the defaults). */
#define UK(k, f, lo, hi, bits, unit, h) KEY_U(ctl_cfg, k, f, lo, hi, bits, unit, "seed 004 Sec. 4, 6", h)
static const key_def ucs_rows[] = {
    UK("ucs.period", uc_period, 1, 65535, 16, "core cycles", "uC-States interval T"),
    UK("ucs.th_u_pct", uc_th_u_pct, 0, 100, 7, "%", "th_U"),
    UK("ucs.th_rt", uc_th_rt, 0, 65535, 10, "cycles", "th_RT"),
    UK("ucs.break_even", uc_break_even, 0, 255, 8, "cycles", "power-gating break-even"),
    UK("ucs.wakeup", uc_wakeup, 0, 255, 8, "cycles", "power-gating wake-up"),
};
const key_table ucs_keys = KEY_TABLE("ucs", "units/ucs/ucs.sv", ucs_rows);

/* ---------------------------------------------------------------- plug-in */

/* The unit as the registry sees it (ctl_unit.h, ctl_units.c). */
static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { ucs_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    ucs_step(s, cfg, in, out);
}

/* --decisions rows: cycle,core,ucs,inputs,decision (ctl_decisions.h). */
static const char *const comp_names[CTL_NCOMP] = {
    "IFID", "SCH", "IDOC_SP", "IDOC_SFU", "IDOC_LDST", "OC_SP", "OC_SFU", "OC_LDST",
    "OCEX_SP", "OCEX_SFU", "OCEX_LDST", "EX_SP", "EX_SFU", "EX_LDST",
};

static void ucs_util(FILE *f, const char *name, uint32_t busy, uint32_t t, uint32_t units)
{
    fprintf(f, ";U_%s=%u/%" PRIu64, name, busy, (uint64_t)t * units);
}

/* The interval's U (and RT) of the components `phase` decides on. */
static void ucs_inputs(FILE *f, const ucs *s, const ucs_core *k, const ctl_cfg *cfg)
{
    static const char *const sch_names[CTL_NTYPE] = { "SCH_SP", "SCH_SFU", "SCH_LDST" };
    const ucs_sums *u = &k->obs_last;
    uint32_t t = s->obs_cycles;
    fprintf(f, "phase=%u;T=%u", s->obs_phase + 1u, t);
    if (s->obs_phase == UCS_PHASE1) {
        ucs_util(f, "EX_SP", u->busy[CTL_EX_SP], t, cfg->units[CTL_EX_SP] & 0xFu);
        ucs_util(f, "EX_SFU", u->busy[CTL_EX_SFU], t, cfg->units[CTL_EX_SFU] & 0xFu);
        fprintf(f, ";RT_LDST=%u/%u;th_U=%u%%;th_RT=%u", u->j, u->lambda,
                cfg->uc_th_u_pct & 0x7Fu, cfg->uc_th_rt & 0x3FFu);
        return;
    }
    /* phase 2: IDOC, OC, OCEX and EX; phase 3: IFID, SCH, SCH_j and EX */
    int first = s->obs_phase == UCS_PHASE2 ? CTL_IDOC_SP : CTL_EX_SP;
    if (s->obs_phase == UCS_PHASE3) {
        ucs_util(f, "IFID", u->busy[CTL_IFID], t, cfg->units[CTL_IFID] & 0xFu);
        ucs_util(f, "SCH", u->busy[CTL_SCH], t, cfg->units[CTL_SCH] & 0xFu);
        for (int j = 0; j < CTL_NTYPE; j++)
            ucs_util(f, sch_names[j], u->sch[j], t, cfg->units[CTL_SCH] & 0xFu);
    }
    for (int i = first; i < CTL_NCOMP; i++)
        ucs_util(f, comp_names[i], u->busy[i], t, cfg->units[i] & 0xFu);
    /* The components tuned down during the interval: the U[a] < U[b] tests
     * count only their powered-on group, ceil(units / 2) (units/ucs/ucs.md). */
    const char *sep = ";down=";
    for (int i = 0; i < CTL_NCOMP; i++) {
        if (!((k->obs_down >> i) & 1u)) continue;
        fprintf(f, "%s%s", sep, comp_names[i]);
        sep = "+";
    }
    if (k->obs_down == 0)
        fputs(";down=-", f);
    if (s->obs_phase == UCS_PHASE3)
        fprintf(f, ";th_U=%u%%", cfg->uc_th_u_pct & 0x7Fu);
}

static void ucs_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const ucs *s = state;
    if (!s->obs_decided) return;
    for (uint32_t c = 0; c < ctl_used_cores(cfg); c++) {
        const ucs_core *k = &s->core[c];
        const char *sep = ",";
        fprintf(f, "%" PRIu64 ",%u,ucs,", cycle, c);
        ucs_inputs(f, s, k, cfg);
        for (int i = 0; i < CTL_NCOMP; i++) {
            if (!k->obs_cmd[i]) continue;
            fprintf(f, "%s%s=%s", sep, comp_names[i], k->obs_cmd[i] == 1 ? "down" : "up");
            sep = ";";
        }
        fputc('\n', f);
    }
}

/* Its registers' defaults (ctl_cfg_defaults). */
static void cfg_defaults(ctl_cfg *cfg)
{
    /* uC-States, seed 004 Sec. 4 and 6: T = 2048, th_U = 0.15, th_RT = 100,
     * break-even 19 cycles, wake-up 9 cycles. */
    cfg->uc_period = 2048;
    cfg->uc_th_u_pct = 15;
    cfg->uc_th_rt = 100;
    cfg->uc_break_even = 19;
    cfg->uc_wakeup = 9;
}

const ctl_unit ucs_unit = {
    "ucs", CTL_U_UCS, sizeof(ucs), unit_reset, unit_step, ucs_decisions, &ucs_keys,
    "units/ucs/ucs.sv", "units/ucs/ucs.gtkw", cfg_defaults,
    { .accepts = CTL_FX_CORE16(accepts_work) },
    NULL,
};
