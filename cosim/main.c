/* main.c -- the ctasim command line: load a configuration and a workload,
 * pick a control engine, run, report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cfg.h"
#include "csvrow.h"
#include "ctl_ref.h"
#include "engines.h"
#include "gpu.h"
#include "power.h"
#include "stats.h"
#include "trace.h"
#include "trace_write.h"
#include "wl.h"

#define MAX_SETS 256

static void usage(FILE *out)
{
    fputs("usage: ctasim [options]\n"
          "  --config FILE       configuration preset (default configs/small.cfg)\n"
          "  --set KEY=VALUE     override one configuration key (repeatable)\n"
          "  --workload FILE     synthetic workload (.kern kernel or .wl list)\n"
          "  --trace PATH        Accel-Sim trace: kernelslist.g or the folder holding it\n"
          "  --engine E          control engine: c (reference models), rtl (Verilog drives),\n"
          "                      lockstep (Verilog drives, reference compared every cycle)\n"
          "  --fst FILE          write control-unit waveforms (rtl/lockstep engines)\n"
          "  --fst-window A:B    only core cycles A..B in the waveform\n"
          "  --mismatch-lag K    lockstep: cycles of waveform kept before a mismatch\n"
          "                      (default 1000; 0 = none, lockstep then costs as rtl)\n"
          "  --json FILE         write statistics as JSON\n"
          "  --timeline FILE     write controller timelines as CSV\n"
          "  --power-baseline F  JSON of a baseline run's power, for relative power\n"
          "  --csv-row           print one CSV row of headline numbers (for sweeps)\n"
          "  --csv-header        print the header of that row and exit\n"
          "  --write-trace DIR   write the workload as an Accel-Sim trace into DIR and exit\n"
          "  --dump-config       print the effective configuration and exit\n"
          "  --quiet             no summary on stdout\n"
          "  --help              this text\n", out);
}

static int die(const char *msg)
{
    fprintf(stderr, "ctasim: %s\n", msg);
    return 2;
}

static void progress(void *arg, uint64_t cycle, uint32_t kernel)
{
    (void)arg;
    fprintf(stderr, "\r  kernel %u, cycle %llu ...", kernel, (unsigned long long)cycle);
    fflush(stderr);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int is_trace_path(const char *p)
{
    struct stat st;
    size_t n = strlen(p);
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    return n >= 13 && strcmp(p + n - 13, "kernelslist.g") == 0;
}

int main(int argc, char **argv)
{
    const char *config = "configs/small.cfg", *workload_path = NULL, *trace_path = NULL;
    const char *engine = "c", *json = NULL, *timeline = NULL, *fst = NULL, *fst_window = NULL;
    const char *baseline = NULL, *write_trace = NULL, *mismatch_lag = NULL;
    const char *sets[MAX_SETS];
    int n_sets = 0, dump = 0, quiet = 0, csv_row = 0;
    char err[512];

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        else if (!strcmp(a, "--dump-config")) { dump = 1; continue; }
        else if (!strcmp(a, "--quiet")) { quiet = 1; continue; }
        else if (!strcmp(a, "--csv-row")) { csv_row = 1; continue; }
        else if (!strcmp(a, "--csv-header")) { csvrow_header(stdout); return 0; }
        else if (!strcmp(a, "--config")) slot = &config;
        else if (!strcmp(a, "--workload")) slot = &workload_path;
        else if (!strcmp(a, "--trace")) slot = &trace_path;
        else if (!strcmp(a, "--engine")) slot = &engine;
        else if (!strcmp(a, "--json")) slot = &json;
        else if (!strcmp(a, "--timeline")) slot = &timeline;
        else if (!strcmp(a, "--fst")) slot = &fst;
        else if (!strcmp(a, "--fst-window")) slot = &fst_window;
        else if (!strcmp(a, "--power-baseline")) slot = &baseline;
        else if (!strcmp(a, "--write-trace")) slot = &write_trace;
        else if (!strcmp(a, "--mismatch-lag")) slot = &mismatch_lag;
        else if (!strcmp(a, "--set")) {
            if (i + 1 >= argc) { snprintf(err, sizeof err, "command line: --set needs KEY=VALUE"); return die(err); }
            if (n_sets == MAX_SETS) return die("command line: too many --set options");
            sets[n_sets++] = argv[++i];
            continue;
        } else {
            snprintf(err, sizeof err, "command line: unknown option '%s' (see --help)", a);
            return die(err);
        }
        if (i + 1 >= argc) {
            snprintf(err, sizeof err, "command line: %s needs a value", a);
            return die(err);
        }
        *slot = argv[++i];
    }

    gpu_cfg cfg;
    cfg_defaults(&cfg);
    if (cfg_load(&cfg, config, err, sizeof err) < 0) return die(err);
    for (int i = 0; i < n_sets; i++) {
        char key[128], where[64];
        const char *eq = strchr(sets[i], '=');
        snprintf(where, sizeof where, CFG_WHERE_CMDLINE);
        if (!eq || eq == sets[i] || (size_t)(eq - sets[i]) >= sizeof key) {
            snprintf(err, sizeof err, "%s: '%s' is not KEY=VALUE", where, sets[i]);
            return die(err);
        }
        memcpy(key, sets[i], (size_t)(eq - sets[i]));
        key[eq - sets[i]] = 0;
        if (cfg_set(&cfg, key, eq + 1, where, err, sizeof err) < 0) return die(err);
    }
    if (cfg_check(&cfg, err, sizeof err) < 0) return die(err);
    if (dump) { cfg_dump(&cfg, stdout); return 0; }

    if (!workload_path && !trace_path) workload_path = "workloads/stream_copy.kern";
    if (workload_path && trace_path) return die("command line: give --workload or --trace, not both");
    workload wl;
    memset(&wl, 0, sizeof wl);
    int traced = trace_path || is_trace_path(workload_path);
    const char *wpath = trace_path ? trace_path : workload_path;
    if (traced ? trace_load_workload(&wl, wpath, err, sizeof err) < 0
               : wl_load(&wl, wpath, cfg.run.seed, err, sizeof err) < 0)
        return die(err);

    if (write_trace) {
        struct stat st;
        int rc = 0;
        if (stat(write_trace, &st) != 0 && mkdir(write_trace, 0777) != 0) {
            snprintf(err, sizeof err, "command line: --write-trace: cannot create '%s'", write_trace);
            rc = -1;
        } else if (trace_write_workload(&wl, write_trace, TRACE_ADDR_COMPRESS, err, sizeof err) < 0) {
            rc = -1;
        }
        if (traced) trace_workload_free(&wl); else wl_free(&wl);
        if (rc < 0) return die(err);
        printf("wrote %s/kernelslist.g; run it with: ctasim --trace %s\n", write_trace, write_trace);
        return 0;
    }

    ctl_engine eng;
    engine_opts eo = { .fst = fst, .fst_window = fst_window, .mismatch_lag = mismatch_lag };
    if (engine_open(&eng, engine, &cfg, &eo, err, sizeof err) < 0) {
        if (traced) trace_workload_free(&wl); else wl_free(&wl);
        return die(err);
    }
    gpu *g = gpu_create(&cfg, &eng, err, sizeof err);
    if (!g) return die(err);
    if (isatty(2) && !getenv("CI")) gpu_set_progress(g, progress, NULL);

    report rep;
    report_init(&rep);
    double t0 = now_s();
    int rc = gpu_run(g, &wl, &rep, err, sizeof err);
    rep.host_seconds = now_s() - t0;
    if (isatty(2) && !getenv("CI")) fprintf(stderr, "\r%40s\r", "");
    int status = 0;
    if (rc < 0) {
        fprintf(stderr, "ctasim: %s\n", err);
        status = 1;
    } else if (!strcmp(engine, "lockstep") && rep.compared == 0) {
        fprintf(stderr, "ctasim: lockstep compared no cycles\n");
        status = 1;
    }
    power_report pw;
    power_compute(&cfg.power, &cfg.ctl, &rep, &pw);
    if (status == 0) {
        if (baseline && power_load_baseline(&pw, baseline, err, sizeof err) < 0) {
            fprintf(stderr, "ctasim: %s\n", err);
            status = 2;
        }
    }
    if (status == 0) {
        if (!quiet && !csv_row) {
            report_print(&rep, stdout);
            power_print(&pw, stdout);
        }
        /* opcodes missing from the SASS table are reported, never dropped */
        if (traced) trace_report(&wl, quiet || csv_row ? stderr : stdout);
        if (csv_row) {
            csvrow_run row = { cfg.policy.cta_limit == LIMIT_STATIC ? cfg.policy.static_n : 0,
                                wpath, engine, &rep, &pw };
            csvrow_write(stdout, &row);
        }
        if (json && report_write_json(&rep, &pw, json, err, sizeof err) < 0) {
            fprintf(stderr, "ctasim: %s\n", err);
            status = 1;
        }
        if (timeline && report_write_timeline(&rep, timeline, err, sizeof err) < 0) {
            fprintf(stderr, "ctasim: %s\n", err);
            status = 1;
        }
    }
    report_free(&rep);
    gpu_destroy(g);
    if (eng.destroy) eng.destroy(eng.impl);
    if (traced) trace_workload_free(&wl); else wl_free(&wl);
    return status;
}
