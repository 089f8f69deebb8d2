/* seam.c -- the CTA scheduler and the policy stack.  See seam.h. */
#include <stdlib.h>
#include <string.h>
#include "ctl_ref.h"
#include "ctl_unit.h"
#include "seam.h"
#include "bits.h"

/* ------------------------------------------------------------ keys */

/* policy.cta_limit's values: max, static, then every unit that is one
 * (seam/seam.yaml units: policy, CTL_POLICY_LIMIT_X); each other unit's own
 * key (CTL_POLICY_KEYS_X) in registry order after policy.static_n. */
#define LIMIT_NAME(unit, value) value,
#define LIMIT_UNIT_OF(unit, value) unit,
static const char *const limit_names[] = { "max", "static", CTL_POLICY_LIMIT_X(LIMIT_NAME) NULL };
static const int limit_unit[] = { CTL_POLICY_LIMIT_X(LIMIT_UNIT_OF) -1 };

#define KEY_FLAG(unit, key, src, help) \
    KEY_U(policy_params, key, on[unit], 0, 1, 0, "", src, help),
#define KEY_NAMES(unit, key, off, on_, src, help) \
    KEY_E(policy_params, key, on[unit], ((const char *const[]){ off, on_, NULL }), src, help),
#define KEY_UNIT_F(unit, key, src, help) unit,
#define KEY_UNIT_E(unit, key, off, on_, src, help) unit,
#define POLICY_ROWS0 2                  /* rows before the units' own keys */
static const key_def policy_rows[] = {
    KEY_E(policy_params, "policy.cta_limit", cta_limit, limit_names, "seed 000 Sec. 4.1",
          "CTA limit per core"),
    KEY_U(policy_params, "policy.static_n", static_n, 0, 32, 0, "CTAs", "seed 000 Fig. 4",
          "CTA limit with cta_limit = static (0 = unset)"),
    CTL_POLICY_KEYS_X(KEY_FLAG, KEY_NAMES)
};
static const int key_unit[] = { CTL_POLICY_KEYS_X(KEY_UNIT_F, KEY_UNIT_E) -1 };
const key_table policy_keys = KEY_TABLE("policy", NULL, policy_rows);

/* A unit whose outputs the model ignores cannot change the run, so the
 * engines step only these by default (ctl_units_resolve, --units). */
unsigned policy_units(const policy_params *p)
{
    unsigned u = 0;
    if (p->cta_limit >= LIMIT_UNIT) u |= 1u << limit_unit[p->cta_limit - LIMIT_UNIT];
    for (int i = 0; i < CTL_NUNITS; i++)
        if (p->on[i]) u |= 1u << i;
    return u ? u : CTL_U_NONE;
}

const key_def *policy_key_of(int unit)
{
    for (size_t r = 0; key_unit[r] >= 0; r++)
        if (key_unit[r] == unit) return &policy_rows[POLICY_ROWS0 + r];
    return NULL;
}

/* ------------------------------------------------------------ policy */

/* The effects of the units policy obeys (their descriptors' fx) as offsets
 * into ctl_core_out / ctl_out, so that the per-core, per-cycle code reads
 * fields and calls nothing. */
static void fx_resolve(seam *s)
{
    unsigned on = policy_units(s->pol);
    s->lim_static = s->pol->cta_limit == LIMIT_STATIC;
    for (int i = 0; i < CTL_NUNITS; i++) {
        if (!(on & (1u << i))) continue;
        const ctl_fx *fx = &ctl_units[i]->fx;
        if (fx->limit && s->pol->cta_limit >= LIMIT_UNIT) s->lim_src = fx->limit;
        if (fx->cap) s->fx_cap[s->n_cap++] = (uint16_t)(fx->cap - 1);
        if (fx->enable) s->fx_en[s->n_en++] = (uint16_t)(fx->enable - 1);
        if (fx->power) s->fx_pw[s->n_pw++] = (uint16_t)(fx->power - 1);
        if (fx->accepts) s->fx_acc[s->n_acc++] = (uint16_t)(fx->accepts - 1);
        if (fx->limit1) s->fx_lim1[s->n_lim1++] = (uint16_t)(fx->limit1 - 1);
        if (fx->clk_on && !s->clk_on) {
            s->clk_on = fx->clk_on;
            s->clk_core = fx->clk_core;
            s->clk_mem = fx->clk_mem;
        }
        if (fx->ktype && !s->ktype) s->ktype = fx->ktype;
        s->grants |= fx->grants;
    }
    s->fx_fixed = !s->n_cap && !s->n_en && !s->n_pw && !s->n_acc && !s->n_lim1 && !s->grants &&
                  (s->lim_static || !s->lim_src);
}

void seam_init(seam *s, const policy_params *pol, const launch_params *lp, uint32_t n_cores,
               uint32_t n_parts, core **cores, memsys *mem)
{
    memset(s, 0, sizeof *s);
    s->pol = pol;
    s->lp = lp;
    s->n_cores = n_cores;
    s->n_parts = n_parts;
    s->cores = cores;
    s->mem = mem;
    memset(s->lim_set, 0xff, sizeof s->lim_set);
    memset(s->acc_set, 0xff, sizeof s->acc_set);
    s->lim_due = 1;
    fx_resolve(s);
}

static inline uint8_t core_u8(const seam *s, uint32_t c, uint16_t off)
{
    return ((const uint8_t *)&s->out.core[c])[off];
}

static inline uint8_t out_u8(const seam *s, uint16_t off)
{
    return ((const uint8_t *)&s->out)[off];
}


/* The seam is about to change a core: a GPU-wide jump ends first, so the
 * cores count the cycles they were not visited before they change. */
static inline void touch(seam *s)
{
    if (s->cores_still) s->still_end(s->still_arg);
}

/* The limit before any unit's value: N, or policy.static_n below it. */
static inline uint32_t base_limit(const seam *s)
{
    uint32_t n = s->n_max;
    return s->lim_static && s->pol->static_n < n ? s->pol->static_n : n;
}

/* A unit's limit value v applied under the limit hi: at most hi, never below 1
 * (a limit unit's value clamped to 1..N, a cap only lowering what it is given). */
static inline uint32_t clamp_limit(uint32_t v, uint32_t hi)
{
    return v < 1 ? 1 : v > hi ? hi : v;
}

static inline uint32_t limit_of(const seam *s, uint32_t c)
{
    uint32_t n = base_limit(s);
    if (!s->lim_static && s->lim_src) n = clamp_limit(core_u8(s, c, (uint16_t)(s->lim_src - 1)), n);
    for (uint32_t i = 0; i < s->n_cap; i++) n = clamp_limit(core_u8(s, c, s->fx_cap[i]), n);
    for (uint32_t i = 0; i < s->n_lim1; i++)
        if (c == 0 && out_u8(s, s->fx_lim1[i])) n = 1;
    return n;
}

uint32_t seam_limit(const seam *s, uint32_t c) { return limit_of(s, c); }

/* limit_of for every core, once per cycle, one effect at a time over the
 * cores: the limit statistic and the cores read these (seam_obey hands a core
 * its limit only when it changed). */
static void limits_fill(seam *s)
{
    uint32_t nc = s->n_cores, n = base_limit(s);
    const uint8_t *o = (const uint8_t *)&s->out.core[0];
    if (!s->lim_static && s->lim_src) {
        const uint8_t *f = o + s->lim_src - 1;
        for (uint32_t c = 0; c < nc; c++, f += sizeof(ctl_core_out)) s->lim[c] = clamp_limit(*f, n);
    } else {
        for (uint32_t c = 0; c < nc; c++) s->lim[c] = n;
    }
    for (uint32_t i = 0; i < s->n_cap; i++) {
        const uint8_t *f = o + s->fx_cap[i];
        for (uint32_t c = 0; c < nc; c++, f += sizeof(ctl_core_out))
            s->lim[c] = clamp_limit(*f, s->lim[c]);
    }
    for (uint32_t i = 0; i < s->n_lim1; i++)
        if (nc && out_u8(s, s->fx_lim1[i])) s->lim[0] = 1;
    s->lim_valid = 1;
}

/* Core c powered under the outputs (no unit with a power output: always). */
static inline int powered(const seam *s, uint32_t c)
{
    for (uint32_t i = 0; i < s->n_pw; i++)
        if (!core_u8(s, c, s->fx_pw[i])) return 0;
    return 1;
}

/* The cores that may receive CTAs under the outputs; 1 if the set changed. */
static int update_enabled(seam *s)
{
    /* without a unit driving core enables every core stays enabled */
    if (!s->n_en && s->n_enabled == s->n_cores) return 0;
    int changed = 0;
    uint32_t n = 0;
    memset(s->en_m, 0, sizeof s->en_m);
    for (uint32_t c = 0; c < s->n_cores; c++) {
        uint8_t en = 1;
        for (uint32_t i = 0; i < s->n_en; i++) en = en && core_u8(s, c, s->fx_en[i]);
        changed |= en != s->enabled[c];
        s->enabled[c] = en;
        if (en) bits_set(s->en_m, c);
        n += en;
    }
    s->n_enabled = n;
    if (changed) memset(s->room_chk, 0xff, sizeof s->room_chk);
    return changed;
}

/* The groups of core c that take new work: every unit's accepts_work ANDed. */
static uint16_t accepts_of(const seam *s, uint32_t c)
{
    uint16_t m = 0xffffu;
    for (uint32_t i = 0; i < s->n_acc; i++) {
        uint16_t a;
        memcpy(&a, (const uint8_t *)&s->out.core[c] + s->fx_acc[i], sizeof a);
        m &= a;
    }
    return m;
}

/* Hand each core the limit in lim[] where it differs from the one it holds. */
static void limits_hand(seam *s)
{
    for (uint32_t c = 0; c < s->n_cores; c++)
        if (s->lim[c] != s->lim_set[c]) {
            touch(s);
            core_set_limit(s->cores[c], s->lim[c]);
            s->lim_set[c] = s->lim[c];
            bits_set(s->room_chk, c);
        }
}

/* Hand each core the accepts_work mask of the outputs where it differs. */
static void accepts_hand(seam *s)
{
    for (uint32_t c = 0; c < s->n_cores; c++) {
        uint16_t a = accepts_of(s, c);
        if (a == s->acc_set[c]) continue;     /* (core_set_accepts would do nothing) */
        touch(s);
        core_set_accepts(s->cores[c], a);
        s->acc_set[c] = a;
    }
}

int seam_obey(seam *s, int *core_pct, int *mem_pct)
{
    /* outputs the same as at the last obey hand over nothing new */
    int fresh = s->out_new || !s->lim_valid;
    if (s->fx_fixed) {
        /* the limits are the base limit until the next kernel begins */
        if (s->lim_due) {
            limits_fill(s);
            limits_hand(s);
            s->lim_due = 0;
        }
    } else if (fresh) {
        if (!s->lim_valid) limits_fill(s);
        limits_hand(s);
        if (s->n_acc) accepts_hand(s);
    }
    s->lim_valid = 0;
    s->out_new = 0;
    if (fresh && update_enabled(s)) {
        s->acct_all = 1;
        if (s->grants && s->k) s->alloc_due = 1;
    }
    int fc = s->clk_on && out_u8(s, (uint16_t)(s->clk_on - 1));
    if (fc == s->fc_applied) return 0;
    s->fc_applied = fc;
    *core_pct = fc && s->clk_core ? (int8_t)out_u8(s, (uint16_t)(s->clk_core - 1)) : 0;
    *mem_pct = fc && s->clk_mem ? (int8_t)out_u8(s, (uint16_t)(s->clk_mem - 1)) : 0;
    return 1;
}

uint32_t seam_kernel_type(const seam *s)
{
    return s->ktype ? out_u8(s, (uint16_t)(s->ktype - 1)) : 0;
}

/* ------------------------------------------------------ CTA scheduling */

void seam_kernel_begin(seam *s, kern *k, uint32_t n_max)
{
    s->last_dram_cycles = 0;
    memset(s->last_dram_busy, 0, sizeof s->last_dram_busy);
    s->owed_dram_cycles = 0;
    memset(s->owed_dram_busy, 0, sizeof s->owed_dram_busy);
    for (uint32_t c = 0; c < s->n_cores; c++) s->last_l1_miss[c] = mem_core_l1_misses(s->mem, c);
    memset(s->owed_l1_miss, 0, sizeof s->owed_l1_miss);
    memset(s->l1_owing, 0, sizeof s->l1_owing);
    s->last_l1_total = mem_get_stats(s->mem)->l1_misses;
    s->k = k;
    s->n_max = n_max;
    memset(s->lim_set, 0xff, sizeof s->lim_set);   /* (core_kernel_begin set n_max) */
    s->next_cta = 0;
    s->rr = 0;
    s->reqs_out = 0;
    memset(s->granted, 0, sizeof s->granted);
    memset(s->req_pending, 0, sizeof s->req_pending);
    memset(s->refused, 0, sizeof s->refused);
    memset(s->gr_m, 0, sizeof s->gr_m);
    memset(s->pend_m, 0, sizeof s->pend_m);
    memset(s->refused_m, 0, sizeof s->refused_m);
    s->n_granted = 0;
    memset(s->room_chk, 0xff, sizeof s->room_chk);
    memset(s->dirty, 0, sizeof s->dirty);
    s->lim_due = 1;
    s->acct_n = 0;
    memset(s->ak_from, 0, sizeof s->ak_from);
    memset(s->ak_lim, 0, sizeof s->ak_lim);
    memset(s->ak, 0, sizeof s->ak);
    memset(s->q_watch, 0, sizeof s->q_watch);
    s->n_empty = 0;
    s->acct_all = 1;
    /* kernel launch: the units see it at this cycle's edge; CTAs are placed
     * from the next cycle on, under the outputs that edge produces. */
    s->in.kernel_start = 1;
    s->in.n_max = (uint8_t)n_max;
    update_enabled(s);
    s->alloc_due = s->grants;
    s->launching = 1;
    /* launch.kernel_lat (+ blocks x launch.kernel_cta_lat, GPGPU-Sim's
     * m_kernel_TB_latency): cycles of the kernel before its first dispatch */
    s->hold = (uint64_t)s->lp->kernel_lat + (uint64_t)k->n_cta * s->lp->kernel_cta_lat;
}

/* The thread instructions the cores counted in this kernel (core_stats_reset
 * clears them at the next kernel's start). */
static uint64_t cores_thread_insts(const seam *s)
{
    uint64_t n = 0;
    for (uint32_t c = 0; c < s->n_cores; c++) n += core_thread_insts(s->cores[c]);
    return n;
}

void seam_kernel_end(seam *s)
{
    s->tl_insts += cores_thread_insts(s) - s->tl_base;
    s->tl_base = 0;
    s->k = NULL;
}

int seam_all_placed(const seam *s) { return s->k && s->next_cta >= s->k->n_cta; }

/* The front end may hand core c a block in this cycle (launch.gpu_cta_interval,
 * launch.sm_cta_interval). */
static int fe_ready(const seam *s, uint32_t c)
{
    if (s->lp->gpu_cta_interval && s->fe_next >= (s->cycle + 1) * 1000u) return 0;
    return !s->lp->sm_cta_interval || s->sm_next[c] <= s->cycle;
}

static int place_cta(seam *s, uint32_t c, char *err, size_t errlen)
{
    touch(s);
    if (core_launch_cta(s->cores[c], s->next_cta, s->seq, err, (unsigned)errlen) < 0) return -1;
    s->next_cta++;
    s->seq++;
    bits_set(s->dirty, c);
    /* dispatch times in thousandths of a cycle: a rate below one block a
     * cycle keeps its fraction (no rounding per block) */
    if (s->lp->gpu_cta_interval) {
        uint64_t now = s->cycle * 1000u;
        s->fe_next = (s->fe_next > now ? s->fe_next : now) + s->lp->gpu_cta_interval;
    }
    if (s->lp->sm_cta_interval) s->sm_next[c] = s->cycle + s->lp->sm_cta_interval;
    return 0;
}

/* Grants of the previous cycle's requests (seed 003 Sec. 3). */
static void grant_collect(seam *s)
{
    for (uint32_t w = 0; w < SEAM_WORDS; w++)
        for (uint64_t m = s->pend_m[w]; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            const ctl_core_out *o = &s->out.core[c];
            if (o->grant) {
                s->granted[c]++;
                s->n_granted++;
                bits_set(s->gr_m, c);
            } else if (o->refuse) {
                s->refused[c] = 1;
                bits_set(s->refused_m, c);
            } else {
                continue;
            }
            s->req_pending[c] = 0;
            bits_clr(s->pend_m, c);
            s->reqs_out--;
        }
}

/* Grant-based issue: place granted CTAs, then request as many as are still owed. */
static int grant_schedule(seam *s, char *err, size_t errlen)
{
    uint32_t nc = s->n_cores;
    grant_collect(s);
    /* the cores holding grants, rr, rr + 1, ..., nc - 1, 0, ..., rr - 1 in turn */
    for (uint32_t c = bits_rr_next(s->gr_m, s->rr, nc, nc); c < nc;
         c = bits_rr_next(s->gr_m, s->rr, nc, c)) {
        if (!core_has_room(s->cores[c]) || s->next_cta >= s->k->n_cta || !fe_ready(s, c))
            continue;
        if (place_cta(s, c, err, errlen) < 0) return -1;
        s->n_granted--;
        if (--s->granted[c] == 0) bits_clr(s->gr_m, c);
    }
    if (s->alloc_due || !s->out.claso_ready) return 0;
    uint32_t unplaced = s->k->n_cta - s->next_cta, owed = s->reqs_out + s->n_granted;
    /* requests from the enabled cores neither pending, refused nor holding
     * grants that may have room (room_chk), in round-robin order */
    uint64_t cand[SEAM_WORDS];
    for (uint32_t w = 0; w < SEAM_WORDS; w++)
        cand[w] = s->en_m[w] & ~s->pend_m[w] & ~s->refused_m[w] & ~s->gr_m[w] & s->room_chk[w];
    for (uint32_t c = bits_rr_next(cand, s->rr, nc, nc); c < nc && owed < unplaced;
         c = bits_rr_next(cand, s->rr, nc, c)) {
        if (!core_has_room(s->cores[c])) {
            bits_clr(s->room_chk, c);
            continue;
        }
        s->in.core[c].req = 1;
        bits_set(s->req_fed, c);
        s->req_pending[c] = 1;
        bits_set(s->pend_m, c);
        s->reqs_out++;
        owed++;
    }
    s->rr = s->rr + 1 == nc ? 0 : s->rr + 1;
    return 0;
}

/* Round-robin over enabled cores, at most one CTA per core per cycle. */
static int cta_schedule(seam *s, char *err, size_t errlen)
{
    uint32_t nc = s->n_cores;
    if (!s->k || s->launching) return 0;
    if (s->hold) { s->hold--; return 0; }
    if (s->grants) return grant_schedule(s, err, errlen);
    /* the cores rr, rr + 1, ..., nc - 1, 0, ..., rr - 1 in turn; a core not in
     * room_chk has no room, and the scan would pass it by */
    uint32_t last = nc;
    for (uint32_t c = bits_rr_next(s->room_chk, s->rr, nc, nc); c < nc && s->next_cta < s->k->n_cta;
         c = bits_rr_next(s->room_chk, s->rr, nc, c)) {
        if (!core_has_room(s->cores[c]) || !s->enabled[c]) {
            bits_clr(s->room_chk, c);  /* back when it frees room or the enabled cores change */
            continue;
        }
        if (!fe_ready(s, c)) continue;
        if (place_cta(s, c, err, errlen) < 0) return -1;
        last = c;
    }
    if (last < nc) s->rr = (last + 1) % nc;
    return 0;
}

/* A new allocation (alloc) for every CTA not yet placed; grants waiting for
 * room are withdrawn (their core may no longer be enabled) and so are counted
 * in n_cta again. */
static void grant_alloc(seam *s)
{
    s->in.alloc = 1;
    s->in.n_cta = s->k->n_cta - s->next_cta;
    for (uint32_t c = 0; c < s->n_cores; c++) {
        s->granted[c] = 0;
        s->refused[c] = 0;
    }
    memset(s->gr_m, 0, sizeof s->gr_m);
    memset(s->refused_m, 0, sizeof s->refused_m);
    s->n_granted = 0;
    s->in.alloc_cores = (uint8_t)s->n_enabled;
    s->alloc_due = 0;
}

uint8_t seam_feed(uint64_t *owed, uint64_t add, uint32_t max)
{
    uint64_t total = *owed + add;
    uint64_t now = total > max ? max : total;
    *owed = total - now;
    return (uint8_t)now;
}

/* Each core's L1 misses since the last cycle (mem_core_l1_misses counts from the
 * last statistics reset: a count below the last one restarts from 0), at most 7
 * a cycle, the rest owed to the next cycles.  The memory system's l1_misses is
 * the sum of the cores' counts (both counted at each miss, both reset
 * together): while it stands still and nothing is owed, every core's field is
 * 0 and the cores need no visit; otherwise the cores visited are those whose
 * count changed (mem_take_miss_cores) or that are owed misses. */
static void l1_inputs(seam *s)
{
    uint64_t total = mem_get_stats(s->mem)->l1_misses;
    int owing = 0;
    for (uint32_t w = 0; w < SEAM_WORDS; w++) {
        for (uint64_t m = s->l1_fed[w]; m; m &= m - 1)
            s->in.core[(w << 6) + (uint32_t)__builtin_ctzll(m)].l1_miss = 0;
        s->l1_fed[w] = 0;
        owing |= s->l1_owing[w] != 0;
    }
    if (total == s->last_l1_total && !owing) return;
    s->last_l1_total = total;
    uint64_t visit[SEAM_WORDS];
    mem_take_miss_cores(s->mem, visit, SEAM_WORDS);
    for (uint32_t w = 0; w < SEAM_WORDS; w++)
        for (uint64_t m = visit[w] | s->l1_owing[w]; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            uint64_t now = mem_core_l1_misses(s->mem, c), last = s->last_l1_miss[c];
            if (now == last && !s->owed_l1_miss[c]) continue;
            uint64_t d = now >= last ? now - last : now;
            uint8_t f = seam_feed(&s->owed_l1_miss[c], d, 7);
            s->in.core[c].l1_miss = f;
            s->last_l1_miss[c] = now;
            if (f) bits_set(s->l1_fed, c);
            if (s->owed_l1_miss[c]) bits_set(s->l1_owing, c);
            else bits_clr(s->l1_owing, c);
        }
}

static void dram_inputs(seam *s)
{
    const mem_stats *ms = mem_get_stats(s->mem);
    uint64_t d = ms->dram_cycles - s->last_dram_cycles;
    s->in.dram_cycles = seam_feed(&s->owed_dram_cycles, d, 7);
    s->last_dram_cycles = ms->dram_cycles;
    for (uint32_t p = 0; p < s->n_parts; p++) {
        uint64_t b = ms->part[p].dram_busy_cycles - s->last_dram_busy[p];
        s->in.dram_busy[p] = seam_feed(&s->owed_dram_busy[p], b, 7);
        s->last_dram_busy[p] = ms->part[p].dram_busy_cycles;
    }
}

int seam_inputs(seam *s, char *err, size_t errlen)
{
    /* the requests of the last cycle end (cta_schedule's of this cycle
     * follow): core_cycle clears them too (core.h), a jump does not */
    for (uint32_t w = 0; w < SEAM_WORDS; w++) {
        for (uint64_t m = s->req_fed[w]; m; m &= m - 1)
            s->in.core[(w << 6) + (uint32_t)__builtin_ctzll(m)].req = 0;
        s->req_fed[w] = 0;
    }
    /* (the cores stepped in this cycle were counted, seam_stepped) */
    s->cycle++;
    if (cta_schedule(s, err, errlen) < 0) return -1;
    if (s->alloc_due) grant_alloc(s);
    dram_inputs(s);
    l1_inputs(s);
    return 0;
}

/* ------------------------------------------------------------ stats */

/* The tuned-down cycles of core c's mask down_m since down_from, added. */
static void down_add(seam *s, uint32_t c, core_ctl_stats *cs)
{
    uint64_t n = s->acct_n - s->down_from[c];
    for (uint32_t m = s->down_m[c]; m; m &= m - 1u) cs->down_cycles[__builtin_ctz(m)] += n;
}

/* A group's off cycles and a component's tuned-down cycles, counted where
 * the state changes (the cycle of the change counts for the new state). */
static void account_gating(seam *s, uint32_t c, core_ctl_stats *cs)
{
    const ctl_core_out *o = &s->out.core[c];
    if (memcmp(o->pg_state, s->prev_pg[c], CTL_NPG) != 0)
        for (int p = 0; p < CTL_NPG; p++) {
            uint8_t st = o->pg_state[p], prev = s->prev_pg[c][p];
            if (prev == CTL_PGS_OFF && st != CTL_PGS_OFF)
                cs->pg_off_cycles[p] += s->acct_n - s->pg_from[c][p];
            if (st == CTL_PGS_OFF && prev != CTL_PGS_OFF) {
                cs->pg_gatings[p]++;
                s->pg_from[c][p] = s->acct_n;
            }
            if (st == CTL_PGS_WAKING && prev == CTL_PGS_OFF) cs->pg_wakeups[p]++;
            s->prev_pg[c][p] = st;
        }
    /* (bits at or above CTL_NCOMP are none of a component's) */
    uint16_t m = (uint16_t)(o->tuned_down & ((1u << CTL_NCOMP) - 1u));
    if (m != s->down_m[c]) {
        down_add(s, c, cs);
        s->down_m[c] = m;
        s->down_from[c] = s->acct_n;
    }
}

/* A core's accounting key: the per-cycle counts it adds. */
enum { AK_OFF = 1, AK_DIS = 2, AK_EMPTY = 4, AK_GATED = 8 };

static uint8_t acct_key(const seam *s, uint32_t c)
{
    uint8_t k = 0;
    if (!powered(s, c)) k |= AK_OFF;
    else if (core_resident(s->cores[c]) == 0) k |= AK_EMPTY;
    if (!s->enabled[c]) {
        k |= AK_DIS;
        if ((k & AK_EMPTY) && core_quiet(s->cores[c])) k |= AK_GATED;
    }
    return k;
}

/* Core c's cycles since ak_from under its key and limit, added. */
static void acct_add(seam *s, uint32_t c, core_ctl_stats *cs)
{
    uint64_t n = s->acct_n - s->ak_from[c];
    uint8_t k = s->ak[c];
    if (k & AK_OFF) cs->off_cycles += n;
    if (k & AK_DIS) cs->disabled_cycles += n;
    if (k & AK_GATED) cs->gated_cycles += n;
    if (k & AK_EMPTY) cs->empty_cycles += n;
    cs->limit_sum += (uint64_t)s->ak_lim[c] * n;
    s->ak_from[c] = s->acct_n;
}

/* Core c's key and limit in this cycle: where they changed, the cycles
 * under the old ones are added and the new ones count from this cycle. */
static void acct_update(seam *s, uint32_t c, core_ctl_stats *cs)
{
    uint8_t k = acct_key(s, c), old = s->ak[c];
    if (k != old || s->lim[c] != s->ak_lim[c]) {
        acct_add(s, c, cs);
        s->n_empty += (uint32_t)((k & AK_EMPTY) != 0) - (uint32_t)((old & AK_EMPTY) != 0);
        s->ak[c] = k;
        s->ak_lim[c] = s->lim[c];
    }
    if ((k & (AK_DIS | AK_EMPTY | AK_GATED)) == (AK_DIS | AK_EMPTY)) bits_set(s->q_watch, c);
    else bits_clr(s->q_watch, c);
}

/* The outputs differ from those seam_account counted last (padding bytes
 * included: a difference there only costs a look at every core). */
static int out_changed(seam *s)
{
    size_t n = offsetof(ctl_out, core) + (size_t)s->n_cores * sizeof(ctl_core_out);
    if (memcmp(&s->out, &s->out_seen, n) == 0) return 0;
    memcpy(&s->out_seen, &s->out, n);
    return 1;
}

void seam_flush(seam *s, kstats *ks)
{
    for (uint32_t c = 0; c < s->n_cores; c++) {
        core_ctl_stats *cs = &ks->ctl[c];
        acct_add(s, c, cs);
        s->ak_from[c] = 0;
        for (int p = 0; s->n_acc && p < CTL_NPG; p++)
            if (s->prev_pg[c][p] == CTL_PGS_OFF) {
                cs->pg_off_cycles[p] += s->acct_n - s->pg_from[c][p];
                s->pg_from[c][p] = 0;
            }
        if (s->n_acc) {
            down_add(s, c, cs);
            s->down_from[c] = 0;
        }
    }
    s->acct_n = 0;
}

/* This cycle's counts: each core's key found again where it may have
 * changed (every core where the outputs or the enables did), the grants and
 * refusals of the cores that requested, the gating where the outputs
 * changed. */
void seam_account(seam *s, kstats *ks)
{
    s->in.kernel_start = 0;
    s->in.alloc = 0;
    s->launching = 0;
    int all = s->acct_all;
    if (!s->fx_fixed && out_changed(s)) all = 1;
    if (all) limits_fill(s);
    s->lim_valid = 1;
    s->out_new = (uint8_t)all;
    for (uint32_t w = 0; w < SEAM_WORDS; w++) {
        uint64_t m = all ? bits_first(s->n_cores, w) : s->dirty[w] | s->q_watch[w];
        for (; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            acct_update(s, c, &ks->ctl[c]);
        }
        s->dirty[w] = 0;
    }
    s->acct_all = 0;
    for (uint32_t w = 0; s->grants && w < SEAM_WORDS; w++)
        for (uint64_t m = s->pend_m[w]; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            ks->ctl[c].grants += s->out.core[c].grant;
            ks->ctl[c].refusals += s->out.core[c].refuse;
        }
    if (s->n_acc && all)
        for (uint32_t c = 0; c < s->n_cores; c++) account_gating(s, c, &ks->ctl[c]);
    ks->tail_idle += (uint64_t)s->n_empty * (uint64_t)seam_all_placed(s);
    s->acct_n++;
    if (s->clk_on && out_u8(s, (uint16_t)(s->clk_on - 1))) ks->fc_cycles++;
}

void seam_sample(seam *s, report *r, uint32_t kidx, uint64_t now)
{
    tl_sample *t = report_tl_add(r);
    if (!t) return;                     /* timeline truncated, the run goes on */
    t->cycle = now;
    t->kernel = kidx;
    t->ar_phase = s->out.ar_phase;
    t->ar_type = s->out.ar_type;
    t->fc_on = s->out.fc_on;
    t->credit_global = s->out.credit_global;
    uint64_t insts = cores_thread_insts(s);
    t->thread_insts = s->tl_insts + insts - s->tl_base;
    s->tl_insts = 0;
    s->tl_base = insts;
    uint32_t n = s->n_cores < r->n_cores ? s->n_cores : r->n_cores;
    for (uint32_t c = 0; c < n; c++) {
        tl_core *k = &t->core[c];
        k->limit = (uint8_t)seam_limit(s, c);
        k->resident = (uint8_t)core_resident(s->cores[c]);
        k->paused = (uint8_t)core_paused(s->cores[c]);
        k->enabled = s->enabled[c];
        k->power_on = (uint8_t)powered(s, c);
        k->tuned_down = s->out.core[c].tuned_down;
        k->credit = s->out.core[c].credit;
    }
}
