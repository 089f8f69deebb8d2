/* rtl_engine.c -- engines "rtl" and "lockstep" over the Verilated control-unit
 * top (vtop.h), with the lockstep comparator, the input log from which a
 * mismatch is replayed on a tracing model to write the waveform of the cycles
 * before it, and the test-only fault injection.  See rtl_engine.h and
 * docs/cosim.md. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#include "ctl_ref.h"
#include "ofile.h"
#include "rtl_engine.h"
#include "vtop.h"

#define MAX_LAG 1000000u

/* ---------------------------------------------------------------- signals */

/* One compared output: its unit, name, and where it lives in ctl_out
 * (global) or ctl_core_out (per core). */
typedef struct sig_desc {
    const char *unit;
    unsigned ubit;      /* CTL_U_* of the unit */
    const char *name;
    uint8_t global;
    uint8_t size;       /* bytes of the C field: 1, 2 or 4 */
    uint8_t is_signed;
    size_t off;
} sig_desc;

#define SIG_G(u, b, n, f, s) { u, b, n, 1, sizeof(((ctl_out *)0)->f), s, offsetof(ctl_out, f) }
#define SIG_C(u, b, n, f, s) { u, b, n, 0, sizeof(((ctl_core_out *)0)->f), s, offsetof(ctl_core_out, f) }

/* The fixed comparison order: units in this order; inside a unit the global
 * signals, then every core's signals (cores ascending). */
static const sig_desc SIGS[] = {
#include "rtl_sigs_gen.h"  /* generated from seam/seam.yaml */
};
#define NSIGS ((int)(sizeof SIGS / sizeof SIGS[0]))

static const void *sig_base(const ctl_out *o, const sig_desc *d, uint32_t core)
{
    return d->global ? (const void *)o : (const void *)&o->core[core];
}

static int64_t sig_read(const ctl_out *o, const sig_desc *d, uint32_t core)
{
    const unsigned char *p = (const unsigned char *)sig_base(o, d, core) + d->off;
    switch (d->size) {
    case 1: {
        uint8_t v;
        memcpy(&v, p, 1);
        return d->is_signed ? (int64_t)(int8_t)v : (int64_t)v;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return (int64_t)v;
    }
    default: {
        int32_t v;
        memcpy(&v, p, 4);
        return (int64_t)v;
    }
    }
}

/* Flip bit 0 of the signal (fault injection). */
static void sig_flip(ctl_out *o, const sig_desc *d, uint32_t core)
{
    unsigned char *p = (unsigned char *)sig_base(o, d, core) + d->off;
    if (d->size == 1) {
        p[0] ^= 1u;
    } else if (d->size == 2) {
        uint16_t v;
        memcpy(&v, p, 2);
        v ^= 1u;
        memcpy(p, &v, 2);
    } else {
        uint32_t v;
        memcpy(&v, p, 4);
        v ^= 1u;
        memcpy(p, &v, 4);
    }
}

static int sig_find(const char *name)
{
    for (int i = 0; i < NSIGS; i++)
        if (!strcmp(SIGS[i].name, name)) return i;
    return -1;
}

/* ---------------------------------------------------------------- state */

/* The lockstep input log: every ctl_in since the reset, as the 8-byte words
 * that changed from the previous cycle's (docs/cosim.md, "Lockstep
 * mismatch").  Record: uint32 cycle delta, uint16 count, then count x
 * (uint16 word index, uint64 word).  The buffer doubles when full (amortised:
 * no allocation on most cycles); past INLOG_MAX bytes the log stops and a
 * mismatch has no waveform. */
#define INLOG_WORDS ((sizeof(ctl_in) + 7) / 8)
#define INLOG_MAX ((size_t)1 << 30)

typedef struct inlog {
    unsigned char *buf;
    size_t len, cap;
    uint64_t prev[INLOG_WORDS];  /* the last logged input, zero-padded */
    uint64_t cur[INLOG_WORDS];
    uint64_t last_cycle;
    uint64_t records;
    uint32_t words;              /* words of ctl_in in use (n_cores) */
    int full;                    /* passed INLOG_MAX: logging stopped */
} inlog;

typedef struct rtl_eng {
    int lockstep;
    unsigned units;         /* CTL_U_* stepped and compared (CTL_U_NONE: none) */
    vtop *top;
    ctl_cfg cfg;            /* of the last reset */
    uint32_t n_cores;
    /* lockstep */
    ctl_ref *ref;
    ctl_out ref_out;
    uint64_t compared;
    /* the input log, replayed on a tracing model on a mismatch; `lag` cycles
     * of waveform before the mismatch (0: no log, no waveform) */
    uint32_t lag;
    inlog *log;
    char fst_base[512];     /* --fst FILE, or "" */
    char fst_tmp[600];      /* the waveform is written here, renamed onto fst_base at finish */
    char mismatch_fst[600];
    char run_tag[96];       /* "TEST-seedS" of a failure's waveform name */
    /* test-only fault injection */
    int inj_sig;            /* -1: none */
    int inj_core;
    uint64_t inj_cycle;
} rtl_eng;

/* ---------------------------------------------------------------- options */

static int parse_u64(const char *s, const char **end, uint64_t *v)
{
    if (*s < '0' || *s > '9') return -1;
    errno = 0;
    char *e;
    unsigned long long x = strtoull(s, &e, 10);
    if (errno) return -1;
    *v = x;
    *end = e;
    return 0;
}

/* "A:B" or "A:" (to the end). */
static int parse_window(const char *w, uint64_t *first, uint64_t *last, char *err, size_t errlen)
{
    const char *p;
    if (parse_u64(w, &p, first) < 0 || *p != ':') goto bad;
    p++;
    *last = UINT64_MAX;
    if (*p && (parse_u64(p, &p, last) < 0 || *p)) goto bad;
    if (*last < *first) {
        snprintf(err, errlen, "<command line>: --fst-window '%s' ends before it starts (--fst-window)", w);
        return -1;
    }
    return 0;
bad:
    snprintf(err, errlen, "<command line>: --fst-window '%s' is not A:B in core cycles (--fst-window)", w);
    return -1;
}

/* --mismatch-lag K, else the environment's CTASIM_MISMATCH_LAG, else the default. */
static int lag_from_opts(const engine_opts *o, uint32_t *lag, char *err, size_t errlen)
{
    const char *s = o->mismatch_lag, *where = "<command line>", *what = "--mismatch-lag";
    const char *end;
    uint64_t v;
    *lag = RTL_ENGINE_LAG;
    if (!s) { s = getenv("CTASIM_MISMATCH_LAG"); where = "environment"; what = "CTASIM_MISMATCH_LAG"; }
    if (!s) return 0;
    if (parse_u64(s, &end, &v) < 0 || *end || v > MAX_LAG) {
        snprintf(err, errlen, "%s: %s '%s' is not a cycle count 0..%u (%s)", where, what, s,
                 MAX_LAG, what);
        return -1;
    }
    *lag = (uint32_t)v;
    return 0;
}

/* ---------------------------------------------------------------- input log */

static int inlog_reset(rtl_eng *r, char *err, size_t errlen)
{
    if (r->lag == 0) return 0;   /* rtl too: an assertion failure replays it */
    if (!r->log && !(r->log = calloc(1, sizeof *r->log))) goto oom;
    inlog *l = r->log;
    if (!l->buf) {
        l->cap = (size_t)1 << 20;
        if (!(l->buf = malloc(l->cap))) goto oom;
    }
    l->len = 0;
    l->records = 0;
    l->last_cycle = 0;
    l->full = 0;
    l->words = (uint32_t)((offsetof(ctl_in, core) + r->n_cores * sizeof(ctl_core_in) + 7) / 8);
    memset(l->prev, 0, sizeof l->prev);
    memset(l->cur, 0, sizeof l->cur);
    return 0;
oom:
    snprintf(err, errlen, "out of memory (lockstep input log)");
    return -1;
}

static int inlog_room(inlog *l, size_t need)
{
    if (l->len + need <= l->cap) return 0;
    size_t cap = l->cap;
    while (cap < l->len + need) cap *= 2;
    unsigned char *nb = cap <= INLOG_MAX ? realloc(l->buf, cap) : NULL;
    if (!nb) return -1;
    l->buf = nb;
    l->cap = cap;
    return 0;
}

static void put16(unsigned char *p, uint16_t v) { memcpy(p, &v, 2); }
static void put32(unsigned char *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(unsigned char *p, uint64_t v) { memcpy(p, &v, 8); }
static uint16_t get16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint32_t get32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* Append the words of *in that differ from the previous cycle's. */
static void inlog_push(inlog *l, const ctl_in *in, uint64_t cycle)
{
    if (l->full) return;
    uint64_t delta = cycle - l->last_cycle;
    if (inlog_room(l, 6 + (size_t)l->words * 10) < 0 || delta > UINT32_MAX) {
        l->full = 1;
        return;
    }
    memcpy(l->cur, in, l->words * 8 <= sizeof(ctl_in) ? l->words * 8 : sizeof(ctl_in));
    unsigned char *rec = l->buf + l->len, *p = rec + 6;
    uint16_t n = 0;
    for (uint32_t w = 0; w < l->words; w++) {
        if (l->cur[w] == l->prev[w]) continue;
        l->prev[w] = l->cur[w];
        put16(p, (uint16_t)w);
        put64(p + 2, l->cur[w]);
        p += 10;
        n++;
    }
    put32(rec, (uint32_t)delta);
    put16(rec + 4, n);
    l->len = (size_t)(p - l->buf);
    l->last_cycle = cycle;
    l->records++;
}

/* A name a failure's waveform may take: neither NAME.fst nor NAME.gtkw
 * exists (lstat: a link, even a dangling one, counts) nor is a file this run
 * reads (through links, by device and inode; docs/files.md). */
static int name_free(const char *base)
{
    char p[620], err[8];
    struct stat st;
    const char *ext[2] = { ".fst", ".gtkw" };
    for (int i = 0; i < 2; i++) {
        snprintf(p, sizeof p, "%s%s", base, ext[i]);
        if (lstat(p, &st) == 0 || ofile_is_input(p, "", err, sizeof err) < 0) return 0;
    }
    return 1;
}

/* FILE.mismatch.fst beside --fst FILE, else build/mismatch-TEST-seedS-cycleC.fst
 * (the run's workload, seed and failing cycle); never a name in use: a name
 * taken (by an earlier failure, a link, an input) gets -2, -3, ... */
static void mismatch_path(rtl_eng *r, uint64_t cycle)
{
    char base[560], cand[580];
    size_t n = strlen(r->fst_base);
    if (n) {
        if (n > 4 && !strcmp(r->fst_base + n - 4, ".fst")) n -= 4;
        snprintf(base, sizeof base, "%.*s.mismatch", (int)n, r->fst_base);
    } else {
        mkdir("build", 0777); /* EEXIST is fine; a failure shows at open */
        snprintf(base, sizeof base, "build/mismatch-%s-cycle%" PRIu64, r->run_tag, cycle);
    }
    snprintf(cand, sizeof cand, "%s", base);
    for (int k = 2; !name_free(cand) && k < 10000; k++)
        snprintf(cand, sizeof cand, "%s-%d", base, k);
    snprintf(r->mismatch_fst, sizeof r->mismatch_fst, "%s.fst", cand);
}

/* r->run_tag: the workload's name (its file without folder and extension; a
 * trace's folder), '-seed', the seed; only [A-Za-z0-9._-] kept. */
static void set_run_tag(rtl_eng *r, const char *test, uint64_t seed)
{
    char name[48] = "";
    if (test && *test) {
        char buf[512];
        snprintf(buf, sizeof buf, "%s", test);
        size_t n = strlen(buf);
        while (n > 1 && buf[n - 1] == '/') buf[--n] = 0;
        char *slash = strrchr(buf, '/');
        if (slash && !strcmp(slash + 1, "kernelslist.g")) {   /* a trace: its folder */
            *slash = 0;
            slash = strrchr(buf, '/');
        }
        const char *b = slash ? slash + 1 : buf;
        size_t o = 0;
        for (; *b && *b != '.' && o + 1 < sizeof name; b++)
            if ((*b >= 'A' && *b <= 'Z') || (*b >= 'a' && *b <= 'z') || (*b >= '0' && *b <= '9') ||
                *b == '_' || *b == '-')
                name[o++] = *b;
        name[o] = 0;
    }
    snprintf(r->run_tag, sizeof r->run_tag, "%s%sseed%" PRIu64, name, *name ? "-" : "", seed);
}

/* Width in bits of a compared output (rtl/ctl_top.sv's ports). */
static int sig_bits(const char *name)
{
    static const struct { const char *name; int bits; } W[] = {
        { "dyncta_n", 6 }, { "credit", 24 }, { "credit_global", 24 }, { "ar_phase", 2 },
        { "ar_type", 2 }, { "core_clk_pct", 8 }, { "mem_clk_pct", 8 }, { "tuned_down", 14 },
        { "accepts_work", 14 },
    };
    if (!strncmp(name, "pg_state", 8)) return 2;
    for (size_t i = 0; i < sizeof W / sizeof W[0]; i++)
        if (!strcmp(W[i].name, name)) return W[i].bits;
    return 1;
}

/* The save file's first group: the failing unit's outputs in the `ref` scope
 * (docs/verification.md), each expected value (C reference) above the RTL's,
 * the failing core's per-core ones and the `differs` bits. */
static void gtkw_ref_group(FILE *out, const char *unit, int core)
{
    fprintf(out, "@800200\n-Expected (C reference) vs RTL: unit %s, core %d\n", unit, core);
    for (int pass = 0; pass < 2; pass++) {
        for (int k = 0; k < NSIGS; k++) {
            if (strcmp(SIGS[k].unit, unit) || SIGS[k].global != !pass) continue;
            char nm[32], scope[48];
            size_t o = 0;
            for (const char *p = SIGS[k].name; *p && o + 1 < sizeof nm; p++)
                if (*p != '[' && *p != ']') nm[o++] = *p;   /* pg_state[0] -> pg_state0 */
            nm[o] = 0;
            if (pass) snprintf(scope, sizeof scope, "ctl_top.ref.core%d", core);
            else snprintf(scope, sizeof scope, "ctl_top.ref");
            int b = sig_bits(SIGS[k].name);
            char range[16] = "";
            if (b > 1) snprintf(range, sizeof range, "[%d:0]", b - 1);
            const char *fmt = SIGS[k].is_signed ? "@424" : b > 1 ? "@24" : "@28";
            fprintf(out, "%s\n+{%s expected} %s.%s%s\n%s\n+{%s RTL} %s.%s_rtl%s\n", fmt, nm,
                    scope, nm, range, fmt, nm, scope, nm, range);
        }
    }
    fprintf(out, "@28\n+{differs (core %d)} ctl_top.ref.core%d.differs\n"
            "@28\n+{differs (global)} ctl_top.ref.differs\n"
            "@1000200\n-Expected (C reference) vs RTL: unit %s, core %d\n", core, core, unit, core);
}

/* FILE.gtkw beside the failure's FILE.fst: the failing unit's save file
 * (the registry's gtkw) with core 0 replaced by the failing core (core 1 by its
 * neighbour, the group labels too), the per-core vectors sized to the model,
 * [timestart] 8 cycles before the failing edge, the primary marker on it. */
static void write_fail_gtkw(const rtl_eng *r, const char *unit, int core, uint64_t first,
                            uint64_t cycle, const char *what)
{
    char rel[64], src[700], dst[640], line[1024];
    const ctl_unit *u = ctl_unit_named(unit, strlen(unit));   /* its save file (registry) */
    snprintf(rel, sizeof rel, "%s", u ? u->gtkw : ctl_units[0]->gtkw);
    FILE *in = fopen(vtop_data_path(rel, src, sizeof src), "r");
    if (!in && !(in = fopen(vtop_data_path(ctl_units[0]->gtkw, src, sizeof src), "r")))
        return;
    size_t n = strlen(r->mismatch_fst);
    snprintf(dst, sizeof dst, "%.*s.gtkw", (int)(n > 4 ? n - 4 : n), r->mismatch_fst);
    int fd = open(dst, O_WRONLY | O_CREAT | O_EXCL, 0666);   /* never replaces a file */
    FILE *out = fd < 0 ? NULL : fdopen(fd, "w");
    if (!out) {
        if (fd >= 0) close(fd);
        fclose(in);
        return;
    }
    const char *slash = strrchr(r->mismatch_fst, '/');
    int c0 = core < 0 ? 0 : core, c1 = c0 + 1 < (int)r->n_cores ? c0 + 1 : (c0 ? c0 - 1 : 0);
    fprintf(out, "[*] %s\n[*] written for this failure: unit %s, core %d first; marker at cycle %"
            PRIu64 "\n", what, unit, c0, cycle);
    int grouped = 0;
    while (fgets(line, sizeof line, in)) {
        char buf[2048];
        if (line[0] == '@' && !grouped) {
            gtkw_ref_group(out, unit, c0);
            grouped = 1;
        }
        if (!strncmp(line, "[dumpfile]", 10)) {
            fprintf(out, "[dumpfile] \"%s\"\n", slash ? slash + 1 : r->mismatch_fst);
            continue;
        }
        if (!strncmp(line, "[timestart]", 11)) {   /* the failing edge in view: 8 cycles before it */
            fprintf(out, "[timestart] %" PRIu64 "\n", (cycle > first + 8 ? cycle - 8 : first) * 1000);
            continue;
        }
        if (!strncmp(line, "-Core 0", 7) || !strncmp(line, "-Core 1", 7)) {   /* group labels */
            fprintf(out, "-Core %d%s", line[6] == '0' ? c0 : c1, line + 7);
            continue;
        }
        if (line[0] == '*' && line[1] == '-') {   /* zoom, primary marker, named markers */
            fprintf(out, "*-12.000000 %" PRIu64, cycle * 1000 + 500);
            for (int k = 0; k < 26; k++) fputs(" -1", out);
            fputc('\n', out);
            continue;
        }
        /* g_core[0] -> the failing core, g_core[1] -> its neighbour, [63:0] -> the model's size */
        size_t o = 0;
        for (const char *p = line; *p && o + 32 < sizeof buf;) {
            if (!strncmp(p, "g_core[0]", 9) || !strncmp(p, "g_core[1]", 9)) {
                o += (size_t)snprintf(buf + o, sizeof buf - o, "g_core[%d]", p[7] == '0' ? c0 : c1);
                p += 9;
            } else if (!strncmp(p, "[63:0]", 6)) {
                o += (size_t)snprintf(buf + o, sizeof buf - o, "[%u:0]", r->n_cores ? r->n_cores - 1 : 0);
                p += 6;
            } else {
                buf[o++] = *p++;
            }
        }
        buf[o] = 0;
        fputs(buf, out);
    }
    fclose(in);
    fclose(out);
}

/* A waveform is written to a temporary beside its target (which must be
 * absent or a regular file: --fst never replaces a device or a FIFO) and
 * renamed onto it once closed and checked readable. */
static int fst_temp(const char *target, char *tmp, size_t len, char *err, size_t errlen)
{
    int fd = ofile_reserve(target, tmp, len, err, errlen);
    if (fd == -2) {
        size_t n = strlen(err);
        snprintf(err + n, errlen - n, " (--fst)");
    }
    if (fd < 0) return -1;
    close(fd);
    char hier[700];
    snprintf(hier, sizeof hier, "%s.hier", tmp);
    ofile_track(hier);          /* the FST writer's own temporary beside it */
    return 0;
}

/* Remove a waveform temporary and the hierarchy file the FST writer keeps
 * beside it until it closes (NAME.hier). */
static void fst_discard(const char *tmp)
{
    char hier[700];
    snprintf(hier, sizeof hier, "%s.hier", tmp);
    ofile_discard(tmp);
    ofile_discard(hier);
}

/* 1 when the file reached the process's file-size limit (ulimit -f): the
 * writer then stops silently (SIGXFSZ is ignored, its writes fail), and
 * fstapi's reader can loop forever on the truncated file, so it is never
 * handed one. */
static int at_size_limit(const char *path)
{
    struct rlimit rl;
    struct stat st;
    if (getrlimit(RLIMIT_FSIZE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return 0;
    return stat(path, &st) == 0 && (rlim_t)st.st_size >= rl.rlim_cur;
}

/* replace = 0: the target must not exist (a failure's waveform: link(2)
 * fails on a name that appeared meanwhile, never replacing it). */
static int fst_commit(const vtop *t, const char *tmp, const char *target, int replace, char *err,
                      size_t errlen)
{
    int sig = vtop_fst_fault(t);
    if (sig || at_size_limit(tmp) || !vtop_fst_valid(t, tmp)) {
        if (sig)
            snprintf(err, errlen, "%s: waveform not written: the writer failed (signal %d: disk "
                     "full or file-size limit?) (--fst)", target, sig);
        else
            snprintf(err, errlen, "%s: waveform not written: the file did not read back (disk "
                     "full or file-size limit?) (--fst)", target);
        fst_discard(tmp);
        return -1;
    }
    char real[4096];
    if (!replace) {
        if (link(tmp, target) != 0) {
            snprintf(err, errlen, "%s: waveform not written (%s)", target, strerror(errno));
            fst_discard(tmp);
            return -1;
        }
        unlink(tmp);
    } else if (ofile_resolve(target, real, sizeof real, err, errlen) < 0 || rename(tmp, real) != 0) {
        snprintf(err, errlen, "%s: cannot rename the waveform into place (%s) (--fst)", target,
                 strerror(errno));
        fst_discard(tmp);
        return -1;
    }
    char hier[700];
    snprintf(hier, sizeof hier, "%s.hier", tmp);
    ofile_untrack(tmp);         /* the waveform's name now */
    ofile_untrack(hier);        /* removed by the writer when it closed */
    return 0;
}

/* The cycle of record `index` (0 = the first after the reset). */
static uint64_t inlog_cycle_of(const inlog *l, uint64_t index)
{
    const unsigned char *p = l->buf;
    uint64_t cycle = 0;
    for (uint64_t i = 0; i <= index; i++) {
        cycle += get32(p);
        p += 6 + (size_t)get16(p + 4) * 10;
    }
    return cycle;
}

/* Re-run the logged inputs from the reset to the mismatch on the tracing
 * model of the same size, dumping the last `lag` cycles (the way dvsim reruns
 * a failing test with waves: the run is deterministic).  Writes the
 * " ; waveform ..." suffix (or why there is none) into note. */
static void replay_dump(rtl_eng *r, uint64_t cycle, const char *unit, int core, const char *what,
                        char *note, size_t notelen)
{
    char err[256];
    inlog *l = r->log;
    if (!l) {
        snprintf(note, notelen, "; no waveform (mismatch lag 0)");
        return;
    }
    if (l->full) {
        snprintf(note, notelen, "; no waveform: the input log outgrew %zu MiB (rerun with "
                 "--fst and --fst-window)", INLOG_MAX >> 20);
        return;
    }
    mismatch_path(r, cycle);
    uint64_t first = inlog_cycle_of(l, l->records > r->lag ? l->records - r->lag : 0);
    char tmp[640];
    vtop *rp = vtop_create();
    ctl_out out;
    ctl_in *in = calloc(1, INLOG_WORDS * 8);
    /* the C reference beside it: its outputs in the waveform's `ref` scope */
    ctl_ref *ref = ctl_ref_new(r->units);
    ctl_out *exp = calloc(1, sizeof *exp);
    if (!rp || !in || !ref || !exp) {
        snprintf(note, notelen, "; no waveform: out of memory");
        goto done;
    }
    if (fst_temp(r->mismatch_fst, tmp, sizeof tmp, err, sizeof err) < 0) goto fail;
    vtop_fst_ref(rp, NULL);
    vtop_set_units(rp, r->units);
    if (vtop_fst_open(rp, tmp, first, cycle, err, sizeof err) < 0 ||
        vtop_reset(rp, &r->cfg, &out, err, sizeof err) < 0) {
        fst_discard(tmp);
        goto fail;
    }
    ref->units = r->units;
    ctl_ref_reset(ref, &r->cfg, exp);
    vtop_fst_ref(rp, exp);
    const unsigned char *p = l->buf;
    unsigned char *bytes = (unsigned char *)in;
    uint64_t c = 0;
    for (uint64_t i = 0; i < l->records; i++) {
        c += get32(p);
        uint16_t n = get16(p + 4);
        p += 6;
        for (uint16_t k = 0; k < n; k++, p += 10) memcpy(bytes + 8 * (size_t)get16(p), p + 2, 8);
        ctl_ref_step(ref, &r->cfg, in, exp);
        vtop_fst_ref(rp, exp);
        vtop_step(rp, c, in, &out);
    }
    vtop_fst_close(rp);
    if (fst_commit(rp, tmp, r->mismatch_fst, 0, err, sizeof err) < 0) goto fail;
    write_fail_gtkw(r, unit, core, first, cycle, what);
    snprintf(note, notelen, "; waveform of cycles %" PRIu64 "..%" PRIu64 ": %s", first, cycle,
             r->mismatch_fst);
    goto done;
fail:
    snprintf(note, notelen, "; no waveform: %s", err);
    r->mismatch_fst[0] = 0;
done:
    vtop_destroy(rp);
    free(in);
    ctl_ref_free(ref);
    free(exp);
}

/* ---------------------------------------------------------------- compare */

/* Index into SIGS of the first difference among the signals of `units`,
 * core in *core; -1 if none. */
static int first_difference(const ctl_out *want, const ctl_out *got, uint32_t n_cores,
                            unsigned units, uint32_t *core)
{
    /* Equal bytes mean equal signals, the common case: one memcmp of the
     * cores in use.  Any difference (a compared field, a field of a unit not
     * stepped, padding) falls through to the signal-by-signal scan, which
     * alone decides and orders a mismatch. */
    size_t used = offsetof(ctl_out, core) + (size_t)n_cores * sizeof(ctl_core_out);
    if (n_cores <= CTL_MAX_CORES && memcmp(want, got, used) == 0) return -1;
    int i = 0;
    while (i < NSIGS) {
        int unit_end = i;
        while (unit_end < NSIGS && SIGS[unit_end].ubit == SIGS[i].ubit) unit_end++;
        if (!(units & SIGS[i].ubit)) {
            i = unit_end;
            continue;
        }
        for (int k = i; k < unit_end; k++)
            if (SIGS[k].global && sig_read(want, &SIGS[k], 0) != sig_read(got, &SIGS[k], 0)) {
                *core = 0;
                return k;
            }
        for (uint32_t c = 0; c < n_cores; c++)
            for (int k = i; k < unit_end; k++)
                if (!SIGS[k].global && sig_read(want, &SIGS[k], c) != sig_read(got, &SIGS[k], c)) {
                    *core = c;
                    return k;
                }
        i = unit_end;
    }
    return -1;
}

static void format_mismatch(char *err, size_t errlen, const char *when, int k, uint32_t core,
                            const ctl_out *want, const ctl_out *got, const char *note)
{
    char core_s[16];
    if (SIGS[k].global) snprintf(core_s, sizeof core_s, "-");
    else snprintf(core_s, sizeof core_s, "%u", core);
    snprintf(err, errlen,
             "lockstep mismatch at %s: unit %s, core %s, signal %s: expected %" PRId64
             " (C model), actual %" PRId64 " (RTL)%s",
             when, SIGS[k].unit, core_s, SIGS[k].name, sig_read(want, &SIGS[k], core),
             sig_read(got, &SIGS[k], core), note);
}

/* ---------------------------------------------------------------- engine */

static int eng_reset(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    rtl_eng *r = impl;
    vtop_set_units(r->top, r->units);
    if (vtop_reset(r->top, cfg, out, err, errlen) < 0) return -1;
    r->cfg = *cfg;
    r->n_cores = cfg->n_cores;
    r->compared = 0;
    r->mismatch_fst[0] = 0;
    if (inlog_reset(r, err, errlen) < 0) return -1;
    if (!r->lockstep) return 0;
    ctl_ref_reset(r->ref, cfg, &r->ref_out);
    uint32_t core;
    int k = first_difference(&r->ref_out, out, r->n_cores, CTL_U_ALL, &core);
    if (k >= 0) {
        format_mismatch(err, errlen, "reset", k, core, &r->ref_out, out, "");
        return -1;
    }
    return 0;
}

static int eng_step(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                    uint64_t cycle, char *err, size_t errlen)
{
    rtl_eng *r = impl;
    if (r->log) inlog_push(r->log, in, cycle);
    /* an injected fault lasts its cycle: undone before the next step, whose
     * model reads back only the outputs whose ports changed (vunits_model.cpp) */
    if (r->inj_sig >= 0 && cycle == r->inj_cycle + 1)
        sig_flip(out, &SIGS[r->inj_sig], (uint32_t)r->inj_core);
    vtop_step(r->top, cycle, in, out);
    if (r->inj_sig >= 0 && cycle == r->inj_cycle)
        sig_flip(out, &SIGS[r->inj_sig], (uint32_t)r->inj_core);
    vtop_assert a;
    if (vtop_assert_take(r->top, &a)) {
        /* an RTL check failed at this edge (rtl/ctasim_assert.svh): the run
         * stops as on a mismatch, with the waveform of the cycles before it */
        char note[700], what[700];
        snprintf(what, sizeof what, "assertion failed at cycle %" PRIu64 ": %s", cycle, a.text);
        replay_dump(r, cycle, a.unit, a.core, what, note, sizeof note);
        snprintf(err, errlen, "%s%s", what, note);
        return -1;
    }
    if (!r->lockstep) return 0;
    ctl_ref_step(r->ref, cfg, in, &r->ref_out);
    uint32_t core;
    int k = first_difference(&r->ref_out, out, r->n_cores, r->units, &core);
    if (k < 0) {
        r->compared++;
        return 0;
    }
    char when[48], note[700], what[160];
    snprintf(when, sizeof when, "cycle %" PRIu64, cycle);
    snprintf(what, sizeof what, "lockstep mismatch at cycle %" PRIu64 ": unit %s, signal %s",
             cycle, SIGS[k].unit, SIGS[k].name);
    replay_dump(r, cycle, SIGS[k].unit, SIGS[k].global ? -1 : (int)core, what, note, sizeof note);
    format_mismatch(err, errlen, when, k, core, &r->ref_out, out, note);
    return -1;
}

static uint64_t eng_compared(void *impl) { return ((rtl_eng *)impl)->compared; }

static void eng_destroy(void *impl)
{
    rtl_eng *r = impl;
    if (!r) return;
    vtop_destroy(r->top);
    if (r->fst_tmp[0]) fst_discard(r->fst_tmp);   /* never finished: no half waveform left */
    if (r->log) free(r->log->buf);
    free(r->log);
    ctl_ref_free(r->ref);
    free(r);
}

/* Lockstep's comparator is the C reference; rtl has none. */
static const ctl_ref *eng_reference(void *impl)
{
    return ((const rtl_eng *)impl)->ref;
}

static int open_fst(rtl_eng *r, const engine_opts *o, char *err, size_t errlen)
{
    uint64_t first = 0, last = UINT64_MAX;
    if (!o->fst) {
        if (o->fst_window) {
            snprintf(err, errlen, "<command line>: --fst-window needs --fst (--fst-window)");
            return -1;
        }
        return 0;
    }
    if (strlen(o->fst) >= sizeof r->fst_base) {
        snprintf(err, errlen, "<command line>: --fst path too long (--fst)");
        return -1;
    }
    if (o->fst_window && parse_window(o->fst_window, &first, &last, err, errlen) < 0) return -1;
    snprintf(r->fst_base, sizeof r->fst_base, "%s", o->fst);
    if (fst_temp(o->fst, r->fst_tmp, sizeof r->fst_tmp, err, errlen) < 0) return -1;
    if (vtop_fst_open(r->top, r->fst_tmp, first, last, err, errlen) < 0) {
        fst_discard(r->fst_tmp);
        r->fst_tmp[0] = 0;
        return -1;
    }
    return 0;
}

/* Close the waveform and put it in place (after every other result is
 * written: a waveform that fails loses nothing else). */
static int eng_finish(void *impl, char *err, size_t errlen)
{
    rtl_eng *r = impl;
    if (!r->fst_tmp[0]) return 0;
    vtop_fst_close(r->top);
    int rc = fst_commit(r->top, r->fst_tmp, r->fst_base, 1, err, errlen);
    r->fst_tmp[0] = 0;
    return rc;
}

int rtl_engine_open(ctl_engine *e, int lockstep, const gpu_cfg *cfg, const engine_opts *o,
                    char *err, size_t errlen)
{
    /* the model of the run's size is loaded (or built) at the reset; one that
     * will not be built is refused now, before any cycle */
    if (cfg->sm.n_cores <= CTL_MAX_CORES && cfg->mem.n_parts <= CTL_MAX_PARTS &&
        vtop_check(cfg->sm.n_cores, cfg->mem.n_parts ? cfg->mem.n_parts : 1, o->fst != NULL,
                   err, errlen) < 0)
        return -1;
    rtl_eng *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    r->lockstep = lockstep;
    r->inj_sig = -1;
    set_run_tag(r, o->test, cfg->run.seed);
    r->units = o->units_mask;
    if (!r->units && engine_units(NULL, cfg, lockstep ? "lockstep" : "rtl", &r->units, err, errlen) < 0)
        goto fail;
    if (lag_from_opts(o, &r->lag, err, errlen) < 0) goto fail;
    r->top = vtop_create();
    if (!r->top || (lockstep && !(r->ref = ctl_ref_new(r->units)))) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    if (r->ref) r->ref->units = r->units;
    if (open_fst(r, o, err, errlen) < 0) goto fail;
    memset(e, 0, sizeof *e);
    e->name = lockstep ? "lockstep" : "rtl";
    e->impl = r;
    e->reset = eng_reset;
    e->step = eng_step;
    e->compared = eng_compared;
    e->finish = eng_finish;
    e->destroy = eng_destroy;
    e->reference = eng_reference;
    return 0;
fail:
    eng_destroy(r);
    return -1;
}

void rtl_engine_set_lag(ctl_engine *e, uint32_t lag)
{
    rtl_eng *r = e->impl;
    r->lag = lag > MAX_LAG ? MAX_LAG : lag;
    if (lag == 0 && r->log) {
        free(r->log->buf);
        free(r->log);
        r->log = NULL;
    }
}

int rtl_engine_inject(ctl_engine *e, uint64_t cycle, const char *signal, int core)
{
    rtl_eng *r = e->impl;
    int k = sig_find(signal);
    if (k < 0 || (!SIGS[k].global && (core < 0 || core >= CTL_MAX_CORES))) return -1;
    r->inj_sig = k;
    r->inj_core = SIGS[k].global ? 0 : core;
    r->inj_cycle = cycle;
    return 0;
}

const char *rtl_engine_mismatch_fst(const ctl_engine *e)
{
    return ((const rtl_eng *)e->impl)->mismatch_fst;
}
