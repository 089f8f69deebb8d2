// shim_unit.h -- what the unit shims (units/M/shim_M.cpp) share: one
// Verilated unit M in its own context with its waveform / coverage file
// (shim_fst.h), created, reset, clocked and freed the same way for every unit,
// and the seam's port packing (cosim/vmodel/vseam_gen.h, generated from
// seam/seam.yaml) for shims that drive a unit with the seam structs.  A shim
// keeps only its unit's test interface.  Header-only, one shim per test binary.
#ifndef SHIM_UNIT_H
#define SHIM_UNIT_H

#include "verilated.h"
#include "shim_fst.h"

// The handle every shim returns (as its own opaque C type, derived from this).
template <class M>
struct rb_unit {
    using model = M;
    VerilatedContext *ctx;
    M *m;
    rb_wave w;  // waveform / coverage file (shim_fst.h)
};

// A new unit named `name` (NULL: Verilator's default), clock low, out of reset.
template <class H>
H *rb_unit_new(const char *name = nullptr)
{
    H *h = new H;
    h->ctx = new VerilatedContext;
    rb_wave_ctx(h->ctx);
    using M = typename H::model;
    h->m = name ? new M{h->ctx, name} : new M{h->ctx};
    rb_wave_open(h->w, h->ctx, h->m);
    h->m->clk_i = 0;
    h->m->rst_ni = 1;
    h->m->eval();
    return h;
}

template <class H>
void rb_unit_free(H *h)
{
    rb_wave_finish(h->w);
    Verilated::threadContextp(h->ctx);   // its scopes erase themselves from this context
    h->m->final();
    delete h->m;
    delete h->ctx;
    delete h;
}

// The asynchronous active-low reset pulse, clock held low.
template <class H>
void rb_unit_reset(H *h)
{
    h->m->clk_i = 0;
    h->m->rst_ni = 1;
    h->m->eval();
    h->m->rst_ni = 0;
    h->m->eval();
    h->m->rst_ni = 1;
    h->m->eval();
}

// One rising edge on the inputs already set: they settle with the clock low
// (the assertions' $past() reads the values sampled before an eval), the clock
// rises, and falls again; the waveform gets the state after the edge.
template <class H>
void rb_unit_tick(H *h)
{
    h->m->clk_i = 0;
    h->m->eval();
    h->m->clk_i = 1;
    h->m->eval();
    h->m->clk_i = 0;
    h->m->eval();
    rb_wave_dump(h->w);
}

#endif
