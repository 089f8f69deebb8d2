/* rb_assert.h -- the unit benches' view of the RTL's assertions
 * (rtl/ctasim_assert.svh; tests/rtl/shim_fst.h implements it in each shim).
 * By default a failed check ends the bench: "assertion failed at cycle N:
 * unit U, core C, ASSERT Name: message (scope)" on stderr, exit 1.  A test
 * that injects a fault turns expect on and reads the failure instead. */
#ifndef RB_ASSERT_H
#define RB_ASSERT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rb_assert {
    char kind[8];      /* ASSERT, or ASSUME: an input broke a seam guarantee */
    char name[64];     /* the check's name, e.g. GrantXorRefuse */
    char unit[16];     /* a unit of the registry (ctl_unit.h) */
    int core;          /* the core of a per-core check; -1 unit-wide */
    uint64_t cycle;    /* clock edges since the model was built, 0 = the first */
    char text[700];    /* the whole report line */
} rb_assert;

/* 1: keep the first failure for rb_assert_take instead of ending the run
 * (clears a kept one); 0: back to ending the run. */
void rb_assert_expect(int on);
/* 1 and *a when a check failed while expecting (the kept one is cleared). */
int rb_assert_take(rb_assert *a);

#ifdef __cplusplus
}
#endif

#endif
