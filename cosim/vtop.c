/* vtop.c -- loader of the Verilated control-unit top of the run's size (see
 * vtop.h): finds build/vl/top/<cores>x<parts>-<flavour>-<key>/libvtop.so,
 * builds it with scripts/vtop-build.sh when absent, dlopen()s it and forwards
 * every call to its table (vtop_api.h).  VTOP_ROOT (the source tree) and
 * VTOP_KEY (scripts/vtop-key.sh) are compiled in by the Makefile. */
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "vtop.h"
#include "vtop_api.h"

#ifndef VTOP_ROOT
#define VTOP_ROOT "."
#endif
#ifndef VTOP_KEY
#define VTOP_KEY "nokey"
#endif

extern char **environ;

struct vtop {
    const vtop_api *api;    /* NULL until the first reset */
    vtop_model *m;
    uint32_t n_cores, n_parts;
    unsigned units;         /* CTL_U_* stepped from the next reset; 0 = all */
    int want_trace;         /* vtop_fst_open asked for a waveform */
    int fst_pending;        /* ... to be opened at the next reset */
    int want_ref;           /* vtop_fst_ref(t, NULL): the waveform gets the `ref` scope */
    char fst_path[1024];
    uint64_t fst_first, fst_last;
};

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

/* The flavour of a model: `trace` when a waveform is asked for, else `fast`,
 * or `cov` (line and toggle coverage, scripts/vtop-build.sh) when
 * CTASIM_VTOP_COV is set -- the regression's coverage run of the top
 * (docs/verification.md). */
static const char *flavour(int trace)
{
    return trace ? "trace" : env_on("CTASIM_VTOP_COV") ? "cov" : "fast";
}

/* <folder of the executable>/../share/ctasim into buf (PATH_MAX) when it
 * holds the model build script: the program is installed.  1 or 0. */
static int installed_root(char *buf)
{
    char exe[PATH_MAX], cand[PATH_MAX + 32], probe[PATH_MAX + 64];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return 0;
    exe[n] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash) return 0;
    *slash = 0;
    snprintf(cand, sizeof cand, "%s/../share/ctasim", exe);
    snprintf(probe, sizeof probe, "%s/scripts/vtop-build.sh", cand);
    return access(probe, R_OK) == 0 && realpath(cand, buf) != NULL;
}

int vtop_installed(void)
{
    char buf[PATH_MAX];
    return installed_root(buf);
}

const char *vtop_root(char *buf, size_t len)
{
    char r[PATH_MAX];
    snprintf(buf, len, "%s", installed_root(r) ? r : VTOP_ROOT);
    return buf;
}

const char *vtop_key(void) { return VTOP_KEY; }

const char *vtop_data_path(const char *rel, char *buf, size_t len)
{
    char root[PATH_MAX];
    if (rel[0] == '/' || access(rel, F_OK) == 0) snprintf(buf, len, "%s", rel);
    else snprintf(buf, len, "%s/%s", vtop_root(root, sizeof root), rel);
    return buf;
}

/* The folder holding the model called name (see vtop_model_path). */
static void models_dir(const char *name, char *dir, size_t len)
{
    const char *env = getenv("CTASIM_MODELS");
    char root[PATH_MAX], probe[PATH_MAX + 256];
    if (env && *env) {
        snprintf(dir, len, "%s", env);
        return;
    }
    if (!installed_root(root)) {
        snprintf(dir, len, "%s/build/vl/top", VTOP_ROOT);
        return;
    }
    if (snprintf(dir, len, "%s/models", root) >= (int)len) return;   /* too long: never found */
    snprintf(probe, sizeof probe, "%s/models/%s/libvtop.so", root, name);
    if (access(probe, R_OK) == 0) return;
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) snprintf(dir, len, "%s/ctasim/models", xdg);
    else snprintf(dir, len, "%s/.cache/ctasim/models", home && *home ? home : "/tmp");
}

static void model_name(uint32_t cores, uint32_t parts, int trace, char *buf, size_t len)
{
    snprintf(buf, len, "%ux%u-%s-%s", cores, parts, flavour(trace), VTOP_KEY);
}

void vtop_model_path(uint32_t cores, uint32_t parts, int trace, char *buf, size_t len)
{
    char name[96], dir[PATH_MAX];
    model_name(cores, parts, trace, name, sizeof name);
    models_dir(name, dir, sizeof dir);
    snprintf(buf, len, "%s/%s/libvtop.so", dir, name);
}

/* Run scripts/vtop-build.sh (its output on our stderr: stdout may carry the
 * run's results).  0 when it succeeded. */
static int build_model(uint32_t cores, uint32_t parts, int trace, char *err, size_t errlen)
{
    char script[PATH_MAX + 32], root[PATH_MAX], nc[16], np[16], name[96], dir[PATH_MAX];
    snprintf(script, sizeof script, "%s/scripts/vtop-build.sh", vtop_root(root, sizeof root));
    snprintf(nc, sizeof nc, "%u", cores);
    snprintf(np, sizeof np, "%u", parts);
    model_name(cores, parts, trace, name, sizeof name);
    models_dir(name, dir, sizeof dir);
    char *argv[] = { "bash", script, nc, np, (char *)flavour(trace), VTOP_KEY, dir, NULL };
    fprintf(stderr, "ctasim: building the Verilated top for %u cores, %u partitions (%s; "
            "once per size, kept in %s/)\n", cores, parts, flavour(trace), dir);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, 2, 1);
    pid_t pid;
    int rc = posix_spawnp(&pid, "bash", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (rc == 0) {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    }
    if (rc != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, errlen, "rtl engine: building the %u-core x %u-partition Verilated top "
                 "failed (%s; its message is above) (core.count)", cores, parts, script);
        return -1;
    }
    return 0;
}

int vtop_check(uint32_t cores, uint32_t parts, int trace, char *err, size_t errlen)
{
    char path[PATH_MAX + 256];
    struct stat st;
    vtop_model_path(cores, parts, trace, path, sizeof path);
    if (stat(path, &st) == 0) return 1;
    if (env_on("CTASIM_VTOP_NOBUILD")) {
        snprintf(err, errlen, "rtl engine: the %u-core x %u-partition Verilated top (%s) is "
                 "not built and CTASIM_VTOP_NOBUILD is set (core.count)", cores, parts,
                 flavour(trace));
        return -1;
    }
    if (cores > VTOP_AUTO_MAX_CORES) {
        snprintf(err, errlen, "rtl engine: %u cores need a %u-core Verilated top, which is "
                 "not built (above %d cores it takes many minutes): run `make rtl-model "
                 "NC=%u NP=%u%s` (core.count)", cores, cores, VTOP_AUTO_MAX_CORES, cores,
                 parts, trace ? " FLAVOR=trace" : "");
        return -1;
    }
    return 0;
}

/* The table of the model of that size and flavour, built first if absent. */
static const vtop_api *load_model(uint32_t cores, uint32_t parts, int trace, char *err,
                                  size_t errlen)
{
    char path[PATH_MAX + 256];
    vtop_model_path(cores, parts, trace, path, sizeof path);
    int have = vtop_check(cores, parts, trace, err, errlen);
    if (have < 0) return NULL;
    if (!have && build_model(cores, parts, trace, err, errlen) < 0) return NULL;
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    vtop_api_fn fn = h ? (vtop_api_fn)(uintptr_t)dlsym(h, VTOP_API_SYMBOL) : NULL;
    const vtop_api *api = fn ? fn() : NULL;
    if (!api || api->version != VTOP_API_VERSION || api->cores != cores || api->parts != parts ||
        api->trace != trace) {
        snprintf(err, errlen, "rtl engine: %s: not a usable model (%s): remove its folder and "
                 "run again (core.count)", path, h ? "wrong table" : dlerror());
        return NULL;
    }
    if (env_on("CTASIM_VTOP_REPORT"))
        fprintf(stderr, "ctasim: Verilated top %u cores x %u partitions (%s, %s): %s\n",
                api->cores, api->parts, flavour(api->trace),
                api->per_unit ? "each unit its own model" : "the whole top", path);
    /* never dlclose()d: the Verilator runtime inside keeps per-thread state */
    return api;
}

vtop *vtop_create(void)
{
    return calloc(1, sizeof(vtop));
}

void vtop_destroy(vtop *t)
{
    if (!t) return;
    if (t->api) t->api->destroy(t->m);
    free(t);
}

uint32_t vtop_cores(const vtop *t) { return t->api ? t->api->cores : 0; }
uint32_t vtop_parts(const vtop *t) { return t->api ? t->api->parts : 0; }
int vtop_traced(const vtop *t) { return t->api ? t->api->trace : 0; }

int vtop_reset(vtop *t, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    uint32_t n = cfg->n_cores, p = cfg->n_parts ? cfg->n_parts : 1;
    if (n < 1 || n > CTL_MAX_CORES || p > CTL_MAX_PARTS) {
        snprintf(err, errlen, "rtl engine: %u cores / %u partitions exceed the RTL top's "
                 "%d / %d (core.count, l2.parts)", n, p, CTL_MAX_CORES, CTL_MAX_PARTS);
        return -1;
    }
    const vtop_api *a = t->api;
    if (!a || a->cores != n || a->parts != p || a->trace != t->want_trace) {
        const vtop_api *na = load_model(n, p, t->want_trace, err, errlen);
        if (!na) return -1;
        vtop_model *nm = na->create();
        if (!nm) {
            snprintf(err, errlen, "out of memory (Verilated RTL top, %u cores)", n);
            return -1;
        }
        if (t->api) {
            /* an open waveform belonged to the old model: start it again here */
            t->fst_pending = t->want_trace;
            t->api->destroy(t->m);
        }
        t->api = na;
        t->m = nm;
    }
    t->n_cores = n;
    t->n_parts = p;
    if (t->fst_pending) {
        t->fst_pending = 0;
        if (t->want_ref && t->api->fst_ref) t->api->fst_ref(t->m, NULL);
        if (t->api->fst_open(t->m, t->fst_path, t->fst_first, t->fst_last, err, errlen) < 0)
            return -1;
    }
    t->api->reset(t->m, cfg, out, n, p, t->units ? t->units : CTL_U_ALL);
    return 0;
}

void vtop_set_units(vtop *t, unsigned units) { t->units = units; }

int vtop_assert_take(vtop *t, vtop_assert *a)
{
    return t->api ? t->api->assert_take(t->m, a) : 0;
}

void vtop_step(vtop *t, uint64_t cycle, const ctl_in *in, ctl_out *out)
{
    if (t->api) t->api->step(t->m, cycle, in, out, t->n_cores, t->n_parts);
}

int vtop_fst_open(vtop *t, const char *path, uint64_t first, uint64_t last, char *err,
                  size_t errlen)
{
    if (strlen(path) >= sizeof t->fst_path) {
        snprintf(err, errlen, "%s: path too long (--fst)", path);
        return -1;
    }
    snprintf(t->fst_path, sizeof t->fst_path, "%s", path);
    t->fst_first = first;
    t->fst_last = last;
    t->want_trace = 1;
    if (!t->api) {
        t->fst_pending = 1;
        return 0;
    }
    if (t->want_ref && t->api->fst_ref) t->api->fst_ref(t->m, NULL);
    return t->api->fst_open(t->m, path, first, last, err, errlen);
}

void vtop_fst_ref(vtop *t, const ctl_out *expected)
{
    if (!expected)
        t->want_ref = 1;
    else if (t->api && t->api->fst_ref)
        t->api->fst_ref(t->m, expected);
}

void vtop_fst_close(vtop *t)
{
    t->fst_pending = 0;
    if (t->api) t->api->fst_close(t->m);
}

int vtop_fst_fault(const vtop *t)
{
    return t->api ? t->api->fst_fault(t->m) : 0;
}

int vtop_fst_valid(const vtop *t, const char *path)
{
    return t->api && t->api->trace ? t->api->fst_valid(path) : 0;
}
