/* fuzz_gsim.c -- libFuzzer target: the GPGPU-Sim option reader.  The input
 * bytes are a gpgpusim.config; after a line "#%%" the rest is its
 * trace.config.  gsim_load reads them, gsim_apply maps them onto the keys
 * (GSIM_STRICT), gsim_write writes the preset; a configuration that applies
 * and passes cfg_check must give a preset that loads back and checks (the
 * --write-preset promise).  Any crash, sanitizer report or a preset that does
 * not load back is a bug; error returns are expected.
 * Build and run: scripts/fuzz_trace.sh SECONDS (make fuzz, make test-fuzz). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cfg.h"
#include "gsim.h"
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[1024], gp[128], tp[128], pp[128];
    if (!fuzz_dir[0]) {       /* $FUZZ_DIR (scripts/fuzz_trace.sh removes it), else one of ours */
        const char *d = getenv("FUZZ_DIR");
        if (d && *d) snprintf(fuzz_dir, sizeof fuzz_dir, "%s", d);
        else snprintf(fuzz_dir, sizeof fuzz_dir, FUZZ_TMP "/fuzz_gsim_%ld", (long)getpid());
        mkdir(fuzz_dir, 0700);
    }
    snprintf(gp, sizeof gp, "%s/gpgpusim.config", fuzz_dir);
    snprintf(tp, sizeof tp, "%s/trace.config", fuzz_dir);
    snprintf(pp, sizeof pp, "%s/preset.cfg", fuzz_dir);
    const uint8_t *cut = NULL;
    for (size_t i = 0; i + 4 <= size; i++)
        if (!memcmp(data + i, "#%%\n", 4) && (i == 0 || data[i - 1] == '\n')) { cut = data + i; break; }
    put(gp, data, cut ? (size_t)(cut - data) : size);
    unlink(tp);
    if (cut) put(tp, cut + 4, size - (size_t)(cut - data) - 4);
    gsim *g = calloc(1, sizeof *g);
    static gpu_cfg c, d;
    if (!g) abort();
    cfg_defaults(&c);
    if (gsim_load(g, gp, cut ? tp : NULL, err, sizeof err) == 0 &&
        gsim_apply(g, &c, GSIM_STRICT, err, sizeof err) == 0 && cfg_check(&c, err, sizeof err) == 0) {
        FILE *f = fopen(pp, "w");
        if (!f) abort();
        int rc = gsim_write(g, &c, f, 0);
        if (fclose(f) != 0 || rc != 0) abort();
        cfg_defaults(&d);
        if (cfg_load(&d, pp, err, sizeof err) != 0 || cfg_check(&d, err, sizeof err) != 0) {
            fprintf(stderr, "the written preset does not load back: %s\n", err);
            abort();
        }
    }
    free(g);
    infile_forget();
    return 0;
}
