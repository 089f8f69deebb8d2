/* model_util.h -- run the whole GPU model from a test: a preset, a workload,
 * `key=value` overrides, the C reference engine; returns the total kstats
 * (and optionally the timeline).  Header-only helpers for tests/model. */
#ifndef MODEL_UTIL_H
#define MODEL_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "cfg.h"
#include "ctl_engine.h"
#include "ctl_ref.h"
#include "gpu.h"
#include "power.h"
#include "stats.h"
#include "trace.h"
#include "wl.h"

typedef struct run_out {
    kstats       k;        /* totals over the workload */
    power_report pw;
    report       rep;      /* full report, kept when keep_report */
} run_out;

/* cfg_path with NULL-terminated overrides "key=value" applied (not yet checked). */
static inline void model_cfg(gpu_cfg *cfg, const char *cfg_path, const char *const *sets)
{
    char err[512];
    cfg_defaults(cfg);
    if (cfg_load(cfg, cfg_path, err, sizeof err) < 0) fail_msg("%s", err);
    for (int i = 0; sets && sets[i]; i++) {
        char key[128];
        const char *eq = strchr(sets[i], '=');
        assert_non_null(eq);
        snprintf(key, sizeof key, "%.*s", (int)(eq - sets[i]), sets[i]);
        if (cfg_set(cfg, key, eq + 1, "test", err, sizeof err) < 0) fail_msg("%s", err);
    }
}

/* The workload at path: an Accel-Sim trace (its kernelslist.g) or a workload
 * file drawn with cfg's run.seed.  Returns 1 for a trace (model_wl_free). */
static inline int model_wl_load(workload *wl, const char *path, const gpu_cfg *cfg)
{
    char err[512];
    memset(wl, 0, sizeof *wl);
    size_t n = strlen(path);
    int traced = n >= 13 && strcmp(path + n - 13, "kernelslist.g") == 0;
    if (traced ? trace_load_workload(wl, path, err, sizeof err) < 0
               : wl_load(wl, path, cfg->run.seed, err, sizeof err) < 0)
        fail_msg("%s", err);
    return traced;
}

static inline void model_wl_free(workload *wl, int traced)
{
    if (traced) trace_workload_free(wl); else wl_free(wl);
}

/* Run cfg_path + workload with NULL-terminated overrides "key=value". */
static inline void run_model(const char *cfg_path, const char *workload_path, const char *const *sets,
                      run_out *out, int keep_report)
{
    char err[512];
    gpu_cfg cfg;
    model_cfg(&cfg, cfg_path, sets);
    if (cfg_check(&cfg, err, sizeof err) < 0) fail_msg("%s", err);
    workload wl;
    int traced = model_wl_load(&wl, workload_path, &cfg);
    ctl_engine eng;
    assert_int_equal(ctl_engine_c(&eng, policy_units(&cfg.policy)), 0);
    gpu *g = gpu_create(&cfg, &eng, err, sizeof err);
    if (!g) fail_msg("%s", err);
    report_init(&out->rep);
    if (gpu_run(g, &wl, &out->rep, err, sizeof err) < 0) fail_msg("%s", err);
    out->k = out->rep.total;
    power_compute(&cfg.power, &cfg.ctl, &out->rep, &out->pw);
    gpu_destroy(g);
    eng.destroy(eng.impl);
    model_wl_free(&wl, traced);
    if (!keep_report) report_free(&out->rep);
}

static inline uint64_t sum_cores(const kstats *k, size_t field_off)
{
    uint64_t s = 0;
    for (uint32_t c = 0; c < k->n_cores; c++)
        s += *(const uint64_t *)((const char *)&k->core[c] + field_off);
    return s;
}
#define SUM_CORES(k, field) sum_cores((k), offsetof(core_stats, field))

#endif
