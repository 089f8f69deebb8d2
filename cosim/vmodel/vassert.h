// vassert.h -- the receiving end of the RTL's assertions (rtl/ctasim_assert.svh)
// in a Verilated model built with --assert: the DPI function
// ctasim_assert_fail() a failing ASSERT / ASSUME calls, and the record the
// harness reads after each clock edge (docs/verification.md, "Assertions").
// vassert_api_take() is the model shims' assert_take (cosim/vtop_api.h), shared
// by both.  Header-only: include it in exactly one C++ file of each binary or shared
// object that links Verilated units (the unit shims through shim_fst.h,
// cosim/vmodel/vtop_model.cpp, cosim/vmodel/vunits_model.cpp).
//
// The DPI call carries no user pointer, so the first failure since the last
// vassert_take() is kept per thread (a model is evaluated on the thread that
// steps it); later failures of the same edge are counted, not kept.
#ifndef VASSERT_H
#define VASSERT_H

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "vtop_api.h"

struct vassert_rec {
    int set;               // a failure is recorded
    unsigned more;         // further failures since the first
    char kind[8];          // ASSERT or ASSUME (a seam guarantee the inputs broke)
    char name[64];         // the check's name
    char unit[16];         // a unit of the registry (CTL_UNITS_X) or ctl_top
    int core;              // the core of a per-core check, -1 for a unit-wide one
    char scope[256];       // the Verilog scope (%m)
    char msg[160];         // the check's message
};

static thread_local vassert_rec vassert_first;

#define VASSERT_UNIT_NAME(u) #u,
static const char *const VASSERT_UNITS[] = { CTL_UNITS_X(VASSERT_UNIT_NAME) };
#undef VASSERT_UNIT_NAME

// Unit and core from a scope such as TOP.ctl_top.u_claso.g_core[3].u_consumer.Name
// or UNIT.g_core[0].u_core.Name: the unit is the first component naming one
// of the registry's units (u_X or X, the fast model's and the benches' tops), else ctl_top;
// the core is the first generate index after it (every unit's first loop is
// over cores).
static void vassert_locate(const char *scope, char *unit, size_t ulen, int *core)
{
    const char *after = scope;
    snprintf(unit, ulen, "ctl_top");
    for (const char *p = scope; *p;) {
        const char *e = strchr(p, '.');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *c = p;
        if (n > 2 && c[0] == 'u' && c[1] == '_') {
            c += 2;
            n -= 2;
        }
        bool found = false;
        for (const char *u : VASSERT_UNITS)
            if (strlen(u) == n && !strncmp(u, c, n)) {
                snprintf(unit, ulen, "%s", u);
                after = (e ? e : p + strlen(p));
                found = true;
            }
        if (found || !e)
            break;
        p = e + 1;
    }
    *core = -1;
    const char *b = strchr(after, '[');
    if (b && isdigit((unsigned char)b[1]))
        *core = atoi(b + 1);
}

extern "C" void ctasim_assert_fail(const char *kind, const char *name, const char *scope,
                                   const char *msg)
{
    vassert_rec &r = vassert_first;
    if (r.set) {
        r.more++;
        return;
    }
    r.set = 1;
    r.more = 0;
    snprintf(r.kind, sizeof r.kind, "%s", kind ? kind : "ASSERT");
    snprintf(r.name, sizeof r.name, "%s", name ? name : "?");
    snprintf(r.scope, sizeof r.scope, "%s", scope ? scope : "?");
    snprintf(r.msg, sizeof r.msg, "%s", msg ? msg : "");
    vassert_locate(r.scope, r.unit, sizeof r.unit, &r.core);
}

// 1 and *out when a check failed since the last call (the record is cleared).
static inline int vassert_take(vassert_rec *out)
{
    if (!vassert_first.set)
        return 0;
    *out = vassert_first;
    vassert_first.set = 0;
    return 1;
}

// The report line, without the cycle: "unit U, core C, ASSERT Name: message (scope)".
static inline void vassert_format(const vassert_rec *r, char *buf, size_t len)
{
    char core[16];
    if (r->core < 0)
        snprintf(core, sizeof core, "-");
    else
        snprintf(core, sizeof core, "%d", r->core);
    snprintf(buf, len, "unit %s, core %s, %s %s: %s (%s%s)", r->unit, core, r->kind, r->name,
             r->msg, r->scope, r->more ? "; more checks failed in the same cycle" : "");
}

// The model shims' assert_take (vtop_api.h): the first failed check since the
// last call, as the harness-neutral vtop_assert; 0 when none failed.
static inline int vassert_api_take(vtop_model *, vtop_assert *a)
{
    vassert_rec r;
    if (!vassert_take(&r)) return 0;
    memset(a, 0, sizeof *a);
    snprintf(a->kind, sizeof a->kind, "%s", r.kind);
    snprintf(a->name, sizeof a->name, "%s", r.name);
    snprintf(a->unit, sizeof a->unit, "%s", r.unit);
    a->core = r.core;
    vassert_format(&r, a->text, sizeof a->text);
    return 1;
}

#endif
