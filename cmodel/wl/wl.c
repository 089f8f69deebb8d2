/* wl.c -- synthetic kernels (.kern) and workloads (.wl): parser, automatic
 * region-p hint placement and the deterministic instruction generator.
 * Grammar and semantics: docs/workloads.md. */
#include "infile.h"
#include "wl.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WL_MAX_STEPS   4096
#define WL_MAX_REGIONS 16
#define WL_MAX_LOOPS   4        /* kcursor.iter[4] */
#define WL_MAX_IFS     2
#define WL_MAX_REPEAT  64
#define WL_MAX_BLOCK   1024     /* threads per CTA */
#define WL_MAX_GRID    KERN_MAX_CTAS /* ctl_in.n_cta is 20 bits */
#define WL_MAX_LOOPCNT 1000000u
#define WL_MAX_FILE_BYTES (16u << 20)   /* a .kern or .wl file larger than this is not one */
#define WL_REGION_BASE (1ull << 30)
#define WL_REGION_ALIGN (1ull << 20)
#define WL_NO_REGION   0xff
#define WL_SMEM        0xfe

enum { ST_INST = 0, ST_LOOP, ST_END, ST_IF, ST_ENDIF };
enum { PAT_NONE = 0, PAT_STREAM, PAT_STRIDE, PAT_GATHER, PAT_REUSE };
enum { MK_ALL = 0, MK_FRAC, MK_FIXED };

typedef struct wl_region {
    char     name[32];
    uint64_t size;      /* bytes (per CTA when per_cta) */
    uint64_t base;
    int      per_cta;
} wl_region;

typedef struct wl_step {
    uint8_t  kind, cls, ndst, nsrc, bytes, pattern, region, mask_kind;
    uint8_t  depth;                 /* enclosing loops */
    uint8_t  nif;                   /* enclosing ifs */
    uint8_t  bycta;                 /* ST_LOOP: count = lo + cta mod (hi-lo+1), not hashed */
    uint8_t  dst[KERN_MAX_DST], src[KERN_MAX_SRC];
    uint16_t copy, ncopy;           /* xN repeat: copy index and count */
    uint32_t mask_arg;              /* MK_FIXED: lanes; MK_FRAC: percent */
    uint32_t stride;                /* PAT_STRIDE: bytes between lanes */
    uint32_t lo, hi;                /* ST_LOOP: count range per CTA */
    uint32_t jump;                  /* LOOP->END, END->LOOP, IF->ENDIF */
    uint32_t loops[WL_MAX_LOOPS];   /* enclosing ST_LOOP steps, outermost first */
    uint32_t ifs[WL_MAX_IFS];       /* enclosing ST_IF steps */
    uint32_t line;
    /* STREAM, STRIDE, REUSE: the address formula's constants, computed once
     * when the kernel is built (lane_addrs_linear): the region's size (0:
     * not computed), (32 x step) % size and step % size */
    uint64_t lsize, lmul, ldelta;
} wl_step;

typedef struct wl_kern {
    kern      k;
    char      imitates[256];
    uint64_t  kseed;                /* run seed x kernel seed x kernel index */
    uint32_t  total_warps;
    uint32_t  nregions;
    wl_region regions[WL_MAX_REGIONS];
    uint32_t  nsteps;
    wl_step   steps[];
} wl_kern;

/* ================================================================ hashing */

/* splitmix64 finaliser (Steele et al.), a bijective 64-bit mixer. */
static inline uint64_t mix64(uint64_t x)
{
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
    x ^= x >> 27; x *= 0x94d049bb133111ebull;
    x ^= x >> 31;
    return x;
}

static inline uint64_t h2(uint64_t a, uint64_t b) { return mix64(a ^ mix64(b + 0x9e3779b97f4a7c15ull)); }

static inline uint64_t lane_hash(uint64_t base, uint32_t lane)
{
    return mix64(base + (uint64_t)(lane + 1) * 0xd1b54a32d192ed03ull);
}

#define SALT_LOOP 0x4c4f4f50ull
#define SALT_MASK 0x4d41534bull
#define SALT_ADDR 0x41444452ull

/* ================================================================ generator */

static inline uint32_t loop_count(const wl_kern *w, const wl_step *lp, uint32_t cta)
{
    if (lp->lo == lp->hi) return lp->lo;
    /* `bycta`: work that follows the CTA index, as in triangular kernels;
     * with round-robin placement it makes some cores persistently faster
     * (the situation of seed 003 Fig. 9). */
    if (lp->bycta) return lp->lo + cta % (lp->hi - lp->lo + 1);
    uint64_t h = h2(h2(w->kseed ^ SALT_LOOP, cta), (uint64_t)(lp - w->steps));
    return lp->lo + (uint32_t)(h % (uint64_t)(lp->hi - lp->lo + 1));
}

/* Flattened iteration of the loops around step st (row-major). */
static uint64_t flat_iter(const wl_kern *w, const wl_step *st, uint32_t cta, const kcursor *cur)
{
    if (st->depth == 0) return 0;
    uint64_t flat = cur->iter[0];
    for (uint32_t d = 1; d < st->depth; d++)
        flat = flat * loop_count(w, &w->steps[st->loops[d]], cta) + cur->iter[d];
    return flat;
}

static uint32_t thread_mask(const wl_kern *w, uint32_t warp)
{
    uint32_t left = w->k.cta_threads - warp * 32;
    return left >= 32 ? 0xffffffffu : (1u << left) - 1u;
}

/* Mask of a MK_FRAC / MK_FIXED spec at step st: lane active when its hash
 * falls below percent/100 of the 32-bit range. */
static uint32_t spec_mask(const wl_kern *w, const wl_step *st, uint32_t cta, uint32_t warp,
                          uint64_t iter)
{
    if (st->mask_kind == MK_ALL) return 0xffffffffu;
    if (st->mask_kind == MK_FIXED) return st->mask_arg;
    uint64_t base = h2(h2(h2(h2(w->kseed ^ SALT_MASK, cta), warp), (uint64_t)(st - w->steps)), iter);
    uint64_t limit = (uint64_t)st->mask_arg << 32;
    uint32_t m = 0;
    for (uint32_t lane = 0; lane < 32; lane++)
        if ((lane_hash(base, lane) >> 32) * 100 < limit) m |= 1u << lane;
    return m;
}

static uint32_t if_masks(const wl_kern *w, const wl_step *st, uint32_t cta, uint32_t warp,
                         const kcursor *cur)
{
    uint32_t m = 0xffffffffu;
    for (uint32_t i = 0; i < st->nif; i++) {
        const wl_step *f = &w->steps[st->ifs[i]];
        m &= spec_mask(w, f, cta, warp, flat_iter(w, f, cta, cur));
    }
    return m;
}

static uint64_t lane_offset(const wl_kern *w, const wl_step *st, uint64_t size, uint64_t chunk,
                            uint64_t it, uint64_t hbase, uint32_t lane)
{
    uint64_t b = st->bytes;
    switch (st->pattern) {
    case PAT_STREAM:
        return ((chunk % size) * ((32 * b) % size) + lane * b) % size;
    case PAT_STRIDE: {
        uint64_t s = st->stride;
        return ((chunk % size) * ((32 * s) % size) + (lane * s) % size) % size;
    }
    case PAT_GATHER:
        return (lane_hash(hbase, lane) % (size / b)) * b;
    default: /* PAT_REUSE: every warp of the CTA sweeps the same set */
        return ((it % size) * ((32 * b) % size) + lane * b) % size;
    }
}

/* The addresses of the 32 lanes of a PAT_STREAM, PAT_STRIDE or PAT_REUSE step,
 * by one division and then one addition per lane: lane_offset's value for
 * every lane, since (x + y) % size == ((x % size) + y % size) % size whenever
 * x + y does not wrap around 2^64.  Returns 0 (nothing written) when a sum
 * could wrap; the caller then asks lane_offset lane by lane. */
static int lane_addrs_linear(const wl_step *st, uint64_t size, uint64_t chunk, uint64_t it,
                             uint64_t base, inst *out)
{
    uint64_t step = st->pattern == PAT_STRIDE ? st->stride : st->bytes;
    uint64_t first = st->pattern == PAT_REUSE ? it : chunk;
    int pre = st->lsize == size;        /* the constants of build_kern, or computed here */
    uint64_t a = (first % size) * (pre ? st->lmul : (32 * step) % size);   /* wraps as lane_offset's does */
    uint64_t room = UINT64_MAX - a;
    /* STREAM and REUSE add lane*step (at most 31*step), STRIDE (lane*step) % size. */
    if (size > UINT64_MAX / 2 || room < 31 * step || (st->pattern == PAT_STRIDE && room < size))
        return 0;
    uint64_t r = a % size, d = pre ? st->ldelta : step % size;
    if (d <= (size - 1u - r) / 31u) {
        /* no lane reaches size: lane i's offset is r + i*d, no reduction */
        uint64_t a0 = base + r;
        if (out->mask == 0xffffffffu) {
            for (uint32_t lane = 0; lane < 32; lane++)
                out->addr[lane] = a0 + lane * d;
        } else {
            for (uint32_t lane = 0; lane < 32; lane++)
                out->addr[lane] = (out->mask >> lane & 1u) ? a0 + lane * d : 0;
        }
        return 1;
    }
    for (uint32_t lane = 0; lane < 32; lane++) {
        out->addr[lane] = (out->mask >> lane & 1u) ? base + r : 0;
        r += d;
        if (r >= size) r -= size;
    }
    return 1;
}

static void fill_addrs(const wl_kern *w, const wl_step *st, uint32_t cta, uint32_t warp,
                       uint64_t it, inst *out)
{
    uint64_t base = 0, size;
    int per_cta = 1;
    if (st->region == WL_SMEM) {
        size = w->k.smem_per_cta;
    } else {
        const wl_region *r = &w->regions[st->region];
        size = r->size;
        per_cta = r->per_cta;
        base = r->base + (per_cta ? (uint64_t)cta * r->size : 0);
    }
    uint64_t gw = (uint64_t)cta * w->k.warps_per_cta + warp;
    uint64_t chunk = per_cta ? it * w->k.warps_per_cta + warp : it * w->total_warps + gw;
    uint64_t hbase = st->pattern == PAT_GATHER
        ? h2(h2(h2(h2(w->kseed ^ SALT_ADDR, cta), warp), (uint64_t)(st - w->steps)), it) : 0;
    if (st->pattern != PAT_GATHER && lane_addrs_linear(st, size, chunk, it, base, out))
        return;
    for (uint32_t lane = 0; lane < 32; lane++) {
        out->addr[lane] = (out->mask >> lane & 1u)
            ? base + lane_offset(w, st, size, chunk, it, hbase, lane) : 0;
    }
}

static void emit(const wl_kern *w, const wl_step *st, uint32_t cta, uint32_t warp,
                 uint64_t it, uint32_t mask, inst *out)
{
    out->cls = st->cls;
    out->ndst = st->ndst;
    out->nsrc = st->nsrc;
    memcpy(out->dst, st->dst, sizeof out->dst);
    memcpy(out->src, st->src, sizeof out->src);
    out->bytes = st->bytes;
    out->mask = mask;
    out->pc = (uint32_t)(st - w->steps);
    /* (addr only for memory classes, kern.h: another class leaves the
     * buffer's addresses as they were, unread) */
    if (st->pattern != PAT_NONE) fill_addrs(w, st, cta, warp, it, out);
}

static int wl_fetch(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *out,
                    char *err, unsigned errlen)
{
    const wl_kern *w = k->impl;
    if (cta >= k->n_cta || warp >= k->warps_per_cta) {
        snprintf(err, errlen, "%s: fetch of cta %u warp %u outside the grid (cta)", k->name, cta, warp);
        return -1;
    }
    while (cur->pc < w->nsteps) {
        const wl_step *st = &w->steps[cur->pc];
        switch (st->kind) {
        case ST_LOOP:
            if (loop_count(w, st, cta) == 0) { cur->pc = st->jump + 1; break; }
            cur->iter[st->depth] = 0;
            cur->pc++;
            break;
        case ST_END: {
            const wl_step *lp = &w->steps[st->jump];
            if (++cur->iter[lp->depth] < loop_count(w, lp, cta)) cur->pc = st->jump + 1;
            else cur->pc++;
            break;
        }
        case ST_IF: {
            uint32_t m = thread_mask(w, warp) & if_masks(w, st, cta, warp, cur) &
                         spec_mask(w, st, cta, warp, flat_iter(w, st, cta, cur));
            cur->pc = m ? cur->pc + 1 : st->jump + 1;
            break;
        }
        case ST_ENDIF:
            cur->pc++;
            break;
        default: {
            /* the iteration: read only by the addresses and by a MK_FRAC mask */
            uint64_t it = st->pattern != PAT_NONE || st->mask_kind == MK_FRAC
                ? flat_iter(w, st, cta, cur) * st->ncopy + st->copy : 0;
            uint32_t m = thread_mask(w, warp);
            if (st->cls != IC_BAR && st->nif) m &= if_masks(w, st, cta, warp, cur);
            if (st->cls != IC_BAR) m &= spec_mask(w, st, cta, warp, it);
            cur->pc++;
            if (!m) break;     /* no lane takes the instruction: the warp skips it */
            emit(w, st, cta, warp, it, m, out);
            return 1;
        }
        }
    }
    return 0;
}

static int wl_cta_begin(kern *k, uint32_t cta, char *err, unsigned errlen)
{
    if (cta >= k->n_cta) {
        snprintf(err, errlen, "%s: cta %u outside the grid of %u (cta)", k->name, cta, k->n_cta);
        return -1;
    }
    return 0;
}

static void wl_cta_end(kern *k, uint32_t cta) { (void)k; (void)cta; }

static void wl_destroy(kern *k) { free(k->impl); }

static const kern_ops wl_ops = { wl_cta_begin, wl_fetch, wl_cta_end, wl_destroy };

const char *wl_imitates(const kern *k)
{
    if (!k || k->ops != &wl_ops) return "";
    return ((const wl_kern *)k->impl)->imitates;
}

/* ================================================================ parser */

typedef struct src {
    const char *file;
    char      **lines;          /* modified in place */
    uint32_t    n;
    uint32_t    line0;          /* file line number of lines[0] */
} src;

typedef struct tok {
    const char *s;
    uint32_t    line;
} tok;

typedef struct pstate {
    const char *file;
    char       *err;
    size_t      errlen;
    tok        *toks;
    uint32_t    ntok, pos;
    wl_step    *steps;
    uint32_t    nsteps;
    uint32_t    loops[WL_MAX_LOOPS], depth;
    uint32_t    ifs[WL_MAX_IFS], nif;
    /* header */
    char        name[96], imitates[256];
    uint32_t    grid, block, regs, smem, autohint_l, autohint_w;
    uint64_t    seed;
    uint32_t    seen[8];        /* line of each header key, for duplicates */
    wl_region   regions[WL_MAX_REGIONS];
    uint32_t    nregions;
} pstate;

#define PERR(ps, ln, ...) do { \
        int n_ = snprintf((ps)->err, (ps)->errlen, "%s:%u: ", (ps)->file, (unsigned)(ln)); \
        if (n_ > 0 && (size_t)n_ < (ps)->errlen) \
            snprintf((ps)->err + n_, (ps)->errlen - (size_t)n_, __VA_ARGS__); \
        text_clean((ps)->err, (ps)->errlen); \
        return -1; } while (0)

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    return s;
}

static void strip_comment(char *s)
{
    char *h = strchr(s, '#');
    if (h) *h = '\0';
}

/* Whole-string unsigned number, decimal or 0x hex. */
static int parse_num(const char *s, uint64_t *v)
{
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if ((hex && !s[2]) || (!hex && (*s < '0' || *s > '9'))) return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long x = strtoull(s, &end, hex ? 16 : 10);
    if (*end) return -1;
    /* a number too large for 64 bits is a number: the caller's range check
     * refuses it as out of range (UINT64_MAX is above every range here) */
    if (errno && errno != ERANGE) return -1;
    *v = errno == ERANGE ? UINT64_MAX : x;
    return 0;
}

/* Size with optional K/M/G suffix (powers of 1024). */
static int parse_size(const char *s, uint64_t *v)
{
    char buf[32];
    size_t n = strlen(s);
    if (n == 0 || n >= sizeof buf) return -1;
    memcpy(buf, s, n + 1);
    uint64_t mul = 1;
    char last = buf[n - 1];
    if (last == 'K' || last == 'k') mul = 1ull << 10;
    else if (last == 'M' || last == 'm') mul = 1ull << 20;
    else if (last == 'G' || last == 'g') mul = 1ull << 30;
    if (mul != 1) buf[n - 1] = '\0';
    uint64_t x;
    if (parse_num(buf, &x) < 0) return -1;
    *v = x > (UINT64_MAX >> 31) ? UINT64_MAX : x * mul;   /* too large: out of range */
    return 0;
}

/* ---------------------------------------------------------------- header */

static const char *const hdr_keys[] = { "name", "imitates", "grid", "block", "regs", "smem",
                                        "seed", "autohint" };

static int hdr_u32(pstate *ps, uint32_t ln, const char *key, const char *val, uint64_t lo,
                   uint64_t hi, uint32_t *out)
{
    uint64_t v;
    if (parse_size(val, &v) < 0) PERR(ps, ln, "not a number '%s' (%s)", val, key);
    if (v < lo || v > hi) {
        if (strcmp(key, "block") == 0 && v > hi)
            PERR(ps, ln, "too many threads per CTA: %s > %llu (block)", val, (unsigned long long)hi);
        if (v == 0) PERR(ps, ln, "zero %s (%s)", key, key);
        PERR(ps, ln, "value %s out of range %llu..%llu (%s)", val, (unsigned long long)lo,
             (unsigned long long)hi, key);
    }
    *out = (uint32_t)v;
    return 0;
}

static int hdr_autohint(pstate *ps, uint32_t ln, const char *val)
{
    const char *slash = strchr(val, '/');
    char a[32], b[32];
    uint64_t l, wv;
    if (!slash || (size_t)(slash - val) >= sizeof a || strlen(slash + 1) >= sizeof b)
        PERR(ps, ln, "autohint wants L/W, e.g. 600/32 (%s)", val);
    memcpy(a, val, (size_t)(slash - val));
    a[slash - val] = '\0';
    snprintf(b, sizeof b, "%s", slash + 1);
    if (parse_num(trim(a), &l) < 0 || parse_num(trim(b), &wv) < 0 || l == 0 || wv == 0 ||
        l > 100000 || wv > 1024)
        PERR(ps, ln, "autohint wants L/W with 1 <= L <= 100000, 1 <= W <= 1024 (%s)", val);
    ps->autohint_l = (uint32_t)l;
    ps->autohint_w = (uint32_t)wv;
    return 0;
}

static int hdr_key(pstate *ps, uint32_t ln, char *key, char *val)
{
    int idx = -1;
    for (int i = 0; i < (int)(sizeof hdr_keys / sizeof hdr_keys[0]); i++)
        if (strcmp(key, hdr_keys[i]) == 0) idx = i;
    if (idx < 0) PERR(ps, ln, "unknown key (%s)", key);
    if (ps->seen[idx]) PERR(ps, ln, "duplicate key, first set on line %u (%s)", ps->seen[idx], key);
    if (!*val) PERR(ps, ln, "empty value (%s)", key);
    ps->seen[idx] = ln;
    switch (idx) {
    case 0:
        if (strlen(val) >= sizeof ps->name) PERR(ps, ln, "name longer than %zu characters (name)", sizeof ps->name - 1);
        snprintf(ps->name, sizeof ps->name, "%s", val);
        return 0;
    case 1:
        if (strlen(val) >= sizeof ps->imitates) PERR(ps, ln, "sentence longer than %zu characters (imitates)", sizeof ps->imitates - 1);
        snprintf(ps->imitates, sizeof ps->imitates, "%s", val);
        return 0;
    case 2: return hdr_u32(ps, ln, key, val, 1, WL_MAX_GRID, &ps->grid);
    case 3: return hdr_u32(ps, ln, key, val, 1, WL_MAX_BLOCK, &ps->block);
    case 4: return hdr_u32(ps, ln, key, val, 1, 255, &ps->regs);
    case 5: return hdr_u32(ps, ln, key, val, 0, 1u << 20, &ps->smem);
    case 6: {
        uint64_t v;
        if (parse_num(val, &v) < 0) PERR(ps, ln, "not a number '%s' (seed)", val);
        ps->seed = v;
        return 0;
    }
    default: return hdr_autohint(ps, ln, val);
    }
}

static int region_name_ok(const char *name, size_t cap)
{
    size_t n = strlen(name);
    if (n == 0 || n >= cap || strcmp(name, "smem") == 0) return 0;
    if ((name[0] == 'r' || name[0] == 'x') && name[1] >= '0' && name[1] <= '9') return 0;
    if (!((name[0] >= 'a' && name[0] <= 'z') || name[0] == '_')) return 0;
    for (size_t i = 1; i < n; i++)
        if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') || name[i] == '_'))
            return 0;
    return 1;
}

/* region NAME SIZE [shared|per_cta] */
static int hdr_region(pstate *ps, uint32_t ln, char *rest)
{
    char *words[4] = { 0 };
    int nw = 0;
    for (char *t = strtok(rest, " \t"); t; t = strtok(NULL, " \t")) {
        if (nw == 3) PERR(ps, ln, "region wants NAME SIZE [shared|per_cta] (%s)", t);
        words[nw++] = t;
    }
    if (nw < 2) PERR(ps, ln, "region wants NAME SIZE [shared|per_cta] (region)");
    const char *name = words[0];
    if (!region_name_ok(name, sizeof ps->regions[0].name))
        PERR(ps, ln, "bad region name: want [a-z_][a-z0-9_]*, not smem, rN or xN (%s)", name);
    for (uint32_t i = 0; i < ps->nregions; i++)
        if (strcmp(ps->regions[i].name, name) == 0) PERR(ps, ln, "duplicate region (%s)", name);
    if (ps->nregions == WL_MAX_REGIONS) PERR(ps, ln, "more than %d regions (%s)", WL_MAX_REGIONS, name);
    uint64_t size;
    if (parse_size(words[1], &size) < 0) PERR(ps, ln, "bad region size '%s' (%s)", words[1], name);
    if (size == 0 || size % 128 || size > (1ull << 32))
        PERR(ps, ln, "region size must be a multiple of 128 in 128..4G (%s)", name);
    int per_cta = 0;
    if (nw == 3) {
        if (strcmp(words[2], "per_cta") == 0) per_cta = 1;
        else if (strcmp(words[2], "shared") != 0)
            PERR(ps, ln, "region scope must be shared or per_cta (%s)", words[2]);
    }
    wl_region *r = &ps->regions[ps->nregions++];
    snprintf(r->name, sizeof r->name, "%s", name);
    r->size = size;
    r->per_cta = per_cta;
    return 0;
}

/* ---------------------------------------------------------------- tokens */

static int is_punct(char c) { return c == '{' || c == '}' || c == ';'; }

/* Split lines[from..] (starting at column `col` of the first) into tokens;
 * the text is modified in place (punctuation gets its own static string). */
static int tokenize(pstate *ps, const src *s, uint32_t from, char *first)
{
    static const char *const punct[] = { "{", "}", ";" };
    uint32_t cap = 256;
    ps->toks = malloc(cap * sizeof *ps->toks);
    if (!ps->toks) PERR(ps, s->line0 + from, "out of memory (program)");
    for (uint32_t li = from; li < s->n; li++) {
        char *p = li == from ? first : s->lines[li];
        strip_comment(p);
        uint32_t ln = s->line0 + li;
        while (*p) {
            if (*p == ' ' || *p == '\t' || *p == '\r') { p++; continue; }
            if (ps->ntok + 1 >= cap) {
                cap *= 2;
                tok *t = realloc(ps->toks, cap * sizeof *t);
                if (!t) PERR(ps, ln, "out of memory (program)");
                ps->toks = t;
            }
            tok *t = &ps->toks[ps->ntok++];
            t->line = ln;
            if (is_punct(*p)) {
                t->s = punct[*p == '{' ? 0 : *p == '}' ? 1 : 2];
                *p++ = '\0';
                continue;
            }
            t->s = p;
            while (*p && *p != ' ' && *p != '\t' && *p != '\r' && !is_punct(*p)) p++;
            if (is_punct(*p)) {
                /* keep the punctuation: shift it into its own token next round */
                char c = *p;
                *p = '\0';
                if (ps->ntok + 1 >= cap) {
                    cap *= 2;
                    tok *t2 = realloc(ps->toks, cap * sizeof *t2);
                    if (!t2) PERR(ps, ln, "out of memory (program)");
                    ps->toks = t2;
                }
                tok *pt = &ps->toks[ps->ntok++];
                pt->line = ln;
                pt->s = punct[c == '{' ? 0 : c == '}' ? 1 : 2];
                p++;
            } else if (*p) {
                *p++ = '\0';
            }
        }
    }
    return 0;
}

/* ---------------------------------------------------------------- program */

static const char *const op_names[] = { "sp", "sfu", "dp", "sld", "sst", "gld", "gst", "atom",
                                        "bar", "bra", "hint", "exit" };

static int has_dst(int cls)
{
    return cls == IC_SP || cls == IC_SFU || cls == IC_DP || cls == IC_SLD || cls == IC_GLD ||
           cls == IC_ATOM;
}

static int is_mem(int cls)
{
    return cls == IC_SLD || cls == IC_SST || cls == IC_GLD || cls == IC_GST || cls == IC_ATOM;
}

static wl_step *new_step(pstate *ps, uint32_t ln, int kind)
{
    if (ps->nsteps == WL_MAX_STEPS) return NULL;
    wl_step *st = &ps->steps[ps->nsteps++];
    memset(st, 0, sizeof *st);
    st->kind = (uint8_t)kind;
    st->line = ln;
    st->depth = (uint8_t)ps->depth;
    st->nif = (uint8_t)ps->nif;
    memcpy(st->loops, ps->loops, sizeof st->loops);
    memcpy(st->ifs, ps->ifs, sizeof st->ifs);
    st->region = WL_NO_REGION;
    st->ncopy = 1;
    st->bytes = 4;
    for (int i = 0; i < KERN_MAX_DST; i++) st->dst[i] = KERN_REG_NONE;
    for (int i = 0; i < KERN_MAX_SRC; i++) st->src[i] = KERN_REG_NONE;
    return st;
}

#define NEW_STEP(ps, st, ln, kind) do { \
        if (!((st) = new_step((ps), (ln), (kind)))) \
            PERR((ps), (ln), "program longer than %d steps (program)", WL_MAX_STEPS); } while (0)

static int parse_reg(pstate *ps, const tok *t, uint8_t *out)
{
    uint64_t v;
    if (t->s[0] != 'r' || parse_num(t->s + 1, &v) < 0 || v > 254)
        PERR(ps, t->line, "bad register (%s)", t->s);
    if (v >= ps->regs) PERR(ps, t->line, "bad register: regs = %u per thread (%s)", ps->regs, t->s);
    *out = (uint8_t)v;
    return 0;
}

/* @P% or @0xMASK (also used by `if` without the @). */
static int parse_mask(pstate *ps, const tok *t, const char *spec, wl_step *st)
{
    size_t n = strlen(spec);
    uint64_t v;
    if (n > 1 && spec[n - 1] == '%') {
        char buf[16];
        if (n - 1 >= sizeof buf) PERR(ps, t->line, "bad mask (%s)", t->s);
        memcpy(buf, spec, n - 1);
        buf[n - 1] = '\0';
        if (parse_num(buf, &v) < 0 || v == 0 || v > 100)
            PERR(ps, t->line, "bad mask: percent must be 1..100 (%s)", t->s);
        st->mask_kind = v == 100 ? MK_ALL : MK_FRAC;
        st->mask_arg = (uint32_t)v;
        return 0;
    }
    if (spec[0] == '0' && (spec[1] == 'x' || spec[1] == 'X') && parse_num(spec, &v) == 0 &&
        v <= 0xffffffffull) {
        if (v == 0) PERR(ps, t->line, "bad mask: no lane active (%s)", t->s);
        st->mask_kind = MK_FIXED;
        st->mask_arg = (uint32_t)v;
        return 0;
    }
    PERR(ps, t->line, "bad mask: want P%% or 0xMASK (%s)", t->s);
}

/* After a region name: stream | stride N | gather | reuse */
static int parse_pattern(pstate *ps, uint32_t *i, uint32_t end, wl_step *st)
{
    const tok *t = &ps->toks[*i];
    if (*i >= end) PERR(ps, t[-1].line, "missing access pattern after region (%s)", t[-1].s);
    const char *p = t->s;
    (*i)++;
    if (strcmp(p, "stream") == 0) { st->pattern = PAT_STREAM; return 0; }
    if (strcmp(p, "gather") == 0) { st->pattern = PAT_GATHER; return 0; }
    if (strcmp(p, "reuse") == 0) { st->pattern = PAT_REUSE; return 0; }
    if (strcmp(p, "stride") == 0) {
        uint64_t v;
        if (*i >= end || parse_size(ps->toks[*i].s, &v) < 0 || v == 0 || v > 65536)
            PERR(ps, t->line, "stride wants a byte count 1..65536 (stride)");
        (*i)++;
        st->pattern = PAT_STRIDE;
        st->stride = (uint32_t)v;
        return 0;
    }
    PERR(ps, t->line, "unknown access pattern, allowed stream|stride N|gather|reuse (%s)", p);
}

static int find_region(pstate *ps, const char *name)
{
    if (strcmp(name, "smem") == 0) return WL_SMEM;
    for (uint32_t r = 0; r < ps->nregions; r++)
        if (strcmp(ps->regions[r].name, name) == 0) return (int)r;
    return -1;
}

static int parse_opcode(pstate *ps, const tok *t, wl_step *st)
{
    char op[16];
    const char *dot = strchr(t->s, '.');
    size_t n = dot ? (size_t)(dot - t->s) : strlen(t->s);
    if (n >= sizeof op) PERR(ps, t->line, "unknown instruction (%s)", t->s);
    memcpy(op, t->s, n);
    op[n] = '\0';
    int cls = -1;
    for (int c = 0; c < IC_NCLASS; c++)
        if (strcmp(op, op_names[c]) == 0) cls = c;
    if (cls < 0) PERR(ps, t->line, "unknown instruction (%s)", t->s);
    if (cls == IC_EXIT) PERR(ps, t->line, "exit is implicit at the end of the program (exit)");
    st->cls = (uint8_t)cls;
    if (dot) {
        uint64_t b;
        if (!is_mem(cls) || parse_num(dot + 1, &b) < 0 || (b != 1 && b != 2 && b != 4 && b != 8 && b != 16))
            PERR(ps, t->line, "bad access width, want .1 .2 .4 .8 or .16 on a memory instruction (%s)", t->s);
        st->bytes = (uint8_t)b;
    }
    return 0;
}

static int parse_operand(pstate *ps, uint32_t *i, uint32_t end, wl_step *st, int *repeat)
{
    const tok *t = &ps->toks[*i];
    const char *s = t->s;
    if (s[0] == 'r' && s[1] >= '0' && s[1] <= '9') {
        uint8_t reg;
        if (parse_reg(ps, t, &reg) < 0) return -1;
        (*i)++;
        if (has_dst(st->cls) && st->ndst == 0) { st->dst[st->ndst++] = reg; return 0; }
        if (st->nsrc == KERN_MAX_SRC) PERR(ps, t->line, "more than %d source registers (%s)", KERN_MAX_SRC, s);
        st->src[st->nsrc++] = reg;
        return 0;
    }
    if (s[0] == '@') {
        if (st->cls == IC_BAR) PERR(ps, t->line, "bar cannot be masked (%s)", s);
        (*i)++;
        return parse_mask(ps, t, s + 1, st);
    }
    if (s[0] == 'x' && s[1] >= '0' && s[1] <= '9') {
        uint64_t v;
        if (parse_num(s + 1, &v) < 0 || v == 0 || v > WL_MAX_REPEAT)
            PERR(ps, t->line, "bad repeat, want x1..x%d (%s)", WL_MAX_REPEAT, s);
        *repeat = (int)v;
        (*i)++;
        return 0;
    }
    int r = find_region(ps, s);
    if (r < 0 && !is_mem(st->cls)) PERR(ps, t->line, "unexpected operand (%s)", s);
    if (r < 0) PERR(ps, t->line, "unknown region (%s)", s);
    if (!is_mem(st->cls)) PERR(ps, t->line, "memory operand on a non-memory instruction (%s)", s);
    if (st->pattern != PAT_NONE) PERR(ps, t->line, "second memory operand (%s)", s);
    int shared_cls = st->cls == IC_SLD || st->cls == IC_SST;
    if (shared_cls && r != WL_SMEM) PERR(ps, t->line, "sld/sst address shared memory: use smem (%s)", s);
    if (!shared_cls && r == WL_SMEM) PERR(ps, t->line, "smem is for sld/sst only (%s)", op_names[st->cls]);
    if (r == WL_SMEM && ps->smem == 0) PERR(ps, t->line, "shared memory access with smem = 0 (smem)");
    st->region = (uint8_t)r;
    (*i)++;
    return parse_pattern(ps, i, end, st);
}

/* One instruction: tokens [start, end) on one line. */
static int parse_inst(pstate *ps, uint32_t start, uint32_t end)
{
    const tok *t0 = &ps->toks[start];
    wl_step proto, *st = &proto;
    if (ps->nsteps == WL_MAX_STEPS) PERR(ps, t0->line, "program longer than %d steps (program)", WL_MAX_STEPS);
    st = new_step(ps, t0->line, ST_INST);
    ps->nsteps--;                       /* proto only; copies are appended below */
    proto = *st;
    st = &proto;
    if (parse_opcode(ps, t0, st) < 0) return -1;
    int repeat = 1;
    for (uint32_t i = start + 1; i < end;)
        if (parse_operand(ps, &i, end, st, &repeat) < 0) return -1;
    if (has_dst(st->cls) && st->ndst == 0)
        PERR(ps, t0->line, "missing destination register (%s)", t0->s);
    if (is_mem(st->cls) && st->pattern == PAT_NONE)
        PERR(ps, t0->line, "missing memory operand: REGION PATTERN (%s)", t0->s);
    if (st->cls == IC_BAR && ps->nif)
        PERR(ps, t0->line, "bar inside if: a barrier under divergence never completes (bar)");
    if (st->pattern == PAT_GATHER || st->pattern == PAT_STREAM || st->pattern == PAT_REUSE) {
        uint64_t size = st->region == WL_SMEM ? ps->smem : ps->regions[st->region].size;
        if (size % st->bytes)
            PERR(ps, t0->line, "region size not a multiple of the access width (%s)", t0->s);
    }
    for (int c = 0; c < repeat; c++) {
        wl_step *cp;
        NEW_STEP(ps, cp, t0->line, ST_INST);
        *cp = proto;
        cp->copy = (uint16_t)c;
        cp->ncopy = (uint16_t)repeat;
    }
    return 0;
}

static int parse_block(pstate *ps, uint32_t open_line, const char *what);

static int parse_count(pstate *ps, const tok *t, wl_step *st)
{
    char buf[48];
    uint64_t lo, hi;
    if (strlen(t->s) >= sizeof buf) PERR(ps, t->line, "bad loop count (%s)", t->s);
    snprintf(buf, sizeof buf, "%s", t->s);
    char *dots = strstr(buf, "..");
    if (dots) {
        *dots = '\0';
        if (parse_num(buf, &lo) < 0 || parse_num(dots + 2, &hi) < 0 || lo > hi)
            PERR(ps, t->line, "bad loop count, want N or LO..HI (%s)", t->s);
    } else {
        if (parse_num(buf, &lo) < 0) PERR(ps, t->line, "bad loop count, want N or LO..HI (%s)", t->s);
        hi = lo;
    }
    if (hi > WL_MAX_LOOPCNT) PERR(ps, t->line, "loop count above %u (%s)", WL_MAX_LOOPCNT, t->s);
    st->lo = (uint32_t)lo;
    st->hi = (uint32_t)hi;
    return 0;
}

static int expect_open(pstate *ps, const tok *kw)
{
    if (ps->pos >= ps->ntok || strcmp(ps->toks[ps->pos].s, "{") != 0)
        PERR(ps, kw->line, "expected '{' after %s", kw->s);
    ps->pos++;
    return 0;
}

static int parse_loop(pstate *ps, const tok *kw)
{
    if (ps->depth == WL_MAX_LOOPS) PERR(ps, kw->line, "loops nested deeper than %d (loop)", WL_MAX_LOOPS);
    if (ps->pos >= ps->ntok) PERR(ps, kw->line, "loop wants a count (loop)");
    wl_step *lp;
    NEW_STEP(ps, lp, kw->line, ST_LOOP);
    uint32_t li = ps->nsteps - 1;
    if (parse_count(ps, &ps->toks[ps->pos++], lp) < 0) return -1;
    if (ps->pos < ps->ntok && strcmp(ps->toks[ps->pos].s, "bycta") == 0) {
        if (lp->lo == lp->hi) PERR(ps, kw->line, "bycta wants a LO..HI count (bycta)");
        lp->bycta = 1;
        ps->pos++;
    }
    if (expect_open(ps, kw) < 0) return -1;
    ps->loops[ps->depth++] = li;
    uint32_t body = ps->nsteps;
    if (parse_block(ps, kw->line, "loop") < 0) return -1;
    ps->depth--;
    if (ps->nsteps == body) PERR(ps, kw->line, "empty loop body (loop)");
    wl_step *end;
    NEW_STEP(ps, end, kw->line, ST_END);
    end->depth = (uint8_t)ps->depth;
    end->jump = li;
    ps->steps[li].jump = ps->nsteps - 1;
    return 0;
}

static int parse_if(pstate *ps, const tok *kw)
{
    if (ps->nif == WL_MAX_IFS) PERR(ps, kw->line, "if nested deeper than %d (if)", WL_MAX_IFS);
    if (ps->pos >= ps->ntok) PERR(ps, kw->line, "if wants P%% or 0xMASK (if)");
    wl_step *f;
    NEW_STEP(ps, f, kw->line, ST_IF);
    uint32_t fi = ps->nsteps - 1;
    const tok *spec = &ps->toks[ps->pos++];
    if (parse_mask(ps, spec, spec->s, f) < 0) return -1;
    if (expect_open(ps, kw) < 0) return -1;
    ps->ifs[ps->nif++] = fi;
    uint32_t body = ps->nsteps;
    if (parse_block(ps, kw->line, "if") < 0) return -1;
    ps->nif--;
    if (ps->nsteps == body) PERR(ps, kw->line, "empty if body (if)");
    wl_step *end;
    NEW_STEP(ps, end, kw->line, ST_ENDIF);
    end->jump = fi;
    ps->steps[fi].jump = ps->nsteps - 1;
    return 0;
}

/* Statements until the matching '}' (consumed). */
static int parse_block(pstate *ps, uint32_t open_line, const char *what)
{
    while (ps->pos < ps->ntok) {
        const tok *t = &ps->toks[ps->pos];
        if (strcmp(t->s, "}") == 0) { ps->pos++; return 0; }
        if (strcmp(t->s, ";") == 0) { ps->pos++; continue; }
        if (strcmp(t->s, "{") == 0) PERR(ps, t->line, "unexpected '{'");
        ps->pos++;
        if (strcmp(t->s, "loop") == 0) { if (parse_loop(ps, t) < 0) return -1; continue; }
        if (strcmp(t->s, "if") == 0) { if (parse_if(ps, t) < 0) return -1; continue; }
        uint32_t start = ps->pos - 1, end = ps->pos;
        while (end < ps->ntok && ps->toks[end].line == t->line && !is_punct(ps->toks[end].s[0]))
            end++;
        if (parse_inst(ps, start, end) < 0) return -1;
        ps->pos = end;
    }
    PERR(ps, open_line, "unterminated %s: missing '}' (%s)", what, what);
}

/* The most instructions one warp can execute: every instruction step times
 * the largest count of each loop around it.  Loops multiply, so a per-loop
 * cap alone lets `loop 1000000 { loop 1000000 { sp } }` run for ever. */
static int check_dyn_insts(pstate *ps, uint32_t pline)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < ps->nsteps; i++) {
        const wl_step *st = &ps->steps[i];
        if (st->kind != ST_INST) continue;
        uint64_t n = 1;
        for (uint32_t d = 0; d < st->depth && n <= KERN_MAX_WARP_INSTS; d++)
            n *= ps->steps[st->loops[d]].hi;
        total += n;
        if (total > KERN_MAX_WARP_INSTS)
            PERR(ps, pline, "a warp may execute more than %llu instructions, the limit per warp "
                 "(loop counts multiply; program)", (unsigned long long)KERN_MAX_WARP_INSTS);
    }
    return 0;
}

/* ---------------------------------------------------------------- auto hints */

/* Latency of a class for the l/w rule (seed 001 Sec. 4.4: "the accumulated
 * latency from a memory load to its dependent instruction is shorter than
 * l / w"; execution latencies of seed 001 Table 4-1: integer and single
 * ALU 24, SFU and double 48, shared memory 30, global 600). */
static uint32_t latency_cost(int cls)
{
    switch (cls) {
    case IC_SFU: case IC_DP: return 48;
    case IC_SLD: case IC_SST: return 30;
    case IC_GLD: case IC_GST: case IC_ATOM: return 600;
    case IC_HINT: return 0;
    default: return 24;
    }
}

static int reads_reg(const wl_step *st, uint8_t reg)
{
    for (int i = 0; i < st->nsrc; i++)
        if (st->src[i] == reg) return 1;
    return 0;
}

/* Next index in the block after item i (nested blocks are one item). */
static uint32_t next_item(const wl_step *steps, uint32_t i)
{
    return steps[i].kind == ST_INST ? i + 1 : steps[i].jump + 1;
}

/* Mark hint_after[] for the block [from, to) (seed 001 Sec. 4.4: loads form
 * one memory region while the work from a load to its first use, and from
 * that use to the next load, both stay below l/w; the hint goes after the
 * last load of each region).  Nested blocks end a region; recursive. */
static void mark_hints(const wl_step *steps, uint32_t from, uint32_t to, uint32_t t_lw, uint8_t *hint_after)
{
    for (uint32_t i = from; i < to; i = next_item(steps, i)) {
        const wl_step *st = &steps[i];
        if (st->kind == ST_LOOP || st->kind == ST_IF) {
            mark_hints(steps, i + 1, st->jump, t_lw, hint_after);
            continue;
        }
        if (st->kind != ST_INST || st->cls != IC_GLD) continue;
        uint32_t dist = 0, gap = 0, used = 0, boundary = 1;
        uint32_t j = i + 1;
        for (; j < to; j = next_item(steps, j)) {
            const wl_step *s = &steps[j];
            if (s->kind != ST_INST) break;                  /* nested block: region ends */
            if (s->cls == IC_GLD && used) { boundary = 0; break; }
            if (s->cls == IC_GLD && !used) { boundary = dist >= t_lw; break; }
            if (!used && reads_reg(s, st->dst[0])) used = 1;
            if (!used) dist += latency_cost(s->cls);
            else gap += latency_cost(s->cls);
        }
        if (j < to && steps[j].kind == ST_INST && steps[j].cls == IC_GLD && used)
            boundary = dist >= t_lw || gap >= t_lw;
        hint_after[i] = (uint8_t)boundary;
    }
}

static uint32_t remap_idx(const uint32_t *map, uint32_t i) { return map[i]; }

static int insert_hints(pstate *ps)
{
    if (!ps->autohint_l) return 0;
    uint32_t t_lw = ps->autohint_l / ps->autohint_w;
    uint8_t *after = calloc(ps->nsteps, 1);
    uint32_t *map = calloc(ps->nsteps, sizeof *map);
    wl_step *out = malloc(WL_MAX_STEPS * sizeof *out);
    if (!after || !map || !out) {
        free(after); free(map); free(out);
        PERR(ps, 1, "out of memory (autohint)");
    }
    mark_hints(ps->steps, 0, ps->nsteps, t_lw, after);
    uint32_t n = 0;
    for (uint32_t i = 0; i < ps->nsteps; i++) { map[i] = n++; n += after[i]; }
    if (n > WL_MAX_STEPS) {
        free(after); free(map); free(out);
        PERR(ps, ps->steps[0].line, "program with hints longer than %d steps (autohint)", WL_MAX_STEPS);
    }
    for (uint32_t i = 0; i < ps->nsteps; i++) {
        wl_step st = ps->steps[i];
        if (st.kind != ST_INST) st.jump = remap_idx(map, st.jump);
        for (int d = 0; d < st.depth; d++) st.loops[d] = remap_idx(map, st.loops[d]);
        for (int f = 0; f < st.nif; f++) st.ifs[f] = remap_idx(map, st.ifs[f]);
        out[map[i]] = st;
        if (after[i]) {
            wl_step h = st;
            h.cls = IC_HINT;
            h.ndst = h.nsrc = 0;
            memset(h.dst, KERN_REG_NONE, sizeof h.dst);
            memset(h.src, KERN_REG_NONE, sizeof h.src);
            h.pattern = PAT_NONE;
            h.region = WL_NO_REGION;
            h.mask_kind = MK_ALL;
            h.copy = 0;
            h.ncopy = 1;
            out[map[i] + 1] = h;
        }
    }
    memcpy(ps->steps, out, n * sizeof *out);
    ps->nsteps = n;
    free(after); free(map); free(out);
    return 0;
}

/* ---------------------------------------------------------------- kernel */

static int parse_header(pstate *ps, const src *s, uint32_t *prog_line, char **prog_rest)
{
    for (uint32_t li = 0; li < s->n; li++) {
        uint32_t ln = s->line0 + li;
        char *line = s->lines[li];
        char *p = trim(line);
        if (strncmp(p, "program", 7) == 0 && (p[7] == '\0' || p[7] == ' ' || p[7] == '\t' || p[7] == '{')) {
            *prog_line = li;
            *prog_rest = p + 7;
            return 0;
        }
        strip_comment(p);
        p = trim(p);
        if (!*p) continue;
        if (strncmp(p, "region", 6) == 0 && (p[6] == ' ' || p[6] == '\t')) {
            if (hdr_region(ps, ln, p + 6) < 0) return -1;
            continue;
        }
        char *eq = strchr(p, '=');
        if (!eq) PERR(ps, ln, "missing '=' (%s)", p);
        *eq = '\0';
        if (hdr_key(ps, ln, trim(p), trim(eq + 1)) < 0) return -1;
    }
    PERR(ps, s->line0 + (s->n ? s->n - 1 : 0), "missing program { ... } (program)");
}

static int check_header(pstate *ps, uint32_t ln)
{
    static const char *const required[] = { "name", "imitates", "grid", "block", "regs" };
    for (int i = 0; i < 5; i++)
        if (!ps->seen[i]) PERR(ps, ln, "missing %s (%s)", required[i], required[i]);
    return 0;
}

static void layout_regions(pstate *ps)
{
    uint64_t base = WL_REGION_BASE;
    for (uint32_t r = 0; r < ps->nregions; r++) {
        wl_region *g = &ps->regions[r];
        g->base = base;
        uint64_t total = g->per_cta ? g->size * ps->grid : g->size;
        base = (base + total + WL_REGION_ALIGN - 1) & ~(WL_REGION_ALIGN - 1);
    }
}

static int build_kern(pstate *ps, uint64_t seed, uint32_t index, kern **out)
{
    wl_kern *w = calloc(1, sizeof *w + ps->nsteps * sizeof(wl_step));
    if (!w) PERR(ps, 1, "out of memory (kernel)");
    w->k.ops = &wl_ops;
    text_safe(ps->name, w->k.name, sizeof w->k.name);
    w->k.n_cta = ps->grid;
    w->k.cta_threads = ps->block;
    w->k.regs_per_thread = ps->regs;
    w->k.smem_per_cta = ps->smem;
    w->k.warps_per_cta = (ps->block + 31) / 32;
    w->k.impl = w;
    snprintf(w->imitates, sizeof w->imitates, "%s", ps->imitates);
    w->kseed = h2(h2(seed, ps->seed), index);
    w->total_warps = ps->grid * w->k.warps_per_cta;
    w->nregions = ps->nregions;
    memcpy(w->regions, ps->regions, sizeof w->regions);
    w->nsteps = ps->nsteps;
    memcpy(w->steps, ps->steps, ps->nsteps * sizeof(wl_step));
    for (uint32_t i = 0; i < w->nsteps; i++) {
        wl_step *st = &w->steps[i];
        uint64_t size = st->region == WL_SMEM ? w->k.smem_per_cta
                      : st->region < w->nregions ? w->regions[st->region].size : 0;
        if (st->kind != ST_INST || size == 0 ||
            (st->pattern != PAT_STREAM && st->pattern != PAT_STRIDE && st->pattern != PAT_REUSE))
            continue;
        uint64_t step = st->pattern == PAT_STRIDE ? st->stride : st->bytes;
        st->lsize = size;
        st->lmul = (32 * step) % size;
        st->ldelta = step % size;
    }
    *out = &w->k;
    return 0;
}

/* Parse one kernel from s (lines modified in place). */
static int parse_kern(const src *s, uint64_t seed, uint32_t index, kern **out, char *err, size_t errlen)
{
    pstate *ps = calloc(1, sizeof *ps);
    wl_step *steps = malloc(WL_MAX_STEPS * sizeof *steps);
    int rc = -1;
    if (!ps || !steps) {
        snprintf(err, errlen, "%s:%u: out of memory (kernel)", s->file, s->line0);
        goto done;
    }
    ps->file = s->file;
    ps->err = err;
    ps->errlen = errlen;
    ps->steps = steps;
    uint32_t pli = 0;
    char *rest = NULL;
    if (parse_header(ps, s, &pli, &rest) < 0) goto done;
    uint32_t pline = s->line0 + pli;
    if (check_header(ps, pline) < 0) goto done;
    if (tokenize(ps, s, pli, rest) < 0) goto done;
    if (ps->ntok == 0 || strcmp(ps->toks[0].s, "{") != 0) {
        snprintf(err, errlen, "%s:%u: expected '{' after program (program)", s->file, pline);
        goto done;
    }
    ps->pos = 1;
    if (parse_block(ps, pline, "program") < 0) goto done;
    if (ps->pos < ps->ntok) {
        snprintf(err, errlen, "%s:%u: text after the program's closing '}' (%s)", s->file,
                 ps->toks[ps->pos].line, ps->toks[ps->pos].s);
        goto done;
    }
    if (ps->nsteps == 0) {
        snprintf(err, errlen, "%s:%u: empty program (program)", s->file, pline);
        goto done;
    }
    if (check_dyn_insts(ps, pline) < 0) goto done;
    if (insert_hints(ps) < 0) goto done;
    layout_regions(ps);
    rc = build_kern(ps, seed, index, out);
done:
    if (ps) free(ps->toks);
    free(ps);
    free(steps);
    return rc;
}

/* ================================================================ files */

typedef struct text {
    char    *buf;
    char   **lines;
    uint32_t n;
} text;

static void text_free(text *t) { free(t->buf); free(t->lines); t->buf = NULL; t->lines = NULL; }

static int text_read(text *t, const char *path, const char *from, char *err, size_t errlen)
{
    memset(t, 0, sizeof *t);
    FILE *f = infile_open(path, "workload file", WL_MAX_FILE_BYTES, err, errlen);
    if (!f) {
        if (from) infile_error_from(err, errlen, from, "kernel file", path);
        return -1;
    }
    size_t cap = 4096, len = 0;
    t->buf = malloc(cap);
    size_t got;
    while (t->buf && (got = fread(t->buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            char *nb = realloc(t->buf, cap * 2);
            if (!nb) { free(t->buf); t->buf = NULL; break; }
            t->buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!t->buf) { snprintf(err, errlen, "%s:0: out of memory (file)", path); return -1; }
    t->buf[len] = '\0';
    if (memchr(t->buf, '\0', len)) {
        snprintf(err, errlen, "%s:0: binary file (NUL byte)", path);
        text_free(t);
        return -1;
    }
    uint32_t nl = 1;
    for (size_t i = 0; i < len; i++) nl += t->buf[i] == '\n';
    t->lines = malloc(nl * sizeof *t->lines);
    if (!t->lines) { text_free(t); snprintf(err, errlen, "%s:0: out of memory (file)", path); return -1; }
    char *p = t->buf;
    for (;;) {
        t->lines[t->n++] = p;
        char *e = strchr(p, '\n');
        if (!e) break;
        *e = '\0';
        p = e + 1;
    }
    if (t->n > 1 && t->lines[t->n - 1][0] == '\0') t->n--;
    return 0;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static int add_kernel(workload *w, kern *k, const char *where, char *err, size_t errlen)
{
    if (workload_add(w, k)) {
        snprintf(err, errlen, "%s: out of memory (kernel list)", where);
        return -1;
    }
    return 0;
}

static int load_kern_file(workload *w, const char *path, const char *from, uint64_t seed,
                          char *err, size_t errlen)
{
    text t;
    if (text_read(&t, path, from, err, errlen) < 0) return -1;
    src s = { path, t.lines, t.n, 1 };
    kern *k = NULL;
    int rc = parse_kern(&s, seed, w->n_kernels, &k, err, errlen);
    text_free(&t);
    if (rc < 0) return -1;
    return add_kernel(w, k, from ? from : path, err, errlen);
}

/* Brace depth change of a line (comments stripped). */
static int brace_delta(const char *line)
{
    int d = 0;
    for (const char *p = line; *p && *p != '#'; p++) d += (*p == '{') - (*p == '}');
    return d;
}

static void dir_join(const char *base, const char *rel, char *out, size_t len)
{
    const char *slash = strrchr(base, '/');
    if (rel[0] == '/' || !slash) snprintf(out, len, "%s", rel);
    else snprintf(out, len, "%.*s/%s", (int)(slash - base), base, rel);
}

/* kernel = PATH [xN] */
static int wl_kernel_ref(workload *w, const char *path, char *val, const char *where,
                         uint64_t seed, char *err, size_t errlen)
{
    char *rel = strtok(val, " \t");
    char *rep = strtok(NULL, " \t");
    char *extra = strtok(NULL, " \t");
    uint64_t n = 1;
    if (!rel) { snprintf(err, errlen, "%s: empty value (kernel)", where); return -1; }
    if (extra || (rep && (rep[0] != 'x' || parse_num(rep + 1, &n) < 0 || n == 0 || n > 64))) {
        snprintf(err, errlen, "%s: kernel wants PATH [xN] (%s)", where, rep ? rep : rel);
        return -1;
    }
    char full[PATH_MAX];
    dir_join(path, rel, full, sizeof full);
    if (ends_with(rel, ".wl")) {
        snprintf(err, errlen, "%s: a .wl cannot list another .wl (%s)", where, rel);
        return -1;
    }
    for (uint64_t i = 0; i < n; i++)
        if (load_kern_file(w, full, where, seed, err, errlen) < 0) return -1;
    return 0;
}

static int load_wl_file(workload *w, const char *path, uint64_t seed, char *err, size_t errlen)
{
    text t;
    if (text_read(&t, path, NULL, err, errlen) < 0) return -1;
    int rc = 0, seen_name = 0;
    char where[PATH_MAX + 32];
    for (uint32_t li = 0; rc == 0 && li < t.n; li++) {
        snprintf(where, sizeof where, "%s:%u", path, li + 1);
        char *p = t.lines[li];
        strip_comment(p);
        p = trim(p);
        if (!*p) continue;
        if (strncmp(p, "kernel", 6) == 0 && strcmp(trim(p + 6), "{") == 0) {
            int depth = 1;
            uint32_t first = li + 1, j = first;
            for (; j < t.n; j++) {
                depth += brace_delta(t.lines[j]);
                if (depth <= 0) break;
            }
            if (j == t.n || depth < 0 || strcmp(trim(t.lines[j]), "}") != 0) {
                snprintf(err, errlen, "%s: unterminated inline kernel: missing '}' on its own line (kernel)", where);
                rc = -1;
                break;
            }
            src s = { path, t.lines + first, j - first, first + 1 };
            kern *k = NULL;
            rc = parse_kern(&s, seed, w->n_kernels, &k, err, errlen);
            if (rc == 0) rc = add_kernel(w, k, where, err, errlen);
            li = j;
            continue;
        }
        char *eq = strchr(p, '=');
        if (!eq) { snprintf(err, errlen, "%s: missing '=' (%s)", where, p); rc = -1; break; }
        *eq = '\0';
        char *key = trim(p), *val = trim(eq + 1);
        if (!*val) { snprintf(err, errlen, "%s: empty value (%s)", where, key); rc = -1; break; }
        if (strcmp(key, "kernel") == 0) rc = wl_kernel_ref(w, path, val, where, seed, err, errlen);
        else if (strcmp(key, "name") == 0 && !seen_name) seen_name = 1;
        else if (strcmp(key, "name") == 0) { snprintf(err, errlen, "%s: duplicate key (name)", where); rc = -1; }
        else if (strcmp(key, "imitates") != 0) { snprintf(err, errlen, "%s: unknown key (%s)", where, key); rc = -1; }
    }
    if (rc == 0 && w->n_kernels == 0) {
        snprintf(err, errlen, "%s:%u: workload lists no kernel (kernel)", path, t.n);
        rc = -1;
    }
    text_free(&t);
    return rc;
}

int wl_load(workload *w, const char *path, uint64_t seed, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    snprintf(w->path, sizeof w->path, "%s", path);
    int rc;
    if (ends_with(path, ".wl")) rc = load_wl_file(w, path, seed, err, errlen);
    else if (ends_with(path, ".kern")) rc = load_kern_file(w, path, NULL, seed, err, errlen);
    else {
        snprintf(err, errlen, "%s:0: unknown workload type, want .kern or .wl (%s)", path, path);
        rc = -1;
    }
    if (rc < 0) wl_free(w);
    return rc;
}

void wl_free(workload *w)
{
    workload_release(w);
}
