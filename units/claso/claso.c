/* claso.c -- CLASO credit allocator + credit consumer, C reference model of
 * units/claso/claso.sv (seed 003, Sec. 3, Algorithm 1; controllers.md section 3).
 * Every register here has its twin in the RTL; see units/claso/claso.md. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "claso.h"
#include "ctl_decisions.h"
#include "ctl_unit.h"

#define CTA_MASK   ((1u << CLASO_CTA_W) - 1u)
#define CORE_MASK  ((1u << CLASO_CORE_W) - 1u)
#define PARAM_MASK 0xFFu

static const char *const branch_names[CLASO_NBRANCH] = {
    [CLASO_BR_ALLOC_START]   = "alloc_start",
    [CLASO_BR_ALLOC_RESTART] = "alloc_restart",
    [CLASO_BR_CORES_CLAMP]   = "cores_clamp",
    [CLASO_BR_LOAD]          = "load",
    [CLASO_BR_LOAD_EMPTY]    = "load_empty",
    [CLASO_BR_PA_CLAMP]      = "pa_clamp",
    [CLASO_BR_REQ_NOT_READY] = "req_not_ready",
    [CLASO_BR_REQ_AT_ALLOC]  = "req_at_alloc",
    [CLASO_BR_GRANT_LOCAL]   = "grant_local",
    [CLASO_BR_GRANT_GLOBAL]  = "grant_global",
    [CLASO_BR_REFUSE_GLOBAL] = "refuse_global",
    [CLASO_BR_REFUSE_LOCAL]  = "refuse_local",
    [CLASO_BR_SAT_LOCAL]     = "sat_local",
    [CLASO_BR_SAT_GLOBAL]    = "sat_global",
};

const char *claso_branch_name(int i)
{
    if (i < 0 || i >= CLASO_NBRANCH)
        return "?";
    return branch_names[i];
}


/* ---------------------------------------------------------------- divider */

void claso_div_start(claso_div *d, uint32_t dividend, uint32_t divisor)
{
    d->quo = dividend & CTA_MASK;
    d->rem = 0;
    d->divisor = divisor & CORE_MASK;
    d->count = CLASO_CTA_W;
    d->done = 0;
}

/* One restoring-division step: shift the next dividend bit into the partial
 * remainder, subtract the divisor if it fits, shift the quotient bit in. */
void claso_div_step(claso_div *d)
{
    if (d->count == 0) {
        d->done = 0;
        return;
    }
    uint32_t shifted = (d->rem << 1) | ((d->quo >> (CLASO_CTA_W - 1)) & 1u);
    uint32_t bit = shifted >= d->divisor;
    if (bit)
        shifted -= d->divisor;
    d->rem = shifted & CORE_MASK;
    d->quo = ((d->quo << 1) | bit) & CTA_MASK;
    d->count--;
    d->done = d->count == 0;
}

/* ---------------------------------------------------------------- helpers */

static uint32_t active_levels(const ctl_cfg *cfg)
{
    uint32_t pa = cfg->claso_p_a & PARAM_MASK;
    return pa == 0 ? 1 : pa; /* Algorithm 1 requires p_A >= 1 */
}

/* Algorithm 1 line 8: the level below which a local credit needs a global one. */
static int32_t global_threshold(const ctl_cfg *cfg)
{
    return (int32_t)(active_levels(cfg) + (cfg->claso_p_l & PARAM_MASK));
}

/* Credits saturate at -1: a negative register is not decremented further. */
static int32_t sat_dec(int32_t x)
{
    return x < 0 ? x : x - 1;
}

/* Outputs of cores 0 .. cores-1 (the others hold their reset outputs, 0). */
static void write_outputs(const claso *s, ctl_out *out, uint32_t cores)
{
    out->claso_ready = s->ready;
    out->credit_global = s->global;
    for (uint32_t c = 0; c < cores; c++) {
        out->core[c].grant = s->grant[c];
        out->core[c].refuse = s->refuse[c];
        out->core[c].credit = s->local[c];
    }
}

/* ---------------------------------------------------------------- allocator */

static void alloc_start(claso *s, const ctl_in *in)
{
    uint32_t n_cta = in->n_cta & CTA_MASK;
    uint32_t cores = in->alloc_cores & CORE_MASK;
    s->branch_hits[s->div.count || s->div.done ? CLASO_BR_ALLOC_RESTART
                                               : CLASO_BR_ALLOC_START]++;
    if (cores > s->slots) {
        s->branch_hits[CLASO_BR_CORES_CLAMP]++;
        cores = s->slots;
    }
    s->n_core = (uint8_t)cores;
    s->obs.n_cta = n_cta;
    s->empty = n_cta == 0 || cores == 0;
    s->ready = 0;
    /* Ceil reading (controllers.md 3): n_cta - 1 = q * n_core + r gives
     * ceil(n_cta / n_core) = q + 1 and ((n_cta - 1) mod n_core) + 1 = r + 1. */
    claso_div_start(&s->div, s->empty ? 0 : n_cta - 1, s->empty ? 1 : cores);
}

/* Seed 003 Algorithm 1 lines 2-3 (ceil reading, controllers.md 3):
 *   C_p[c] = q + 1 + p_L, C_g = r + 1 + (p_A - 1) * n_core,
 * with the global layers capped at q (p_A at q + 1): with q + 1 levels of
 * CTAs there are at most q full layers below the last one, and the cap keeps
 * the total admitted equal to n_cta when p_A > ceil(n_cta / n_core). */
static void alloc_load(claso *s, const ctl_cfg *cfg)
{
    uint32_t q = s->div.quo, r = s->div.rem;
    s->ready = 1;
    s->obs.loaded = 1;
    if (s->empty) {
        s->branch_hits[CLASO_BR_LOAD_EMPTY]++;
        s->global = 0;
        memset(s->local, 0, s->span * sizeof s->local[0]);
        return;
    }
    s->branch_hits[CLASO_BR_LOAD]++;
    uint32_t layers = active_levels(cfg) - 1;
    if (layers > q) {
        s->branch_hits[CLASO_BR_PA_CLAMP]++;
        layers = q;
    }
    int32_t local = (int32_t)(q + 1 + (cfg->claso_p_l & PARAM_MASK));
    s->global = (int32_t)(r + 1 + layers * s->n_core);
    for (uint32_t c = 0; c < s->span; c++)
        s->local[c] = c < s->n_core ? local : 0;
}

/* ---------------------------------------------------------------- consumer */

/* Seed 003 Algorithm 1 lines 7-19 for one request of core c; the global
 * register *g is the running value of this cycle's ascending-core chain. */
static void consume(claso *s, uint32_t c, int32_t threshold, int32_t *g)
{
    s->served_m[c >> 6] |= 1ull << (c & 63);
    s->obs.served[c] = 1;
    s->obs.any_served = 1;
    s->obs.c_p[c] = s->local[c];
    s->obs.c_g[c] = *g;
    if (s->local[c] < 0)
        s->branch_hits[CLASO_BR_SAT_LOCAL]++;
    s->local[c] = sat_dec(s->local[c]);
    if (s->local[c] >= threshold) {
        s->branch_hits[CLASO_BR_GRANT_LOCAL]++;
        s->obs.branch[c] = CLASO_BR_GRANT_LOCAL;
        s->grant[c] = 1;
    } else if (s->local[c] >= 0) {
        if (*g < 0)
            s->branch_hits[CLASO_BR_SAT_GLOBAL]++;
        *g = sat_dec(*g);
        s->grant[c] = *g >= 0;
        s->refuse[c] = *g < 0;
        s->obs.branch[c] = *g >= 0 ? CLASO_BR_GRANT_GLOBAL : CLASO_BR_REFUSE_GLOBAL;
        s->branch_hits[s->obs.branch[c]]++;
    } else {
        s->branch_hits[CLASO_BR_REFUSE_LOCAL]++;
        s->obs.branch[c] = CLASO_BR_REFUSE_LOCAL;
        s->refuse[c] = 1;
    }
}

static void consume_all(claso *s, const ctl_cfg *cfg, const ctl_in *in)
{
    int serve = s->ready && !in->alloc;
    int32_t threshold = global_threshold(cfg);
    int32_t g = s->global;
    for (uint32_t c = 0; c < s->span; c++) {
        if (!in->core[c].req)
            continue;
        if (serve)
            consume(s, c, threshold, &g);
        else
            s->branch_hits[in->alloc ? CLASO_BR_REQ_AT_ALLOC : CLASO_BR_REQ_NOT_READY]++;
    }
    s->global = g;
}

/* ---------------------------------------------------------------- API */

void claso_reset(claso *s, const ctl_cfg *cfg, ctl_out *out)
{
    memset(s, 0, sizeof *s);
    s->slots = CTL_MAX_CORES;
    write_outputs(s, out, CTL_MAX_CORES);
}

void claso_set_slots(claso *s, uint32_t slots)
{
    s->slots = (uint8_t)(slots >= 1 && slots <= CTL_MAX_CORES ? slots : CTL_MAX_CORES);
}

void claso_step(claso *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    /* Decisions use the register values before this edge. */
    int load = s->div.done && !in->alloc;
    /* The unit has no core count: its cores are those of the cfg (the seam
     * leaves the inputs of cores >= cfg.n_cores at 0) and those holding
     * credits of the last allocation. */
    ctl_span(&s->span, ctl_used_cores(cfg));
    ctl_span(&s->span, s->n_core);
    s->obs.loaded = 0;
    s->obs.any_served = 0;
    /* the last edge's grants, refusals and served cores end */
    for (uint32_t w = 0; w < sizeof s->served_m / sizeof s->served_m[0]; w++) {
        for (uint64_t m = s->served_m[w]; m; m &= m - 1) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(m);
            s->grant[c] = s->refuse[c] = 0;
            s->obs.served[c] = 0;
        }
        s->served_m[w] = 0;
    }
    consume_all(s, cfg, in);
    if (in->alloc) {
        alloc_start(s, in);
    } else {
        claso_div_step(&s->div);
        if (load)
            alloc_load(s, cfg);
    }
    write_outputs(s, out, s->span);
}

/* ---------------------------------------------------------------- keys */

/* Algorithm 1 header: p_A >= 1, p_L >= 0; the RTL registers are 8 bits. */
static const key_def claso_rows[] = {
    KEY_U(ctl_cfg, "claso.p_a", claso_p_a, 1, CLASO_PARAM_MAX, 8, "levels",
          "seed 003 Sec. 3, Algorithm 1", "Active Levels p_A"),
    KEY_U(ctl_cfg, "claso.p_l", claso_p_l, 0, CLASO_PARAM_MAX, 8, "levels",
          "seed 003 Sec. 3, Algorithm 1", "Loose Levels p_L"),
};
const key_table claso_keys = KEY_TABLE("claso", "units/claso/claso.sv", claso_rows);

/* ---------------------------------------------------------------- plug-in */

/* The unit as the registry sees it (ctl_unit.h, ctl_units.c). */
static void unit_reset(void *s, const ctl_cfg *cfg, ctl_out *out) { claso_reset(s, cfg, out); }

static void unit_step(void *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    claso_step(s, cfg, in, out);
}

/* --decisions rows: cycle,core,claso,inputs,decision (ctl_decisions.h). */
static void claso_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const claso *s = state;
    const claso_obs *o = &s->obs;
    uint32_t pa = cfg->claso_p_a & 0xFFu, pl = cfg->claso_p_l & 0xFFu;
    if (o->loaded)
        fprintf(f, "%" PRIu64 ",all,claso,n_cta=%u;n_core=%u;p_A=%u;p_L=%u,%s;C_p=%d;C_g=%d\n",
                cycle, o->n_cta, s->n_core, pa, pl, s->empty ? "load_empty" : "load",
                s->local[0], s->global);
    if (!o->any_served) return;
    for (uint32_t c = 0; c < s->span; c++)
        if (o->served[c])
            fprintf(f, "%" PRIu64 ",%u,claso,C_p=%d;C_g=%d;p_A+p_L=%u,%s\n", cycle, c,
                    o->c_p[c], o->c_g[c], (pa ? pa : 1) + pl, claso_branch_name(o->branch[c]));
}

/* Its registers' defaults (ctl_cfg_defaults). */
static void cfg_defaults(ctl_cfg *cfg)
{
    /* CLASO, seed 003 Sec. 3: p_A = 1, p_L = 0 reproduce the baseline grant count. */
    cfg->claso_p_a = 1;
    cfg->claso_p_l = 0;
}

const ctl_unit claso_unit = {
    "claso", CTL_U_CLASO, sizeof(claso), unit_reset, unit_step, claso_decisions, &claso_keys,
    "units/claso/claso.sv", "units/claso/claso.gtkw", cfg_defaults,
    { .grants = 1 },
    NULL,
};
