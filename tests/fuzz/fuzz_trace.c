/* fuzz_trace.c -- libFuzzer target: the input bytes are one kernel trace
 * file (plain text, or xz if they start with the xz magic; built with
 * -DFUZZ_SUFFIX='".tracez"' the binary .tracez form), read through
 * trace_open_kernel and every CTA's cta_begin / fetch / cta_end.  Any crash
 * or sanitizer report is a bug; error returns are expected.
 * Build and run: scripts/fuzz_trace.sh SECONDS. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "trace.h"

#define FUZZ_MAX_CTAS 256   /* bound the work per input */
#ifndef FUZZ_SUFFIX
#define FUZZ_SUFFIX ".traceg"   /* the file name picks the form read */
#endif

/* the input's file lives in memory when the machine has /dev/shm: a file on a
 * disk file system costs a truncate and a write-back per input */
#ifndef FUZZ_TMP
#define FUZZ_TMP "/dev/shm"
#endif

static char fuzz_path[160];

static void fuzz_write(const uint8_t *data, size_t size)
{
    if (!fuzz_path[0]) {   /* $FUZZ_DIR (scripts/fuzz_trace.sh makes and removes it), else FUZZ_TMP */
        const char *d = getenv("FUZZ_DIR");
        if (d && *d && strlen(d) < 100)
            snprintf(fuzz_path, sizeof fuzz_path, "%s/k" FUZZ_SUFFIX, d);
        else
            snprintf(fuzz_path, sizeof fuzz_path, FUZZ_TMP "/fuzz_trace_%ld" FUZZ_SUFFIX, (long)getpid());
    }
    FILE *f = fopen(fuzz_path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
}

static void fuzz_run(kern *k)
{
    char err[256];
    for (uint32_t c = 0; c < k->n_cta && c < FUZZ_MAX_CTAS; c++) {
        if (k->ops->cta_begin(k, c, err, sizeof err))
            return;
        for (uint32_t w = 0; w < k->warps_per_cta; w++) {
            kcursor cur;
            inst in;
            memset(&cur, 0, sizeof cur);
            while (k->ops->fetch(k, c, w, &cur, &in, err, sizeof err) == 1)
                ;
        }
        if (c % 2)                           /* keep every other CTA resident a while */
            k->ops->cta_end(k, c - 1);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    kern *k;
    fuzz_write(data, size);
    if (trace_open_kernel(&k, fuzz_path, 1, err, sizeof err) == 0) {
        fuzz_run(k);
        k->ops->destroy(k);
    }
    return 0;
}
