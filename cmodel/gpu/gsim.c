/* gsim.c -- GPGPU-Sim / Accel-Sim option files mapped onto ctasim's keys
 * (see gsim.h and docs/config.md "Reading Accel-Sim configs").
 *
 * The formats of the values are GPGPU-Sim's, read from its source at
 * accel-sim/gpgpu-sim_distribution (src/option_parser.cc for the file,
 * src/gpgpu-sim/gpu-cache.h cache_config::init for -gpgpu_cache:*,
 * gpu-sim.h memory_config::init for -gpgpu_dram_timing_opt, addrdec.cc
 * addrdec_parseoption for -gpgpu_mem_addr_mapping, shader.h
 * shader_core_config::init for -gpgpu_shader_core_pipeline and
 * -gpgpu_pipeline_widths) and Accel-Sim's (accel-sim-framework,
 * gpu-simulator/trace-driven/trace_driven.cc trace_config for
 * -trace_opcode_latency_initiation_*).  Facts and formats only. */
#include "gsim.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "infile.h"

/* ================================================================ formats */

enum gsim_fmt {
    F_INT = 0,      /* an integer (GPGPU-Sim: decimal, 0x hex, leading 0 octal) */
    F_BOOL,         /* 0 or 1; a name with no value is 1 */
    F_STR,          /* a word */
    F_CLOCK,        /* <core>:<icnt>:<l2>:<dram> MHz */
    F_PIPE,         /* <threads>:<warp size> */
    F_WIDTHS,       /* the pipeline register widths, 11 or 13 */
    F_LATINIT,      /* <latency>,<initiation> */
    F_CACHE,        /* -gpgpu_cache:* */
    F_DRAM,         /* -gpgpu_dram_timing_opt, named or positional */
    F_AMAP,         /* -gpgpu_mem_addr_mapping */
    F_QUEUES,       /* -gpgpu_dram_partition_queues */
    F_SPEC,         /* -specialized_unit_N */
    F_NFMT
};

#define GSIM_MAX_FIELDS 18
#define GSIM_TEXT 80

typedef struct gsim_val {
    uint32_t present;                   /* bit i: field i given (or derived) */
    char     text[GSIM_MAX_FIELDS][GSIM_TEXT];
    double   num[GSIM_MAX_FIELDS];      /* the field's number, when it is one */
    uint32_t deps[GSIM_MAX_FIELDS];     /* fields a derived field is computed from */
    char     how[GSIM_MAX_FIELDS][64];  /* how a derived field was computed */
    char     why[64];                   /* what is malformed, when a parser can say */
} gsim_val;

typedef struct gsim_format {
    const char *const *fields;  /* field names, NULL-terminated; derived fields after `base` */
    uint32_t    base;           /* fields given in the value (the rest are derived) */
    const char *syntax;         /* the expected form, for refusals and docs */
    int (*parse)(const char *value, gsim_val *v);   /* 0, or -1: malformed */
} gsim_format;

static const char *const f_whole[] = { "", NULL };
static const char *const f_clock[] = { "core", "icnt", "l2", "dram", NULL };
static const char *const f_pipe[] = { "threads", "warp", NULL };
static const char *const f_widths[] = {
    "ID_OC_SP", "ID_OC_DP", "ID_OC_INT", "ID_OC_SFU", "ID_OC_MEM", "OC_EX_SP", "OC_EX_DP",
    "OC_EX_INT", "OC_EX_SFU", "OC_EX_MEM", "EX_WB", "ID_OC_TENSOR_CORE", "OC_EX_TENSOR_CORE", NULL };
static const char *const f_latinit[] = { "latency", "initiation", NULL };
static const char *const f_cache[] = {
    "sector", "nsets", "line", "assoc", "rep", "wr", "alloc", "wr_alloc", "set_index",
    "mshr_type", "mshr", "merge", "mq", "fifo", "port", "bytes", NULL };
static const char *const f_dram[] = {
    "nbk", "CCD", "RRD", "RCD", "RAS", "RP", "RC", "CL", "WL", "CDLR", "WR", "nbkgrp",
    "CCDL", "RTPL", "tRC", NULL };
static const char *const f_amap[] = { "dramid", "layout", "row_bytes", NULL };
static const char *const f_queues[] = { "icnt_l2", "l2_dram", "dram_l2", "l2_icnt", NULL };
static const char *const f_spec[] = { "enabled", "units", "max_latency", "ID_OC", "OC_EX", "name", NULL };

/* ---------------------------------------------------------------- scanning */

static void put_text(gsim_val *v, int i, const char *s, size_t n)
{
    if (n >= GSIM_TEXT) n = GSIM_TEXT - 1;
    memcpy(v->text[i], s, n);
    v->text[i][n] = '\0';
    v->present |= 1u << i;
}

/* One pattern item at s: 'u' unsigned decimal, 'f' decimal number, 'c' one
 * character, 's' the rest.  Returns its length, 0 if s does not hold one. */
static size_t scan_item(char item, const char *s, double *num)
{
    size_t n = 0;
    if (item == 'c') return s[0] ? 1 : 0;
    if (item == 's') return strlen(s);
    while (isdigit((unsigned char)s[n])) n++;
    if (n == 0) return 0;
    if (item == 'f' && s[n] == '.') {
        n++;
        while (isdigit((unsigned char)s[n])) n++;
    }
    char buf[48];
    if (n >= sizeof buf) return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    *num = strtod(buf, NULL);
    if (item == 'u' && *num > 4294967295.0) return 0;
    return n;
}

/* s against pattern items and literal separators (e.g. "u:u,c"): fills the
 * fields in order; the value may stop after any item.  Items read, or -1
 * when s holds text the pattern does not allow. */
static int scan(const char *s, const char *pat, gsim_val *v)
{
    int k = 0;
    for (const char *p = pat; *p; p++) {
        if (!strchr("ufcs", *p)) {
            if (*s != *p) return *s ? -1 : k;
            s++;
            continue;
        }
        size_t n = scan_item(*p, s, &v->num[k]);
        if (n == 0 || k >= GSIM_MAX_FIELDS) return -1;
        put_text(v, k, s, n);
        s += n;
        k++;
        if (!*s) return k;
    }
    return *s ? -1 : k;
}

/* An integer as GPGPU-Sim's OptionRegistry<T>::fromString reads it: 0x
 * hex, a leading 0 octal, else decimal (a sign allowed); unlike it, no
 * trailing text.  0, or -1. */
static int parse_gint(const char *s, double *out)
{
    int neg = (*s == '-');
    if (neg) s++;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) { base = 16; s += 2; }
    else if (s[0] == '0' && s[1]) { base = 8; s++; }
    if (!isxdigit((unsigned char)*s)) return -1;
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end || v > (1ull << 53)) return -1;
    *out = neg ? -(double)v : (double)v;
    return 0;
}

static int parse_int(const char *value, gsim_val *v)
{
    if (parse_gint(value, &v->num[0]) < 0) return -1;
    put_text(v, 0, value, strlen(value));
    return 0;
}

static int parse_bool(const char *value, gsim_val *v)
{
    if (parse_int(value, v) < 0) return -1;
    return v->num[0] == 0 || v->num[0] == 1 ? 0 : -1;
}

static int parse_str(const char *value, gsim_val *v)
{
    if (!*value || strlen(value) >= GSIM_TEXT) return -1;
    put_text(v, 0, value, strlen(value));
    return 0;
}

static int parse_n(const char *value, gsim_val *v, const char *pat, int min)
{
    int k = scan(value, pat, v);
    return k >= min ? 0 : -1;
}

static int parse_clock(const char *value, gsim_val *v)
{
    if (parse_n(value, v, "f:f:f:f", 4) < 0) return -1;
    for (int i = 0; i < 4; i++)
        if (v->num[i] <= 0) return -1;
    return 0;
}

static int parse_pipe(const char *value, gsim_val *v)
{
    return parse_n(value, v, "u:u", 2) < 0 || v->num[1] == 0 ? -1 : 0;
}

static int parse_widths(const char *value, gsim_val *v)
{
    return parse_n(value, v, "u,u,u,u,u,u,u,u,u,u,u,u,u", 11);
}

static int parse_latinit(const char *value, gsim_val *v)
{
    return parse_n(value, v, "u,u", 2);
}

static int parse_queues(const char *value, gsim_val *v)
{
    return parse_n(value, v, "u:u:u:u", 4);
}

static int parse_spec(const char *value, gsim_val *v)
{
    return parse_n(value, v, "u,u,u,u,u,s", 6) < 0 || v->num[0] > 1 ? -1 : 0;
}

/* The letters gpu-cache.h cache_config::init accepts in each place. */
static int cache_letters_ok(gsim_val *v)
{
    static const struct { int field; const char *ok; } allowed[] = {
        { 0, "NS" }, { 4, "LF" }, { 5, "RBTEL" }, { 6, "mfs" }, { 7, "NWFL" }, { 9, "FTAS" },
    };
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
        if (strchr(allowed[i].ok, v->text[allowed[i].field][0])) continue;
        snprintf(v->why, sizeof v->why, "%s '%s' is not one of %s", f_cache[allowed[i].field],
                 v->text[allowed[i].field], allowed[i].ok);
        return -1;
    }
    return isalpha((unsigned char)v->text[8][0]) ? 0 : -1;
}

/* <sector>:<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:<set_index>,
 * <mshr_type>:<mshr>:<merge>,<mq>[:<fifo>][,<port>]; derived bytes =
 * nsets x line x assoc. */
static int parse_cache(const char *value, gsim_val *v)
{
    if (parse_n(value, v, "c:u:u:u,c:c:c:c:c,c:u:u,u:u,u", 13) < 0 || cache_letters_ok(v) < 0)
        return -1;
    if (v->num[1] == 0 || v->num[2] == 0 || v->num[3] == 0) return -1;
    v->num[15] = v->num[1] * v->num[2] * v->num[3];
    snprintf(v->text[15], GSIM_TEXT, "%.0f", v->num[15]);
    snprintf(v->how[15], sizeof v->how[15], "nsets x line x assoc = %.0f x %.0f x %.0f",
             v->num[1], v->num[2], v->num[3]);
    v->present |= 1u << 15;
    v->deps[15] = (1u << 1) | (1u << 2) | (1u << 3);
    return 0;
}

/* The named form: name=value pairs split at '=', ':', ';' and blanks
 * (memory_config::init, option_parser_delimited_string "=:;"). */
static int parse_dram_named(const char *value, gsim_val *v)
{
    char buf[GSIM_VALUE_MAX];
    snprintf(buf, sizeof buf, "%s", value);
    for (char *p = buf; *p; p++)
        if (*p == '=' || *p == ':' || *p == ';' || isspace((unsigned char)*p)) *p = ' ';
    char *save = NULL;
    for (char *name = strtok_r(buf, " ", &save); name; name = strtok_r(NULL, " ", &save)) {
        char *val = strtok_r(NULL, " ", &save);
        int i = 0;
        while (i < 14 && strcmp(f_dram[i], name) != 0) i++;
        if (i == 14) { snprintf(v->why, sizeof v->why, "unknown name %.40s", name); return -1; }
        if (!val || parse_gint(val, &v->num[i]) < 0 || v->num[i] < 0) {
            snprintf(v->why, sizeof v->why, "%s is not a number >= 0", name);
            return -1;
        }
        put_text(v, i, val, strlen(val));
    }
    return 0;
}

/* nbk..WR are required (GPGPU-Sim's named parser has no default for them);
 * nbkgrp, CCDL, RTPL default to 1, 0, 0.  Derived tRC = max(RC, RAS + RP):
 * dram.cc issues an ACT only when the bank's RC and RP counters are both
 * zero and a PRE only when its RAS counter is, so the same bank's next ACT
 * comes max(tRC, tRAS + tRP) after the last. */
static int parse_dram(const char *value, gsim_val *v)
{
    int rc = strchr(value, '=') ? parse_dram_named(value, v)
                                : parse_n(value, v, "u:u:u:u:u:u:u:u:u:u:u:u:u:u", 11);
    if (rc < 0) return -1;
    for (int i = 0; i < 11; i++) {
        if (v->present & (1u << i)) continue;
        snprintf(v->why, sizeof v->why, "%s missing", f_dram[i]);
        return -1;
    }
    if (v->num[0] == 0) { snprintf(v->why, sizeof v->why, "nbk = 0"); return -1; }
    double ras_rp = v->num[4] + v->num[5];
    v->num[14] = v->num[6] > ras_rp ? v->num[6] : ras_rp;
    snprintf(v->text[14], GSIM_TEXT, "%.0f", v->num[14]);
    snprintf(v->how[14], sizeof v->how[14], "max(RC, RAS + RP) = max(%.0f, %.0f + %.0f)",
             v->num[6], v->num[4], v->num[5]);
    v->present |= 1u << 14;
    v->deps[14] = 1u << 6;
    return 0;
}

/* dramid@<bit>;<64 bit letters>: D chip, B bank, R row, C column, S burst
 * (a column bit too), 0 unused; '|', ' ' and '.' ignored.  Derived
 * row_bytes = 2^(C + S bits): the bytes one row of a channel holds. */
static int parse_amap(const char *value, gsim_val *v)
{
    const char *map = value;
    if (strncmp(value, "dramid@", 7) == 0) {
        const char *semi = strchr(value, ';');
        double bit;
        char num[16];
        size_t n = semi ? (size_t)(semi - value - 7) : 0;
        if (!semi || n == 0 || n >= sizeof num) return -1;
        memcpy(num, value + 7, n);
        num[n] = '\0';
        if (parse_gint(num, &bit) < 0 || bit < 0 || bit > 63) return -1;
        put_text(v, 0, num, n);
        v->num[0] = bit;
        map = semi + 1;
    }
    int bits = 0, col = 0;
    for (const char *p = map; *p; p++) {
        char u = (char)toupper((unsigned char)*p);
        if (strchr("|. ", u)) continue;
        if (!strchr("DBRCS0", u) || (u == 'D' && (v->present & 1u))) return -1;
        bits++;
        col += (u == 'C' || u == 'S');
    }
    if (bits != 64 || col > 30) {
        snprintf(v->why, sizeof v->why, "%d bits", bits);
        return -1;
    }
    put_text(v, 1, map, strlen(map));
    v->deps[1] = v->present & 1u;           /* the layout's row reads dramid too */
    v->num[2] = (double)(1u << col);
    snprintf(v->text[2], GSIM_TEXT, "%u", 1u << col);
    snprintf(v->how[2], sizeof v->how[2], "2^(%d column and burst bits)", col);
    v->present |= 1u << 2;
    return 0;
}

static const gsim_format formats[F_NFMT] = {
    [F_INT]     = { f_whole, 1, "an integer", parse_int },
    [F_BOOL]    = { f_whole, 1, "0 or 1", parse_bool },
    [F_STR]     = { f_whole, 1, "a word", parse_str },
    [F_CLOCK]   = { f_clock, 4, "<core>:<icnt>:<l2>:<dram> (MHz)", parse_clock },
    [F_PIPE]    = { f_pipe, 2, "<threads>:<warp size>", parse_pipe },
    [F_WIDTHS]  = { f_widths, 13, "11 or 13 comma-separated widths ID_OC_SP,...,EX_WB"
                    "[,ID_OC_TENSOR_CORE,OC_EX_TENSOR_CORE]", parse_widths },
    [F_LATINIT] = { f_latinit, 2, "<latency>,<initiation>", parse_latinit },
    [F_CACHE]   = { f_cache, 15, "<N|S>:<nsets>:<line>:<assoc>,<rep>:<wr>:<alloc>:<wr_alloc>:"
                    "<set_index>,<mshr_type>:<mshr>:<merge>,<mq>[:<fifo>][,<port>]", parse_cache },
    [F_DRAM]    = { f_dram, 14, "nbk=..:CCD=..:RRD=..:RCD=..:RAS=..:RP=..:RC=..:CL=..:WL=..:"
                    "CDLR=..:WR=..[:nbkgrp=..:CCDL=..:RTPL=..] or 11 to 14 numbers in that order",
                    parse_dram },
    [F_AMAP]    = { f_amap, 2, "[dramid@<bit>;]<64 bits of D B R C S 0>", parse_amap },
    [F_QUEUES]  = { f_queues, 4, "<icnt_l2>:<l2_dram>:<dram_l2>:<l2_icnt>", parse_queues },
    [F_SPEC]    = { f_spec, 6, "<enabled>,<units>,<max_latency>,<ID_OC>,<OC_EX>,<name>", parse_spec },
};

static int field_index(int fmt, const char *name)
{
    const char *const *f = formats[fmt].fields;
    for (int i = 0; f[i]; i++)
        if (strcmp(f[i], name) == 0) return i;
    return -1;
}

static uint32_t base_mask(int fmt)
{
    uint32_t b = formats[fmt].base;
    return b >= 32 ? 0xffffffffu : (1u << b) - 1u;
}

/* ================================================================ reading */

static gsim_opt *find_opt(const gsim *g, const char *name)
{
    for (uint32_t i = 0; i < g->n_opt; i++)
        if (strcmp(g->opt[i].name, name) == 0) return (gsim_opt *)&g->opt[i];
    return NULL;
}

typedef struct reader {
    gsim       *g;
    const char *path;
    uint8_t     file;
    int         state;          /* R_NAME, R_VALUE, R_QUOTE */
    gsim_opt   *cur;            /* the option whose value is being read */
    uint32_t    names;          /* option names read */
    char       *err;
    size_t      errlen;
} reader;

enum { R_NAME = 0, R_VALUE, R_QUOTE };

/* A name: '-' then a letter or '_' ("-1" is a value). */
static int is_name(const char *t)
{
    return t[0] == '-' && (isalpha((unsigned char)t[1]) || t[1] == '_');
}

static int rd_fail(reader *r, uint32_t line, const char *problem, const char *what)
{
    char q[96];
    snprintf(r->err, r->errlen, "%s:%u: %s (%s)", r->path, line, problem,
             text_quote(what, 60, q, sizeof q));
    return -1;
}

/* A new option name: the last occurrence wins (OptionParser overwrites). */
static int rd_name(reader *r, const char *t, uint32_t line)
{
    if (t[0] != '-')
        return rd_fail(r, line, "not an option name: GPGPU-Sim options start with '-'", t);
    if (strcmp(t, "-config") == 0)
        return rd_fail(r, line, "nested -config is not read: give each file to ctasim "
                       "(--gpgpusim-config, --trace-config)", t);
    if (strlen(t) >= GSIM_NAME_MAX) return rd_fail(r, line, "option name longer than 63 characters", t);
    gsim_opt *o = find_opt(r->g, t);
    if (!o) {
        if (r->g->n_opt == GSIM_MAX_OPTS) return rd_fail(r, line, "more than 512 distinct options", t);
        o = &r->g->opt[r->g->n_opt++];
        snprintf(o->name, sizeof o->name, "%s", t);
    }
    o->value[0] = '\0';
    o->has_value = 0;
    r->names++;
    o->file = r->file;
    o->line = line;
    r->cur = o;
    r->state = R_VALUE;
    return 0;
}

static int rd_append(reader *r, const char *t, size_t n, uint32_t line)
{
    size_t have = strlen(r->cur->value);
    int sep = r->state == R_QUOTE && have > 0;
    if (have + (size_t)sep + n >= GSIM_VALUE_MAX)
        return rd_fail(r, line, "value longer than 319 characters", r->cur->name);
    if (sep) r->cur->value[have++] = ' ';
    memcpy(r->cur->value + have, t, n);
    r->cur->value[have + n] = '\0';
    return 0;
}

/* One token (OptionParser::ParseStringStream): a quoted value runs from a
 * token starting with '"' to one ending with '"', joined by single spaces. */
static int rd_token(reader *r, const char *t, uint32_t line)
{
    size_t n = strlen(t);
    if (r->state == R_QUOTE) {
        int last = t[n - 1] == '"';
        if (rd_append(r, t, n - (size_t)last, line) < 0) return -1;
        if (last) r->state = R_NAME;
        return 0;
    }
    if (r->state == R_NAME || is_name(t)) return rd_name(r, t, line);
    r->cur->has_value = 1;
    if (t[0] != '"') {
        r->state = R_NAME;
        return rd_append(r, t, n, line);
    }
    if (n >= 2 && t[n - 1] == '"') {
        r->state = R_NAME;
        return rd_append(r, t + 1, n - 2, line);
    }
    r->state = R_QUOTE;
    return rd_append(r, t + 1, n - 1, line);
}

/* One line: '#' to the end is a comment (ParseFile); the rest tokens. */
static int rd_line(reader *r, char *s, size_t len, uint32_t line)
{
    if (memchr(s, '\0', len)) return rd_fail(r, line, "NUL byte in the line", r->path);
    char *hash = strchr(s, '#');
    if (hash) *hash = '\0';
    char *save = NULL;
    for (char *t = strtok_r(s, " \t\r\n\v\f", &save); t; t = strtok_r(NULL, " \t\r\n\v\f", &save))
        if (rd_token(r, t, line) < 0) return -1;
    return 0;
}

static int file_index(gsim *g, const char *path, char *err, size_t errlen)
{
    for (uint32_t i = 0; i < g->n_files; i++)
        if (strcmp(g->files[i], path) == 0) return (int)i;
    if (g->n_files == GSIM_MAX_FILES || strlen(path) >= sizeof g->files[0]) {
        snprintf(err, errlen, "%s:0: more than %d option files, or a path longer than %zu "
                 "characters (--gpgpusim-config)", path, GSIM_MAX_FILES, sizeof g->files[0] - 1);
        return -1;
    }
    snprintf(g->files[g->n_files], sizeof g->files[0], "%s", path);
    return (int)g->n_files++;
}

int gsim_read(gsim *g, const char *path, char *err, size_t errlen)
{
    int fi = file_index(g, path, err, errlen);
    if (fi < 0) return -1;
    FILE *f = infile_open(path, "GPGPU-Sim option file", GSIM_FILE_BYTES, err, errlen);
    if (!f) return -1;
    reader r = { g, path, (uint8_t)fi, R_NAME, NULL, 0, err, errlen };
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    uint32_t ln = 0;
    int rc = 0;
    while (rc == 0 && (len = getline(&line, &cap, f)) >= 0) {
        ln++;
        rc = rd_line(&r, line, (size_t)len, ln);
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s:%u: read error (%s)", path, ln, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && r.state == R_QUOTE)
        rc = rd_fail(&r, r.cur->line, "unterminated quoted value", r.cur->name);
    if (rc == 0 && r.names == 0) {
        snprintf(err, errlen, "%s:0: no option: an empty GPGPU-Sim option file", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    if (rc < 0) text_clean(err, errlen);
    return rc;
}

int gsim_load(gsim *g, const char *config, const char *trace_config, char *err, size_t errlen)
{
    if (gsim_read(g, config, err, errlen) < 0) return -1;
    if (trace_config) return gsim_read(g, trace_config, err, errlen);
    char beside[1100];
    const char *slash = strrchr(config, '/');
    if (slash) snprintf(beside, sizeof beside, "%.*s/trace.config", (int)(slash - config), config);
    else snprintf(beside, sizeof beside, "trace.config");
    struct stat st;
    if (stat(beside, &st) != 0 || !S_ISREG(st.st_mode)) return 0;
    return gsim_read(g, beside, err, errlen);
}

/* ================================================================ conversions */

#define GSIM_MAX_WITH 3

typedef struct gsim_conv gsim_conv;

/* One row: an option (a field of its value) -> a ctasim key. */
typedef struct gsim_row {
    const char      *opt;       /* the GPGPU-Sim option */
    uint8_t          fmt;       /* how its value reads (enum gsim_fmt) */
    const char      *field;     /* field of a compound value; "" = the whole value */
    const char      *key;       /* the ctasim key it sets */
    const gsim_conv *conv;      /* how the value becomes the key's */
    const char      *with;      /* options the conversion also reads ("-a,-b"), or NULL */
    const char      *when;      /* "-opt[.field]=value" or "-opt" (given): the row applies only then, or NULL */
} gsim_row;

/* What a conversion sees and writes. */
typedef struct gsim_arg {
    const gsim     *g;
    const gsim_row *row;
    const gsim_opt *o;
    const gsim_val *v;                  /* the option's fields */
    int             fi;                 /* the row's field */
    const char     *wname[GSIM_MAX_WITH];
    const gsim_opt *w[GSIM_MAX_WITH];   /* the `with` options; NULL: absent (default used) */
    gsim_val        wv[GSIM_MAX_WITH];
    char            out[128];           /* the key's value (amap.mapping: < 128) */
    char            from[200];          /* how, with the values: the preset's comment */
    char            why[200];           /* a refusal */
} gsim_arg;

struct gsim_conv {
    int (*fn)(gsim_arg *a);             /* 0: out set; 1: nothing to set; -1: refused (why) */
    const char *arg;                    /* the conversion's own data (an enum's value map) */
    const char *doc;                    /* for the docs table */
};

/* "-opt V", "-opt field=V" or "-opt field=V (how)". */
static void describe(const gsim_arg *a, char *buf, size_t len)
{
    const char *f = a->row->field;
    const char *how = a->v->how[a->fi];
    if (!*f) snprintf(buf, len, "%s %s", a->o->name, a->v->text[0]);
    else if (*how) snprintf(buf, len, "%s %s = %s = %s", a->o->name, f, how, a->v->text[a->fi]);
    else snprintf(buf, len, "%s %s=%s", a->o->name, f, a->v->text[a->fi]);
}

static const char *wtext(const gsim_arg *a, int i, int field)
{
    return a->wv[i].text[field];
}

/* The row's field as a whole non-negative number. */
static int whole(gsim_arg *a, uint64_t *out)
{
    double x = a->v->num[a->fi];
    describe(a, a->from, sizeof a->from);
    if (x < 0 || x != floor(x) || x > 4294967295.0) {
        snprintf(a->why, sizeof a->why, "'%s' is not a whole number >= 0", a->v->text[a->fi]);
        return -1;
    }
    *out = (uint64_t)x;
    return 0;
}

static int cv_int(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    snprintf(a->out, sizeof a->out, "%llu", (unsigned long long)x);
    return 0;
}

/* MHz to whole MHz (ctasim's clocks are whole MHz). */
static int cv_round(gsim_arg *a)
{
    double x = a->v->num[a->fi];
    describe(a, a->from, sizeof a->from);
    double r = floor(x + 0.5);
    if (r != x) snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), ", rounded");
    snprintf(a->out, sizeof a->out, "%.0f", r);
    return 0;
}

/* Times the first `with` option. */
static int cv_mul(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    double w = a->wv[0].num[0];
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), " x %s %s", a->wname[0],
             wtext(a, 0, 0));
    snprintf(a->out, sizeof a->out, "%.0f", (double)x * w);
    return 0;
}

/* A name from the conversion's map "gpgpusim=ctasim,...". */
static int cv_enum(gsim_arg *a)
{
    describe(a, a->from, sizeof a->from);
    const char *t = a->v->text[a->fi];
    size_t n = strlen(t), used = 0;
    char names[96] = "";
    for (const char *p = a->row->conv->arg; *p;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end) end = p + strlen(p);
        if ((size_t)(eq - p) == n && strncmp(p, t, n) == 0) {
            snprintf(a->out, sizeof a->out, "%.*s", (int)(end - eq - 1), eq + 1);
            return 0;
        }
        int k = snprintf(names + used, sizeof names - used, "%s%.*s", used ? "|" : "", (int)(eq - p), p);
        if (k > 0 && (size_t)k < sizeof names - used) used += (size_t)k;
        p = *end ? end + 1 : end;
    }
    snprintf(a->why, sizeof a->why, "'%s' has no ctasim counterpart, mapped are %s", t, names);
    return -1;
}

/* GPGPU-Sim's SP and SFU units take one whole warp per issue (shader.cc
 * pipelined_simd_unit): lanes = the warp size, which ctasim fixes at 32. */
static int cv_warp(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    if (x != 32) {
        snprintf(a->why, sizeof a->why, "a warp of %llu threads: ctasim's warps are 32 threads",
                 (unsigned long long)x);
        return -1;
    }
    snprintf(a->out, sizeof a->out, "32");
    return 0;
}

/* Warps per core = threads / warp size. */
static int cv_warps(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    double w = a->v->num[1];
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), " / warp=%s", a->v->text[1]);
    snprintf(a->out, sizeof a->out, "%.0f", floor((double)x / w));
    return 0;
}

/* One line size for L1 and L2 (l1.line_bytes): a second cache must agree. */
static int cv_line(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    for (uint32_t i = 0; i < a->g->n_set; i++) {
        const gsim_set *s = &a->g->set[i];
        if (strcmp(s->key, a->row->key) != 0) continue;
        if (strtoull(s->value, NULL, 10) == x) return 1;
        snprintf(a->why, sizeof a->why, "a %llu B line where %s gave %s B: ctasim has one line "
                 "size for L1 and L2", (unsigned long long)x, s->from, s->value);
        return -1;
    }
    snprintf(a->out, sizeof a->out, "%llu", (unsigned long long)x);
    return 0;
}

/* The ROP delay counts core cycles (l2cache.cc memory_sub_partition::push:
 * ready_cycle = gpu_sim_cycle + rop_latency); l2.lat counts L2 cycles. */
static int cv_l2lat(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    double core = a->wv[0].num[0], l2 = a->wv[0].num[2];
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from),
             " core cycles x %s / %s MHz (%s l2 / core)", wtext(a, 0, 2), wtext(a, 0, 0), a->wname[0]);
    snprintf(a->out, sizeof a->out, "%.0f", floor((double)x * l2 / core + 0.5));
    return 0;
}

/* Bytes per DRAM command cycle = bus width x chips x data/command ratio
 * (gpu-sim.h: dram_atom_size = BL x busW x chips, moved in BL / ratio
 * command cycles); ctasim's channel moves 2 x dram.bus_bytes per cycle. */
static int cv_bus(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    double per_cycle = (double)x * a->wv[0].num[0] * a->wv[1].num[0];
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), " x %s %s x %s %s / 2",
             a->wname[0], wtext(a, 0, 0), a->wname[1], wtext(a, 1, 0));
    if (per_cycle < 2 || fmod(per_cycle, 2) != 0) {
        snprintf(a->why, sizeof a->why, "%.0f bytes per DRAM command cycle: ctasim's channel moves "
                 "2 x dram.bus_bytes per cycle", per_cycle);
        return -1;
    }
    snprintf(a->out, sizeof a->out, "%.0f", per_cycle / 2);
    return 0;
}

/* A burst takes BL / ratio command cycles; ctasim's dram.burst counts two
 * transfers per cycle: burst = 2 x BL / ratio. */
static int cv_burst(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    double ratio = a->wv[0].num[0], b = 2.0 * (double)x / ratio;
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), " x 2 / %s %s",
             a->wname[0], wtext(a, 0, 0));
    if (b < 1 || b != floor(b)) {
        snprintf(a->why, sizeof a->why, "2 x burst length / ratio = %g is not whole", b);
        return -1;
    }
    snprintf(a->out, sizeof a->out, "%.0f", b);
    return 0;
}

/* Sectored caches: 32 B sectors (gpu-cache.h SECTOR_SIZE) when the first
 * field is S, else the line (unsectored). */
static int cv_sector(gsim_arg *a)
{
    describe(a, a->from, sizeof a->from);
    snprintf(a->out, sizeof a->out, "%s", a->v->text[0][0] == 'S' ? "32" : a->v->text[2]);
    return 0;
}

/* As is, but 0 refused: the key's 0 means something else in ctasim (the
 * conversion's arg says what). */
static int cv_nonzero(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    if (x == 0) {
        snprintf(a->why, sizeof a->why, "0 has no ctasim counterpart: %s", a->row->conv->arg);
        return -1;
    }
    snprintf(a->out, sizeof a->out, "%llu", (unsigned long long)x);
    return 0;
}

/* The first `with` option's GPGPU-Sim default when it is absent (its own
 * row sets the key when it is given). */
static int cv_default(gsim_arg *a)
{
    if (a->w[0]) return 1;
    describe(a, a->from, sizeof a->from);
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), ": %s %s (GPGPU-Sim's default)",
             a->wname[0], wtext(a, 0, 0));
    snprintf(a->out, sizeof a->out, "%s", wtext(a, 0, 0));
    return 0;
}

/* A fixed value the option implies (the conversion's arg: "VALUE: why"). */
static int cv_fixed(gsim_arg *a)
{
    const char *arg = a->row->conv->arg, *colon = strchr(arg, ':');
    describe(a, a->from, sizeof a->from);
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from), ":%s", colon + 1);
    snprintf(a->out, sizeof a->out, "%.*s", (int)(colon - arg), arg);
    return 0;
}

/* dram.cc moves dram_atom_size = BL x bus width x chips bytes per column
 * command (gpu-sim.h memory_config::init): ctasim's atom, burst x
 * bus_bytes, is the same product. */
static int cv_atom(gsim_arg *a)
{
    uint64_t x;
    if (whole(a, &x) < 0) return -1;
    snprintf(a->from + strlen(a->from), sizeof a->from - strlen(a->from),
             " x %s %s x %s %s = %.0f B per column command (dram_atom_size)", a->wname[0],
             wtext(a, 0, 0), a->wname[1], wtext(a, 1, 0),
             (double)x * a->wv[0].num[0] * a->wv[1].num[0]);
    snprintf(a->out, sizeof a->out, "atom");
    return 0;
}

/* -gpgpu_mem_addr_mapping verbatim: dramid@S;MASK. */
static int cv_amap(gsim_arg *a)
{
    size_t n = strlen(a->o->value);
    snprintf(a->from, sizeof a->from, "%s %.120s", a->o->name, a->o->value);
    if (n >= sizeof a->out) {
        snprintf(a->why, sizeof a->why, "a mapping of %zu characters: amap.mapping holds %zu",
                 n, sizeof a->out - 1);
        return -1;
    }
    memcpy(a->out, a->o->value, n + 1);
    return 0;
}

static const gsim_conv CV_INT   = { cv_int, NULL, "as is" };
static const gsim_conv CV_MHZ   = { cv_round, NULL, "rounded to whole MHz" };
static const gsim_conv CV_MUL   = { cv_mul, NULL, "times" };
static const gsim_conv CV_SCHED = { cv_enum, "lrr=lrr,gto=gto,old=oldest", "lrr, gto, old -> lrr, gto, oldest; others refused" };
static const gsim_conv CV_DUAL  = { cv_enum, "1=0,2=1", "1 -> 0, 2 -> 1 (the second on another execution unit: -gpgpu_dual_issue_diff_exec_units 1, every tested config's); others refused" };
static const gsim_conv CV_DSCH  = { cv_enum, "0=fcfs,1=frfcfs", "0 -> fcfs, 1 -> frfcfs" };
static const gsim_conv CV_WARP  = { cv_warp, NULL, "must be 32 (a unit takes a whole warp: lanes = 32)" };
static const gsim_conv CV_WARPS = { cv_warps, NULL, "threads / warp" };
static const gsim_conv CV_LINE  = { cv_line, NULL, "as is; L1 and L2 lines must agree" };
static const gsim_conv CV_L2LAT = { cv_l2lat, NULL, "core cycles x L2 MHz / core MHz, rounded" };
static const gsim_conv CV_BUS   = { cv_bus, NULL, "bus width x chips x ratio / 2 (bytes per DDR beat)" };
static const gsim_conv CV_BURST = { cv_burst, NULL, "2 x burst length / ratio" };
static const gsim_conv CV_SECTOR = { cv_sector, NULL, "32 if sectored (S), else the line" };
static const gsim_conv CV_BANKS = { cv_nonzero, "l1.banks = 0 is no bank model", "as is; 0 refused (ctasim's 0 is no bank model)" };
static const gsim_conv CV_WL    = { cv_nonzero, "dram.tWL = 0 is WL = tCL", "as is; 0 refused (ctasim's 0 is WL = tCL)" };
static const gsim_conv CV_DFLT  = { cv_default, NULL, "1, the default of `-gpgpu_l1_banks`, when that is absent (the latency queue is per bank)" };
static const gsim_conv CV_LATQ  = { cv_fixed, "1: the L1 latency queue precedes the tag lookup (shader.cc l1_latency_queue)", "1: GPGPU-Sim's L1 latency queue precedes the tag lookup, misses wait too" };
static const gsim_conv CV_FILLWB = { cv_fixed, "1: shader.cc ldst_unit::writeback takes one L1D response a cycle (x -gpgpu_mem_unit_ports, default 1)", "1: GPGPU-Sim's LD/ST writeback takes one L1D response per core cycle" };
static const gsim_conv CV_ROP   = { cv_fixed, "1: l2cache.cc delays requests in m_rop, unbounded, before icnt_L2_queue", "1: GPGPU-Sim's ROP delay queue (m_rop) precedes the icnt_L2 queue, unbounded" };
static const gsim_conv CV_WACK  = { cv_fixed, "1: l2cache.cc memory_sub_partition::cache_cycle answers each store with a WRITE_ACK (8 B); a warp exits when its stores are acknowledged (shd_warp_t::stores_done)", "1: GPGPU-Sim's L2 acknowledges every store; warps wait for their acknowledgements" };
static const gsim_conv CV_FILLP = { cv_fixed, "1: l2cache.cc memory_sub_partition::cache_cycle installs DRAM returns through the fill port (fill_port_free) beside the data port", "1: GPGPU-Sim's L2 fills through a port of their own" };
static const gsim_conv CV_LRESP = { cv_fixed, "1: l2cache.cc memory_sub_partition::cache_cycle pushes a fill's response and a lookup's into L2_icnt_queue in one cycle", "1: GPGPU-Sim's L2 sends a fill's and a lookup's response in one cycle" };
static const gsim_conv CV_LDST  = { cv_fixed, "1: GPGPU-Sim has one LD/ST unit (shader.cc m_ldst_unit), paced by the L1 banks", "1: GPGPU-Sim's one LD/ST unit, paced by the L1 banks" };
static const gsim_conv CV_OC    = { cv_enum, "1=2,2=1", "1 -> 2 read cycles, 2 -> 1 (operands in distinct banks); others refused" };
static const gsim_conv CV_WB    = { cv_fixed, "2: shader.cc moves the result into EX_WB, writeback() releases the scoreboard a cycle later", "2: fixed in shader.cc (EX_WB register, then writeback releases the scoreboard)" };
static const gsim_conv CV_BKGRP = { cv_enum, "0=high,1=low", "0 -> high, 1 -> low; others refused" };
static const gsim_conv CV_ATOM  = { cv_atom, NULL, "atom: dram.cc moves dram_atom_size = BL x bus width x chips per column command" };
static const gsim_conv CV_BIDX  = { cv_enum, "0=none,1=xor,2=ipoly", "0 -> none, 1 -> xor, 2 -> ipoly; others refused" };
static const gsim_conv CV_PIDX  = { cv_enum, "0=none,1=xor,2=ipoly,4=random", "0 -> none, 1 -> xor, 2 -> ipoly, 4 -> random; 3 (PAE), 6 (the 2025 configs' IPOLY_MODULO, whose hash the mirrored GPGPU-Sim sources lack) and others refused" };
static const gsim_conv CV_AMAP  = { cv_amap, NULL, "dramid@S;MASK verbatim" };

/* ================================================================ the table */

#define SPECIAL_OC "-gpgpu_enable_specialized_operand_collector"
#define NSUB "-gpgpu_n_sub_partition_per_mchannel"
#define AMAP "-gpgpu_mem_addr_mapping"

/* One row per option (field) -> key.  A row applies when its option was
 * given (and its condition holds); the `with` options it combines take
 * GPGPU-Sim's default when absent (gsim_partners below).  Adding a
 * counterpart is adding a row. */
static const gsim_row rows[] = {
/*  option                                   format     field        key                 conversion with                                   when */
    { "-gpgpu_clock_domains",                F_CLOCK,   "core",      "clock.core_mhz",   &CV_MHZ,   NULL,                                  NULL },
    { "-gpgpu_clock_domains",                F_CLOCK,   "icnt",      "clock.icnt_mhz",   &CV_MHZ,   NULL,                                  NULL },
    { "-gpgpu_clock_domains",                F_CLOCK,   "l2",        "clock.l2_mhz",     &CV_MHZ,   NULL,                                  NULL },
    { "-gpgpu_clock_domains",                F_CLOCK,   "dram",      "clock.dram_mhz",   &CV_MHZ,   NULL,                                  NULL },
    { "-gpgpu_n_clusters",                   F_INT,     "",          "core.count",       &CV_MUL,   "-gpgpu_n_cores_per_cluster",          NULL },
    { "-gpgpu_shader_core_pipeline",         F_PIPE,    "threads",   "core.max_threads", &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_shader_core_pipeline",         F_PIPE,    "threads",   "core.max_warps",   &CV_WARPS, NULL,                                  NULL },
    { "-gpgpu_shader_core_pipeline",         F_PIPE,    "warp",      "core.simt_lanes",  &CV_WARP,  NULL,                                  NULL },
    { "-gpgpu_shader_core_pipeline",         F_PIPE,    "warp",      "core.sfu_lanes",   &CV_WARP,  NULL,                                  NULL },
    { "-gpgpu_shader_cta",                   F_INT,     "",          "core.max_ctas",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_shader_registers",             F_INT,     "",          "core.regs",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_shmem_size",                   F_INT,     "",          "core.smem_bytes",  &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_num_sched_per_core",           F_INT,     "",          "core.n_sched",     &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_max_insn_issue_per_warp",      F_INT,     "",          "core.dual_issue",  &CV_DUAL,  NULL,                                  NULL },
    { "-gpgpu_scheduler",                    F_STR,     "",          "core.sched",       &CV_SCHED, NULL,                                  NULL },
    { "-gpgpu_inst_fetch_throughput",        F_INT,     "",          "units.ifid",       &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "ID_OC_SP",  "units.idoc_sp",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "ID_OC_SFU", "units.idoc_sfu",   &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "ID_OC_MEM", "units.idoc_ldst",  &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "OC_EX_SP",  "units.ocex_sp",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "OC_EX_SFU", "units.ocex_sfu",   &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_pipeline_widths",              F_WIDTHS,  "OC_EX_MEM", "units.ocex_ldst",  &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_operand_collector_num_units_gen", F_INT,  "",          "units.oc_sp",      &CV_INT,   NULL,                                  SPECIAL_OC "=0" },
    { "-gpgpu_operand_collector_num_units_gen", F_INT,  "",          "units.oc_sfu",     &CV_INT,   NULL,                                  SPECIAL_OC "=0" },
    { "-gpgpu_operand_collector_num_units_gen", F_INT,  "",          "units.oc_ldst",    &CV_INT,   NULL,                                  SPECIAL_OC "=0" },
    { "-gpgpu_operand_collector_num_units_sp",  F_INT,  "",          "units.oc_sp",      &CV_INT,   NULL,                                  SPECIAL_OC "=1" },
    { "-gpgpu_operand_collector_num_units_sfu", F_INT,  "",          "units.oc_sfu",     &CV_INT,   NULL,                                  SPECIAL_OC "=1" },
    { "-gpgpu_operand_collector_num_units_mem", F_INT,  "",          "units.oc_ldst",    &CV_INT,   NULL,                                  SPECIAL_OC "=1" },
    { "-gpgpu_num_sp_units",                 F_INT,     "",          "units.ex_sp",      &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_num_sfu_units",                F_INT,     "",          "units.ex_sfu",     &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_sp", F_LATINIT, "latency",   "lat.sp",           &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_sp", F_LATINIT, "initiation","ii.sp",            &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_sfu",F_LATINIT, "latency",   "lat.sfu",          &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_sfu",F_LATINIT, "initiation","ii.sfu",           &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_dp", F_LATINIT, "latency",   "lat.dp",           &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_dp", F_LATINIT, "initiation","ii.dp",            &CV_INT,   NULL,                                  NULL },
    { "-trace_opcode_latency_initiation_int",F_LATINIT, "latency",   "lat.bra",          &CV_INT,   NULL,                                  "-specialized_unit_1.enabled=0" },
    { "-trace_opcode_latency_initiation_int",F_LATINIT, "initiation","ii.bra",           &CV_INT,   NULL,                                  "-specialized_unit_1.enabled=0" },
    { "-trace_opcode_latency_initiation_spec_op_1", F_LATINIT, "latency", "lat.bra",     &CV_INT,   NULL,                                  "-specialized_unit_1.enabled=1" },
    { "-trace_opcode_latency_initiation_spec_op_1", F_LATINIT, "initiation", "ii.bra",   &CV_INT,   NULL,                                  "-specialized_unit_1.enabled=1" },
    { "-gpgpu_smem_latency",                 F_INT,     "",          "lat.sld",          &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_smem_latency",                 F_INT,     "",          "lat.sst",          &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "bytes",     "l1.bytes",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "assoc",     "l1.assoc",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "line",      "l1.line_bytes",    &CV_LINE,  NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "mshr",      "l1.mshr",          &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "merge",     "l1.mshr_merge",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "mq",        "l1.miss_queue",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl1",                    F_CACHE,   "sector",    "l1.sector_bytes",  &CV_SECTOR,NULL,                                  NULL },
    { "-gpgpu_l1_latency",                   F_INT,     "",          "l1.lat",           &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_l1_banks",                     F_INT,     "",          "l1.banks",         &CV_BANKS, NULL,                                  NULL },
    { "-gpgpu_l1_latency",                   F_INT,     "",          "l1.banks",         &CV_DFLT,  "-gpgpu_l1_banks",                     NULL },
    { "-gpgpu_l1_banks_byte_interleaving",   F_INT,     "",          "l1.bank_bytes",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_l1_latency",                   F_INT,     "",          "l1.lat_on_miss",   &CV_LATQ,  NULL,                                  NULL },
    { "-gpgpu_l1_latency",                   F_INT,     "",          "l1.fill_wb",       &CV_FILLWB,NULL,                                  NULL },
    { "-gpgpu_l1_latency",                   F_INT,     "",          "units.ex_ldst",    &CV_LDST,  NULL,                                  NULL },
    { "-gpgpu_reg_file_port_throughput",     F_INT,     "",          "core.oc_cycles",   &CV_OC,    NULL,                                  NULL },
    { "-gpgpu_num_sp_units",                 F_INT,     "",          "core.wb_cycles",   &CV_WB,    NULL,                                  NULL },
    { "-gpgpu_flush_l1_cache",               F_BOOL,    "",          "l1.flush",         &CV_INT,   NULL,                                  NULL },
    { "-icnt_flit_size",                     F_INT,     "",          "icnt.flit_bytes",  &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_n_mem",                        F_INT,     "",          "l2.parts",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl2",                    F_CACHE,   "line",      "l1.line_bytes",    &CV_LINE,  NULL,                                  NULL },
    { "-gpgpu_cache:dl2",                    F_CACHE,   "bytes",     "l2.bytes",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl2",                    F_CACHE,   "assoc",     "l2.assoc",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl2",                    F_CACHE,   "mshr",      "l2.mshr",          &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_cache:dl2",                    F_CACHE,   "sector",    "l2.sector_bytes",  &CV_SECTOR,NULL,                                  NULL },
    { "-gpgpu_dram_partition_queues",        F_QUEUES,  "icnt_l2",   "l2.queue",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_l2_rop_latency",               F_INT,     "",          "l2.lat",           &CV_L2LAT, "-gpgpu_clock_domains",                NULL },
    { "-gpgpu_l2_rop_latency",               F_INT,     "",          "l2.rop_stage",     &CV_ROP,   NULL,                                  NULL },
    { "-gpgpu_l2_rop_latency",               F_INT,     "",          "l2.write_ack",     &CV_WACK,  NULL,                                  NULL },
    { "-gpgpu_l2_rop_latency",               F_INT,     "",          "l2.fill_port",     &CV_FILLP, NULL,                                  NULL },
    { "-gpgpu_l2_rop_latency",               F_INT,     "",          "l2.lookup_resp",   &CV_LRESP, NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "nbk",       "dram.banks",       &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "CL",        "dram.tCL",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "RCD",       "dram.tRCD",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "RP",        "dram.tRP",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "RAS",       "dram.tRAS",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "tRC",       "dram.tRC",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "RRD",       "dram.tRRD",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "CCD",       "dram.tCCD",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "WR",        "dram.tWR",         &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "CDLR",      "dram.tWTR",        &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "WL",        "dram.tWL",         &CV_WL,    NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "nbkgrp",    "dram.bank_groups", &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "CCDL",      "dram.tCCDL",       &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_timing_opt",              F_DRAM,    "RTPL",      "dram.tRTPL",       &CV_INT,   NULL,                                  NULL },
    { "-dram_bnkgrp_indexing_policy",        F_INT,     "",          "dram.bkgrp_index", &CV_BKGRP, NULL,                                  NULL },
    { "-dram_latency",                       F_INT,     "",          "dram.latency",     &CV_INT,   NULL,                                  NULL },
    { "-dram_dual_bus_interface",            F_INT,     "",          "dram.dual_bus",    &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_mem_addr_mapping",             F_AMAP,    "row_bytes", "dram.row_bytes",   &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_buswidth",                F_INT,     "",          "dram.bus_bytes",   &CV_BUS,   "-gpgpu_n_mem_per_ctrlr,-dram_data_command_freq_ratio", NULL },
    { "-gpgpu_dram_burst_length",            F_INT,     "",          "dram.burst",       &CV_BURST, "-dram_data_command_freq_ratio",       NULL },
    { "-gpgpu_frfcfs_dram_sched_queue_size", F_INT,     "",          "dram.queue",       &CV_INT,   NULL,                                  NULL },
    { "-gpgpu_dram_scheduler",               F_INT,     "",          "dram.sched",       &CV_DSCH,  NULL,                                  NULL },
    { "-gpgpu_dram_burst_length",            F_INT,     "",          "dram.col_cmd",     &CV_ATOM,  "-gpgpu_dram_buswidth,-gpgpu_n_mem_per_ctrlr", NULL },
    { "-gpgpu_kernel_launch_latency",        F_INT,     "",          "launch.kernel_lat", &CV_INT,  NULL,                                  NULL },
    { "-gpgpu_TB_launch_latency",            F_INT,     "",          "launch.kernel_cta_lat", &CV_INT, NULL,                               NULL },
    { NSUB,                                  F_INT,     "",          "amap.sub_parts",   &CV_INT,   NULL,                                  NULL },
    { "-dram_bnk_indexing_policy",           F_INT,     "",          "amap.bank_index",  &CV_BIDX,  NULL,                                  AMAP },
    { "-gpgpu_memory_partition_indexing",    F_INT,     "",          "amap.part_index",  &CV_PIDX,  NULL,                                  AMAP },
    { AMAP,                                  F_AMAP,    "layout",    "amap.mapping",     &CV_AMAP,  NULL,                                  NULL },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* GPGPU-Sim's defaults of the options rows combine or test (`with`,
 * `when`): gpu-sim.cc gpgpu_sim_config / shader_core_config /
 * memory_config::reg_options, trace_driven.cc trace_config::reg_options. */
static const struct gsim_partner {
    const char *opt;
    uint8_t     fmt;
    const char *dflt;
} gsim_partners[] = {
    { "-gpgpu_n_cores_per_cluster",         F_INT,   "3" },
    { NSUB,                                 F_INT,   "1" },
    { "-gpgpu_n_mem_per_ctrlr",             F_INT,   "1" },
    { "-gpgpu_dram_buswidth",               F_INT,   "4" },
    { "-gpgpu_l1_banks",                    F_INT,   "1" },
    { "-dram_data_command_freq_ratio",      F_INT,   "2" },
    { "-gpgpu_clock_domains",               F_CLOCK, "500.0:2000.0:2000.0:2000.0" },
    { SPECIAL_OC,                           F_BOOL,  "1" },
    { "-specialized_unit_1",                F_SPEC,  "0,4,4,4,4,BRA" },
};
#define NPARTNERS (sizeof gsim_partners / sizeof gsim_partners[0])

/* ================================================================ applying */

static const struct gsim_partner *partner(const char *opt)
{
    for (size_t i = 0; i < NPARTNERS; i++)
        if (strcmp(gsim_partners[i].opt, opt) == 0) return &gsim_partners[i];
    return NULL;
}

/* "FILE:LINE" of an option. */
static void where_of(const gsim *g, const gsim_opt *o, char *buf, size_t len)
{
    snprintf(buf, len, "%s:%u", g->files[o->file], o->line);
}

/* Read o's value (or a default) in format fmt into v.  0, or -1 + err. */
static int read_value(const gsim *g, const gsim_opt *o, const char *name, int fmt,
                      const char *dflt, gsim_val *v, char *err, size_t errlen)
{
    memset(v, 0, sizeof *v);
    const char *value = o ? (o->has_value || fmt != F_BOOL ? o->value : "1") : dflt;
    char where[1100], q[96];
    if (o) where_of(g, o, where, sizeof where);
    else snprintf(where, sizeof where, "<GPGPU-Sim default>");
    if (o && !o->has_value && fmt != F_BOOL) {
        snprintf(err, errlen, "%s: no value (%s)", where, name);
        return -1;
    }
    if (formats[fmt].parse(value, v) < 0) {
        char why[80] = "";
        if (v->why[0]) snprintf(why, sizeof why, " (%s)", v->why);
        snprintf(err, errlen, "%s: malformed value '%s'%s, expected %s (%s)", where,
                 text_quote(value, 60, q, sizeof q), why, formats[fmt].syntax, name);
        return -1;
    }
    return 0;
}

/* A partner option's fields: given, or GPGPU-Sim's default. */
static int read_partner(gsim *g, const char *name, int mark, gsim_opt **o, gsim_val *v,
                        char *err, size_t errlen)
{
    const struct gsim_partner *p = partner(name);
    *o = find_opt(g, name);
    if (!p) {   /* a row names an option the partner table lacks: a table bug */
        snprintf(err, errlen, "<gsim table>: no GPGPU-Sim default for %s (%s)", name, name);
        return -1;
    }
    if (read_value(g, *o, name, p->fmt, p->dflt, v, err, errlen) < 0) return -1;
    if (*o) {
        (*o)->fmt = p->fmt;
        (*o)->present = v->present & base_mask(p->fmt);
        if (mark) (*o)->used |= (*o)->present;
    }
    return 0;
}

/* The row's condition "-opt[.field]=value", or "-opt": the option is
 * given.  *on = it holds. */
static int eval_when(gsim *g, const char *when, int *on, char *err, size_t errlen)
{
    char name[GSIM_NAME_MAX + 32];
    snprintf(name, sizeof name, "%s", when);
    char *eq = strchr(name, '=');
    if (!eq) {
        *on = find_opt(g, name) != NULL;
        return 0;
    }
    *eq = '\0';
    char *dot = strchr(name, '.');
    if (dot) *dot = '\0';
    gsim_opt *o;
    gsim_val v;
    if (read_partner(g, name, 0, &o, &v, err, errlen) < 0) return -1;
    const struct gsim_partner *p = partner(name);
    int fi = dot ? field_index(p->fmt, dot + 1) : 0;
    if (fi < 0) { snprintf(err, errlen, "<gsim table>: bad field (%s)", when); return -1; }
    if (o) o->used |= 1u << fi;
    double want;
    *on = parse_gint(eq + 1, &want) == 0 ? v.num[fi] == want : strcmp(v.text[fi], eq + 1) == 0;
    return 0;
}

static gsim_set *find_set(gsim *g, const char *key)
{
    for (uint32_t i = 0; i < g->n_set; i++)
        if (strcmp(g->set[i].key, key) == 0) return &g->set[i];
    return NULL;
}

/* Remember what the row set (or would have: refused != NULL). */
static void record(gsim *g, const gsim_arg *a, const char *refused)
{
    gsim_set *s = find_set(g, a->row->key);
    if (!s) {
        if (g->n_set == GSIM_MAX_SET) return;
        s = &g->set[g->n_set++];
    }
    memset(s, 0, sizeof *s);
    s->key = a->row->key;
    snprintf(s->value, sizeof s->value, "%s", a->out);
    snprintf(s->from, sizeof s->from, "%s", a->from);
    for (int i = 0; i < GSIM_MAX_WITH && s->nw < 3; i++) {
        if (!a->w[i]) continue;
        s->wfile[s->nw] = a->w[i]->file;
        s->wline[s->nw++] = a->w[i]->line;
    }
    s->file = a->o->file;
    s->line = a->o->line;
    if (refused) {
        char w[1100];
        snprintf(w, sizeof w, "%s:%u: ", g->files[s->file], s->line);
        if (strncmp(refused, w, strlen(w)) == 0) refused += strlen(w);
        snprintf(s->refused, sizeof s->refused, "%s", refused);
        g->n_refused++;
    }
}

/* The `with` options of a row, given or defaulted. */
static int read_withs(gsim *g, gsim_arg *a, char *err, size_t errlen)
{
    if (!a->row->with) return 0;
    char list[200];
    snprintf(list, sizeof list, "%s", a->row->with);
    char *save = NULL;
    int i = 0;
    for (char *n = strtok_r(list, ",", &save); n && i < GSIM_MAX_WITH; n = strtok_r(NULL, ",", &save), i++) {
        gsim_opt *o;
        if (read_partner(g, n, 1, &o, &a->wv[i], err, errlen) < 0) return -1;
        a->w[i] = o;
        a->wname[i] = partner(n)->opt;
    }
    return 0;
}

/* Hand the converted value to the registry, at the option's file:line. */
static int set_key(gsim *g, gpu_cfg *c, const gsim_arg *a, int mode, char *err, size_t errlen)
{
    char e[512];
    if (cfg_set_at(c, a->row->key, a->out, g->files[a->o->file], a->o->line, e, sizeof e) == 0) {
        record(g, a, NULL);
        return 0;
    }
    if (mode == GSIM_DEFER) {
        record(g, a, e);
        return 0;
    }
    snprintf(err, errlen, "%s from %s", e, a->from);
    return -1;
}

static int apply_row(gsim *g, const gsim_row *row, gpu_cfg *c, int mode, char *err, size_t errlen)
{
    gsim_opt *o = find_opt(g, row->opt);
    int on = 1;
    if (!o || (row->when && eval_when(g, row->when, &on, err, errlen) < 0)) return o ? -1 : 0;
    if (!on) return 0;
    gsim_arg *a = calloc(1, sizeof *a);
    gsim_val *v = calloc(1, sizeof *v);
    int rc = -1;
    if (!a || !v) { snprintf(err, errlen, "%s:0: out of memory (%s)", g->files[0], row->opt); goto out; }
    if (read_value(g, o, row->opt, row->fmt, NULL, v, err, errlen) < 0) goto out;
    o->fmt = row->fmt;
    o->present = v->present & base_mask(row->fmt);
    *a = (gsim_arg){ .g = g, .row = row, .o = o, .v = v, .fi = field_index(row->fmt, row->field) };
    rc = 0;
    if (a->fi < 0 || !(v->present & (1u << a->fi))) goto out;   /* an optional field not given */
    if ((rc = read_withs(g, a, err, errlen)) < 0) goto out;
    o->used |= (1u << a->fi) | v->deps[a->fi];
    rc = row->conv->fn(a);
    if (rc < 0) {
        char w[1100];
        where_of(g, o, w, sizeof w);
        snprintf(err, errlen, "%s: %s (%s) from %s", w, a->why, row->key, a->from);
    } else if (rc == 0) {
        rc = set_key(g, c, a, mode, err, errlen);
    } else {
        rc = 0;
    }
out:
    free(a);
    free(v);
    return rc;
}

int gsim_apply(gsim *g, gpu_cfg *c, int mode, char *err, size_t errlen)
{
    g->n_set = 0;
    g->n_refused = 0;
    for (uint32_t i = 0; i < g->n_opt; i++) g->opt[i].used = 0;
    for (size_t r = 0; r < NROWS; r++) {
        if (apply_row(g, &rows[r], c, mode, err, errlen) < 0) {
            text_clean(err, errlen);
            return -1;
        }
    }
    return 0;
}

/* The set entry at the refusal's FILE:LINE whose key comes first in the
 * refusal's last parentheses (the keys it names, the one at fault first),
 * else the first at that line: its option is the one to name. */
void gsim_explain(const gsim *g, char *err, size_t errlen)
{
    const gsim_set *hit = NULL;
    const char *keys = strrchr(err, '('), *best = NULL;
    for (uint32_t i = 0; i < g->n_set; i++) {
        const gsim_set *s = &g->set[i];
        char w[1100];
        snprintf(w, sizeof w, "%s:%u: ", g->files[s->file], s->line);
        if (strncmp(err, w, strlen(w)) != 0) continue;
        if (!hit) hit = s;
        size_t n = strlen(s->key);
        for (const char *k = keys; k && (k = strstr(k, s->key)) != NULL; k += n) {
            if ((k[-1] == '(' || k[-1] == ' ') && (k[n] == ',' || k[n] == ')') && (!best || k < best)) {
                best = k;
                hit = s;
            }
        }
    }
    size_t n = strlen(err);
    if (hit && n < errlen) snprintf(err + n, errlen - n, " from %s", hit->from);
    text_clean(err, errlen);
}

/* ================================================================ unmodelled */

/* Fields of o given and read by no row (all given fields when none was). */
static uint32_t unread(const gsim_opt *o)
{
    if (!o->used) return 0xffffffffu;
    return o->present & ~o->used;
}

uint32_t gsim_unmodelled(const gsim *g)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < g->n_opt; i++) n += unread(&g->opt[i]) != 0;
    return n;
}

/* "-opt" or "-opt[f1,f2]" (values too: "-opt[f1=x,f2=y]"). */
static void unmodelled_name(const gsim_opt *o, int values, FILE *out)
{
    uint32_t m = unread(o);
    fputs(o->name, out);
    if (m == 0xffffffffu) return;
    gsim_val v;
    memset(&v, 0, sizeof v);
    if (values) formats[o->fmt].parse(o->value, &v);
    const char *const *f = formats[o->fmt].fields;
    int first = 1;
    for (int i = 0; f[i]; i++) {
        if (!(m & (1u << i))) continue;
        fprintf(out, "%s%s", first ? "[" : ",", f[i]);
        if (values) fprintf(out, "=%s", v.text[i]);
        first = 0;
    }
    fputs("]", out);
}

void gsim_print_unmodelled(const gsim *g, FILE *out)
{
    uint32_t n = gsim_unmodelled(g);
    if (!n) return;
    for (uint32_t i = 0; i < g->n_files; i++) fprintf(out, "%s%s", i ? ", " : "", g->files[i]);
    fprintf(out, ": %u GPGPU-Sim option%s without a ctasim counterpart, not modelled: ", n,
            n == 1 ? "" : "s");
    uint32_t k = 0;
    for (uint32_t i = 0; i < g->n_opt; i++) {
        if (!unread(&g->opt[i])) continue;
        if (k++) fputs(", ", out);
        unmodelled_name(&g->opt[i], 0, out);
    }
    fputc('\n', out);
}

/* ================================================================ writing */

typedef struct wctx {
    const gsim *g;
    FILE       *out;
    int         all;
} wctx;

static const gsim_set *find_set_c(const gsim *g, const char *key)
{
    return g ? find_set((gsim *)g, key) : NULL;
}

/* "# -opt ... (FILE:LINE,LINE; FILE2:LINE)" */
static void w_from(const wctx *x, const gsim_set *s)
{
    fprintf(x->out, "# %s (%s:%u", s->from, x->g->files[s->file], s->line);
    for (uint32_t i = 0; i < s->nw; i++) {
        if (s->wfile[i] == s->file) fprintf(x->out, ",%u", s->wline[i]);
        else fprintf(x->out, "; %s:%u", x->g->files[s->wfile[i]], s->wline[i]);
    }
    fputc(')', x->out);
}

static void w_key(void *arg, const key_def *k, const char *value, const char *where)
{
    wctx *x = arg;
    const gsim_set *s = find_set_c(x->g, k->name);
    char line[200], at[1100] = "";
    if (s) snprintf(at, sizeof at, "%s:%u", x->g->files[s->file], s->line);
    if (s && s->refused[0]) {
        snprintf(line, sizeof line, "%s = %s", k->name, s->value);
        fprintf(x->out, "%-34s ", line);
        w_from(x, s);
        fprintf(x->out, "; refused by this build: %s\n", s->refused);
        return;
    }
    /* a preset always names itself: one with no other key still loads
     * (cfg_load refuses a file without a `key = value` line) */
    if (!where && !x->all && strcmp(k->name, "name")) return;
    snprintf(line, sizeof line, "%s = %s", k->name, value);
    if (!where) { fprintf(x->out, "%s\n", line); return; }
    fprintf(x->out, "%-34s ", line);
    if (s && strcmp(where, at) == 0) w_from(x, s);
    else if (strcmp(where, CFG_WHERE_CMDLINE) == 0) fputs("# --set", x->out);
    else fprintf(x->out, "# %s", where);
    fputc('\n', x->out);
}

static void w_header(const wctx *x, const gpu_cfg *c)
{
    FILE *out = x->out;
    fprintf(out, "# %s: a ctasim preset written by ctasim --write-preset; regenerate it rather\n"
            "# than edit it.  Each key is followed by where its value comes from: a GPGPU-Sim\n"
            "# option (its field and conversion, docs/config.md \"Reading Accel-Sim configs\")\n"
            "# and FILE:LINE, a --config file, or --set.  Keys not listed keep ctasim's\n"
            "# defaults (cfg_defaults(), restated by configs/small.cfg).\n", c->name);
    if (!x->g) return;
    fprintf(out, "# GPGPU-Sim option files read, in this order (an option given again: the last counts):\n");
    for (uint32_t i = 0; i < x->g->n_files; i++) fprintf(out, "#   %s\n", x->g->files[i]);
    if (x->g->n_refused)
        fprintf(out, "# %u value%s below %s refused by this build's key ranges (marked \"refused by\n"
                "# this build\"): the preset loads once those ranges are raised.\n",
                x->g->n_refused, x->g->n_refused == 1 ? "" : "s", x->g->n_refused == 1 ? "is" : "are");
}

static void w_trailer(const wctx *x)
{
    const gsim *g = x->g;
    uint32_t n = g ? gsim_unmodelled(g) : 0;
    if (!n) return;
    fprintf(x->out, "#\n# %u GPGPU-Sim option%s without a ctasim counterpart (not modelled), as read:\n",
            n, n == 1 ? "" : "s");
    for (uint32_t i = 0; i < g->n_opt; i++) {
        const gsim_opt *o = &g->opt[i];
        if (!unread(o)) continue;
        fputs("#   ", x->out);
        if (unread(o) == 0xffffffffu) fprintf(x->out, "%s %s", o->name, o->has_value ? o->value : "(no value)");
        else unmodelled_name(o, 1, x->out);
        fprintf(x->out, "  (%s:%u)\n", g->files[o->file], o->line);
    }
}

int gsim_write(const gsim *g, const gpu_cfg *c, FILE *out, int all)
{
    wctx x = { g, out, all };
    if (all) fprintf(out, "# ctasim configuration (cfg_dump): every key in table order\n");
    else w_header(&x, c);
    cfg_visit(c, w_key, &x);
    w_trailer(&x);
    return ferror(out) ? -1 : 0;
}

/* ================================================================ docs */

void gsim_table_md(FILE *out)
{
    fprintf(out, "| GPGPU-Sim option | field | ctasim key | conversion | applies when |\n"
            "|---|---|---|---|---|\n");
    for (size_t i = 0; i < NROWS; i++) {
        const gsim_row *r = &rows[i];
        fprintf(out, "| `%s` | %s | `%s` | %s", r->opt, r->field, r->key, r->conv->doc);
        if (r->with) {
            fputs(" (with", out);
            char list[200];
            snprintf(list, sizeof list, "%s", r->with);
            char *save = NULL;
            for (char *n = strtok_r(list, ",", &save); n; n = strtok_r(NULL, ",", &save))
                fprintf(out, " `%s`", n);
            fputs(")", out);
        }
        fprintf(out, " | %s%s%s%s |\n", r->when ? "`" : "", r->when ? r->when : "", r->when ? "`" : "",
                r->when && !strchr(r->when, '=') ? " given" : "");
    }
    fprintf(out, "\nGPGPU-Sim's defaults of the options a row combines or tests, used when absent:\n\n");
    for (size_t i = 0; i < NPARTNERS; i++)
        fprintf(out, "- `%s %s`\n", gsim_partners[i].opt, gsim_partners[i].dflt);
}

/* ================================================================ self-check */

/* The table's own consistency (tests/unit/test_gsim.c): every row's field
 * exists in its format, its key in the registry, and every option a row
 * combines or tests for a value has a GPGPU-Sim default. */
static int check_opt_list(const char *list, int when_given, char *err, size_t errlen)
{
    char buf[200];
    snprintf(buf, sizeof buf, "%s", list);
    char *save = NULL;
    for (char *n = strtok_r(buf, ",", &save); n; n = strtok_r(NULL, ",", &save)) {
        char name[GSIM_NAME_MAX];
        snprintf(name, sizeof name, "%.*s", (int)strcspn(n, ".="), n);
        if (!when_given && !partner(name)) {
            snprintf(err, errlen, "no GPGPU-Sim default for %s", name);
            return -1;
        }
    }
    return 0;
}

int gsim_selfcheck(char *err, size_t errlen)
{
    for (size_t i = 0; i < NROWS; i++) {
        const gsim_row *r = &rows[i];
        if (field_index(r->fmt, r->field) < 0 || !cfg_find_key(r->key)) {
            snprintf(err, errlen, "row %zu (%s %s): unknown field or key %s", i, r->opt, r->field, r->key);
            return -1;
        }
        if ((r->with && check_opt_list(r->with, 0, err, errlen) < 0) ||
            (r->when && check_opt_list(r->when, !strchr(r->when, '='), err, errlen) < 0))
            return -1;
    }
    for (size_t i = 0; i < NPARTNERS; i++) {
        gsim_val v;
        memset(&v, 0, sizeof v);
        if (formats[gsim_partners[i].fmt].parse(gsim_partners[i].dflt, &v) < 0) {
            snprintf(err, errlen, "default of %s does not parse", gsim_partners[i].opt);
            return -1;
        }
    }
    return 0;
}
