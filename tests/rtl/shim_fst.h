// shim_fst.h -- what the unit shims (units/M/shim_M.cpp) share for the
// regression (docs/verification.md): an optional FST waveform of the unit and,
// in the coverage build (VM_COVERAGE), its Verilator coverage file.
//  - RB_FST=FILE (set by the bench's --fst FILE): every signal of the unit,
//    dumped once per clock edge (time = 10 x edge); a bench that opens several
//    instances keeps the last one's (the one running when a test fails).
//  - RB_COV=PREFIX (coverage build only): each instance's line/toggle counts
//    are written to PREFIX-N.dat (N counts the instances of the process) when
//    it is freed or, if never freed (a failed test), at exit.  That build has
//    no tracing (VM_TRACE 0): the runner reruns failures with the normal one.
//  - assertions (rtl/ctasim_assert.svh, the units Verilated with --assert):
//    after each clock edge a failed check ends the run like a failed test --
//    "assertion failed at cycle N: unit U, core C, ASSERT Name: message" on
//    stderr, the waveform closed, exit 1 -- unless the test asked to see it
//    (rb_assert_expect, tests/rtl/rb_assert.h: the fault-injection tests).
// Header-only, included by one shim per test binary.
#ifndef SHIM_FST_H
#define SHIM_FST_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include "verilated.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#else
class VerilatedFstC; // the coverage build has no tracing (RB_FST ignored)
#endif
#if VM_COVERAGE
#include "verilated_cov.h"
#endif
#include "vmodel/vassert.h"
#include "rb_assert.h"

struct rb_wave {
    VerilatedContext *ctx = nullptr;
    VerilatedFstC *tf = nullptr;
    uint64_t t = 0;
    uint64_t edges = 0;   // clock edges since the model was built (the bench's cycle)
    bool live = false;
};

// rb_assert.h: a failed check is kept for the test (expect on) or ends the run.
static int rb_assert_expecting;
static int rb_assert_held;
static rb_assert rb_assert_last;

extern "C" void rb_assert_expect(int on)
{
    rb_assert_expecting = on;
    rb_assert_held = 0;
}

extern "C" int rb_assert_take(rb_assert *a)
{
    if (!rb_assert_held)
        return 0;
    *a = rb_assert_last;
    rb_assert_held = 0;
    return 1;
}

static void rb_assert_after_edge(uint64_t cycle)
{
    vassert_rec r;
    if (!vassert_take(&r))
        return;
    rb_assert a;
    memset(&a, 0, sizeof a);
    snprintf(a.kind, sizeof a.kind, "%s", r.kind);
    snprintf(a.name, sizeof a.name, "%s", r.name);
    snprintf(a.unit, sizeof a.unit, "%s", r.unit);
    a.core = r.core;
    a.cycle = cycle;
    char where[600];
    vassert_format(&r, where, sizeof where);
    snprintf(a.text, sizeof a.text, "assertion failed at cycle %llu: %s",
             (unsigned long long)cycle, where);
    if (rb_assert_expecting) {
        if (!rb_assert_held) {
            rb_assert_last = a;
            rb_assert_held = 1;
        }
        return;
    }
    fprintf(stderr, "%s\n", a.text);
    fflush(stderr);
    std::exit(1);   // rb_wave_atexit closes the waveform
}

// The instances still open, closed by rb_wave_atexit (a test that fails
// longjmps past the shim's free).
static rb_wave *rb_wave_live[16];

static void rb_wave_finish(rb_wave &w)
{
    if (!w.live)
        return;
    w.live = false;
#if VM_TRACE
    if (w.tf) {
        w.tf->close();
        delete w.tf;
        w.tf = nullptr;
    }
#endif
#if VM_COVERAGE
    const char *p = std::getenv("RB_COV");
    if (p && *p) {
        static int n;
        std::string f = std::string(p) + "-" + std::to_string(n++) + ".dat";
        w.ctx->coveragep()->write(f.c_str());
    }
#endif
    for (rb_wave *&s : rb_wave_live)
        if (s == &w)
            s = nullptr;
}

static void rb_wave_atexit(void)
{
    for (rb_wave *s : rb_wave_live)
        if (s)
            rb_wave_finish(*s);
}

// Before the model is built: tracing on if RB_FST is set.
inline void rb_wave_ctx(VerilatedContext *ctx)
{
#if VM_TRACE
    const char *p = std::getenv("RB_FST");
    if (p && *p)
        ctx->traceEverOn(true);
#else
    (void)ctx;
#endif
}

// After the model is built: open the waveform (if asked) and register.
template <class M>
void rb_wave_open(rb_wave &w, VerilatedContext *ctx, M *m)
{
    static bool registered;
    if (!registered) {
        std::atexit(rb_wave_atexit);
        registered = true;
    }
    w.ctx = ctx;
    w.live = true;
    for (rb_wave *&s : rb_wave_live)
        if (!s) {
            s = &w;
            break;
        }
#if VM_TRACE
    const char *p = std::getenv("RB_FST");
    if (p && *p) {
        w.tf = new VerilatedFstC;
        m->trace(w.tf, 99);
        w.tf->open(p);
    }
#else
    (void)m;
#endif
}

// After each clock edge: the waveform, then the assertions of that edge.
inline void rb_wave_dump(rb_wave &w)
{
#if VM_TRACE
    if (w.tf) {
        w.tf->dump(w.t);
        w.t += 10;
    }
#endif
    rb_assert_after_edge(w.edges++);
}

#endif
