/* ctl_ref.c -- all reference units behind the engine interface. */
#include <stdlib.h>
#include <string.h>
#include "cfg.h"
#include "ctl_ref.h"

void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out)
{
    memset(out, 0, sizeof *out);
    dyncta_reset(&r->dyncta, cfg, out);
    dyncore_reset(&r->dyncore, cfg, out);
    claso_reset(&r->claso, cfg, out);
    arcta_reset(&r->arcta, cfg, out);
    ucs_reset(&r->ucs, cfg, out);
}

void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    unsigned u = r->units ? r->units : CTL_U_ALL;
    if (u & CTL_U_DYNCTA) dyncta_step(&r->dyncta, cfg, in, out);
    if (u & CTL_U_DYNCORE) dyncore_step(&r->dyncore, cfg, in, out);
    if (u & CTL_U_CLASO) claso_step(&r->claso, cfg, in, out);
    if (u & CTL_U_ARCTA) arcta_step(&r->arcta, cfg, in, out);
    if (u & CTL_U_UCS) ucs_step(&r->ucs, cfg, in, out);
}

/* A unit whose outputs the model ignores cannot change the run, so the c
 * engine may skip it; lockstep steps them all to compare them all. */
unsigned ctl_units_for(const gpu_cfg *cfg)
{
    unsigned u = 0;
    if (cfg->cta_limit == LIMIT_DYNCTA) u |= CTL_U_DYNCTA;
    if (cfg->dyncore) u |= CTL_U_DYNCORE;
    if (cfg->claso) u |= CTL_U_CLASO;
    if (cfg->arcta) u |= CTL_U_ARCTA;
    if (cfg->gating == GATE_UCSTATES) u |= CTL_U_UCS;
    return u ? u : CTL_U_DYNCTA;   /* 0 would mean "all" */
}

int ctl_ref_check(const ctl_cfg *cfg, char *err, size_t errlen)
{
    if (dyncta_cfg_check(cfg, err, errlen) < 0) return -1;
    if (dyncore_cfg_check(cfg, err, errlen) < 0) return -1;
    if (claso_cfg_check(cfg, err, errlen) < 0) return -1;
    if (ucs_cfg_check(cfg, err, errlen) < 0) return -1;
    return 0;
}

/* ---- engine "c" ---- */

static int eng_reset(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    (void)err; (void)errlen;
    ctl_ref_reset(impl, cfg, out);
    return 0;
}

static int eng_step(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                    uint64_t cycle, char *err, size_t errlen)
{
    (void)cycle; (void)err; (void)errlen;
    ctl_ref_step(impl, cfg, in, out);
    return 0;
}

static void eng_destroy(void *impl) { free(impl); }

int ctl_engine_c(ctl_engine *e, unsigned units)
{
    ctl_ref *r = calloc(1, sizeof *r);
    if (!r) return -1;
    r->units = units;
    memset(e, 0, sizeof *e);
    e->name = "c";
    e->impl = r;
    e->reset = eng_reset;
    e->step = eng_step;
    e->destroy = eng_destroy;
    return 0;
}
