/* main.c -- the ctasim command line: load a configuration and a workload,
 * pick a control engine, run, report.
 *
 * Everything a user gives is checked before the first simulated cycle
 * (options against the engine, output paths, the baseline, every kernel's
 * fit on a core); results are written through temporaries renamed into
 * place; a run stopped early still writes what ran, marked incomplete.
 * Exit codes: 0 done, 1 the run failed or stopped early, 2 bad input
 * (refused before anything ran or was written), 3 an output could not be
 * written (docs/files.md); 128 + N after signal N (130, 143, 129). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cfg.h"
#include "csvrow.h"
#include "ctl_decisions.h"
#include "ctl_ref.h"
#include "engines.h"
#include "gpu.h"
#include "gsim.h"
#include "infile.h"
#include "ofile.h"
#include "power.h"
#include "rtl_power.h"
#include "stats.h"
#include "trace.h"
#include "trace_write.h"
#include "version.h"
#include "vtop.h"
#include "wl.h"

#define MAX_SETS 256
#define CL "<command line>"

typedef struct opts {
    const char *config, *workload, *trace, *engine;
    const char *json, *timeline, *fst, *fst_window, *baseline, *write_trace, *mismatch_lag, *units;
    const char *trace_info, *progress, *stats_format;
    const char *decisions, *rtl_power;
    const char *gsim_config, *trace_config, *write_preset;
    const char *sets[MAX_SETS];
    int n_sets, dump, quiet, csv_row, force;
} opts;

static void usage(FILE *out)
{
    fputs("usage: ctasim [options]\n"
          "  --config FILE       configuration preset (default configs/small.cfg)\n"
          "  --gpgpusim-config F a GPGPU-Sim / Accel-Sim gpgpusim.config, read after --config:\n"
          "                      each option with a ctasim counterpart sets its key, the\n"
          "                      others are listed on stderr in one line (docs/config.md)\n"
          "  --trace-config F    Accel-Sim's trace.config, read after it (default: the\n"
          "                      trace.config beside the gpgpusim.config, if there is one)\n"
          "  --write-preset F    write the configuration as a preset, each key followed by\n"
          "                      the option or line it comes from, and exit\n"
          "  --set KEY=VALUE     override one configuration key (repeatable)\n"
          "  --workload FILE     synthetic workload (.kern kernel or .wl list)\n"
          "  --trace PATH        Accel-Sim trace: kernelslist.g or the folder holding it\n"
          "  --engine E          control engine: c (reference models), rtl (Verilog drives),\n"
          "                      lockstep (Verilog drives, reference compared every cycle)\n"
          "  --fst FILE          write control-unit waveforms (rtl/lockstep engines)\n"
          "  --fst-window A:B    only core cycles A..B in the waveform (with --fst)\n"
          "  --rtl-power FILE    the control units' own power from their gate-level\n"
          "                      netlists replaying this run's inputs, as JSON (rtl/lockstep;\n"
          "                      needs yosys, iverilog, fst2vcd; adds the `control' row)\n"
          "  --units U           control units the engine steps (lockstep: compares)\n"
          "                      besides those the policy obeys, always stepped: policy\n"
          "                      (default: none more; lockstep of a policy obeying none:\n"
          "                      all), all, none, or a comma list of\n"
          "                      " CTL_UNIT_NAMES_LIST "\n"
          "  --mismatch-lag K    rtl, lockstep: cycles of waveform kept before a mismatch or a\n"
          "                      failed RTL assertion (default 1000; 0 = none: no input log)\n"
          "  --json FILE         write statistics as JSON\n"
          "  --timeline FILE     write controller timelines as CSV\n"
          "  --decisions FILE    write every decision of the obeyed units, with the inputs\n"
          "                      it was taken on, as CSV (c and lockstep engines)\n"
          "  --power-baseline F  JSON of a baseline run's power, for relative power\n"
          "  --csv-row           print one CSV row of headline numbers (for sweeps)\n"
          "  --csv-header        print the header of that row and exit\n"
          "  --write-trace DIR   write the workload as an Accel-Sim trace into DIR and exit\n"
          "                      (DIR must be absent or empty unless --force)\n"
          "  --force             let --write-trace write into a non-empty DIR\n"
          "  --trace-info PATH   print what an Accel-Sim trace (kernelslist.g or its folder)\n"
          "                      holds, per kernel and in total, and exit (no simulation)\n"
          "  --dump-config       print the effective configuration and exit\n"
          "  --stats-format F    ctasim (default) or gpgpusim: also print the statistics\n"
          "                      under GPGPU-Sim's names, per kernel and for the application\n"
          "  --quiet             no summary on stdout, no progress line\n"
          "  --progress=WHEN     one progress line on stderr, refreshed 4 times a second:\n"
          "                      never, auto (default: when stderr is a terminal and $CI\n"
          "                      is unset) or always\n"
          "  --help              this text\n"
          "  --version           release, commit, build id, output schema, data folder\n"
          "Exit: 0 done, 1 the run failed or stopped early (what ran is still written),\n"
          "2 bad input (nothing simulated, nothing written), 3 an output could not be\n"
          "written (the file was left as it was), 128+N stopped by signal N.\n", out);
}

#define EXIT_RUN   1
#define EXIT_INPUT 2
#define EXIT_WRITE 3

static int die(const char *msg)
{
    fprintf(stderr, "ctasim: %s\n", msg);
    return EXIT_INPUT;
}

/* A write failed: the message, and exit 3. */
static int die_write(const char *msg)
{
    fprintf(stderr, "ctasim: %s\n", msg);
    return EXIT_WRITE;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---------------------------------------------------------------- progress */

#define PROGRESS_PERIOD_S 0.25

typedef struct progress_line {
    FILE  *out;
    double t0, t_drawn;     /* run start, last draw (0: none yet) */
    int    width;           /* characters of the line on screen */
} progress_line;

/* "h:mm:ss" of s seconds, "-:--:--" when not known. */
static void fmt_hms(double s, char *buf, size_t len)
{
    if (s < 0 || s > 359999) { snprintf(buf, len, "-:--:--"); return; }
    unsigned t = (unsigned)(s + 0.5);
    snprintf(buf, len, "%u:%02u:%02u", t / 3600, t / 60 % 60, t % 60);
}

/* One line, redrawn in place (like pv): kernel i/n and name, simulated
 * cycles, cycles per second, CTAs done and the time left from their fraction. */
static void progress_draw(void *arg, const gpu_progress *p)
{
    progress_line *pl = arg;
    double t = now_s();
    if (pl->t_drawn > 0 && t - pl->t_drawn < PROGRESS_PERIOD_S) return;
    pl->t_drawn = t;
    double el = t - pl->t0, frac = p->ctas ? (double)p->ctas_done / (double)p->ctas : 0.0;
    char eta[16], line[200];
    fmt_hms(frac > 0 ? el * (1.0 - frac) / frac : -1.0, eta, sizeof eta);
    int n = snprintf(line, sizeof line, "ctasim: kernel %u/%u %.24s  cycle %llu  %.2f Mcycles/s  "
                     "CTAs %.1f%%  left %s", p->kernel + 1, p->n_kernels, p->name,
                     (unsigned long long)p->cycle, el > 0 ? (double)p->cycle / el / 1e6 : 0.0,
                     100.0 * frac, eta);
    if (n < 0) return;
    if (n >= (int)sizeof line) n = (int)sizeof line - 1;
    fprintf(pl->out, "\r%s%*s", line, pl->width > n ? pl->width - n : 0, "");
    if (pl->width < n) pl->width = n;
    fflush(pl->out);
}

/* Clear the line once the run is over. */
static void progress_clear(progress_line *pl)
{
    if (pl->t_drawn == 0) return;
    fprintf(pl->out, "\r%*s\r", pl->width, "");
    fflush(pl->out);
}

/* --progress: never, always, or auto = stderr is a terminal and not CI. */
static int progress_wanted(const opts *o)
{
    const char *w = o->progress ? o->progress : o->quiet ? "never" : "auto";
    if (!strcmp(w, "always")) return 1;
    if (!strcmp(w, "never")) return 0;
    return isatty(2) && !getenv("CI");
}

/* ---------------------------------------------------------------- options */

/* The long options: flags (no value) and options with a value, each value
 * stored in its opts field (VALUE_OPTS) or, for --set, appended. */
#define VALUE_OPTS(X)                                                                   \
    X("config", config) X("workload", workload) X("trace", trace) X("engine", engine)   \
    X("json", json) X("timeline", timeline) X("fst", fst) X("fst-window", fst_window)   \
    X("power-baseline", baseline) X("write-trace", write_trace)                        \
    X("mismatch-lag", mismatch_lag) X("units", units) X("trace-info", trace_info)      \
    X("stats-format", stats_format) X("decisions", decisions) X("rtl-power", rtl_power) \
    X("gpgpusim-config", gsim_config) X("trace-config", trace_config)                  \
    X("write-preset", write_preset) X("progress", progress)

enum { OPT_HELP = 'h', OPT_SET = 256, OPT_DUMP, OPT_QUIET, OPT_CSV_ROW, OPT_FORCE, OPT_CSV_HEADER,
       OPT_VERSION, OPT_VALUE0 };

#define X_ENUM(name, field) OPTV_##field,
enum { VALUE_OPTS(X_ENUM) N_VALUE_OPTS };
#define X_LONG(name, field) { name, required_argument, NULL, OPT_VALUE0 + OPTV_##field },
#define X_SLOT(name, field) offsetof(opts, field),
#define X_NAME(name, field) "--" name,

static const struct option LONG_OPTS[] = {
    { "help", no_argument, NULL, OPT_HELP }, { "set", required_argument, NULL, OPT_SET },
    { "dump-config", no_argument, NULL, OPT_DUMP }, { "quiet", no_argument, NULL, OPT_QUIET },
    { "csv-row", no_argument, NULL, OPT_CSV_ROW }, { "force", no_argument, NULL, OPT_FORCE },
    { "csv-header", no_argument, NULL, OPT_CSV_HEADER }, { "version", no_argument, NULL, OPT_VERSION },
    VALUE_OPTS(X_LONG)
    { NULL, 0, NULL, 0 }
};
static const size_t VALUE_SLOT[N_VALUE_OPTS] = { VALUE_OPTS(X_SLOT) };
static const char *const VALUE_NAME[N_VALUE_OPTS] = { VALUE_OPTS(X_NAME) };

/* "unknown option 'A' (see --help)", with the nearest option when A looks
 * like a typo of one. */
static void unknown_option(const char *a, char *err, size_t errlen)
{
    char q[96], name[64];
    const char *best = NULL;
    unsigned d = 10;
    snprintf(name, sizeof name, "%.*s", (int)strcspn(a, "="), a);
    const char *bare = name[0] == '-' && name[1] == '-' ? name + 2 : name;
    for (const struct option *lo = LONG_OPTS; lo->name; lo++) text_nearest(bare, lo->name, &best, &d);
    if (best)
        snprintf(err, errlen, CL ": unknown option '%s'; did you mean --%s? (see --help)",
                 text_quote(a, 40, q, sizeof q), best);
    else
        snprintf(err, errlen, CL ": unknown option '%s' (see --help)", text_quote(a, 40, q, sizeof q));
}

/* A value given as the next word must not look like an option (--json
 * --quiet would write a file named --quiet); NAME=VALUE takes any value. */
static int check_value(const char *opt, const char *v, int attached, char *err, size_t errlen)
{
    char q[96];
    if (!v[0]) {
        snprintf(err, errlen, CL ": %s needs a value, got an empty one (%s)", opt, opt);
        return -1;
    }
    if (!attached && v[0] == '-' && v[1] &&
        (v[1] == '-' || (v[1] >= 'a' && v[1] <= 'z') || (v[1] >= 'A' && v[1] <= 'Z'))) {
        snprintf(err, errlen, CL ": %s needs a value; '%s' looks like an option (write %s=%s "
                 "if it is the value) (%s)", opt, text_quote(v, 40, q, sizeof q), opt,
                 text_quote(v, 40, q, sizeof q), opt);
        return -1;
    }
    return 0;
}

/* 0 to go on, 1 when done (help, header), -1 + err. */
/* --version: the release first (help2man reads it), then what identifies
 * the build and where its data lives (docs/install.md). */
static void print_version(FILE *f)
{
    char root[PATH_MAX];
    fprintf(f, "ctasim %s\ncommit %s\nbuild %s\noutput schema %d\nrtl model key %s\n"
            "data %s (%s)\n", version_release(), version_commit(), version_build(),
            version_schema(), vtop_key(), vtop_root(root, sizeof root),
            vtop_installed() ? "installed" : "source tree");
}

static int parse_args(int argc, char **argv, opts *o, char *err, size_t errlen)
{
    opterr = 0;
    optind = 1;
    for (;;) {
        int prev = optind, idx = -1;
        int c = getopt_long(argc, argv, "+:h", LONG_OPTS, &idx);
        if (c == -1) break;
        const char *word = argv[prev < argc ? prev : argc - 1];
        int attached = strchr(word, '=') != NULL;
        if (c == '?') { unknown_option(argv[optind - 1], err, errlen); return -1; }
        if (c == ':') {
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)strcspn(argv[optind - 1], "="), argv[optind - 1]);
            snprintf(err, errlen, CL ": %s needs a value (%s)", name, name);
            return -1;
        }
        if (c == OPT_HELP) { usage(stdout); return 1; }
        if (c == OPT_VERSION) { print_version(stdout); return 1; }
        if (c == OPT_CSV_HEADER) { csvrow_header(stdout); return 1; }
        if (c == OPT_DUMP) { o->dump = 1; continue; }
        if (c == OPT_QUIET) { o->quiet = 1; continue; }
        if (c == OPT_CSV_ROW) { o->csv_row = 1; continue; }
        if (c == OPT_FORCE) { o->force = 1; continue; }
        const char *name = c == OPT_SET ? "--set" : VALUE_NAME[c - OPT_VALUE0];
        if (check_value(name, optarg, attached, err, errlen) < 0) return -1;
        if (c == OPT_SET) {
            if (o->n_sets == MAX_SETS) {
                snprintf(err, errlen, CL ": more than %d --set options (--set)", MAX_SETS);
                return -1;
            }
            o->sets[o->n_sets++] = optarg;
            continue;
        }
        const char **slot = (const char **)((char *)o + VALUE_SLOT[c - OPT_VALUE0]);
        if (*slot) {
            snprintf(err, errlen, CL ": %s given twice (%s)", name, name);
            return -1;
        }
        *slot = optarg;
    }
    if (optind < argc) {        /* ctasim takes no operands */
        unknown_option(argv[optind], err, errlen);
        return -1;
    }
    return 0;
}

/* A whole decimal number of at most 64 bits. */
static int parse_count(const char *s, uint64_t *v)
{
    if (*s < '0' || *s > '9') return -1;
    errno = 0;
    char *end;
    unsigned long long x = strtoull(s, &end, 10);
    if (errno || *end) return -1;
    *v = x;
    return 0;
}

static int check_engine_opts(const opts *o, char *err, size_t errlen)
{
    char q[96];
    const char *e = o->engine;
    if (strcmp(e, "c") && strcmp(e, "rtl") && strcmp(e, "lockstep")) {
        snprintf(err, errlen, CL ": unknown engine '%s', allowed c|rtl|lockstep (--engine)",
                 text_quote(e, 40, q, sizeof q));
        return -1;
    }
    const char *rtl_only = o->fst ? "--fst" : o->fst_window ? "--fst-window"
                         : o->rtl_power ? "--rtl-power" : NULL;
    if (rtl_only && !strcmp(e, "c")) {
        snprintf(err, errlen, CL ": %s applies to the rtl and lockstep engines, not c (%s)",
                 rtl_only, rtl_only);
        return -1;
    }
    if (o->decisions && !strcmp(e, "rtl")) {
        snprintf(err, errlen, CL ": --decisions needs the c or lockstep engine (the decisions "
                 "are read from the C reference models) (--decisions)");
        return -1;
    }
    size_t fl = o->fst ? strlen(o->fst) : 0;
    if (fl >= 4 && !strcasecmp(o->fst + fl - 4, ".vcd")) {
        char q2[96];
        snprintf(err, errlen, CL ": --fst writes FST, not VCD; '%s' would hold FST under a .vcd "
                 "name (name it .fst; fst2vcd converts it) (--fst)",
                 text_quote(o->fst, 60, q2, sizeof q2));
        return -1;
    }
    if (o->fst_window && !o->fst) {
        snprintf(err, errlen, CL ": --fst-window needs --fst (--fst-window)");
        return -1;
    }
    if (o->fst_window && o->rtl_power) {
        snprintf(err, errlen, CL ": --rtl-power replays the whole run; --fst-window does not "
                 "apply (--fst-window)");
        return -1;
    }
    if (o->mismatch_lag && strcmp(e, "lockstep") && strcmp(e, "rtl")) {
        snprintf(err, errlen, CL ": --mismatch-lag applies to the rtl and lockstep engines, not "
                 "%s (--mismatch-lag)", e);
        return -1;
    }
    unsigned u;
    if (o->units && ctl_units_resolve(o->units, 0, 0, &u) < 0) {
        snprintf(err, errlen, CL ": --units '%s' is not " CTL_UNITS_SPECS " (--units)",
                 text_quote(o->units, 40, q, sizeof q));
        return -1;
    }
    uint64_t v;
    if (o->mismatch_lag && parse_count(o->mismatch_lag, &v) < 0) {
        snprintf(err, errlen, CL ": --mismatch-lag '%s' is not a number of cycles (--mismatch-lag)",
                 text_quote(o->mismatch_lag, 40, q, sizeof q));
        return -1;
    }
    return 0;
}

/* The outputs of a run: none may be a device or a folder, no two the same. */
static int check_outputs(const opts *o, char *err, size_t errlen)
{
    const char *name[5] = { "--json", "--timeline", "--fst", "--decisions", "--rtl-power" };
    const char *path[5] = { o->json, o->timeline, o->fst, o->decisions, o->rtl_power };
    for (int i = 0; i < 5; i++) {
        if (!path[i]) continue;
        if (ofile_check_target(path[i], err, errlen) < 0) return -1;
        for (int j = 0; j < i; j++)
            if (path[j] && ofile_same(path[i], path[j])) {
                snprintf(err, errlen, CL ": %s and %s name the same file '%s' (%s, %s)", name[j],
                         name[i], path[i], name[j], name[i]);
                return -1;
            }
    }
    return 0;
}

/* Standard output redirected into an input (`>> my.cfg`) would append the
 * summary to it. */
static int check_stdout_not_input(char *err, size_t errlen)
{
    struct stat st;
    if (fstat(1, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    const infile_seen *in = infile_find((unsigned long long)st.st_dev, (unsigned long long)st.st_ino);
    if (!in) return 0;
    char q[300];
    snprintf(err, errlen, "standard output is %s, an input of this run; refusing to write "
             "into it", text_quote(in->path, 200, q, sizeof q));
    return -1;
}

/* No output may be a file this run reads (through links, by device and
 * inode): checked once every input is read, before anything is written. */
static int check_not_inputs(const opts *o, char *err, size_t errlen)
{
    const char *name[5] = { "--json", "--timeline", "--fst", "--decisions", "--rtl-power" };
    const char *path[5] = { o->json, o->timeline, o->fst, o->decisions, o->rtl_power };
    for (int i = 0; i < 5; i++)
        if (path[i] && ofile_is_input(path[i], name[i], err, errlen) < 0) return -1;
    return check_stdout_not_input(err, errlen);
}

/* A mode that simulates nothing (--write-trace, --trace-info) takes none of
 * the run's options. */
static int check_no_run(const opts *o, const char *mode, char *err, size_t errlen)
{
    const char *runs = o->json ? "--json" : o->timeline ? "--timeline" : o->fst ? "--fst"
                     : o->csv_row ? "--csv-row" : o->baseline ? "--power-baseline"
                     : o->dump ? "--dump-config" : o->stats_format ? "--stats-format"
                     : o->decisions ? "--decisions" : o->rtl_power ? "--rtl-power" : NULL;
    if (!runs) return 0;
    snprintf(err, errlen, CL ": %s simulates nothing; %s does not apply (%s)", mode, runs, runs);
    return -1;
}

/* --trace-config and --write-preset. */
static int check_gsim_opts(const opts *o, char *err, size_t errlen)
{
    if (o->trace_config && !o->gsim_config) {
        snprintf(err, errlen, CL ": --trace-config needs --gpgpusim-config (--trace-config)");
        return -1;
    }
    if (!o->write_preset) return 0;
    const char *other = o->workload ? "--workload" : o->trace ? "--trace"
                      : o->write_trace ? "--write-trace" : o->trace_info ? "--trace-info" : NULL;
    if (other) {
        snprintf(err, errlen, CL ": --write-preset writes a configuration; %s does not apply (%s)",
                 other, other);
        return -1;
    }
    if (check_no_run(o, "--write-preset", err, errlen) < 0) return -1;
    return ofile_check_target(o->write_preset, err, errlen);
}

static int check_opts(opts *o, char *err, size_t errlen)
{
    if (check_gsim_opts(o, err, errlen) < 0) return -1;
    if (o->trace_info) {
        const char *other = o->workload ? "--workload" : o->trace ? "--trace"
                          : o->write_trace ? "--write-trace" : NULL;
        if (other) {
            snprintf(err, errlen, CL ": --trace-info reads its own PATH; %s does not apply (%s)",
                     other, other);
            return -1;
        }
        if (check_no_run(o, "--trace-info", err, errlen) < 0) return -1;
    }
    if (o->workload && o->trace) {
        snprintf(err, errlen, CL ": give --workload or --trace, not both (--workload, --trace)");
        return -1;
    }
    if (o->force && !o->write_trace) {
        snprintf(err, errlen, CL ": --force applies to --write-trace only (--force)");
        return -1;
    }
    if (o->write_trace && check_no_run(o, "--write-trace", err, errlen) < 0) return -1;
    if (o->progress && strcmp(o->progress, "never") && strcmp(o->progress, "auto") &&
        strcmp(o->progress, "always")) {
        char q[96];
        snprintf(err, errlen, CL ": --progress='%s', allowed never|auto|always (--progress)",
                 text_quote(o->progress, 40, q, sizeof q));
        return -1;
    }
    if (o->stats_format && strcmp(o->stats_format, "ctasim") && strcmp(o->stats_format, "gpgpusim")) {
        char q[96];
        snprintf(err, errlen, CL ": --stats-format '%s', allowed ctasim|gpgpusim (--stats-format)",
                 text_quote(o->stats_format, 40, q, sizeof q));
        return -1;
    }
    if (o->stats_format && o->csv_row) {
        snprintf(err, errlen, CL ": --csv-row prints one CSV row only; --stats-format does not "
                 "apply (--stats-format)");
        return -1;
    }
    if (o->progress && o->quiet && !strcmp(o->progress, "always")) {
        snprintf(err, errlen, CL ": --quiet turns the progress line off; --progress=always "
                 "contradicts it (--progress)");
        return -1;
    }
    if (!o->engine) o->engine = "c";
    if (check_engine_opts(o, err, errlen) < 0) return -1;
    return check_outputs(o, err, errlen);
}

/* ---------------------------------------------------------------- config */

/* Clock ratios far from any GPU's (MHz typed for GHz, say) get a warning. */
static void warn_clocks(const gpu_cfg *c)
{
    static const char *key[4] = { "clock.core_mhz", "clock.icnt_mhz", "clock.l2_mhz", "clock.dram_mhz" };
    uint32_t mhz[4] = { c->clk.core_mhz, c->clk.icnt_mhz, c->clk.l2_mhz, c->clk.dram_mhz };
    for (int i = 1; i < 4; i++) {
        uint32_t hi = mhz[i] > mhz[0] ? mhz[i] : mhz[0], lo = mhz[i] > mhz[0] ? mhz[0] : mhz[i];
        if ((uint64_t)lo * 100 < hi)
            fprintf(stderr, "ctasim: warning: %s = %u and %s = %u differ by more than 100x "
                    "(MHz typed for GHz?); the run goes on\n", key[i], mhz[i], key[0], mhz[0]);
    }
}

/* --gpgpusim-config: the options onto the keys (a preset being written
 * keeps the values today's ranges refuse, marked). */
static int load_gsim(const opts *o, gpu_cfg *cfg, gsim **gp, char *err, size_t errlen)
{
    gsim *g = calloc(1, sizeof *g);
    if (!g) { snprintf(err, errlen, "%s:0: out of memory (--gpgpusim-config)", o->gsim_config); return -1; }
    *gp = g;
    if (gsim_load(g, o->gsim_config, o->trace_config, err, errlen) < 0) return -1;
    return gsim_apply(g, cfg, o->write_preset ? GSIM_DEFER : GSIM_STRICT, err, errlen);
}

static int load_config(const opts *o, gpu_cfg *cfg, gsim **gp, char *err, size_t errlen)
{
    char q[96], dflt[PATH_MAX + 32];
    cfg_defaults(cfg);
    /* the defaults are configs/small.cfg's values: with a GPGPU-Sim file and
     * no --config nothing else is read (the run works from any folder) */
    if ((o->config || !o->gsim_config) &&
        cfg_load(cfg, o->config ? o->config : vtop_data_path("configs/small.cfg", dflt, sizeof dflt),
                 err, errlen) < 0)
        return -1;
    if (o->gsim_config && load_gsim(o, cfg, gp, err, errlen) < 0) return -1;
    for (int i = 0; i < o->n_sets; i++) {
        char key[128];
        const char *eq = strchr(o->sets[i], '=');
        if (!eq || eq == o->sets[i] || (size_t)(eq - o->sets[i]) >= sizeof key) {
            snprintf(err, errlen, CL ": '%s' is not KEY=VALUE (--set)",
                     text_quote(o->sets[i], 60, q, sizeof q));
            return -1;
        }
        memcpy(key, o->sets[i], (size_t)(eq - o->sets[i]));
        key[eq - o->sets[i]] = 0;
        if (cfg_set(cfg, key, eq + 1, CFG_WHERE_CMDLINE, err, errlen) < 0) return -1;
    }
    gsim *g = *gp;
    if (!(g && g->n_refused) && cfg_check(cfg, err, errlen) < 0) {
        if (g) gsim_explain(g, err, errlen);
        return -1;
    }
    if (g && gsim_unmodelled(g)) {
        fputs("ctasim: ", stderr);
        gsim_print_unmodelled(g, stderr);
    }
    if (g && g->n_refused) return 0;   /* a preset written as read: checked when it loads */
    warn_clocks(cfg);
    return 0;
}

/* ---------------------------------------------------------------- workload */

static int is_trace_path(const char *p)
{
    struct stat st;
    size_t n = strlen(p);
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) return 1;
    return n >= 13 && strcmp(p + n - 13, "kernelslist.g") == 0;
}

static void free_workload(workload *w, int traced)
{
    if (traced) trace_workload_free(w);
    else wl_free(w);
}

/* Every kernel must fit on a core before the first one runs. */
static int check_fit(const gpu_cfg *cfg, const workload *w, char *err, size_t errlen)
{
    for (uint32_t i = 0; i < w->n_kernels; i++) {
        char why[160];
        const kern *k = w->kernels[i];
        if (sm_misfit(&cfg->sm, k, why, sizeof why)) {
            snprintf(err, errlen, "%s: kernel %u (%s): one CTA does not fit on a core: %s",
                     w->path, i + 1, k->name, why);
            return -1;
        }
    }
    return 0;
}

static int load_workload(const opts *o, const gpu_cfg *cfg, workload *w, int *traced,
                         char *err, size_t errlen)
{
    char dflt[PATH_MAX + 32];
    const char *path = o->trace ? o->trace : o->workload ? o->workload
                     : vtop_data_path("workloads/stream_copy.kern", dflt, sizeof dflt);
    memset(w, 0, sizeof *w);
    *traced = o->trace || is_trace_path(path);
    struct stat ds;
    char list[4096];
    snprintf(list, sizeof list, "%s/kernelslist.g", path);
    if (!o->trace && stat(path, &ds) == 0 && S_ISDIR(ds.st_mode) && stat(list, &ds) != 0) {
        snprintf(err, errlen, "%s:0: is a directory with no kernelslist.g, not a workload file "
                 "(--workload)", path);
        return -1;
    }
    if (o->trace && !is_trace_path(path)) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "%s:0: --trace wants an Accel-Sim kernelslist.g or the folder "
                     "holding it; a kernel file goes to --workload (--trace)", path);
            return -1;
        }
    }
    if (*traced ? trace_load_workload_p(w, path, &cfg->trace, err, errlen) < 0
                : wl_load(w, path, cfg->run.seed, err, errlen) < 0)
        return -1;
    return 0;
}

/* Entries of a folder other than . and .., -1 if it cannot be read. */
static int dir_entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) n++;
    closedir(d);
    return n;
}

/* --write-trace: into an absent or empty folder, or any with --force; never
 * into the folder of an input, never through a link inside the folder. */
static int check_write_trace(const opts *o, const workload *w, char *err, size_t errlen)
{
    const char *dir = o->write_trace;
    struct stat st;
    if (!dir[0]) {
        snprintf(err, errlen, CL ": --write-trace names no folder (--write-trace)");
        return -1;
    }
    if (stat(dir, &st) != 0) {
        char parent[4096];
        snprintf(parent, sizeof parent, "%s", dir);
        int e = stat(dirname(parent), &st) != 0 ? errno : !S_ISDIR(st.st_mode) ? ENOTDIR : 0;
        if (e) {
            snprintf(err, errlen, "%s: cannot create the folder (%s) (--write-trace)", dir,
                     strerror(e));
            return -1;
        }
        return 0;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: exists and is not a folder (--write-trace)", dir);
        return -1;
    }
    int entries = dir_entries(dir);
    if (entries != 0 && !o->force) {
        snprintf(err, errlen, "%s: folder is not empty (%d entries): a recorded trace "
                 "cannot be recovered once overwritten; give --force to write into it "
                 "(--write-trace)", dir, entries);
        return -1;
    }
    if (ofile_dir_has_input(dir, "--write-trace", err, errlen) < 0) return -1;
    if (trace_write_check(dir, w->n_kernels, err, errlen) < 0) return -1;
    return 0;
}

static int write_trace(const opts *o, const gpu_cfg *cfg, workload *w, char *err, size_t errlen)
{
    const char *dir = o->write_trace;
    struct stat st;
    int made = 0;
    if (stat(dir, &st) != 0) {
        if (mkdir(dir, 0777) != 0) {
            snprintf(err, errlen, "%s: cannot create the folder (%s) (--write-trace)", dir,
                     strerror(errno));
            return -1;
        }
        made = 1;
        ofile_track_dir(dir);       /* a signal removes the folder it made */
    }
    int flags = (cfg->trace.write_hints ? TRACE_WRITE_HINTS : 0) |
                (cfg->trace.write_isa ? TRACE_WRITE_SM61 : 0);
    int rc = trace_write_workload(w, dir, TRACE_ADDR_COMPRESS | flags, err, errlen);
    if (made) {
        ofile_track_dir(NULL);
        if (rc < 0) rmdir(dir);
    }
    return rc;
}

/* ---------------------------------------------------------------- outputs */


typedef struct outputs {
    ofile json, timeline, rpw;
    int   have_json, have_timeline, have_rpw;
} outputs;

/* Create the result files' temporaries now: an unwritable path is found
 * before the run, not after it. */
static int outputs_open(const opts *o, outputs *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (o->json) {
        if (ofile_open(&out->json, o->json, err, errlen) < 0) return -1;
        out->have_json = 1;
    }
    if (o->timeline) {
        if (ofile_open(&out->timeline, o->timeline, err, errlen) < 0) {
            if (out->have_json) ofile_abort(&out->json);
            return -1;
        }
        out->have_timeline = 1;
    }
    if (o->rtl_power) {
        if (ofile_open(&out->rpw, o->rtl_power, err, errlen) < 0) {
            if (out->have_json) ofile_abort(&out->json);
            if (out->have_timeline) ofile_abort(&out->timeline);
            return -1;
        }
        out->have_rpw = 1;
    }
    return 0;
}

/* Write and commit each output; one that fails does not stop the others.
 * Returns the number that failed (each reported on stderr). */
static int outputs_write(outputs *out, const report *rep, const power_report *pw)
{
    char err[1024];
    int failed = 0;
    if (out->have_json &&
        ofile_finish(&out->json, report_json(ofile_fp(&out->json), rep, pw), err, sizeof err) < 0) {
        fprintf(stderr, "ctasim: %s\n", err);
        failed++;
    }
    if (out->have_timeline &&
        ofile_finish(&out->timeline, report_timeline(ofile_fp(&out->timeline), rep), err, sizeof err) < 0) {
        fprintf(stderr, "ctasim: %s\n", err);
        failed++;
    }
    return failed;
}

static void outputs_abort(outputs *out)
{
    if (out->have_json) ofile_abort(&out->json);
    if (out->have_timeline) ofile_abort(&out->timeline);
    if (out->have_rpw) ofile_abort(&out->rpw);
}

/* ---------------------------------------------------------------- the run */

typedef struct session {
    opts         o;
    gpu_cfg      cfg;
    gsim        *g;             /* --gpgpusim-config, or NULL */
    workload     wl;
    int          traced;
    const char  *wpath;         /* the workload or trace path as given */
    power_report base;          /* --power-baseline, read before the run */
    outputs      out;
    ctl_engine   eng;
    int          eng_open;
    char         rpw_dir[4096]; /* --rtl-power without --fst: the run's waveform goes here */
    char         rpw_fst[4200];
    gpu         *gpu;           /* built before any output is opened */
    int          oom;           /* prepare failed for want of memory */
} session;

/* --rtl-power: the obeyed units must be some; the replay's work files go to
 * a private folder under $TMPDIR (removed at the end), and so does the
 * run's waveform (run.fst) unless --fst names one. */
static int rpw_prepare(session *s, char *err, size_t errlen)
{
    const char *names[RPW_MAX_UNITS];
    if (rpw_units(policy_units(&s->cfg.policy), names, RPW_MAX_UNITS) == 0) {
        snprintf(err, errlen, CL ": --rtl-power measures the control units the policy obeys; "
                 "this policy obeys none (policy.*) (--rtl-power)");
        return -1;
    }
    char script[4096];
    if (rpw_script(script, sizeof script, err, errlen) < 0) return -1;
    const char *t = getenv("TMPDIR");
    snprintf(s->rpw_dir, sizeof s->rpw_dir, "%s/ctasim-rtlpower.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(s->rpw_dir)) {
        snprintf(err, errlen, "%.900s: cannot create a work folder (%s) (--rtl-power)", s->rpw_dir,
                 strerror(errno));
        s->rpw_dir[0] = 0;
        return -1;
    }
    ofile_track_dir(s->rpw_dir);    /* a signal removes it */
    if (s->o.fst) snprintf(s->rpw_fst, sizeof s->rpw_fst, "%s", s->o.fst);
    else snprintf(s->rpw_fst, sizeof s->rpw_fst, "%s/run.fst", s->rpw_dir);
    return 0;
}

static void rpw_cleanup(session *s)
{
    if (!s->rpw_dir[0]) return;
    ofile_track_dir(NULL);
    if (!s->o.fst) unlink(s->rpw_fst);
    if (rmdir(s->rpw_dir) != 0)
        fprintf(stderr, "ctasim: warning: %s: work folder of --rtl-power not removed (%s)\n",
                s->rpw_dir, strerror(errno));
    s->rpw_dir[0] = 0;
}

/* Everything that can be refused is refused here, before any cycle. */
static int prepare(session *s, char *err, size_t errlen)
{
    if (check_opts(&s->o, err, errlen) < 0) return -1;
    if (load_config(&s->o, &s->cfg, &s->g, err, errlen) < 0) return -1;
    if (check_stdout_not_input(err, errlen) < 0) return -1;
    if (s->o.write_preset)
        return ofile_is_input(s->o.write_preset, "--write-preset", err, errlen);
    if (s->o.dump || s->o.trace_info) return 0;
    unsigned units;
    if (engine_units(s->o.units, &s->cfg, s->o.engine, &units, err, errlen) < 0) return -1;
    s->wpath = s->o.trace ? s->o.trace : s->o.workload ? s->o.workload : "workloads/stream_copy.kern";
    if (load_workload(&s->o, &s->cfg, &s->wl, &s->traced, err, errlen) < 0) return -1;
    if (s->o.write_trace) return check_write_trace(&s->o, &s->wl, err, errlen);
    if (check_fit(&s->cfg, &s->wl, err, errlen) < 0) return -1;
    memset(&s->base, 0, sizeof s->base);
    if (s->o.baseline && power_load_baseline(&s->base, s->o.baseline, err, errlen) < 0) return -1;
    if (check_not_inputs(&s->o, err, errlen) < 0) return -1;
    if (s->o.rtl_power && rpw_prepare(s, err, errlen) < 0) return -1;
    engine_opts eo = { .fst = s->o.rtl_power ? s->rpw_fst : s->o.fst, .fst_window = s->o.fst_window,
                       .mismatch_lag = s->o.mismatch_lag, .units = s->o.units,
                       .units_mask = units, .test = s->wpath };
    if (engine_open(&s->eng, s->o.engine, &s->cfg, &eo, err, errlen) < 0) return -1;
    s->eng_open = 1;
    /* the model is built before any output is opened; memory it cannot get
     * (ulimit -v, a huge preset) is reported as such, not as bad input */
    errno = 0;
    s->gpu = gpu_create(&s->cfg, &s->eng, err, errlen);
    if (!s->gpu) {
        if (errno == ENOMEM) {
            struct rlimit rl;
            char lim[64] = "";
            if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
                snprintf(lim, sizeof lim, "; the address-space limit is %llu MiB (ulimit -v)",
                         (unsigned long long)(rl.rlim_cur >> 20));
            snprintf(err, errlen, "out of memory: the model of this configuration (%u cores, %u "
                     "memory partitions) could not be built%s", s->cfg.sm.n_cores,
                     s->cfg.mem.n_parts, lim);
            s->oom = 1;
        }
        return -1;
    }
    /* the decisions' temporary after the model (gpu keeps a pointer to the
     * engine, which the wrap replaces in place; nothing has stepped yet) */
    if (s->o.decisions && ctl_decisions_wrap(&s->eng, s->o.decisions,
                                             policy_units(&s->cfg.policy), err, errlen) < 0)
        return -1;
    return outputs_open(&s->o, &s->out, err, errlen);
}

/* --rtl-power after the run: close the waveform, replay it through the
 * netlists, add the control row, write FILE.  0, or 1 (reported). */
static int rpw_after(session *s, power_report *pw)
{
    char err[1024];
    rpw_result r;
    if (s->eng.finish && s->eng.finish(s->eng.impl, err, sizeof err) < 0) goto fail;
    s->eng.finish = NULL;           /* the waveform is closed */
    if (rpw_run(s->rpw_fst, s->rpw_dir, policy_units(&s->cfg.policy),
                s->cfg.sm.n_cores, s->cfg.mem.n_parts, s->cfg.clk.core_mhz, &r, err, sizeof err) < 0)
        goto fail;
    rpw_cleanup(s);
    power_add_control(pw, r.dyn_mw * 1e-3, r.leak_mw * 1e-3);
    int st = 0;
    if (!r.all_pass) {
        fprintf(stderr, "ctasim: --rtl-power: a unit's gate-level outputs differ from its RTL's "
                "(gate_level_equals_rtl false in %s)\n", s->o.rtl_power);
        st = 1;
    }
    if (ofile_finish(&s->out.rpw, rpw_write_json(ofile_fp(&s->out.rpw), &r, s->o.engine, s->wpath,
                                                 pw->time_s),
                     err, sizeof err) < 0)
        st = die_write(err);
    s->out.have_rpw = 0;
    return st;
fail:
    fprintf(stderr, "ctasim: %s\n", err);
    ofile_abort(&s->out.rpw);
    s->out.have_rpw = 0;
    rpw_cleanup(s);
    return 1;
}

/* Run, then write every result; returns the exit status. */
static int simulate(session *s)
{
    char err[1024];
    gpu *g = s->gpu;
    s->gpu = NULL;
    double t0 = now_s();
    progress_line pl = { stderr, t0, 0, 0 };
    if (progress_wanted(&s->o)) gpu_set_progress(g, progress_draw, &pl);
    report rep;
    report_init(&rep);
    int rc = gpu_run(g, &s->wl, &rep, err, sizeof err);
    rep.host_seconds = now_s() - t0;
    progress_clear(&pl);
    int status = 0;
    if (rc < 0) {
        fprintf(stderr, "ctasim: %s\n", err);
        outputs_abort(&s->out);
        report_free(&rep);
        gpu_destroy(g);
        return 1;
    }
    if (rep.incomplete) {
        fprintf(stderr, "ctasim: %s; the statistics of what ran are written, marked incomplete\n",
                rep.stop_reason);
        status = 1;
    } else if (!strcmp(s->o.engine, "lockstep") && rep.compared == 0) {
        fprintf(stderr, "ctasim: lockstep compared no cycles\n");
        status = 1;
    }
    power_report pw;
    power_compute(&s->cfg.power, &s->cfg.ctl, &rep, &pw);
    if (s->o.rtl_power) {
        int st = rpw_after(s, &pw);
        if (st > status) status = st;
    }
    if (s->o.baseline) {
        pw.base_total_j = s->base.base_total_j;
        pw.base_avg_w = s->base.base_avg_w;
        pw.have_base = 1;
    }
    if (!s->o.quiet && !s->o.csv_row) {
        report_print(&rep, stdout);
        power_print(&pw, stdout);
    }
    if (s->o.stats_format && !strcmp(s->o.stats_format, "gpgpusim") && !s->o.csv_row)
        report_print_gpgpusim(&rep, stdout);
    /* opcodes missing from the SASS table are reported, never dropped */
    if (s->traced) trace_report(&s->wl, s->o.quiet || s->o.csv_row ? stderr : stdout, s->o.quiet);
    if (s->o.csv_row) {
        csvrow_run row = { s->cfg.policy.cta_limit == LIMIT_STATIC ? s->cfg.policy.static_n : 0,
                           s->wpath, s->o.engine, &rep, &pw };
        csvrow_write(stdout, &row);
    }
    if (ofile_stdout_flush(err, sizeof err) < 0) status = die_write(err);
    if (outputs_write(&s->out, &rep, &pw)) status = EXIT_WRITE;
    /* the waveform last: a failing FST writer cannot take the rest with it */
    if (s->eng.finish && s->eng.finish(s->eng.impl, err, sizeof err) < 0) status = die_write(err);
    report_free(&rep);
    gpu_destroy(g);
    return status;
}

/* --write-preset: the configuration with where each key comes from. */
static int write_preset(const session *s, char *err, size_t errlen)
{
    ofile of;
    if (ofile_open(&of, s->o.write_preset, err, errlen) < 0) return -1;
    if (ofile_finish(&of, gsim_write(s->g, &s->cfg, ofile_fp(&of), 0), err, errlen) < 0) return -1;
    printf("wrote %s\n", s->o.write_preset);
    if (s->g && s->g->n_refused)
        fprintf(stderr, "ctasim: warning: %s: %u value%s this build's key ranges refuse, written as "
                "read and marked \"refused by this build\" (the preset loads once the ranges are "
                "raised)\n", s->o.write_preset, s->g->n_refused, s->g->n_refused == 1 ? "" : "s");
    return 0;
}

int main(int argc, char **argv)
{
    char err[1024];
    /* a full disk or file-size limit must fail a write, not kill the run */
    signal(SIGXFSZ, SIG_IGN);
    /* SIGINT, SIGTERM, SIGHUP: temporaries removed, children killed, 128+N */
    ofile_on_signals();
    /* a closed standard stream is held by a read-only /dev/null: no file this
     * run opens can become fd 0, 1 or 2, and a write to a closed stdout still
     * fails (EBADF) and is reported */
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            int n = open("/dev/null", O_RDONLY);
            if (n >= 0 && n != fd) { dup2(n, fd); close(n); }
        }
    session *s = calloc(1, sizeof *s);
    if (!s) return die("out of memory");
    int rc = parse_args(argc, argv, &s->o, err, sizeof err);
    if (rc != 0) { free(s); return rc > 0 ? 0 : die(err); }
    int status;
    if (prepare(s, err, sizeof err) < 0) {
        status = die(err);
        if (s->oom) status = EXIT_RUN;
    } else if (s->o.write_preset) {
        status = write_preset(s, err, sizeof err) < 0 ? die_write(err) : 0;
    } else if (s->o.dump) {
        if (s->g) gsim_write(s->g, &s->cfg, stdout, 1);
        else cfg_dump(&s->cfg, stdout);
        status = 0;
    } else if (s->o.trace_info) {
        status = trace_info_print(s->o.trace_info, &s->cfg.trace, stdout, err, sizeof err) < 0
                     ? die(err) : 0;
    } else if (s->o.write_trace) {
        status = write_trace(&s->o, &s->cfg, &s->wl, err, sizeof err) < 0 ? die_write(err) : 0;
        if (status == 0)
            printf("wrote %s/kernelslist.g; run it with: ctasim --trace %s\n", s->o.write_trace,
                   s->o.write_trace);
    } else {
        status = simulate(s);
    }
    /* every mode's standard output is checked: a full or closed stdout fails */
    if (status != EXIT_WRITE && ofile_stdout_flush(err, sizeof err) < 0) status = die_write(err);
    if (s->gpu) gpu_destroy(s->gpu);
    if (s->eng_open && s->eng.destroy) s->eng.destroy(s->eng.impl);
    rpw_cleanup(s);
    free_workload(&s->wl, s->traced);
    free(s->g);
    free(s);
    return status;
}
