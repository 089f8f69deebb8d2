/* rtl_bench.h -- what the RTL unit benches (units/M/test_rtl_M.c) share:
 * the command line (`--vec FILE`), the vector file, the xorshift64 stimulus
 * generator and the branch-coverage report of the C reference model.  Linked
 * into every RTL unit test by the Makefile rule for build/rtltest/M/test. */
#ifndef RTL_BENCH_H
#define RTL_BENCH_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>

/* The size each unit is Verilated at for its bench (Makefile RTL_BENCH_CORES,
 * RTL_BENCH_PARTS; the full top has MaxCores = CTL_MAX_CORES): the benches
 * drive and compare cores 0 .. RB_CORES-1 as 64-bit masks, and their
 * Icarus vectors are that wide.  The C models have CTL_MAX_CORES cores; the
 * ones above RB_CORES are never in use in a bench. */
#ifndef RB_CORES
#define RB_CORES 64
#endif
#ifndef RB_PARTS
#define RB_PARTS 16
#endif
_Static_assert(RB_CORES <= 64, "the benches hold a core set in a uint64_t");

/* The --vec FILE stream (directed cycles for units/M/tb_M.sv), or NULL. */
extern FILE *rb_vec;

/* Write to f one per-core field of RB_CORES cores as the packed vector an
 * Icarus bench reads with %h (core RB_CORES-1 first, `w` bits each, w <= 8):
 * the field is the byte at offset `off` of each of the RB_CORES structs of
 * `stride` bytes from `base` (e.g. ctl_core_out's, offsetof the field). */
void rb_vec_hex(FILE *f, const void *base, size_t stride, size_t off, int w);

/* One bench: its cmocka tests and group fixtures, and the first / last line
 * of its vector file (NULL: none). */
typedef struct rb_suite {
    const char *name;
    const struct CMUnitTest *tests;
    size_t n_tests;
    CMFixtureFunction setup, teardown;
    const char *vec_head, *vec_tail;
} rb_suite;

/* The regression's controls (docs/verification.md), set by rb_main from
 * the command line; zero when not given (the historic fixed stimulus). */
typedef struct rb_opts {
    uint64_t seed;  /* --seed S: the constrained-random runs derive from S */
    uint32_t iters; /* --iters K: number of random runs, 0 = the bench's own */
    uint32_t vec_random; /* --vec-random K: K random runs also written to --vec
                          * (benches that support it; scripts/mutate.py) */
} rb_opts;
extern rb_opts rb_opt;

/* Parse `[--vec FILE] [--seed S] [--iters K] [--vec-random K] [--fst FILE]` (exit status 2
 * on anything else or an unwritable FILE), print the seed, open rb_vec, run
 * the suite, close rb_vec; returns cmocka's result.  --fst FILE sets the
 * environment's RB_FST, read by the shims (tests/rtl/shim_fst.h): FILE, or,
 * when FILE exists, the first free FILE-2, FILE-3, ... (rb_name.h; the name
 * used is printed), so an earlier run's waveform is never overwritten. */
int rb_main(int argc, char **argv, const rb_suite *suite);

/* The seed of random run i (1-based): i itself without --seed (the
 * benches' historic seeds), else a splitmix64 mix of (S, i), never 0. */
uint64_t rb_subseed(uint64_t i);

/* The number of random runs: --iters K if given, else dflt. */
uint32_t rb_iters(uint32_t dflt);

/* One xorshift64 step of *state; returns the new state. */
uint64_t rb_xorshift(uint64_t *state);

/* total[i] += hits[i] for the n branches of a C model. */
void rb_hits_add(uint64_t *total, const uint64_t *hits, int n);

/* Print the cycles compared and every branch's hit count; returns how many
 * branches were never reached (each also printed as an error).  Under
 * --seed it returns 0: a short seeded run need not reach every branch, the
 * regression merges the counts of all its runs (scripts/regress.py). */
int rb_coverage(const char *unit, const uint64_t *total, int n, const char *(*name)(int),
                uint64_t cycles);

/* Functional coverage of a state machine's arcs, observed on the C
 * reference model (the RTL agrees with it every cycle): `arcs` lists the
 * legal arcs as "FROM>TO" state indices, space-separated (e.g. "0>1 1>0"). */
#define RB_FSM_MAX 8
typedef struct rb_fsm {
    const char *name;
    const char *const *states; /* RB_FSM_MAX names at most */
    int n_states;
    const char *arcs;
    uint64_t hits[RB_FSM_MAX][RB_FSM_MAX];
} rb_fsm;

/* Count the arc from -> to (nothing when from == to). */
static inline void rb_fsm_arc(rb_fsm *f, unsigned from, unsigned to)
{
    if (from != to && from < RB_FSM_MAX && to < RB_FSM_MAX)
        f->hits[from][to]++;
}

/* Print "  arc NAME:FROM>TO COUNT" for every legal arc; an arc taken that is
 * not in the list is printed as an error.  Returns the number of illegal
 * arcs taken; *unreached (if not NULL) gets the legal arcs never taken. */
int rb_fsm_report(const char *unit, const rb_fsm *f, int *unreached);

/* After a fault injected into the RTL just before clock edge `edge` (the
 * fault-injection tests, rtl/rb_assert.h, expect on): one ASSERT of `unit`
 * fired at that edge, on `core` (-1: a unit-wide check, "core -" in the
 * report), named one of the NULL-terminated `names` (a fault breaks several
 * checks of its edge and the first reported is kept), with its report line. */
void rb_assert_fired(const char *unit, int core, uint64_t edge, const char *const *names);

#endif
