/* engines.c -- the engine switch.  The RTL engines exist when the program is
 * linked with the Verilated control-unit top (CTASIM_RTL). */
#include <stdio.h>
#include <string.h>
#include "ctl_ref.h"
#include "engines.h"
#ifdef CTASIM_RTL
#include "rtl_engine.h"
#endif

int engine_units(const char *spec, const gpu_cfg *cfg, const char *name, unsigned *units,
                 char *err, size_t errlen)
{
    int urc = ctl_units_resolve(spec, policy_units(&cfg->policy), !strcmp(name, "lockstep"), units);
    if (urc < 0) {
        ctl_units_error(urc, spec, err, errlen);
        return -1;
    }
    return 0;
}

int engine_open(ctl_engine *e, const char *name, const gpu_cfg *cfg, const engine_opts *o,
                char *err, size_t errlen)
{
    if (!strcmp(name, "c")) {
        if (o->fst) {
            snprintf(err, errlen, "<command line>: --fst needs the rtl or lockstep engine");
            return -1;
        }
        unsigned units = o->units_mask;
        if (!units && engine_units(NULL, cfg, name, &units, err, errlen) < 0) return -1;
        if (ctl_engine_c(e, units) < 0) { snprintf(err, errlen, "out of memory"); return -1; }
        return 0;
    }
#ifdef CTASIM_RTL
    if (!strcmp(name, "rtl") || !strcmp(name, "lockstep"))
        return rtl_engine_open(e, !strcmp(name, "lockstep"), cfg, o, err, errlen);
#else
    (void)cfg;
    if (!strcmp(name, "rtl") || !strcmp(name, "lockstep")) {
        snprintf(err, errlen, "<command line>: engine '%s' needs the Verilated control units; "
                 "this program was built without them", name);
        return -1;
    }
#endif
    snprintf(err, errlen, "<command line>: unknown engine '%s' (c, rtl, lockstep)", name);
    return -1;
}
