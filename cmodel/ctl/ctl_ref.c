/* ctl_ref.c -- all reference units behind the engine interface. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ctl_ref.h"

ctl_ref *ctl_ref_new(unsigned units)
{
    ctl_ref *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->units = units;
    for (int i = 0; i < CTL_NUNITS; i++) {
        if (!(r->state[i] = calloc(1, ctl_units[i]->state_size))) {
            ctl_ref_free(r);
            return NULL;
        }
    }
    return r;
}

void ctl_ref_free(ctl_ref *r)
{
    if (!r) return;
    for (int i = 0; i < CTL_NUNITS; i++) free(r->state[i]);
    free(r);
}

/* Every unit is reset (ctl_out holds every unit's reset value). */
void ctl_ref_reset(ctl_ref *r, const ctl_cfg *cfg, ctl_out *out)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < CTL_NUNITS; i++) ctl_units[i]->reset(r->state[i], cfg, out);
}

void ctl_ref_step(ctl_ref *r, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out)
{
    unsigned u = r->units ? r->units : CTL_U_ALL;
    for (int i = 0; i < CTL_NUNITS; i++)
        if (u & ctl_units[i]->bit) ctl_units[i]->step(r->state[i], cfg, in, out);
}

/* One comma-separated list of unit names into bits; -1 on an unknown name
 * or an empty item. */
static int units_list(const char *spec, unsigned *units)
{
    unsigned u = 0;
    const char *p = spec;
    for (;;) {
        size_t len = strcspn(p, ",");
        const ctl_unit *k = ctl_unit_named(p, len);
        if (!k) return -1;
        u |= k->bit;
        if (!p[len]) break;
        p += len + 1;
    }
    *units = u;
    return 0;
}

int ctl_units_resolve(const char *spec, unsigned policy, int lockstep, unsigned *units)
{
    unsigned obeyed = policy & CTL_U_ALL, add = 0;
    if (!spec || !strcmp(spec, "policy")) add = !obeyed && lockstep ? CTL_U_ALL : 0;
    else if (!strcmp(spec, "all")) add = CTL_U_ALL;
    else if (strcmp(spec, "none") && units_list(spec, &add) < 0) return -1;
    /* the units the policy obeys are always stepped: --units only adds */
    unsigned u = obeyed | add;
    if (!u && lockstep) return -2;          /* a lockstep that compares nothing */
    *units = u ? u : CTL_U_NONE;
    return 0;
}

void ctl_units_error(int rc, const char *spec, char *err, size_t errlen)
{
    if (rc == -2)
        snprintf(err, errlen, "<command line>: lockstep would compare nothing: the policy obeys "
                 "no control unit and --units %s adds none; name the units to compare "
                 "(--units all or a list) (--units)", spec ? spec : "none");
    else
        snprintf(err, errlen, "<command line>: --units '%.60s' is not " CTL_UNITS_SPECS
                 " (--units)", spec ? spec : "");
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

static void eng_destroy(void *impl) { ctl_ref_free(impl); }

static const ctl_ref *eng_reference(void *impl) { return impl; }

int ctl_engine_c(ctl_engine *e, unsigned units)
{
    ctl_ref *r = ctl_ref_new(units);
    if (!r) return -1;
    memset(e, 0, sizeof *e);
    e->name = "c";
    e->impl = r;
    e->reset = eng_reset;
    e->step = eng_step;
    e->destroy = eng_destroy;
    e->reference = eng_reference;
    return 0;
}
