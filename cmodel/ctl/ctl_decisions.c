/* ctl_decisions.c -- the decision trace.  See ctl_decisions.h; the row
 * formats are documented in docs/units/ and docs/files.md. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ctl_decisions.h"
#include "ofile.h"
#include "ctl_unit.h"

#define MASK(bits) ((1u << (bits)) - 1u)

static const char *const comp_names[CTL_NCOMP] = {
    "IFID", "SCH", "IDOC_SP", "IDOC_SFU", "IDOC_LDST", "OC_SP", "OC_SFU", "OC_LDST",
    "OCEX_SP", "OCEX_SFU", "OCEX_LDST", "EX_SP", "EX_SFU", "EX_LDST",
};

void ctl_decisions_header(FILE *f)
{
    fputs("cycle,core,unit,inputs,decision\n", f);
}

static uint32_t used_cores(const ctl_cfg *cfg) { return ctl_used_cores(cfg); }

/* ---------------------------------------------------------------- DYNCTA */

void dyncta_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const dyncta *s = state;
    const dyncta_obs *o = &s->obs;
    if (!o->decided) return;
    for (uint32_t c = 0; c < used_cores(cfg); c++) {
        fprintf(f, "%" PRIu64 ",%u,dyncta,", cycle, c);
        if (o->branch[c] == DYNCTA_BR_KERNEL_START)
            fprintf(f, "N=%u;n=%u", s->n_max, o->n_old[c]);
        else
            fprintf(f, "C_idle=%u;C_mem=%u;n=%u;N=%u;t_idle=%u;t_mem_l=%u;t_mem_h=%u",
                    o->c_idle[c], o->c_mem[c], o->n_old[c], s->n_max,
                    cfg->dyncta_t_idle & DYNCTA_CNT_MAX, cfg->dyncta_t_mem_l & DYNCTA_CNT_MAX,
                    cfg->dyncta_t_mem_h & DYNCTA_CNT_MAX);
        fprintf(f, ",%s;n=%u\n", dyncta_branch_name(o->branch[c]), s->n[c]);
    }
}

/* ---------------------------------------------------------------- DYNCORE */

/* t_act = frac_num / frac_den * core_cycles, exactly. */
static void print_tact(FILE *f, const dyncore_obs *o, const ctl_cfg *cfg)
{
    uint64_t num = (uint64_t)o->core_cycles * (cfg->dyncore_frac_num & MASK(DYNCORE_FRAC_BITS));
    uint32_t den = cfg->dyncore_frac_den & MASK(DYNCORE_FRAC_BITS);
    if (den && num % den == 0)
        fprintf(f, "t_act=%" PRIu64, num / den);
    else
        fprintf(f, "t_act=%" PRIu64 "/%u", num, den);
}

static const char *dyncore_decision_name(const dyncore_obs *o)
{
    if (o->decision == DYNCORE_DEC_GATE) return "gate";
    if (o->decision == DYNCORE_DEC_WAKE) return "wake";
    return o->below ? "hold" : "keep";
}

void dyncore_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const dyncore *s = state;
    const dyncore_obs *o = &s->obs;
    uint32_t n = used_cores(cfg), k = cfg->dyncore_k & MASK(DYNCORE_K_BITS);
    if (!o->decided) return;
    fprintf(f, "%" PRIu64 ",all,dyncore,", cycle);
    if (o->kernel_start) {
        fprintf(f, "kernel_start;used=%u,all_on\n", n);
        return;
    }
    fprintf(f, "G_act=%u;core_cycles=%u;", o->g_act, o->core_cycles);
    print_tact(f, o, cfg);
    fprintf(f, ";on=%u;used=%u,%s", o->n_on, n, dyncore_decision_name(o));
    if (o->decision == DYNCORE_DEC_GATE)
        fprintf(f, ";drain=%u..%u", n > k ? n - k : 1, n - 1);
    fputc('\n', f);
}

/* ---------------------------------------------------------------- CLASO */

void claso_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
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

/* ---------------------------------------------------------------- AR-CTA */

/* The busiest partition's busy cycles (max_bw_CTA's numerator). */
static uint32_t arcta_busy_max(const arcta *s, const ctl_cfg *cfg)
{
    uint32_t m = 0, n = cfg->n_parts & MASK(CTL_PARTS_BITS);
    for (uint32_t p = 0; p < CTL_MAX_PARTS && p < n; p++)
        if (s->busy[p] > m) m = s->busy[p];
    return m;
}

void arcta_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
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

/* ---------------------------------------------------------------- uC-States */

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
     * count only their powered-on group, ceil(units / 2) (docs/units/ucs.md). */
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

void ucs_decisions(FILE *f, const void *state, const ctl_cfg *cfg, uint64_t cycle)
{
    const ucs *s = state;
    if (!s->obs_decided) return;
    for (uint32_t c = 0; c < used_cores(cfg); c++) {
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

void ctl_decisions_write(FILE *f, const ctl_ref *r, const ctl_cfg *cfg, unsigned units,
                         uint64_t cycle)
{
    for (int i = 0; i < CTL_NUNITS; i++)
        if (units & ctl_units[i]->bit) ctl_units[i]->decisions(f, r->state[i], cfg, cycle);
}

/* ---------------------------------------------------------------- the wrapper */

typedef struct dec_eng {
    ctl_engine inner;
    ofile out;
    unsigned units;
    int open;               /* the temporary exists, not yet committed */
} dec_eng;

static int dec_reset(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    dec_eng *d = impl;
    return d->inner.reset(d->inner.impl, cfg, out, err, errlen);
}

static int dec_step(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                    uint64_t cycle, char *err, size_t errlen)
{
    dec_eng *d = impl;
    int rc = d->inner.step(d->inner.impl, cfg, in, out, cycle, err, errlen);
    const ctl_ref *r = d->inner.reference(d->inner.impl);
    if (r) ctl_decisions_write(ofile_fp(&d->out), r, cfg, d->units, cycle);
    return rc;
}

static uint64_t dec_compared(void *impl)
{
    dec_eng *d = impl;
    return d->inner.compared ? d->inner.compared(d->inner.impl) : 0;
}

/* The decisions first, then what the inner engine writes (the waveform
 * last, docs/files.md); a failure of one does not stop the other. */
static int dec_finish(void *impl, char *err, size_t errlen)
{
    dec_eng *d = impl;
    int rc = 0;
    if (d->open) {
        d->open = 0;
        if (ofile_commit(&d->out, err, errlen) < 0) {
            rc = -1;
            if (d->inner.finish) fprintf(stderr, "ctasim: %s\n", err);
        }
    }
    if (d->inner.finish && d->inner.finish(d->inner.impl, err, errlen) < 0) rc = -1;
    return rc;
}

static void dec_destroy(void *impl)
{
    dec_eng *d = impl;
    if (d->open) ofile_abort(&d->out);
    if (d->inner.destroy) d->inner.destroy(d->inner.impl);
    free(d);
}

static const ctl_ref *dec_reference(void *impl)
{
    dec_eng *d = impl;
    return d->inner.reference(d->inner.impl);
}

int ctl_decisions_wrap(ctl_engine *e, const char *path, unsigned units, char *err,
                       size_t errlen)
{
    if (!e->reference || !e->reference(e->impl)) {
        snprintf(err, errlen, "<command line>: --decisions needs the c or lockstep engine "
                 "(the decisions are read from the C reference models) (--decisions)");
        return -1;
    }
    dec_eng *d = calloc(1, sizeof *d);
    if (!d) { snprintf(err, errlen, "out of memory"); return -1; }
    if (ofile_open(&d->out, path, err, errlen) < 0) { free(d); return -1; }
    d->inner = *e;
    d->units = units & CTL_U_ALL;
    d->open = 1;
    ctl_decisions_header(ofile_fp(&d->out));
    memset(e, 0, sizeof *e);
    e->name = d->inner.name;
    e->impl = d;
    e->reset = dec_reset;
    e->step = dec_step;
    e->compared = dec_compared;
    e->finish = dec_finish;
    e->destroy = dec_destroy;
    e->reference = dec_reference;
    return 0;
}
