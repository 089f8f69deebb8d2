/* cfg_expect.h -- what the configuration tests share (tests/unit/test_cfg.c,
 * each unit's own key checks in units/NAME/test_NAME.c, tests/model/): a
 * refusal's exact message, a dump/load round trip, a key's row.  Include after
 * <cmocka.h> (with its <setjmp.h> <stdarg.h> <stddef.h> <stdint.h>); paths are
 * relative to the repository root (make runs the tests there). */
#ifndef CFG_EXPECT_H
#define CFG_EXPECT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"

/* `key = value` from the command line is refused with exactly `expect`. */
static inline void cfgx_set_refused(gpu_cfg *c, const char *key, const char *value,
                                    const char *expect)
{
    char err[512] = "";
    assert_int_equal(cfg_set(c, key, value, CFG_WHERE_CMDLINE, err, sizeof err), -1);
    assert_string_equal(err, expect);
}

/* `file` loads, and cfg_check refuses it with exactly `expect`. */
static inline void cfgx_check_refused(const char *file, const char *expect)
{
    gpu_cfg c;
    char err[512] = "";
    cfg_defaults(&c);
    assert_int_equal(cfg_load(&c, file, err, sizeof err), 0);
    assert_int_equal(cfg_check(&c, err, sizeof err), -1);
    assert_string_equal(err, expect);
}

/* cfg_dump then cfg_load gives back every value of `orig` (not where it was set). */
static inline void cfgx_round_trip(const gpu_cfg *orig)
{
    char path[] = "/tmp/test_cfg_dump_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    cfg_dump(orig, f);
    fclose(f);
    gpu_cfg *back = calloc(1, sizeof *back);  /* every field must come from the dump */
    assert_non_null(back);
    char err[512] = "";
    int rc = cfg_load(back, path, err, sizeof err);
    unlink(path);
    assert_int_equal(rc, 0);
    assert_int_equal(cfg_check(back, err, sizeof err), 0);
    assert_memory_equal(back, orig, offsetof(gpu_cfg, origin));
    free(back);
}

/* The key exists, with a help text, a source and a unit; returns its row. */
static inline const key_def *cfgx_key(const char *name)
{
    const key_def *k = cfg_find_key(name);
    assert_non_null(k);
    assert_non_null(k->help);
    assert_non_null(k->source);
    assert_non_null(k->unit);
    return k;
}

#endif
