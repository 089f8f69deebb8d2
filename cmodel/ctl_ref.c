/* ctl_ref.c -- all reference units behind the engine interface. */
#include <stddef.h>
#include <stdio.h>
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
    return u ? u : CTL_U_NONE;
}

/* AR-CTA's programmable registers against the widths of rtl/arcta.sv's ports. */
static int arcta_check(const ctl_cfg *c, char *err, size_t errlen)
{
    static const struct { const char *key; size_t off; uint32_t lo, hi; } f[] = {
        { "arcta.window", offsetof(ctl_cfg, ar_window), 1, 65535 },
        { "arcta.t_u_ipc", offsetof(ctl_cfg, ar_t_u_ipc), 0, 100 },
        { "arcta.t_l_ipc", offsetof(ctl_cfg, ar_t_l_ipc), 0, 100 },
        { "arcta.t_max_bw_mpct", offsetof(ctl_cfg, ar_t_max_bw_mpct), 0, 100000 },
        { "arcta.t_gbr", offsetof(ctl_cfg, ar_t_gbr), 0, 100 },
        { "arcta.good_lanes", offsetof(ctl_cfg, ar_good_lanes), 1, 32 },
        { "arcta.core_pct", offsetof(ctl_cfg, ar_core_pct), 0, 99 },
        { "arcta.mem_pct", offsetof(ctl_cfg, ar_mem_pct), 0, 100 },
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        uint32_t v = *(const uint32_t *)((const char *)c + f[i].off);
        if (v < f[i].lo || v > f[i].hi) {
            snprintf(err, errlen, "value %u out of range %u..%u for the AR-CTA unit (%s)", v,
                     f[i].lo, f[i].hi, f[i].key);
            return -1;
        }
    }
    if (c->ar_t_l_ipc > c->ar_t_u_ipc) {
        snprintf(err, errlen, "arcta.t_l_ipc %u above arcta.t_u_ipc %u (arcta.t_l_ipc)",
                 c->ar_t_l_ipc, c->ar_t_u_ipc);
        return -1;
    }
    return 0;
}

int ctl_ref_check(const ctl_cfg *cfg, char *err, size_t errlen)
{
    if (arcta_check(cfg, err, errlen) < 0) return -1;
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
