/* rtl_power.c -- `ctasim --rtl-power FILE` (rtl_power.h). */
#include "ofile.h"
#include "rtl_power.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "ctl_ref.h"
#include "jw.h"
#include "version.h"
#include "vtop.h"

int rpw_units(unsigned mask, const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < CTL_NUNITS && n < max; i++)
        if (mask & ctl_units[i]->bit) names[n++] = ctl_units[i]->name;
    return n;
}

int rpw_script(char *path, size_t len, char *err, size_t errlen)
{
    char root[PATH_MAX];
    snprintf(path, len, "%s/synth/rtl_power.sh", vtop_root(root, sizeof root));
    if (access(path, X_OK) == 0) return 0;
    snprintf(err, errlen, "--rtl-power: %s not found (the %s) (--rtl-power)", path,
             vtop_installed() ? "installed data folder" : "source tree this program was built from");
    return -1;
}

/* One "key=value" token into the unit. */
static void set_field(rpw_unit *u, const char *key, const char *val)
{
    static const struct { const char *key; size_t off; } F[] = {
        { "cells", offsetof(rpw_unit, cells) }, { "ffs", offsetof(rpw_unit, ffs) },
        { "cycles", offsetof(rpw_unit, cycles) }, { "toggles", offsetof(rpw_unit, toggles) },
        { "area_um2", offsetof(rpw_unit, area_um2) }, { "sw_mW", offsetof(rpw_unit, sw_mw) },
        { "clk_mW", offsetof(rpw_unit, clk_mw) }, { "dyn_mW", offsetof(rpw_unit, dyn_mw) },
        { "leak_mW", offsetof(rpw_unit, leak_mw) }, { "a_core_um2", offsetof(rpw_unit, a_core_um2) },
        { "a_shared_um2", offsetof(rpw_unit, a_shared_um2) },
    };
    if (!strcmp(key, "unit")) { snprintf(u->name, sizeof u->name, "%s", val); return; }
    if (!strcmp(key, "sim")) { u->sim_pass = !strcmp(val, "PASS"); return; }
    for (size_t i = 0; i < sizeof F / sizeof F[0]; i++)
        if (!strcmp(key, F[i].key)) *(double *)((char *)u + F[i].off) = atof(val);
}

/* A line of the script: "unit=U k=v ...". */
static void parse_line(char *line, rpw_unit *u)
{
    memset(u, 0, sizeof *u);
    for (char *save = NULL, *t = strtok_r(line, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save)) {
        char *eq = strchr(t, '=');
        if (!eq) continue;
        *eq = 0;
        set_field(u, t, eq + 1);
    }
}

/* Read the child's lines into r. */
static void read_lines(FILE *in, rpw_result *r)
{
    char line[2048];
    while (fgets(line, sizeof line, in)) {
        if (strncmp(line, "unit=", 5) || r->n == RPW_MAX_UNITS) continue;
        rpw_unit *u = &r->unit[r->n];
        parse_line(line, u);
        r->n++;
        r->dyn_mw += u->dyn_mw;
        r->leak_mw += u->leak_mw;
        if (!u->sim_pass) r->all_pass = 0;
    }
}

int rpw_run(const char *fst, const char *workdir, unsigned mask, uint32_t cores, uint32_t parts,
            uint32_t mhz, rpw_result *r, char *err, size_t errlen)
{
    char script[PATH_MAX + 32], s_mhz[16], s_cores[16], s_parts[16];
    if (rpw_script(script, sizeof script, err, errlen) < 0) return -1;
    const char *argv[6 + RPW_MAX_UNITS + 1] = { script, fst, s_mhz, s_cores, s_parts, workdir };
    int nu = rpw_units(mask, argv + 6, RPW_MAX_UNITS);
    snprintf(s_mhz, sizeof s_mhz, "%u", mhz);
    snprintf(s_cores, sizeof s_cores, "%u", cores);
    snprintf(s_parts, sizeof s_parts, "%u", parts);
    memset(r, 0, sizeof *r);
    r->cores = cores, r->parts = parts, r->mhz = mhz, r->all_pass = 1;
    int fd[2];
    if (pipe(fd) < 0) {
        snprintf(err, errlen, "--rtl-power: pipe: %s (--rtl-power)", strerror(errno));
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        close(fd[0]), close(fd[1]);
        snprintf(err, errlen, "--rtl-power: fork: %s (--rtl-power)", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);          /* its own group: a signal to ctasim ends all of it */
        dup2(fd[1], 1);
        close(fd[0]), close(fd[1]);
        execv(script, (char *const *)argv);
        _exit(127);
    }
    setpgid(pid, pid);
    ofile_track_child(pid);
    close(fd[1]);
    FILE *in = fdopen(fd[0], "r");
    if (in) read_lines(in, r), fclose(in);
    else close(fd[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    ofile_track_child(0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || r->n != nu) {
        snprintf(err, errlen, "--rtl-power: %s failed (exit %d, %d of %d units measured; its "
                 "message is above) (--rtl-power)", script, WIFEXITED(st) ? WEXITSTATUS(st) : -1,
                 r->n, nu);
        return -1;
    }
    return 0;
}

void rpw_split(const rpw_result *r, const rpw_unit *u, double *per_core_share, double *shared_share)
{
    double a = u->a_shared_um2 + (double)r->cores * u->a_core_um2;
    *per_core_share = a > 0 ? u->a_core_um2 / a : 0;
    *shared_share = a > 0 ? u->a_shared_um2 / a : 1;
}

static void num(jw *w, const char *key, const char *fmt, double v)
{
    jw_key(w, key);
    jw_double(w, fmt, v);
}

/* dyn_mw / leak_mw pair of one share of a unit. */
static void part_obj(jw *w, const char *key, double share, const rpw_unit *u)
{
    jw_key(w, key);
    jw_object_begin(w);
    num(w, "dynamic_mw", "%.6g", u->dyn_mw * share);
    num(w, "leakage_mw", "%.6g", u->leak_mw * share);
    jw_object_end(w);
}

static void unit_obj(jw *w, const rpw_result *r, const rpw_unit *u)
{
    double pc, sh;
    rpw_split(r, u, &pc, &sh);
    jw_break(w, 4);
    jw_object_begin(w);
    jw_key(w, "unit");
    jw_string(w, u->name);
    num(w, "cells", "%.0f", u->cells);
    num(w, "flip_flops", "%.0f", u->ffs);
    num(w, "area_um2", "%.6g", u->area_um2);
    num(w, "cycles", "%.0f", u->cycles);
    num(w, "toggles", "%.0f", u->toggles);
    num(w, "switching_mw", "%.6g", u->sw_mw);
    num(w, "clock_mw", "%.6g", u->clk_mw);
    num(w, "dynamic_mw", "%.6g", u->dyn_mw);
    num(w, "leakage_mw", "%.6g", u->leak_mw);
    part_obj(w, "per_core", pc, u);
    part_obj(w, "shared", sh, u);
    num(w, "dynamic_mw_65nm", "%.6g", u->dyn_mw * 65.0 / 45.0);
    num(w, "leakage_mw_65nm", "%.6g", u->leak_mw * (65.0 / 45.0) * (65.0 / 45.0));
    jw_key(w, "gate_level_equals_rtl");
    jw_bool(w, u->sim_pass);
    jw_object_end(w);
}

int rpw_write_json(FILE *f, const rpw_result *r, const char *engine, const char *workload,
                   double time_s)
{
    jw w;
    jw_init(&w, f);
    jw_object_begin(&w);
    jw_key(&w, "schema_version");
    jw_u64(&w, (uint64_t)version_schema());
    jw_key(&w, "ctasim_version");
    jw_string(&w, version_release());
    jw_key(&w, "ctasim_commit");
    jw_string(&w, version_commit());
    jw_key(&w, "workload");
    jw_string(&w, workload);
    jw_key(&w, "engine");
    jw_string(&w, engine);
    num(&w, "cores", "%.0f", (double)r->cores);
    num(&w, "partitions", "%.0f", (double)r->parts);
    num(&w, "core_mhz", "%.0f", (double)r->mhz);
    num(&w, "vdd_v", "%.2f", 1.10);
    jw_key(&w, "node_nm");
    jw_u64(&w, 45);
    num(&w, "time_s", "%.9g", time_s);
    jw_key(&w, "units");
    jw_array_begin(&w);
    for (int i = 0; i < r->n; i++) unit_obj(&w, r, &r->unit[i]);
    jw_array_end(&w);
    jw_key(&w, "total");
    jw_object_begin(&w);
    num(&w, "dynamic_mw", "%.6g", r->dyn_mw);
    num(&w, "leakage_mw", "%.6g", r->leak_mw);
    jw_object_end(&w);
    jw_object_end(&w);
    return jw_finish(&w);
}
