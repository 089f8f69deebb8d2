/* cfg.c -- gpu_cfg: the key table, `key = value` files with includes,
 * combination checks and a reloadable dump.  See docs/config.md. */
#include "cfg.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "kern.h"

enum cfg_type { T_U32 = 0, T_U64, T_ENUM, T_STR };

typedef struct cfg_key {
    const char *name;
    int type;
    size_t off;
    uint64_t min, max;
    const char *const *names;   /* T_ENUM: value names, NULL-terminated */
    const char *help;
} cfg_key;

static const char *const sched_names[] = { "lrr", "grr", "gto", "oldest", "simplep", "regionp", NULL };
static const char *const dram_names[] = { "frfcfs", "fcfs", NULL };
static const char *const limit_names[] = { "max", "static", "dyncta", NULL };
static const char *const gating_names[] = { "none", "ucstates", NULL };

#define O(f) offsetof(gpu_cfg, f)
#define U(k, f, lo, hi, h) { k, T_U32, O(f), lo, hi, NULL, h }
#define E(k, f, n, h) { k, T_ENUM, O(f), 0, 0, n, h }
/* Latencies stay below the core model's timing wheel (1024 slots). */
#define LAT(k, i) U("lat." k, lat[i], 0, 1023, "result latency, core cycles")
#define II(k, i) U("ii." k, ii[i], 0, 255, "unit busy cycles per 32/lanes-cycle pass")
#define UNIT(k, i) U("units." k, units[i], 0, 15, "slots of the component, both groups (even)")

static const cfg_key keys[] = {
    { "name", T_STR, O(name), 0, 0, NULL, "preset name for reports" },
    U("clock.core_mhz", core_mhz, 1, 10000, "core clock, MHz"),
    U("clock.icnt_mhz", icnt_mhz, 1, 10000, "interconnect clock, MHz"),
    U("clock.l2_mhz", l2_mhz, 1, 10000, "L2 clock, MHz"),
    U("clock.dram_mhz", dram_mhz, 1, 10000, "DRAM command clock, MHz"),
    U("core.count", n_cores, 1, CTL_MAX_CORES, "cores (SMs)"),
    U("core.max_threads", max_threads, 32, 2048, "threads per core (multiple of 32)"),
    U("core.max_ctas", max_ctas, 1, 32, "CTA cap per core"),
    U("core.max_warps", max_warps, 0, 64, "warps per core; 0 = max_threads/32"),
    U("core.regs", regs, 1, 1u << 20, "32-bit registers per core"),
    U("core.smem_bytes", smem_bytes, 0, 1u << 20, "shared memory per core, bytes"),
    U("core.simt_lanes", simt_lanes, 1, 32, "thread lanes of one EX_SP unit"),
    U("core.sfu_lanes", sfu_lanes, 1, 32, "thread lanes of one EX_SFU unit"),
    U("core.ldst_lanes", ldst_lanes, 1, 32, "address lanes of one EX_LDST unit"),
    U("core.n_sched", n_sched, 1, 8, "warp schedulers per core"),
    E("core.sched", sched, sched_names, "warp scheduling policy"),
    U("core.ibuf_depth", ibuf_depth, 1, 8, "decoded instructions buffered per warp"),
    U("core.oc_cycles", oc_cycles, 0, 255, "cycles an operand collector holds an instruction"),
    U("core.smem_lat", smem_lat, 0, 1023, "shared memory access latency, core cycles"),
    UNIT("ifid", CTL_IFID), UNIT("sch", CTL_SCH),
    UNIT("idoc_sp", CTL_IDOC_SP), UNIT("idoc_sfu", CTL_IDOC_SFU), UNIT("idoc_ldst", CTL_IDOC_LDST),
    UNIT("oc_sp", CTL_OC_SP), UNIT("oc_sfu", CTL_OC_SFU), UNIT("oc_ldst", CTL_OC_LDST),
    UNIT("ocex_sp", CTL_OCEX_SP), UNIT("ocex_sfu", CTL_OCEX_SFU), UNIT("ocex_ldst", CTL_OCEX_LDST),
    UNIT("ex_sp", CTL_EX_SP), UNIT("ex_sfu", CTL_EX_SFU), UNIT("ex_ldst", CTL_EX_LDST),
    LAT("sp", IC_SP), LAT("sfu", IC_SFU), LAT("dp", IC_DP), LAT("sld", IC_SLD),
    LAT("sst", IC_SST), LAT("gld", IC_GLD), LAT("gst", IC_GST), LAT("atom", IC_ATOM),
    LAT("bar", IC_BAR), LAT("bra", IC_BRA), LAT("hint", IC_HINT), LAT("exit", IC_EXIT),
    II("sp", IC_SP), II("sfu", IC_SFU), II("dp", IC_DP), II("sld", IC_SLD),
    II("sst", IC_SST), II("gld", IC_GLD), II("gst", IC_GST), II("atom", IC_ATOM),
    II("bar", IC_BAR), II("bra", IC_BRA), II("hint", IC_HINT), II("exit", IC_EXIT),
    U("l1.bytes", l1_bytes, 128, 1u << 24, "L1 data cache size per core, bytes"),
    U("l1.assoc", l1_assoc, 1, 64, "L1 ways"),
    U("l1.line_bytes", line_bytes, 16, 1024, "line size of L1 and L2 (power of two)"),
    U("l1.mshr", l1_mshr, 1, 1024, "L1 MSHR entries"),
    U("l1.mshr_merge", l1_mshr_merge, 1, 64, "requests merged into one L1 MSHR"),
    U("l1.lat", l1_lat, 1, 1023, "L1 hit latency, core cycles"),
    U("l1.miss_queue", l1_miss_queue, 1, 1024, "L1 miss queue entries"),
    U("icnt.lat", icnt_lat, 1, 1024, "crossbar latency, icnt cycles"),
    U("icnt.flit_bytes", icnt_flit_bytes, 1, 1024, "bytes per port per icnt cycle"),
    U("icnt.queue", icnt_queue, 1, 1024, "packets buffered per port"),
    U("l2.parts", n_parts, 1, CTL_MAX_PARTS, "memory partitions (L2 slice + DRAM channel)"),
    U("l2.bytes", l2_bytes, 128, 1u << 26, "L2 slice size per partition, bytes"),
    U("l2.assoc", l2_assoc, 1, 64, "L2 ways"),
    U("l2.mshr", l2_mshr, 1, 1024, "L2 MSHR entries per slice"),
    U("l2.lat", l2_lat, 1, 1023, "L2 hit latency, L2 cycles"),
    U("l2.queue", l2_queue, 1, 1024, "L2 request queue entries"),
    U("dram.banks", dram_banks, 1, 64, "banks per channel"),
    U("dram.row_bytes", dram_row_bytes, 64, 1u << 16, "row (page) size, bytes"),
    U("dram.bus_bytes", dram_bus_bytes, 1, 128, "data bus width per channel, bytes"),
    U("dram.burst", dram_burst, 1, 64, "burst length, bus transfers"),
    U("dram.queue", dram_queue, 1, 1024, "request queue entries per channel"),
    E("dram.sched", dram_sched, dram_names, "DRAM scheduler"),
    U("dram.tCL", tCL, 1, 255, "CAS latency, DRAM cycles"),
    U("dram.tRCD", tRCD, 1, 255, "activate to read/write"),
    U("dram.tRP", tRP, 1, 255, "precharge"),
    U("dram.tRAS", tRAS, 1, 255, "activate to precharge"),
    U("dram.tRC", tRC, 1, 255, "activate to activate, same bank"),
    U("dram.tRRD", tRRD, 1, 255, "activate to activate, other bank"),
    U("dram.tCCD", tCCD, 1, 255, "column to column"),
    U("dram.tWR", tWR, 1, 255, "write recovery"),
    U("dram.tWTR", tWTR, 1, 255, "write to read turnaround (tCDLR)"),
    E("policy.cta_limit", cta_limit, limit_names, "CTA limit per core"),
    U("policy.static_n", static_n, 0, 32, "CTA limit with cta_limit = static (0 = unset)"),
    U("policy.dyncore", dyncore, 0, 1, "DYNCORE core gating"),
    U("policy.claso", claso, 0, 1, "CLASO credit scheduling"),
    U("policy.arcta", arcta, 0, 1, "AR-CTA core count and frequency calibrator"),
    E("policy.gating", gating, gating_names, "datapath gating"),
    U("dyncta.period", ctl.dyncta_period, 1, 65535, "DYNCTA sampling period T"),
    U("dyncta.t_idle", ctl.dyncta_t_idle, 0, 2047, "t_idle"),
    U("dyncta.t_mem_l", ctl.dyncta_t_mem_l, 0, 2047, "t_mem_l"),
    U("dyncta.t_mem_h", ctl.dyncta_t_mem_h, 0, 2047, "t_mem_h"),
    U("dyncore.period", ctl.dyncore_period, 1, 65535, "DYNCORE period T"),
    U("dyncore.frac_num", ctl.dyncore_frac_num, 0, 255, "t_act fraction numerator"),
    U("dyncore.frac_den", ctl.dyncore_frac_den, 1, 255, "t_act fraction denominator"),
    U("dyncore.k", ctl.dyncore_k, 1, CTL_MAX_CORES, "cores drained at once (K)"),
    U("claso.p_a", ctl.claso_p_a, 1, 255, "Active Levels p_A"),
    U("claso.p_l", ctl.claso_p_l, 0, 255, "Loose Levels p_L"),
    U("arcta.window", ctl.ar_window, 1, 1u << 20, "profiling window W, core cycles"),
    U("arcta.t_u_ipc", ctl.ar_t_u_ipc, 0, 100, "upper ipc threshold, percent"),
    U("arcta.t_l_ipc", ctl.ar_t_l_ipc, 0, 100, "lower ipc threshold, percent"),
    U("arcta.t_max_bw_mpct", ctl.ar_t_max_bw_mpct, 0, 100000, "max bandwidth threshold, 1/1000 percent"),
    U("arcta.t_gbr", ctl.ar_t_gbr, 0, 100, "good-branch-ratio threshold, percent"),
    U("arcta.good_lanes", ctl.ar_good_lanes, 1, 32, "active lanes of a good issue cycle"),
    U("arcta.core_pct", ctl.ar_core_pct, 0, 100, "calibrator core clock decrease, percent"),
    U("arcta.mem_pct", ctl.ar_mem_pct, 0, 100, "calibrator memory clock increase, percent"),
    U("ucs.period", ctl.uc_period, 1, 65535, "uC-States interval T"),
    U("ucs.th_u_pct", ctl.uc_th_u_pct, 0, 100, "th_U, percent"),
    U("ucs.th_rt", ctl.uc_th_rt, 0, 65535, "th_RT, cycles"),
    U("ucs.break_even", ctl.uc_break_even, 0, 255, "power-gating break-even cycles"),
    U("ucs.wakeup", ctl.uc_wakeup, 0, 255, "power-gating wake-up cycles"),
    { "run.seed", T_U64, O(seed), 0, UINT64_MAX, NULL, "workload seed" },
    { "run.max_cycles", T_U64, O(max_cycles), 0, UINT64_MAX, NULL, "core cycles per workload, 0 = no limit" },
    U("run.timeline_period", timeline_period, 1, 1u << 30, "core cycles between timeline samples"),
};

#define NKEYS (sizeof keys / sizeof keys[0])
#define CFG_MAX_INCLUDE 8

void cfg_defaults(gpu_cfg *c)
{
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "small");
    c->core_mhz = 1000; c->icnt_mhz = 1000; c->l2_mhz = 1000; c->dram_mhz = 800;
    c->n_cores = 4; c->max_threads = 1024; c->max_ctas = 8; c->max_warps = 32;
    c->regs = 32768; c->smem_bytes = 48 * 1024;
    c->simt_lanes = 16; c->sfu_lanes = 4; c->ldst_lanes = 16;
    c->n_sched = 2; c->sched = SCHED_GTO; c->ibuf_depth = 2; c->oc_cycles = 1;
    for (int i = 0; i < CTL_NCOMP; i++) c->units[i] = 2;
    /* seed 001 Table 4-1: latency 24 / pass 2 cycles on 16 lanes for ALU
     * classes, SFU 48 / 8 cycles on 4 lanes, double 48, shared 30, global 600
     * (global accesses are timed by the memory system; lat is unused there). */
    static const uint32_t lat[CFG_NCLASS] = { 24, 48, 48, 30, 30, 600, 600, 600, 24, 24, 0, 24 };
    static const uint32_t ii[CFG_NCLASS] = { 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1 };
    memcpy(c->lat, lat, sizeof lat);
    memcpy(c->ii, ii, sizeof ii);
    c->smem_lat = 30;                              /* seed 001 Table 4-2 */
    c->l1_bytes = 16 * 1024; c->l1_assoc = 4; c->line_bytes = 128;
    c->l1_mshr = 32; c->l1_mshr_merge = 8; c->l1_lat = 30; c->l1_miss_queue = 8;
    c->icnt_lat = 4; c->icnt_flit_bytes = 32; c->icnt_queue = 8;
    c->n_parts = 2; c->l2_bytes = 128 * 1024; c->l2_assoc = 16;
    c->l2_mshr = 32; c->l2_lat = 100; c->l2_queue = 16;
    c->dram_banks = 8; c->dram_row_bytes = 2048; c->dram_bus_bytes = 8; c->dram_burst = 4;
    c->dram_queue = 32; c->dram_sched = DRAM_FRFCFS;
    c->tCL = 12; c->tRCD = 12; c->tRP = 12; c->tRAS = 28; c->tRC = 40;
    c->tRRD = 6; c->tCCD = 2; c->tWR = 12; c->tWTR = 5;
    c->cta_limit = LIMIT_MAX;
    ctl_cfg_defaults(&c->ctl, c->n_cores, c->n_parts);
    c->seed = 1;
    c->max_cycles = 0;
    c->timeline_period = 1024;
    power_cfg_defaults(&c->power);
}

static const cfg_key *find_key(const char *name)
{
    for (size_t i = 0; i < NKEYS; i++)
        if (strcmp(keys[i].name, name) == 0) return &keys[i];
    return NULL;
}

static void enum_list(const char *const *names, char *buf, size_t len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; names[i] && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? "|" : "", names[i]);
        if (n < 0) break;
        used += (size_t)n;
    }
}

/* Decimal or 0x hex, whole string, no sign.  0 on success. */
static int parse_u64(const char *s, uint64_t *v)
{
    if (*s < '0' || *s > '9') return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (hex && !s[2]) return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long x = strtoull(s, &end, hex ? 16 : 10);
    if (errno || !end || *end) return -1;
    *v = (uint64_t)x;
    return 0;
}

int cfg_set(gpu_cfg *c, const char *key, const char *value, const char *where,
            char *err, size_t errlen)
{
    const cfg_key *k = find_key(key);
    if (!k && strncmp(key, "power.", 6) == 0) {
        if (!value[0]) { snprintf(err, errlen, "%s: empty value (%s)", where, key); return -1; }
        return power_cfg_set(&c->power, key, value, where, err, errlen) == 0 ? 0 : -1;
    }
    if (!k) { snprintf(err, errlen, "%s: unknown key (%s)", where, key); return -1; }
    if (!value[0]) { snprintf(err, errlen, "%s: empty value (%s)", where, key); return -1; }
    char *field = (char *)c + k->off;
    if (k->type == T_STR) {
        if (strlen(value) >= sizeof c->name) {
            snprintf(err, errlen, "%s: value longer than %zu characters (%s)", where,
                     sizeof c->name - 1, key);
            return -1;
        }
        if (strchr(value, '#')) {
            snprintf(err, errlen, "%s: '#' not allowed in a string value (%s)", where, key);
            return -1;
        }
        snprintf(field, sizeof c->name, "%s", value);
        return 0;
    }
    if (k->type == T_ENUM) {
        for (uint32_t i = 0; k->names[i]; i++) {
            if (strcmp(k->names[i], value) == 0) { memcpy(field, &i, sizeof i); return 0; }
        }
        char list[128];
        enum_list(k->names, list, sizeof list);
        snprintf(err, errlen, "%s: bad value '%s', allowed %s (%s)", where, value, list, key);
        return -1;
    }
    uint64_t v;
    if (parse_u64(value, &v) < 0) {
        snprintf(err, errlen, "%s: not a number '%s' (%s)", where, value, key);
        return -1;
    }
    if (v < k->min || v > k->max) {
        snprintf(err, errlen, "%s: value %s out of range %llu..%llu (%s)", where, value,
                 (unsigned long long)k->min, (unsigned long long)k->max, key);
        return -1;
    }
    if (k->type == T_U64) {
        memcpy(field, &v, sizeof v);
    } else {
        uint32_t v32 = (uint32_t)v;
        memcpy(field, &v32, sizeof v32);
    }
    return 0;
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
/* power.* keys live in power.c's table: remember their names per file. */
#define CFG_MAX_POWER_KEYS 96
typedef struct power_seen {
    char     name[CFG_MAX_POWER_KEYS][48];
    uint32_t line[CFG_MAX_POWER_KEYS];
    uint32_t n;
} power_seen;

static int power_dup(power_seen *ps, const char *key, uint32_t ln, const char *where,
                     char *err, size_t errlen)
{
    for (uint32_t i = 0; i < ps->n; i++) {
        if (strcmp(ps->name[i], key) == 0) {
            snprintf(err, errlen, "%s: duplicate key, first set on line %u (%s)", where,
                     ps->line[i], key);
            return -1;
        }
    }
    if (ps->n < CFG_MAX_POWER_KEYS && strlen(key) < sizeof ps->name[0]) {
        snprintf(ps->name[ps->n], sizeof ps->name[0], "%s", key);
        ps->line[ps->n++] = ln;
    }
    return 0;
}

static int load_line(gpu_cfg *c, const char *path, char *line, const char *where,
                     uint32_t ln, uint32_t *seen_line, power_seen *pseen, load_ctx *ctx, char *err, size_t errlen)
{
    char *hash = strchr(line, '#');
    if (hash) *hash = '\0';
    char *s = trim(line);
    if (!*s) return 0;
    char *eq = strchr(s, '=');
    if (!eq) { snprintf(err, errlen, "%s: missing '=' (%s)", where, s); return -1; }
    *eq = '\0';
    char *key = trim(s), *value = trim(eq + 1);
    if (!*key) { snprintf(err, errlen, "%s: missing key before '=' (%s)", where, value); return -1; }
    if (strcmp(key, "include") == 0) {
        if (!*value) { snprintf(err, errlen, "%s: empty value (include)", where); return -1; }
        return load_include(c, path, value, where, ctx, err, errlen);
    }
    const cfg_key *k = find_key(key);
    if (k) {
        size_t i = (size_t)(k - keys);
        if (seen_line[i]) {
            snprintf(err, errlen, "%s: duplicate key, first set on line %u (%s)", where,
                     seen_line[i], key);
            return -1;
        }
    }
    if (cfg_set(c, key, value, where, err, errlen) < 0) return -1;
    if (k) seen_line[k - keys] = ln;
    else if (power_dup(pseen, key, ln, where, err, errlen) < 0) return -1;
    return 0;
}

static int load_file(gpu_cfg *c, const char *path, const char *from, load_ctx *ctx,
                     char *err, size_t errlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        if (from) snprintf(err, errlen, "%s: cannot open include (%s)", from, path);
        else snprintf(err, errlen, "%s:0: cannot open file (%s)", path, strerror(errno));
        return -1;
    }
    if (!realpath(path, ctx->stack[ctx->depth])) snprintf(ctx->stack[ctx->depth], PATH_MAX, "%s", path);
    ctx->depth++;
    uint32_t seen_line[NKEYS];
    memset(seen_line, 0, sizeof seen_line);
    power_seen *pseen = calloc(1, sizeof *pseen);
    if (!pseen) {
        fclose(f);
        snprintf(err, errlen, "%s:0: out of memory (load)", path);
        return -1;
    }
    char line[1024], where[PATH_MAX + 32];
    int rc = 0;
    for (uint32_t ln = 1; rc == 0 && fgets(line, sizeof line, f); ln++) {
        snprintf(where, sizeof where, "%s:%u", path, ln);
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(err, errlen, "%s: line longer than %zu characters (line)", where, sizeof line - 2);
            rc = -1;
            break;
        }
        rc = load_line(c, path, line, where, ln, seen_line, pseen, ctx, err, errlen);
    }
    fclose(f);
    free(pseen);
    ctx->depth--;
    return rc;
}

int cfg_load(gpu_cfg *c, const char *path, char *err, size_t errlen)
{
    load_ctx *ctx = calloc(1, sizeof *ctx);
    if (!ctx) { snprintf(err, errlen, "%s:0: out of memory (load)", path); return -1; }
    int rc = load_file(c, path, NULL, ctx, err, errlen);
    free(ctx);
    return rc;
}

/* ---------------------------------------------------------------- checks */

static int is_pow2(uint32_t x) { return x && !(x & (x - 1)); }

#define FAIL(...) do { snprintf(err, errlen, "config: " __VA_ARGS__); return -1; } while (0)

static int check_core(const gpu_cfg *c, char *err, size_t errlen)
{
    if (c->max_threads % 32)
        FAIL("core.max_threads = %u is not a multiple of 32 (core.max_threads)", c->max_threads);
    if (c->max_warps > c->max_threads / 32)
        FAIL("core.max_warps = %u exceeds core.max_threads / 32 = %u (core.max_warps, core.max_threads)",
             c->max_warps, c->max_threads / 32);
    uint32_t warps = c->max_warps ? c->max_warps : c->max_threads / 32;
    if (warps % c->n_sched)
        FAIL("core.n_sched = %u does not divide the %u warps per core (core.n_sched, core.max_warps)",
             c->n_sched, warps);
    if (32 % c->simt_lanes || 32 % c->sfu_lanes || 32 % c->ldst_lanes)
        FAIL("lane counts must divide 32 (core.simt_lanes, core.sfu_lanes, core.ldst_lanes)");
    for (int i = 0; i < CTL_NCOMP; i++) {
        const char *name = keys[find_key("units.ifid") - keys + i].name;
        if (c->units[i] == 0) FAIL("%s = 0: every component needs two groups (%s)", name, name);
        if (c->units[i] % 2)
            FAIL("%s = %u is odd: slots split into two equal groups (%s)", name, c->units[i], name);
    }
    return 0;
}

static int check_cache(const char *what, uint32_t bytes, uint32_t assoc, uint32_t line,
                       char *err, size_t errlen)
{
    uint64_t set_bytes = (uint64_t)assoc * line;
    if (bytes % set_bytes)
        FAIL("%s.bytes = %u is not a multiple of assoc * line = %llu (%s.bytes, %s.assoc, l1.line_bytes)",
             what, bytes, (unsigned long long)set_bytes, what, what);
    return 0;
}

static int check_mem(const gpu_cfg *c, char *err, size_t errlen)
{
    if (!is_pow2(c->line_bytes))
        FAIL("l1.line_bytes = %u is not a power of two (l1.line_bytes)", c->line_bytes);
    if (check_cache("l1", c->l1_bytes, c->l1_assoc, c->line_bytes, err, errlen) < 0) return -1;
    if (check_cache("l2", c->l2_bytes, c->l2_assoc, c->line_bytes, err, errlen) < 0) return -1;
    if (!is_pow2(c->dram_row_bytes) || c->dram_row_bytes < c->line_bytes)
        FAIL("dram.row_bytes = %u must be a power of two >= l1.line_bytes (dram.row_bytes)",
             c->dram_row_bytes);
    if (!is_pow2(c->dram_banks))
        FAIL("dram.banks = %u is not a power of two (dram.banks)", c->dram_banks);
    if (c->tRC < c->tRAS + c->tRP)
        FAIL("dram.tRC = %u < tRAS + tRP = %u (dram.tRC, dram.tRAS, dram.tRP)", c->tRC,
             c->tRAS + c->tRP);
    return 0;
}

static int check_policy(const gpu_cfg *c, char *err, size_t errlen)
{
    if (c->cta_limit == LIMIT_STATIC && c->static_n == 0)
        FAIL("policy.cta_limit = static needs policy.static_n >= 1 (policy.static_n)");
    if (c->cta_limit != LIMIT_STATIC && c->static_n != 0)
        FAIL("policy.static_n set but policy.cta_limit is not static (policy.static_n, policy.cta_limit)");
    if (c->static_n > c->max_ctas)
        FAIL("policy.static_n = %u exceeds core.max_ctas = %u (policy.static_n, core.max_ctas)",
             c->static_n, c->max_ctas);
    if (c->dyncore && c->arcta)
        FAIL("policy.dyncore and policy.arcta both drive core enables (policy.dyncore, policy.arcta)");
    if (c->dyncore && c->ctl.dyncore_k >= c->n_cores)
        FAIL("dyncore.k = %u must be below core.count = %u (dyncore.k, core.count)",
             c->ctl.dyncore_k, c->n_cores);
    if (c->ctl.dyncta_t_mem_l > c->ctl.dyncta_t_mem_h)
        FAIL("dyncta.t_mem_l = %u above dyncta.t_mem_h = %u (dyncta.t_mem_l, dyncta.t_mem_h)",
             c->ctl.dyncta_t_mem_l, c->ctl.dyncta_t_mem_h);
    if (c->ctl.dyncore_frac_num > c->ctl.dyncore_frac_den)
        FAIL("dyncore.frac_num / frac_den above 1 (dyncore.frac_num, dyncore.frac_den)");
    if (c->ctl.ar_t_l_ipc > c->ctl.ar_t_u_ipc)
        FAIL("arcta.t_l_ipc = %u above arcta.t_u_ipc = %u (arcta.t_l_ipc, arcta.t_u_ipc)",
             c->ctl.ar_t_l_ipc, c->ctl.ar_t_u_ipc);
    return 0;
}

int cfg_check(gpu_cfg *c, char *err, size_t errlen)
{
    if (check_core(c, err, errlen) < 0 || check_mem(c, err, errlen) < 0 ||
        check_policy(c, err, errlen) < 0)
        return -1;
    if (c->max_warps == 0) c->max_warps = c->max_threads / 32;
    c->ctl.n_cores = c->n_cores;
    c->ctl.n_parts = c->n_parts;
    for (int i = 0; i < CTL_NCOMP; i++) c->ctl.units[i] = c->units[i];
    c->ctl.simt_lanes = 32;   /* AR-CTA peak issue: one warp of 32 threads per cycle */
    return 0;
}

void cfg_dump(const gpu_cfg *c, FILE *out)
{
    fprintf(out, "# ctasim configuration (cfg_dump): every key in table order\n");
    for (size_t i = 0; i < NKEYS; i++) {
        const cfg_key *k = &keys[i];
        const char *field = (const char *)c + k->off;
        if (k->type == T_STR) {
            fprintf(out, "%s = %s\n", k->name, field);
        } else if (k->type == T_U64) {
            uint64_t v;
            memcpy(&v, field, sizeof v);
            fprintf(out, "%s = %llu\n", k->name, (unsigned long long)v);
        } else {
            uint32_t v;
            memcpy(&v, field, sizeof v);
            if (k->type == T_ENUM) {
                int n = 0;
                while (k->names[n]) n++;
                fprintf(out, "%s = %s\n", k->name, v < (uint32_t)n ? k->names[v] : "?");
            } else {
                fprintf(out, "%s = %u\n", k->name, v);
            }
        }
    }
    power_cfg_dump(&c->power, out);
}
