/* fuzz_preset.c -- libFuzzer target: the input bytes are one preset file
 * (configs/NAME.cfg syntax), read by cfg_load and checked by cfg_check.  A
 * preset that loads and checks must round-trip: its cfg_dump, loaded again,
 * dumps the same text (a dump that does not load back is a bug, as a crash
 * or a sanitizer report is).  Error returns are expected.
 * Build and run: scripts/fuzz_trace.sh SECONDS (make fuzz, make test-fuzz). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cfg.h"
#include "infile.h"

/* the input's files live in memory when the machine has /dev/shm */
#ifndef FUZZ_TMP
#define FUZZ_TMP "/dev/shm"
#endif

static char fuzz_dir[64];

static void put(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size)) abort();
    fclose(f);
}

/* cfg_dump of c into a malloc'd string. */
static char *dump(const gpu_cfg *c, size_t *len)
{
    char *s = NULL;
    FILE *m = open_memstream(&s, len);
    if (!m) abort();
    cfg_dump(c, m);
    fclose(m);
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024], p[128], q[128];
    if (!fuzz_dir[0]) {       /* $FUZZ_DIR (scripts/fuzz_trace.sh removes it), else one of ours */
        const char *d = getenv("FUZZ_DIR");
        if (d && *d) snprintf(fuzz_dir, sizeof fuzz_dir, "%s", d);
        else snprintf(fuzz_dir, sizeof fuzz_dir, FUZZ_TMP "/fuzz_preset_%ld", (long)getpid());
        mkdir(fuzz_dir, 0700);
    }
    snprintf(p, sizeof p, "%s/p.cfg", fuzz_dir);
    snprintf(q, sizeof q, "%s/q.cfg", fuzz_dir);
    put(p, data, size);
    static gpu_cfg c, d;
    cfg_defaults(&c);
    if (cfg_load(&c, p, err, sizeof err) == 0 && cfg_check(&c, err, sizeof err) == 0) {
        size_t n1, n2;
        char *a = dump(&c, &n1);
        put(q, (const uint8_t *)a, n1);
        cfg_defaults(&d);
        if (cfg_load(&d, q, err, sizeof err) != 0 || cfg_check(&d, err, sizeof err) != 0) {
            fprintf(stderr, "a checked preset's dump does not load back: %s\n", err);
            abort();
        }
        char *b = dump(&d, &n2);
        if (n1 != n2 || memcmp(a, b, n1)) {
            fprintf(stderr, "a preset's dump changes when loaded back\n");
            abort();
        }
        free(a);
        free(b);
    }
    infile_forget();
    return 0;
}
