/* ctl_ref.c -- all reference units behind the engine interface. */
#include <stdlib.h>
#include <string.h>
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
    dyncta_step(&r->dyncta, cfg, in, out);
    dyncore_step(&r->dyncore, cfg, in, out);
    claso_step(&r->claso, cfg, in, out);
    arcta_step(&r->arcta, cfg, in, out);
    ucs_step(&r->ucs, cfg, in, out);
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

int ctl_engine_c(ctl_engine *e)
{
    ctl_ref *r = calloc(1, sizeof *r);
    if (!r) return -1;
    memset(e, 0, sizeof *e);
    e->name = "c";
    e->impl = r;
    e->reset = eng_reset;
    e->step = eng_step;
    e->destroy = eng_destroy;
    return 0;
}
