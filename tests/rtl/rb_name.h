/* rb_name.h -- a waveform's name that is not in use, for the benches' --fst
 * FILE (tests/rtl/rtl_bench.c, test_rtl_ctl_top.c): FILE itself when nothing
 * is there, else FILE with -2, -3, ... before its .fst (the rule of the
 * lockstep's mismatch waveforms, cosim/rtl_engine.c), so a run never writes
 * over an earlier run's waveform.  Header-only. */
#ifndef RB_NAME_H
#define RB_NAME_H

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* The name into buf (n bytes); buf, or NULL when no name up to -9999 is free
 * or it does not fit. */
static inline const char *rb_free_name(const char *want, char *buf, size_t n)
{
    struct stat st;
    size_t len = strlen(want);
    if (len + 1 > n)
        return NULL;
    memcpy(buf, want, len + 1);
    if (lstat(buf, &st) != 0)
        return buf;
    size_t stem = len > 4 && !strcmp(want + len - 4, ".fst") ? len - 4 : len;
    for (int k = 2; k < 10000; k++) {
        if ((size_t)snprintf(buf, n, "%.*s-%d%s", (int)stem, want, k, want + stem) >= n)
            return NULL;
        if (lstat(buf, &st) != 0)
            return buf;
    }
    return NULL;
}

#endif
