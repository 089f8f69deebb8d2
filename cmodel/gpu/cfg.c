/* cfg.c -- the configuration registry: every module's key table, `key =
 * value` files with includes, `--set`, origins, combination checks and a
 * reloadable dump.  See cfg.h and docs/config.md. */
#include "cfg.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "ctl_ref.h"
#include "ctl_unit.h"
#include "infile.h"

#define CFG_MAX_BYTES (1u << 20)   /* a configuration file larger than this is not one */

/* ---------------------------------------------------------------- tables */

/* The top's own keys: the preset name, the clocks and the run. */
static const key_def gpu_rows[] = {
    KEY_S(gpu_cfg, "name", name, "preset", "preset name for reports"),
    KEY_U(gpu_cfg, "clock.core_mhz", clk.core_mhz, 1, 10000, 0, "MHz", "preset", "core clock"),
    KEY_U(gpu_cfg, "clock.icnt_mhz", clk.icnt_mhz, 1, 10000, 0, "MHz", "preset", "interconnect clock"),
    KEY_U(gpu_cfg, "clock.l2_mhz", clk.l2_mhz, 1, 10000, 0, "MHz", "preset", "L2 clock"),
    KEY_U(gpu_cfg, "clock.dram_mhz", clk.dram_mhz, 1, 10000, 0, "MHz", "preset", "DRAM command clock"),
};
static const key_table gpu_keys = KEY_TABLE("gpu", NULL, gpu_rows);

static const key_def run_rows[] = {
    KEY_U64R(gpu_cfg, "run.seed", run.seed, 0, UINT64_MAX, "", "user", "workload seed"),
    KEY_U64R(gpu_cfg, "run.max_cycles", run.max_cycles, 0, UINT64_MAX, "core cycles", "user",
             "core cycles per workload, 0 = no limit"),
    KEY_U(gpu_cfg, "run.timeline_period", run.timeline_period, 1, 1u << 30, 0, "core cycles", "user",
          "core cycles between timeline samples"),
    KEY_U(gpu_cfg, "run.skip_idle", run.skip_idle, 0, 1, 0, "flag", "user",
          "1: a core with nothing to move is not stepped until its next event, its cycles' "
          "signals and statistics repeated, and the memory system visits only its working "
          "slices and channels (identical results, docs/performance.md); 0: every core stepped "
          "and every memory slice and channel visited every cycle"),
    KEY_U(gpu_cfg, "run.skip_gpu", run.skip_gpu, 0, 1, 0, "flag", "user",
          "1 (with run.skip_idle = 1): while every core is frozen or empty and the memory "
          "system idle, the cores are not visited, the seam and units still run every cycle "
          "(identical results, docs/performance.md); 0: no such jump"),
};
static const key_table run_keys = KEY_TABLE("run", NULL, run_rows);

typedef struct reg_entry {
    const key_table *t;
    size_t base;                /* offset of the table's struct in gpu_cfg */
} reg_entry;

#define CTL_BASE offsetof(gpu_cfg, ctl)
/* In dump order.  The units' tables are ctl_key_tables (ctl/ctl_ref.c). */
static const reg_entry registry[] = {
    { &gpu_keys, 0 },
    { &sm_keys, offsetof(gpu_cfg, sm) },
    { &mem_keys, offsetof(gpu_cfg, mem) },
    { &dram_keys, offsetof(gpu_cfg, dram) },
    { &amap_keys, offsetof(gpu_cfg, mem) + offsetof(mem_params, map) },
    { &policy_keys, offsetof(gpu_cfg, policy) },
#define CTL_UNIT_REG(u) { &u##_keys, CTL_BASE },
    CTL_UNITS_X(CTL_UNIT_REG)
#undef CTL_UNIT_REG
    { &run_keys, 0 },
    { &power_keys, offsetof(gpu_cfg, power) },
    { &trace_keys, offsetof(gpu_cfg, trace) },
};
#define NREG (sizeof registry / sizeof registry[0])
#define CFG_MAX_INCLUDE 8

typedef struct key_ref {
    const reg_entry *e;
    const key_def *k;
    uint32_t idx;               /* index over all tables (origins) */
} key_ref;

static int find_ref(const char *name, key_ref *ref)
{
    uint32_t idx = 0;
    for (size_t r = 0; r < NREG; r++) {
        const key_table *t = registry[r].t;
        for (size_t i = 0; i < t->n; i++, idx++) {
            /* the first letter before the whole name: most keys differ there, and
             * this runs for every line of every preset */
            if (t->keys[i].name[0] != name[0] || strcmp(t->keys[i].name, name) != 0) continue;
            ref->e = &registry[r];
            ref->k = &t->keys[i];
            ref->idx = idx;
            return idx < CFG_MAX_KEYS ? 0 : -1;
        }
    }
    return -1;
}

const key_def *cfg_find_key(const char *name)
{
    key_ref ref;
    return find_ref(name, &ref) == 0 ? ref.k : NULL;
}

void cfg_defaults(gpu_cfg *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "small");
    c->clk = (clk_params){ .core_mhz = 1000, .icnt_mhz = 1000, .l2_mhz = 1000, .dram_mhz = 800 };
    sm_params_defaults(&c->sm);
    mem_params_defaults(&c->mem);
    dram_params_defaults(&c->dram);
    c->policy.cta_limit = LIMIT_MAX;
    ctl_cfg_defaults(&c->ctl, c->sm.n_cores, c->mem.n_parts);
    c->run = (run_params){ .seed = 1, .max_cycles = 0, .timeline_period = 1024, .skip_idle = 1, .skip_gpu = 1 };
    power_cfg_defaults(&c->power);
    trace_params_defaults(&c->trace);
}

/* ---------------------------------------------------------------- origins */

#define ORIGIN_CMDLINE 255

static void set_origin(gpu_cfg *c, uint32_t idx, uint8_t file, uint32_t line)
{
    c->origin.file[idx] = file;
    c->origin.line[idx] = line;
    c->origin.order[idx] = ++c->origin.seq;
}

/* File index + 1 of path (added if new; 0 when the table is full). */
static uint8_t origin_file(gpu_cfg *c, const char *path)
{
    cfg_origin *o = &c->origin;
    for (uint32_t i = 0; i < o->n_files; i++)
        if (strcmp(o->files[i], path) == 0) return (uint8_t)(i + 1);
    if (o->n_files == CFG_MAX_FILES) return 0;
    snprintf(o->files[o->n_files], sizeof o->files[0], "%s", path);
    return (uint8_t)++o->n_files;
}

/* Where the most recently set of the keys (NULL-terminated) was set. */
static const char *where_of(const gpu_cfg *c, char *buf, size_t len, const char *const *names)
{
    uint32_t best = 0, best_idx = 0;
    for (int i = 0; names[i]; i++) {
        key_ref ref;
        if (find_ref(names[i], &ref) < 0) continue;
        if (c->origin.order[ref.idx] > best) { best = c->origin.order[ref.idx]; best_idx = ref.idx; }
    }
    uint8_t f = best ? c->origin.file[best_idx] : 0;
    if (!best) snprintf(buf, len, "<defaults>");
    else if (f == ORIGIN_CMDLINE) snprintf(buf, len, CFG_WHERE_CMDLINE);
    else if (f == 0) snprintf(buf, len, "<file>:%u", c->origin.line[best_idx]);
    else snprintf(buf, len, "%s:%u", c->origin.files[f - 1], c->origin.line[best_idx]);
    return buf;
}

/* ---------------------------------------------------------------- setting */

/* Keys that were read and are gone: a configuration that sets one is refused
 * with what replaced it, not as an unknown key (docs/config.md, "Removed keys"). */
static const struct retired_key {
    const char *key;
    const char *why;
} retired_keys[] = {
    { "core.smem_lat", "key removed: shared-memory latency is lat.sld (loads) and lat.sst "
                       "(stores); core.smem_lat was read and never used" },
};

static const char *retired_why(const char *key)
{
    for (size_t i = 0; i < sizeof retired_keys / sizeof retired_keys[0]; i++)
        if (strcmp(retired_keys[i].key, key) == 0) return retired_keys[i].why;
    return NULL;
}

static int set_at(gpu_cfg *c, const char *key, const char *value, const char *where,
                  uint8_t file, uint32_t line, char *err, size_t errlen)
{
    key_ref ref;
    if (find_ref(key, &ref) < 0) {
        const char *why = retired_why(key), *best = NULL;
        unsigned d = 10;
        for (size_t r = 0; !why && r < NREG; r++)
            for (size_t i = 0; i < registry[r].t->n; i++)
                text_nearest(key, registry[r].t->keys[i].name, &best, &d);
        if (best) snprintf(err, errlen, "%s: unknown key; did you mean %s? (%s)", where, best, key);
        else snprintf(err, errlen, "%s: %s (%s)", where, why ? why : "unknown key", key);
        return -1;
    }
    if (key_parse(ref.k, (char *)c + ref.e->base, value, where, ref.e->t->rtl, err, errlen) < 0)
        return -1;
    set_origin(c, ref.idx, file, line);
    return 0;
}

int cfg_set(gpu_cfg *c, const char *key, const char *value, const char *where,
            char *err, size_t errlen)
{
    int rc = set_at(c, key, value, where, ORIGIN_CMDLINE, 0, err, errlen);
    if (rc < 0) text_clean(err, errlen);   /* input bytes shown as \xNN */
    return rc;
}

int cfg_set_at(gpu_cfg *c, const char *key, const char *value, const char *path, uint32_t line,
               char *err, size_t errlen)
{
    char where[PATH_MAX + 32];
    snprintf(where, sizeof where, "%s:%u", path, line);
    int rc = set_at(c, key, value, where, origin_file(c, path), line, err, errlen);
    if (rc < 0) text_clean(err, errlen);
    return rc;
}

/* ---------------------------------------------------------------- files */

typedef struct load_ctx {
    char stack[CFG_MAX_INCLUDE][PATH_MAX];   /* canonical paths being read */
    int depth;
} load_ctx;

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r' || s[n - 1] == '\n'))
        s[--n] = '\0';
    return s;
}

/* dir of `path` + rel (rel absolute stays as is). */
static void join_rel(const char *path, const char *rel, char *out, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (rel[0] == '/' || !slash) { snprintf(out, len, "%s", rel); return; }
    snprintf(out, len, "%.*s/%s", (int)(slash - path), path, rel);
}

static int load_file(gpu_cfg *c, const char *path, const char *from, load_ctx *ctx,
                     char *err, size_t errlen);

static int load_include(gpu_cfg *c, const char *path, const char *rel, const char *where,
                        load_ctx *ctx, char *err, size_t errlen)
{
    char inc[PATH_MAX], canon[PATH_MAX];
    join_rel(path, rel, inc, sizeof inc);
    if (!realpath(inc, canon)) {
        snprintf(err, errlen, "%s: cannot open include (%s)", where, rel);
        return -1;
    }
    for (int i = 0; i < ctx->depth; i++) {
        if (strcmp(ctx->stack[i], canon) == 0) {
            snprintf(err, errlen, "%s: include loop (%s)", where, rel);
            return -1;
        }
    }
    if (ctx->depth >= CFG_MAX_INCLUDE) {
        snprintf(err, errlen, "%s: includes nested deeper than %d (%s)", where,
                 CFG_MAX_INCLUDE, rel);
        return -1;
    }
    return load_file(c, inc, where, ctx, err, errlen);
}

/* One line: blank, comment, `include = f` or `key = value`. */
static int load_line(gpu_cfg *c, const char *path, char *line, const char *where,
                     uint32_t ln, uint32_t *seen_line, uint8_t file, uint32_t *nkeys, load_ctx *ctx,
                     char *err, size_t errlen)
{
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    char *s = trim(line);
    if (!*s) return 0;
    char *eq = strchr(s, '=');
    char q[96];
    if (!eq) { snprintf(err, errlen, "%s: missing '=' (%s)", where, text_quote(s, 40, q, sizeof q)); return -1; }
    *eq = '\0';
    char *key = trim(s), *value = trim(eq + 1);
    if (!*key) {
        snprintf(err, errlen, "%s: missing key before '=' (%s)", where, text_quote(value, 40, q, sizeof q));
        return -1;
    }
    (*nkeys)++;
    if (strcmp(key, "include") == 0) {
        if (!*value) { snprintf(err, errlen, "%s: empty value (include)", where); return -1; }
        return load_include(c, path, value, where, ctx, err, errlen);
    }
    key_ref ref;
    if (find_ref(key, &ref) == 0 && seen_line[ref.idx]) {
        snprintf(err, errlen, "%s: duplicate key, first set on line %u (%s)", where,
                 seen_line[ref.idx], key);
        return -1;
    }
    if (set_at(c, key, value, where, file, ln, err, errlen) < 0) return -1;
    seen_line[ref.idx] = ln;
    return 0;
}

static int load_file(gpu_cfg *c, const char *path, const char *from, load_ctx *ctx,
                     char *err, size_t errlen)
{
    FILE *f = infile_open(path, "configuration file", CFG_MAX_BYTES, err, errlen);
    if (!f) {
        if (from) infile_error_from(err, errlen, from, "include", path);
        return -1;
    }
    if (!realpath(path, ctx->stack[ctx->depth])) snprintf(ctx->stack[ctx->depth], PATH_MAX, "%s", path);
    ctx->depth++;
    uint32_t seen_line[CFG_MAX_KEYS];
    memset(seen_line, 0, sizeof seen_line);
    uint8_t file = origin_file(c, path);
    char line[1024], where[PATH_MAX + 32];
    uint32_t nkeys = 0;
    int rc = 0;
    for (uint32_t ln = 1; rc == 0 && fgets(line, sizeof line, f); ln++) {
        snprintf(where, sizeof where, "%s:%u", path, ln);
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s: line longer than %zu characters (line)", where, sizeof line - 2);
            rc = -1;
            break;
        }
        rc = load_line(c, path, line, where, ln, seen_line, file, &nkeys, ctx, err, errlen);
    }
    if (rc == 0 && ferror(f)) {
        snprintf(err, errlen, "%s:0: read error (%s)", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && nkeys == 0) {
        snprintf(err, errlen, "%s:0: no `key = value` line: an empty configuration "
                 "(configs/small.cfg holds the defaults)", path);
        rc = -1;
    }
    fclose(f);
    ctx->depth--;
    return rc;
}

static int cfg_load_file(gpu_cfg *c, const char *path, char *err, size_t errlen);

int cfg_load(gpu_cfg *c, const char *path, char *err, size_t errlen)
{
    int rc = cfg_load_file(c, path, err, errlen);
    if (rc < 0) text_clean(err, errlen);   /* input bytes shown as \xNN */
    return rc;
}

static int cfg_load_file(gpu_cfg *c, const char *path, char *err, size_t errlen)
{
    load_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) { snprintf(err, errlen, "%s:0: out of memory (load)", path); return -1; }
    int rc = load_file(c, path, NULL, ctx, err, errlen);
    free(ctx);
    return rc;
}


/* ---------------------------------------------------------------- checks */

static int is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

/* A refusal of a combination: where the last of the keys was set, the
 * problem, and the keys. */
#define KEYS(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define FAIL(keys, ...) do {                                                  \
        char w_[PATH_MAX + 32], m_[384];                                      \
        snprintf(m_, sizeof m_, __VA_ARGS__);                                 \
        snprintf(err, errlen, "%s: %s", where_of(c, w_, sizeof w_, keys), m_); \
        return -1;                                                            \
    } while (0)

/* The first unit with datapath gating (ctl_fx.accepts) that has a policy key
 * of its own, or -1. */
static int gating_unit(void)
{
    for (int i = 0; i < CTL_NUNITS; i++)
        if (ctl_units[i]->fx.accepts && policy_key_of(i)) return i;
    return -1;
}

/* With L1 banks the L1 takes one access per bank per cycle whatever the
 * LD/ST unit count, so units.ex_ldst may be odd (GPGPU-Sim has one LD/ST
 * unit), unless a datapath-gating unit gates its upper half. */
static int ldst_may_be_odd(const gpu_cfg *c)
{
    int g = gating_unit();
    return c->mem.l1_banks >= 1 && (g < 0 || !(policy_units(&c->policy) & (1u << g)));
}

/* units.ex_ldst odd where ldst_may_be_odd says no: the refusal. */
static int ldst_odd(const gpu_cfg *c, const char *name, char *err, size_t errlen)
{
    int g = gating_unit();
    if (g < 0)
        FAIL(KEYS(name, "l1.banks"),
             "%s = %u is odd: slots split into two equal groups unless l1.banks >= 1 (%s, l1.banks)",
             name, c->sm.units[CTL_EX_LDST], name);
    const key_def *k = policy_key_of(g);
    const char *off = k->names ? k->names[0] : "0";
    FAIL(KEYS(name, "l1.banks", k->name),
         "%s = %u is odd: slots split into two equal groups unless l1.banks >= 1 and "
         "%s = %s (%s, l1.banks, %s)", name, c->sm.units[CTL_EX_LDST], k->name, off, name, k->name);
}

static int check_core(const gpu_cfg *c, char *err, size_t errlen)
{
    const sm_params *s = &c->sm;
    if (s->max_threads % 32)
        FAIL(KEYS("core.max_threads"), "core.max_threads = %u is not a multiple of 32 (core.max_threads)",
             s->max_threads);
    if (s->max_warps > s->max_threads / 32)
        FAIL(KEYS("core.max_warps", "core.max_threads"),
             "core.max_warps = %u exceeds core.max_threads / 32 = %u (core.max_warps, core.max_threads)",
             s->max_warps, s->max_threads / 32);
    uint32_t warps = s->max_warps ? s->max_warps : s->max_threads / 32;
    if (warps % s->n_sched)
        FAIL(KEYS("core.n_sched", "core.max_warps", "core.max_threads"),
             "core.n_sched = %u does not divide the %u warps per core (core.n_sched, core.max_warps)",
             s->n_sched, warps);
    if (32 % s->simt_lanes || 32 % s->sfu_lanes)
        FAIL(KEYS("core.simt_lanes", "core.sfu_lanes"),
             "lane counts must divide 32 (core.simt_lanes, core.sfu_lanes)");
    static const struct { int cls; const char *key; } wb_lat[] = {
        { IC_SP, "lat.sp" }, { IC_SFU, "lat.sfu" }, { IC_DP, "lat.dp" }, { IC_BRA, "lat.bra" },
    };
    for (size_t i = 0; i < sizeof wb_lat / sizeof wb_lat[0]; i++)
        if (s->lat[wb_lat[i].cls] + s->wb_cycles > 1023)
            FAIL(KEYS(wb_lat[i].key, "core.wb_cycles"),
                 "%s + core.wb_cycles = %u exceeds 1023, the core's timing wheel (%s, core.wb_cycles)",
                 wb_lat[i].key, s->lat[wb_lat[i].cls] + s->wb_cycles, wb_lat[i].key);
    for (int i = 0; i < CTL_NCOMP; i++) {
        const char *name = cfg_find_key("units.ifid")[i].name;
        if (s->units[i] == 0) FAIL(KEYS(name), "%s = 0: every component needs two groups (%s)", name, name);
        if (s->units[i] % 2 && i == CTL_EX_LDST && !ldst_may_be_odd(c))
            return ldst_odd(c, name, err, errlen);
        if (s->units[i] % 2 && i != CTL_EX_LDST)
            FAIL(KEYS(name), "%s = %u is odd: slots split into two equal groups (%s)", name,
                 s->units[i], name);
    }
    return 0;
}

static int check_cache(const gpu_cfg *c, const char *what, uint32_t bytes, uint32_t assoc,
                       char *err, size_t errlen)
{
    char kb[16], ka[16];
    snprintf(kb, sizeof kb, "%s.bytes", what);
    snprintf(ka, sizeof ka, "%s.assoc", what);
    uint64_t set_bytes = (uint64_t)assoc * c->mem.line_bytes;
    if (bytes % set_bytes)
        FAIL(KEYS(kb, ka, "l1.line_bytes"),
             "%s.bytes = %u is not a multiple of assoc * line = %llu (%s.bytes, %s.assoc, l1.line_bytes)",
             what, bytes, (unsigned long long)set_bytes, what, what);
    return 0;
}

/* A sector size: 0 (unsectored) or a power of two from 16 B to the line,
 * at most 32 sectors a line. */
static int check_sector(const gpu_cfg *c, const char *key, uint32_t s, char *err, size_t errlen)
{
    uint32_t line = c->mem.line_bytes;
    if (s && (!is_pow2(s) || s < 16 || s > line || line / s > 32))
        FAIL(KEYS(key, "l1.line_bytes"),
             "%s = %u must be 0 or a power of two from 16 to l1.line_bytes = %u, at most 32 a line (%s, l1.line_bytes)",
             key, s, line, key);
    return 0;
}

static int check_l1_banks(const gpu_cfg *c, char *err, size_t errlen)
{
    const mem_params *m = &c->mem;
    if (m->l1_banks && !is_pow2(m->l1_banks))
        FAIL(KEYS("l1.banks"), "l1.banks = %u is not a power of two (l1.banks)", m->l1_banks);
    if (m->l1_banks && !is_pow2(m->l1_bank_bytes))
        FAIL(KEYS("l1.bank_bytes"), "l1.bank_bytes = %u is not a power of two (l1.bank_bytes)",
             m->l1_bank_bytes);
    if (m->l1_lat_on_miss && !m->l1_banks)
        FAIL(KEYS("l1.lat_on_miss", "l1.banks"),
             "l1.lat_on_miss = 1 needs l1.banks >= 1: the latency queue is per bank (l1.lat_on_miss, l1.banks)");
    return 0;
}

static int check_mem(const gpu_cfg *c, char *err, size_t errlen)
{
    const mem_params *m = &c->mem;
    const dram_params *d = &c->dram;
    if (!is_pow2(m->line_bytes))
        FAIL(KEYS("l1.line_bytes"), "l1.line_bytes = %u is not a power of two (l1.line_bytes)",
             m->line_bytes);
    if (check_sector(c, "l1.sector_bytes", m->l1_sector_bytes, err, errlen) < 0 ||
        check_sector(c, "l2.sector_bytes", m->l2_sector_bytes, err, errlen) < 0 ||
        check_l1_banks(c, err, errlen) < 0)
        return -1;
    /* mem_create's own limit, refused here with the keys, before any output */
    if ((MEM_HDR_BYTES + m->line_bytes + m->icnt_flit_bytes - 1) / m->icnt_flit_bytes > 255)
        FAIL(KEYS("icnt.flit_bytes", "l1.line_bytes"),
             "icnt.flit_bytes = %u splits a %u-byte line into more than 255 flits "
             "(icnt.flit_bytes, l1.line_bytes)", m->icnt_flit_bytes, m->line_bytes);
    if (check_cache(c, "l1", m->l1_bytes, m->l1_assoc, err, errlen) < 0) return -1;
    if (check_cache(c, "l2", m->l2_bytes, m->l2_assoc, err, errlen) < 0) return -1;
    if (!is_pow2(d->dram_row_bytes) || d->dram_row_bytes < m->line_bytes)
        FAIL(KEYS("dram.row_bytes", "l1.line_bytes"),
             "dram.row_bytes = %u must be a power of two >= l1.line_bytes (dram.row_bytes)",
             d->dram_row_bytes);
    if (!is_pow2(d->dram_banks))
        FAIL(KEYS("dram.banks"), "dram.banks = %u is not a power of two (dram.banks)", d->dram_banks);
    if (!is_pow2(d->bank_groups) || d->dram_banks % d->bank_groups)
        FAIL(KEYS("dram.bank_groups", "dram.banks"),
             "dram.bank_groups = %u must be a power of two dividing dram.banks = %u "
             "(dram.bank_groups, dram.banks)", d->bank_groups, d->dram_banks);
    /* tRC < tRAS + tRP is accepted: ACT waits for tRC after the last ACT and
     * tRP after the PRE, PRE for tRAS after the ACT, each on its own, as in
     * GPGPU-Sim's dram.cc (SM6_TITANX: RC 52 < RAS 37 + RP 16). */
    amap a;
    char why[256];
    if (amap_init_params(&a, &m->map, m->n_parts, m->line_bytes, d->dram_row_bytes,
                         d->dram_banks, why, sizeof why) < 0)
        FAIL(KEYS("amap.mapping", "amap.part_index", "amap.sub_parts", "amap.bank_index",
                  "dram.banks", "dram.row_bytes", "l2.parts", "l1.line_bytes"), "%s", why);
    return 0;
}

/* The policy key that turns unit i on. */
static const char *policy_key_name(int i)
{
    const key_def *k = policy_key_of(i);
    return k ? k->name : "policy.cta_limit";
}

static int check_policy(const gpu_cfg *c, char *err, size_t errlen)
{
    const policy_params *p = &c->policy;
    const ctl_cfg *u = &c->ctl;
    if (p->cta_limit == LIMIT_STATIC && p->static_n == 0)
        FAIL(KEYS("policy.cta_limit", "policy.static_n"),
             "policy.cta_limit = static needs policy.static_n >= 1 (policy.static_n)");
    if (p->cta_limit != LIMIT_STATIC && p->static_n != 0)
        FAIL(KEYS("policy.static_n", "policy.cta_limit"),
             "policy.static_n set but policy.cta_limit is not static (policy.static_n, policy.cta_limit)");
    if (p->static_n > c->sm.max_ctas)
        FAIL(KEYS("policy.static_n", "core.max_ctas"),
             "policy.static_n = %u exceeds core.max_ctas = %u (policy.static_n, core.max_ctas)",
             p->static_n, c->sm.max_ctas);
    /* two units driving core enables: which one a core obeys is undefined */
    unsigned on = policy_units(p);
    int first = -1;
    for (int i = 0; i < CTL_NUNITS; i++) {
        if (!(on & (1u << i)) || !ctl_units[i]->fx.enable) continue;
        if (first >= 0) {
            const char *a = policy_key_name(first), *b = policy_key_name(i);
            FAIL(KEYS(a, b), "%s and %s both drive core enables (%s, %s)", a, b, a, b);
        }
        first = i;
    }
    /* each unit's own combinations (ctl_unit.check) */
    for (int i = 0; i < CTL_NUNITS; i++) {
        ctl_fail f;
        if (!ctl_units[i]->check ||
            ctl_units[i]->check(u, c->sm.n_cores, (on >> i) & 1u, &f) == 0)
            continue;
        char w[PATH_MAX + 32];
        snprintf(err, errlen, "%s: %s", where_of(c, w, sizeof w, f.keys), f.msg);
        return -1;
    }
    return 0;
}

int cfg_check(gpu_cfg *c, char *err, size_t errlen)
{
    if (check_core(c, err, errlen) < 0 || check_mem(c, err, errlen) < 0 ||
        check_policy(c, err, errlen) < 0)
        return -1;
    if (c->sm.max_warps == 0) c->sm.max_warps = c->sm.max_threads / 32;
    c->ctl.n_cores = c->sm.n_cores;
    c->ctl.n_parts = c->mem.n_parts;
    for (int i = 0; i < CTL_NCOMP; i++) c->ctl.units[i] = c->sm.units[i];
    c->ctl.simt_lanes = 32;   /* peak issue: one warp of 32 threads per cycle (seed 002 Sec. 3 ipc) */
    return 0;
}

void cfg_dump(const gpu_cfg *c, FILE *out)
{
    fprintf(out, "# ctasim configuration (cfg_dump): every key in table order\n");
    for (size_t r = 0; r < NREG; r++) {
        const key_table *t = registry[r].t;
        for (size_t i = 0; i < t->n; i++)
            key_dump(&t->keys[i], (const char *)c + registry[r].base, out);
    }
}

void cfg_visit(const gpu_cfg *c, cfg_visit_fn fn, void *arg)
{
    uint32_t idx = 0;
    for (size_t r = 0; r < NREG; r++) {
        const key_table *t = registry[r].t;
        for (size_t i = 0; i < t->n; i++, idx++) {
            char value[KEY_VALUE_LEN], where[PATH_MAX + 32];
            const char *base = (const char *)c + registry[r].base;
            key_format(&t->keys[i], base, value, sizeof value);
            const char *w = NULL;
            if (idx < CFG_MAX_KEYS && c->origin.order[idx]) {
                const char *const names[] = { t->keys[i].name, NULL };
                w = where_of(c, where, sizeof where, names);
            }
            fn(arg, &t->keys[i], value, w);
        }
    }
}
