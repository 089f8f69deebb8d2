/* trace.c -- Accel-Sim tracer traces as a kernel source (see trace.h).
 *
 * Layers, top to bottom:
 *   workload: kernelslist.g (MemcpyHtoD lines, kernel trace files in order);
 *   kernel:   header lines (-key = value) read at load; thread blocks read
 *             by cta_begin in increasing CTA order, streamed forward;
 *   CTA:      compact records per warp (tr_rec) plus an address pool,
 *             expanded into an inst by fetch (no allocation in fetch);
 *   reader:   lines from a plain or xz file (liblzma, streamed), or the text
 *             form of a binary .tracez file (tracez.c, libzstd).
 * Line format facts (Accel-Sim tracer, util/tracer_nvbit): after the header,
 * "#BEGIN_TB", "thread block = x,y,z", then per warp "warp = W", "insts = K"
 * and K lines "[line] PC mask ndst [Rd] opcode nsrc [Rs..] width [mode addrs]
 * [imm]"; address modes 0 list-all (one hex address per active lane),
 * 1 base+stride (contiguous lanes), 2 base+deltas (popcount-1 deltas).
 */
#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "infile.h"
#include "keys.h"
#include "trace.h"
#include "tracez.h"

/* ------------------------------------------------------------------ parameters */

static const char *const trace_isa_names[] = { "sm70", "sm61", NULL };

static const key_def trace_rows[] = {
    KEY_U(trace_params, "trace.nregs", nregs, 0, 255, 0, "registers", "0 = the trace's -nregs",
          "registers per thread for every trace kernel, overriding -nregs (for traces whose "
          "header value is bogus); the run reports the override"),
    KEY_U(trace_params, "trace.local_map", local_map, 0, 1, 0, "", "GPGPU-Sim translate_local_memaddr",
          "1: LDL/STL addresses are per-thread offsets, translated to one word-interleaved "
          "region per CTA slot; 0: used as recorded"),
    KEY_U(trace_params, "trace.write_hints", write_hints, 0, 1, 0, "", "off: stock readers",
          "--write-trace: write region-p hints as NOP.CTASIM_HINT (ctasim reads them as hints, "
          "Accel-Sim as a NOP)"),
    KEY_E(trace_params, "trace.write_isa", write_isa, trace_isa_names,
          "sm70: the Volta map, which every tested config's traces of sm_70+ get",
          "--write-trace: the binary version written, which picks Accel-Sim's opcode map: sm70 "
          "(Volta: BRA to specialized unit 1) or sm61 (a TITAN X's own, Pascal: BRA a branch on "
          "the SP pipeline, as in ctasim); ctasim reads both alike"),
};
const key_table trace_keys = KEY_TABLE("trace", NULL, trace_rows);

void trace_params_defaults(trace_params *p)
{
    memset(p, 0, sizeof *p);
    p->local_map = 1;
}

#define RD_BUF        (1u << 16)
#define RD_FIRST      (1u << 10)   /* the first fill; each next one doubles, up to RD_BUF */
#define RD_LINE_MAX   (1u << 20)
#define RD_XZ_MEMLIMIT (256ull << 20)
#define TR_MAX_TOK    72
#define TR_MAX_LIST_BYTES (64u << 20)   /* kernelslist.g: a line per kernel or memcpy */
#define TR_MAX_INSTS  KERN_MAX_WARP_INSTS   /* per warp, as for .kern files */
#define TR_SHMEM_WINDOW (16ull << 20)   /* generic shared window if local base does not bound it */
#define TR_FREE_KEEP  64                /* idle CTA buffers kept for reuse */
#define TR_UNKNOWN_KEYS 32
#define TR_MAX_IMM    2                 /* trailing immediates (one from 2023, two with nvbit 1.8) */
#define TR_AT         (1ull << 63)      /* a location that is a byte offset, not a line */

/* ------------------------------------------------------------------ errors */

static void tr_msg(char *err, size_t errlen, const char *file, uint64_t line,
                   const char *fmt, va_list ap)
{
    if (!err || errlen == 0)
        return;
    int n = (line & TR_AT) ? snprintf(err, errlen, "%s:@%llu: ", file, (unsigned long long)(line & ~TR_AT))
            : line         ? snprintf(err, errlen, "%s:%llu: ", file, (unsigned long long)line)
                           : snprintf(err, errlen, "%s: ", file);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
}

static int tr_fail(char *err, size_t errlen, const char *file, uint64_t line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tr_msg(err, errlen, file, line, fmt, ap);
    va_end(ap);
    text_clean(err, errlen);   /* bytes from the trace, shown as \xNN */
    return -1;
}

/* ------------------------------------------------------------------ reader */

typedef struct tr_rd {
    FILE       *f;
    int         xz, in_eof, out_eof, pushback;
    lzma_stream zs;
    uint8_t    *inbuf, *outbuf;
    size_t      opos, olen;
    size_t      ochunk;            /* bytes the next fill decodes or reads at most */
    size_t      nul_at;            /* the first NUL byte in outbuf[0, olen), else olen */
    char       *line;              /* the current line: in lbuf, or in place in outbuf */
    size_t      llen;
    char       *lbuf;              /* a line gathered across fills (or from a tracez) */
    size_t      lcap;
    uint64_t    lineno;
    char        path[256];
    tz_src     *tz;                /* a .tracez file: its text form, else NULL */
    const uint8_t *obuf;           /* the decoded bytes: outbuf or a tracez segment */
    tz_seg      seg;               /* the current tracez segment */
    uint64_t    line_off;          /* tracez: file offset of the current line */
} tr_rd;

/* Where the current line is: its number, or TR_AT | byte offset (tracez). */
static uint64_t rd_loc(const tr_rd *r) { return r->tz ? TR_AT | r->line_off : r->lineno; }

/* How a location reads: a line number or a byte offset. */
static const char *loc_kind(uint64_t loc) { return (loc & TR_AT) ? "byte" : "line"; }

/* Where the line being read is. */
static uint64_t rd_loc_next(const tr_rd *r) { return r->tz ? rd_loc(r) : r->lineno + 1; }

static int has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

static const uint8_t xz_magic[6] = { 0xFD, '7', 'z', 'X', 'Z', 0x00 };

/* Where the decoded block's first NUL byte is (once per fill, so that a line
 * read in place needs no search of its own). */
static void rd_find_nul(tr_rd *r)
{
    const uint8_t *z = memchr(r->outbuf, '\0', r->olen);
    r->nul_at = z ? (size_t)(z - r->outbuf) : r->olen;
}

static void rd_close(tr_rd *r)
{
    if (r->f)
        fclose(r->f);
    if (r->xz)
        lzma_end(&r->zs);
    tz_close(r->tz);
    free(r->inbuf);
    free(r->outbuf);
    free(r->lbuf);
    memset(r, 0, sizeof *r);
}

static int rd_open(tr_rd *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", path);
    /* a trace may be gigabytes: no size limit, but a regular file it must be */
    r->f = infile_open(path, "trace file", 0, err, errlen);
    if (!r->f)
        return -1;
    r->inbuf = malloc(RD_BUF);
    r->outbuf = malloc(RD_BUF);
    if (!r->inbuf || !r->outbuf) {
        rd_close(r);
        return tr_fail(err, errlen, path, 0, "out of memory (reader buffers)");
    }
    r->obuf = r->outbuf;
    r->ochunk = RD_FIRST;
    if (has_suffix(path, ".tracez")) {
        if (tz_open(&r->tz, r->f, path, err, errlen)) {
            rd_close(r);
            return -1;
        }
        return 0;
    }
    uint8_t magic[6];
    size_t got = fread(magic, 1, sizeof magic, r->f);
    if (got == sizeof magic && !memcmp(magic, xz_magic, sizeof magic)) {
        lzma_stream init = LZMA_STREAM_INIT;
        r->zs = init;
        if (lzma_stream_decoder(&r->zs, RD_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
            rd_close(r);
            return tr_fail(err, errlen, path, 0, "cannot start the xz decoder (liblzma)");
        }
        r->xz = 1;
        memcpy(r->inbuf, magic, got);
        r->zs.next_in = r->inbuf;
        r->zs.avail_in = got;
    } else {
        memcpy(r->outbuf, magic, got);
        r->olen = got;
        rd_find_nul(r);
    }
    return 0;
}

static const char *rd_lzma_problem(lzma_ret ret)
{
    switch (ret) {
    case LZMA_MEMLIMIT_ERROR: return "xz stream needs more than 256 MiB to decode";
    case LZMA_FORMAT_ERROR:   return "not an xz stream";
    case LZMA_OPTIONS_ERROR:  return "unsupported xz options";
    case LZMA_DATA_ERROR:     return "corrupt xz data";
    case LZMA_BUF_ERROR:      return "truncated xz stream";
    default:                  return "xz decoder error";
    }
}

/* Next segment of a .tracez file's text form as the decoded bytes. */
static int rd_fill_tz(tr_rd *r, char *err, size_t errlen)
{
    int got = tz_next(r->tz, &r->seg, err, errlen);
    if (got == 1) {
        r->obuf = r->seg.data;
        r->olen = r->seg.len;
    }
    r->out_eof = got == 0;
    return got;
}

/* Refill the decoded bytes.  1 data, 0 end of data, -1 error. */
static int rd_fill(tr_rd *r, char *err, size_t errlen)
{
    r->opos = r->olen = 0;
    if (r->out_eof)
        return 0;
    if (r->tz)
        return rd_fill_tz(r, err, errlen);
    /* A kernel's header is read when the workload loads (the kernel's lines
     * when it runs, from a second reader), so the first fills are small: a
     * header read does not decode a whole block of instruction lines. */
    size_t chunk = r->ochunk;
    if (r->ochunk < RD_BUF)
        r->ochunk *= 2;
    if (!r->xz) {
        r->olen = fread(r->outbuf, 1, chunk, r->f);
        rd_find_nul(r);
        if (r->olen > 0)
            return 1;
        if (ferror(r->f))
            return tr_fail(err, errlen, r->path, r->lineno + 1, "read error");
        r->out_eof = 1;
        return 0;
    }
    for (;;) {
        if (r->zs.avail_in == 0 && !r->in_eof) {
            r->zs.next_in = r->inbuf;
            r->zs.avail_in = fread(r->inbuf, 1, RD_BUF, r->f);
            if (r->zs.avail_in == 0) {
                if (ferror(r->f))
                    return tr_fail(err, errlen, r->path, r->lineno + 1, "read error");
                r->in_eof = 1;
            }
        }
        r->zs.next_out = r->outbuf;
        r->zs.avail_out = chunk;
        lzma_ret ret = lzma_code(&r->zs, r->in_eof ? LZMA_FINISH : LZMA_RUN);
        r->olen = chunk - r->zs.avail_out;
        rd_find_nul(r);
        if (ret == LZMA_STREAM_END)
            r->out_eof = 1;
        else if (ret != LZMA_OK)
            return tr_fail(err, errlen, r->path, r->lineno + 1, "%s", rd_lzma_problem(ret));
        if (r->olen > 0)
            return 1;
        if (r->out_eof)
            return 0;
    }
}

static int rd_append(tr_rd *r, const uint8_t *p, size_t n, char *err, size_t errlen)
{
    if (r->llen + n + 1 > r->lcap) {
        if (r->llen + n + 1 > RD_LINE_MAX)
            return tr_fail(err, errlen, r->path, rd_loc_next(r), "line longer than %u bytes",
                           RD_LINE_MAX);
        size_t cap = r->lcap ? r->lcap : 256;
        while (cap < r->llen + n + 1)
            cap *= 2;
        char *grown = realloc(r->lbuf, cap);
        if (!grown)
            return tr_fail(err, errlen, r->path, rd_loc_next(r), "out of memory (line buffer)");
        r->lbuf = grown;
        r->lcap = cap;
    }
    r->line = r->lbuf;
    memcpy(r->lbuf + r->llen, p, n);
    r->llen += n;
    r->lbuf[r->llen] = '\0';
    return 0;
}

/* A line read into r->line: count it, refuse a NUL byte (unless the line is
 * known to hold none: `clean`), drop trailing CR and blanks.  1, or -1 error. */
static int rd_finish_line(tr_rd *r, int clean, char *err, size_t errlen)
{
    r->lineno++;
    if (!clean && memchr(r->line, '\0', r->llen))
        return tr_fail(err, errlen, r->path, rd_loc(r), "NUL byte in line");
    while (r->llen && (r->line[r->llen - 1] == '\r' || r->line[r->llen - 1] == ' ' ||
                       r->line[r->llen - 1] == '\t'))
        r->line[--r->llen] = '\0';
    return 1;
}

/* Next line into r->line (NUL-terminated, without CR/LF).  1 line, 0 end of
 * file, -1 error.  A line given back with rd_unread is returned again. */
static int rd_next(tr_rd *r, char *err, size_t errlen)
{
    if (r->pushback) {
        r->pushback = 0;
        return 1;
    }
    /* the common case: a whole line in the decoded bytes (not a tracez
     * segment, which is not ours to write): read in place, its newline made
     * its end; it holds no NUL when the block's first NUL lies beyond it */
    const uint8_t *nl0 = r->tz || r->opos == r->olen ? NULL
                         : memchr(r->outbuf + r->opos, '\n', r->olen - r->opos);
    if (nl0) {
        size_t start = r->opos;
        r->llen = (size_t)(nl0 - (r->outbuf + start));
        r->line = (char *)r->outbuf + start;
        r->line[r->llen] = '\0';
        r->opos += r->llen + 1;
        return rd_finish_line(r, r->nul_at >= start + r->llen, err, errlen);
    }
    r->llen = 0;
    if (rd_append(r, (const uint8_t *)"", 0, err, errlen))
        return -1;
    int any = 0;
    for (;;) {
        if (r->opos == r->olen) {
            int got = rd_fill(r, err, errlen);
            if (got < 0)
                return -1;
            if (got == 0) {
                if (!any)
                    return 0;
                break;
            }
        }
        if (!any && r->tz)
            r->line_off = r->seg.off + (r->seg.exact ? r->opos : 0);
        const uint8_t *start = r->obuf + r->opos;
        const uint8_t *nl = memchr(start, '\n', r->olen - r->opos);
        size_t n = nl ? (size_t)(nl - start) : r->olen - r->opos;
        any = 1;
        if (rd_append(r, start, n, err, errlen))
            return -1;
        r->opos += n + (nl ? 1 : 0);
        if (nl)
            break;
    }
    return rd_finish_line(r, 0, err, errlen);
}

static void rd_unread(tr_rd *r) { r->pushback = 1; }

/* ------------------------------------------------------------------ numbers and tokens */

/* Value of a hex digit, 0xff for any other byte ('A'..'F' | 0x20 is 'a'..'f'). */
static unsigned hex_digit(unsigned char c)
{
    if ((unsigned)c - '0' <= 9u)
        return (unsigned)c - '0';
    unsigned l = ((unsigned)c | 0x20u) - 'a';
    return l <= 5u ? l + 10u : 0xffu;
}

/* v * base + d fits in max: v <= (max - d) / base, as v * base <= max - d
 * once v <= max / base rules out the product's overflow (lim = max / base). */
static int digit_fits(uint64_t v, unsigned base, unsigned d, uint64_t max, uint64_t lim)
{
    return v <= lim && v * base <= max - d;
}

/* Value of digit c in base (10 or 16), base or more when c is not one. */
static inline unsigned digit_of(char c, unsigned base)
{
    return base == 16u ? hex_digit((unsigned char)c) : (unsigned)(unsigned char)c - '0';
}

/* Digits of s in base (10 or 16), the whole string, at most max.
 * The value only grows digit by digit, so it passes max at some digit exactly
 * when the whole number is above max: the first `fast` digits (15 hex or 19
 * decimal, below 2^64: no wrap) are taken unchecked and compared once; longer
 * numbers check every further digit. */
static inline int parse_digits(const char *s, unsigned base, unsigned fast, uint64_t max, uint64_t *out)
{
    unsigned n = 0;
    uint64_t v = 0;
    if (!*s)
        return -1;
    for (; s[n] && n < fast; n++) {
        unsigned d = digit_of(s[n], base);
        if (d >= base)
            return -1;
        v = v * base + d;
    }
    if (v > max)
        return -1;
    if (s[n]) {
        uint64_t lim = max / base;
        for (; s[n]; n++) {
            unsigned d = digit_of(s[n], base);
            if (d >= base || !digit_fits(v, base, d, max, lim))
                return -1;
            v = v * base + d;
        }
    }
    *out = v;
    return 0;
}

/* Unsigned number, the whole string, at most max.  Hex accepts "0x". */
static int parse_u64(const char *s, int hex, uint64_t max, uint64_t *out)
{
    if (!hex)
        return parse_digits(s, 10u, 19u, max, out);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    return parse_digits(s, 16u, 15u, max, out);
}

/* Signed decimal, the whole string, within int64. */
static int parse_i64(const char *s, int64_t *out)
{
    int neg = (*s == '-');
    if (*s == '-' || *s == '+')
        s++;
    uint64_t mag;
    if (parse_u64(s, 0, neg ? (uint64_t)INT64_MAX + 1u : (uint64_t)INT64_MAX, &mag))
        return -1;
    *out = neg ? (int64_t)(0u - mag) : (int64_t)mag;
    return 0;
}

/* Split s in place on blanks.  Returns the token count, -1 if more than max. */
static int tokenize(char *s, char **tok, int max)
{
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return -1;
        tok[n++] = s;
        /* bytes above ' ' are never blank or NUL: one compare for most */
        while ((unsigned char)*s > ' ' || (*s && *s != ' ' && *s != '\t'))
            s++;
        if (*s)
            *s++ = '\0';
    }
}

static char *skip_blanks(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

static void trim_right(char *s)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
}

/* "(x,y,z)" or "x,y,z" (paren = 0), each 1..UINT32_MAX (0 allowed if zero_ok). */
static int parse_triple(const char *s, int paren, int zero_ok, uint32_t v[3])
{
    char buf[96];
    size_t n = strlen(s);
    if (paren) {
        if (n < 2 || s[0] != '(' || s[n - 1] != ')')
            return -1;
        s++;
        n -= 2;
    }
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *p = buf;
    for (int i = 0; i < 3; i++) {
        char *end = strchr(p, ',');
        if ((i < 2) != (end != NULL))
            return -1;
        if (end)
            *end = '\0';
        uint64_t x;
        if (parse_u64(skip_blanks(p), 0, UINT32_MAX, &x) || (!zero_ok && x == 0))
            return -1;
        v[i] = (uint32_t)x;
        p = end ? end + 1 : p;
    }
    return 0;
}

/* ------------------------------------------------------------------ kernel state */

typedef struct tr_rec {           /* one warp instruction, compact */
    uint32_t pc, mask, addr_off;
    uint8_t  cls, ndst, nsrc, bytes;
    uint8_t  dst[KERN_MAX_DST], src[KERN_MAX_SRC];
} tr_rec;

typedef struct tr_cta {           /* one begun thread block */
    uint32_t  cta;
    uint32_t  lslot;              /* local-memory slot while begun */
    tr_rec   *recs;
    size_t    nrec, caprec;
    uint64_t *addrs;
    size_t    naddr, capaddr;
    uint32_t *warp_start, *warp_count;   /* [warps_per_cta] */
    uint8_t  *warp_seen;
} tr_cta;

/* What the table says of one opcode token, looked up once per distinct token
 * (sass_class, sass_index and the implicit-exit test of every line read it). */
#define TR_OPC_SLOTS 256          /* open addressing, power of two; at most half used */
#define TR_OPC_LEN   40           /* longer tokens are looked up every time */
typedef struct tr_opc {
    char    name[TR_OPC_LEN];     /* "" = empty slot */
    int16_t cls;                  /* sass_class, -1 not in the table */
    int16_t index;                /* sass_index */
    uint8_t flags;                /* SASS_* */
    uint8_t implicit;             /* TRACE_IMPLICIT_EXIT */
} tr_opc;

typedef struct tr_kern {
    kern       k;                 /* first member: (kern *) == (tr_kern *) */
    trace_info info;
    uint64_t   hdr_lines;         /* lines before the first #BEGIN_TB */
    tr_rd      rd;
    int        rd_open, broken;
    char       broken_msg[256];
    trace_params prm;
    uint32_t   next_cta;
    uint8_t   *cta_slot_busy;     /* local-memory slots (concurrent CTAs), lowest free first */
    uint32_t   n_cta_slots;
    uint32_t   lslot_lo;          /* every slot below it is busy */
    tr_cta   **slot;              /* open-addressing table of begun CTAs, key cta */
    uint32_t   slot_cap, slot_used;
    tr_cta    *idle[TR_FREE_KEEP];
    uint32_t   n_idle;
    uint64_t  *ophist;            /* trace_count_opcodes: [table index][class], or NULL */
    struct tr_opc *opc;           /* opcode tokens seen (TR_OPC_SLOTS), allocated at first use */
    uint32_t   n_opc;
} tr_kern;

static const kern_ops tr_ops;

static tr_kern *tk_of(kern *k) { return (tr_kern *)k->impl; }

/* --- CTA table (linear probing, backward-shift deletion) */

static uint32_t slot_home(const tr_kern *tk, uint32_t cta)
{
    return (cta * 0x9E3779B1u) & (tk->slot_cap - 1);
}

static tr_cta *slot_find(const tr_kern *tk, uint32_t cta)
{
    if (!tk->slot_cap)
        return NULL;
    for (uint32_t i = slot_home(tk, cta);; i = (i + 1) & (tk->slot_cap - 1)) {
        if (!tk->slot[i])
            return NULL;
        if (tk->slot[i]->cta == cta)
            return tk->slot[i];
    }
}

static void slot_put(tr_kern *tk, tr_cta *c)
{
    uint32_t i = slot_home(tk, c->cta);
    while (tk->slot[i])
        i = (i + 1) & (tk->slot_cap - 1);
    tk->slot[i] = c;
    tk->slot_used++;
}

static int slot_grow(tr_kern *tk)
{
    uint32_t old_cap = tk->slot_cap;
    tr_cta **old = tk->slot;
    uint32_t cap = old_cap ? old_cap * 2 : 64;
    tk->slot = calloc(cap, sizeof *tk->slot);
    if (!tk->slot) {
        tk->slot = old;
        return -1;
    }
    tk->slot_cap = cap;
    tk->slot_used = 0;
    for (uint32_t i = 0; i < old_cap; i++)
        if (old[i])
            slot_put(tk, old[i]);
    free(old);
    return 0;
}

static void slot_remove(tr_kern *tk, uint32_t cta)
{
    uint32_t mask = tk->slot_cap - 1, i = slot_home(tk, cta);
    while (tk->slot[i] && tk->slot[i]->cta != cta)
        i = (i + 1) & mask;
    if (!tk->slot[i])
        return;
    tk->slot[i] = NULL;
    tk->slot_used--;
    for (uint32_t j = (i + 1) & mask; tk->slot[j]; j = (j + 1) & mask) {
        uint32_t home = slot_home(tk, tk->slot[j]->cta);
        /* move j back to the hole i if its home is not cyclically in (i, j] */
        int in_range = (i <= j) ? (home > i && home <= j) : (home > i || home <= j);
        if (!in_range) {
            tk->slot[i] = tk->slot[j];
            tk->slot[j] = NULL;
            i = j;
        }
    }
}

/* --- CTA buffers */

static void cta_free(tr_cta *c)
{
    if (!c)
        return;
    free(c->recs);
    free(c->addrs);
    free(c->warp_start);
    free(c->warp_count);
    free(c->warp_seen);
    free(c);
}

static tr_cta *cta_take(tr_kern *tk)
{
    tr_cta *c = tk->n_idle ? tk->idle[--tk->n_idle] : calloc(1, sizeof *c);
    if (!c)
        return NULL;
    uint32_t w = tk->k.warps_per_cta;
    if (!c->warp_start) {
        c->warp_start = calloc(w, sizeof *c->warp_start);
        c->warp_count = calloc(w, sizeof *c->warp_count);
        c->warp_seen = calloc(w, 1);
        if (!c->warp_start || !c->warp_count || !c->warp_seen) {
            cta_free(c);
            return NULL;
        }
    }
    c->nrec = c->naddr = 0;
    memset(c->warp_count, 0, w * sizeof *c->warp_count);
    memset(c->warp_seen, 0, w);
    return c;
}

static void cta_give_back(tr_kern *tk, tr_cta *c)
{
    if (tk->n_idle < TR_FREE_KEEP)
        tk->idle[tk->n_idle++] = c;
    else
        cta_free(c);
}

static int grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2 / elem)
            return -1;
        n *= 2;
    }
    void *q = realloc(*p, n * elem);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* ------------------------------------------------------------------ header */

typedef struct tr_hdr_seen {
    uint64_t grid, block, nregs, shmem, version;   /* line numbers, 0 = absent */
    int      name, id, binary, lineinfo, shbase, lobase, stream, nvbit;
    char     unknown[TR_UNKNOWN_KEYS][48];
    uint32_t n_unknown;
} tr_hdr_seen;

static void tr_warn(tr_kern *tk, uint64_t line, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    tr_msg(msg, sizeof msg, tk->info.file, line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s\n", msg);
    if (tk->info.warnings++ == 0)
        snprintf(tk->info.first_warning, sizeof tk->info.first_warning, "%s", msg);
}

/* Warn about an unknown header key once per key and file. */
static void hdr_unknown(tr_kern *tk, tr_hdr_seen *seen, const char *key, uint64_t line)
{
    for (uint32_t i = 0; i < seen->n_unknown; i++)
        if (!strncmp(seen->unknown[i], key, sizeof seen->unknown[i] - 1))
            return;
    if (seen->n_unknown < TR_UNKNOWN_KEYS)
        snprintf(seen->unknown[seen->n_unknown++], sizeof seen->unknown[0], "%s", key);
    tr_warn(tk, line, "warning: unknown header line ignored (-%s)", key);
}

/* Mark a once-only header key; error if seen before. */
static int hdr_once(tr_kern *tk, int *flag, const char *key, uint64_t line, char *err, size_t errlen)
{
    if (*flag)
        return tr_fail(err, errlen, tk->info.file, line, "duplicate header line (-%s)", key);
    *flag = 1;
    return 0;
}

static int hdr_number(tr_kern *tk, const char *key, const char *val, int hex, uint64_t max,
                      uint64_t line, uint64_t *out, char *err, size_t errlen)
{
    if (parse_u64(val, hex, max, out))
        return tr_fail(err, errlen, tk->info.file, line, "bad value for -%s (%s)", key, val);
    return 0;
}

/* A required key with a line-number marker (0 = absent). */
static int hdr_mark(tr_kern *tk, uint64_t *mark, const char *key, uint64_t line, char *err, size_t errlen)
{
    if (*mark)
        return tr_fail(err, errlen, tk->info.file, line, "duplicate header line (-%s)", key);
    *mark = line;
    return 0;
}

/* "-accelsim tracer version": an integer, or the early tracers' "1.2"
 * (Accel-Sim reads the integer part). */
static int hdr_version(tr_kern *tk, const char *val, uint64_t line, uint64_t *v, char *err, size_t errlen)
{
    char buf[24];
    uint64_t frac;
    size_t n = strcspn(val, ".");
    int bad = n == 0 || n >= sizeof buf;
    if (!bad) {
        memcpy(buf, val, n);
        buf[n] = '\0';
        bad = parse_u64(buf, 0, UINT32_MAX, v) || (val[n] == '.' && parse_u64(val + n + 1, 0, UINT32_MAX, &frac));
    }
    if (bad)
        return tr_fail(err, errlen, tk->info.file, line, "bad value for -accelsim tracer version (%s)", val);
    if (*v > TRACE_VERSION_MAX)
        return tr_fail(err, errlen, tk->info.file, line,
                       "unsupported accelsim tracer version %llu (this reader reads %d..%d)",
                       (unsigned long long)*v, TRACE_VERSION_MIN, TRACE_VERSION_MAX);
    return 0;
}

static int hdr_line(tr_kern *tk, tr_hdr_seen *seen, char *text, uint64_t line, char *err, size_t errlen)
{
    trace_info *in = &tk->info;
    char *eq = strchr(text, '=');
    if (!eq)
        return tr_fail(err, errlen, in->file, line, "header line without '=' (%s)", text);
    *eq = '\0';
    char *key = skip_blanks(text + 1), *val = skip_blanks(eq + 1);
    trim_right(key);
    uint64_t v = 0;
    if (!strcmp(key, "kernel name")) {
        if (hdr_once(tk, &seen->name, key, line, err, errlen))
            return -1;
        /* shown on terminals: control bytes and bad UTF-8 kept as \xNN text */
        text_safe(val, tk->k.name, sizeof tk->k.name);
    } else if (!strcmp(key, "kernel id")) {
        if (hdr_once(tk, &seen->id, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, UINT32_MAX, line, &v, err, errlen))
            return -1;
        in->kernel_id = (uint32_t)v;
    } else if (!strcmp(key, "grid dim") || !strcmp(key, "block dim")) {
        int grid = key[0] == 'g';
        if (hdr_mark(tk, grid ? &seen->grid : &seen->block, key, line, err, errlen))
            return -1;
        if (parse_triple(val, 1, 0, grid ? in->grid : in->block))
            return tr_fail(err, errlen, in->file, line, "bad value for -%s, want (x,y,z) (%s)", key, val);
    } else if (!strcmp(key, "shmem")) {
        if (hdr_mark(tk, &seen->shmem, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, UINT32_MAX, line, &v, err, errlen))
            return -1;
        tk->k.smem_per_cta = (uint32_t)v;
    } else if (!strcmp(key, "nregs")) {
        if (hdr_mark(tk, &seen->nregs, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, UINT32_MAX, line, &v, err, errlen))
            return -1;
        in->nregs_header = (uint32_t)v;
        if (tk->prm.nregs) {
            tk->k.regs_per_thread = tk->prm.nregs;
            in->nregs_overridden = 1;
        } else if (v > 255) {
            return tr_fail(err, errlen, in->file, line, "-nregs = %llu above the limit of 255 "
                           "registers per thread (SASS has R0..R254); override with --set "
                           "trace.nregs=N (-nregs)", (unsigned long long)v);
        } else {
            tk->k.regs_per_thread = (uint32_t)v;
        }
    } else if (!strcmp(key, "binary version")) {
        if (hdr_once(tk, &seen->binary, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, INT32_MAX, line, &v, err, errlen))
            return -1;
        in->binary_version = (int32_t)v;
    } else if (!strcmp(key, "accelsim tracer version")) {
        if (hdr_mark(tk, &seen->version, key, line, err, errlen) ||
            hdr_version(tk, val, line, &v, err, errlen))
            return -1;
        in->version = (uint32_t)v;
    } else if (!strcmp(key, "enable lineinfo")) {
        if (hdr_once(tk, &seen->lineinfo, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, 1, line, &v, err, errlen))
            return -1;
        in->lineinfo = (uint32_t)v;
    } else if (!strcmp(key, "shmem base_addr") || !strcmp(key, "local mem base_addr")) {
        int sh = key[0] == 's';
        if (hdr_once(tk, sh ? &seen->shbase : &seen->lobase, key, line, err, errlen) ||
            hdr_number(tk, key, val, 1, UINT64_MAX, line, sh ? &in->shmem_base : &in->local_base,
                       err, errlen))
            return -1;
    } else if (!strcmp(key, "cuda stream id")) {
        if (hdr_once(tk, &seen->stream, key, line, err, errlen) ||
            hdr_number(tk, key, val, 0, UINT64_MAX, line, &v, err, errlen))
            return -1;
    } else if (!strcmp(key, "nvbit version")) {
        if (hdr_once(tk, &seen->nvbit, key, line, err, errlen))
            return -1;
    } else if (!strncmp(key, "cluster", 7)) {
        /* Hopper thread-block clusters (-cluster dim ...): placement is per CTA here */
    } else {
        hdr_unknown(tk, seen, key, line);
    }
    return 0;
}

/* Derive the kern fields; check what the header must give. */
static int hdr_finish(tr_kern *tk, const tr_hdr_seen *seen, uint64_t line, char *err, size_t errlen)
{
    static const char *const need_name[4] = { "grid dim", "block dim", "nregs", "shmem" };
    const uint64_t need[4] = { seen->grid, seen->block, seen->nregs, seen->shmem };
    trace_info *in = &tk->info;
    for (int i = 0; i < 4; i++)
        if (!need[i])
            return tr_fail(err, errlen, in->file, line, "missing header line (-%s)", need_name[i]);
    uint64_t ctas = (uint64_t)in->grid[0] * in->grid[1];
    if (ctas > UINT32_MAX || ctas * in->grid[2] > UINT32_MAX)
        return tr_fail(err, errlen, in->file, seen->grid, "grid of more than %u thread blocks (-grid dim)",
                       UINT32_MAX);
    uint64_t threads = (uint64_t)in->block[0] * in->block[1] * in->block[2];
    if (threads > 1024)
        return tr_fail(err, errlen, in->file, seen->block,
                       "block of %llu threads, CUDA allows at most 1024 (-block dim)",
                       (unsigned long long)threads);
    if (ctas * in->grid[2] > KERN_MAX_CTAS)
        return tr_fail(err, errlen, in->file, seen->grid,
                       "grid of %llu thread blocks, above the limit of %u (the control units' "
                       "20-bit CTA count; -grid dim)", (unsigned long long)(ctas * in->grid[2]),
                       KERN_MAX_CTAS);
    tk->k.n_cta = (uint32_t)(ctas * in->grid[2]);
    tk->k.cta_threads = (uint32_t)threads;
    tk->k.warps_per_cta = (uint32_t)((threads + 31) / 32);
    return 0;
}

/* Read the header: lines up to the first #BEGIN_TB (left unread). */
static int hdr_read(tr_kern *tk, tr_rd *r, char *err, size_t errlen)
{
    tr_hdr_seen seen;
    memset(&seen, 0, sizeof seen);
    int got;
    while ((got = rd_next(r, err, errlen)) == 1) {
        char *s = skip_blanks(r->line);
        if (!strncmp(s, "#BEGIN_TB", 9)) {
            rd_unread(r);
            break;
        }
        if (*s == '\0' || *s == '#')
            continue;
        if (*s != '-')
            return tr_fail(err, errlen, r->path, rd_loc(r), "unexpected line before #BEGIN_TB (%.40s)", s);
        if (hdr_line(tk, &seen, s, rd_loc(r), err, errlen))
            return -1;
    }
    if (got < 0)
        return -1;
    tk->hdr_lines = got == 1 ? r->lineno - 1 : r->lineno;
    return hdr_finish(tk, &seen, r->tz || r->lineno ? rd_loc(r) : 1, err, errlen);
}

/* ------------------------------------------------------------------ instruction lines */

typedef struct tr_line {          /* the line being parsed */
    char   **tok;
    int      ntok, i;
    tr_rd   *r;
    char    *err;
    size_t   errlen;
} tr_line;

static int line_fail(tr_line *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tr_msg(L->err, L->errlen, L->r->path, rd_loc(L->r), fmt, ap);
    va_end(ap);
    return -1;
}

static const char *line_take(tr_line *L, const char *what)
{
    if (L->i >= L->ntok) {
        line_fail(L, "truncated line (missing %s)", what);
        return NULL;
    }
    return L->tok[L->i++];
}

static int line_hex(tr_line *L, const char *what, uint64_t max, uint64_t *out)
{
    const char *t = line_take(L, what);
    if (!t)
        return -1;
    if (parse_u64(t, 1, max, out))
        return line_fail(L, "bad hex %s (%s)", what, t);
    return 0;
}

static int line_dec(tr_line *L, const char *what, uint64_t max, uint64_t *out)
{
    const char *t = line_take(L, what);
    if (!t)
        return -1;
    if (parse_u64(t, 0, max, out))
        return line_fail(L, "bad %s (%s)", what, t);
    return 0;
}

/* Registers: R0..R254, R255 / RZ = KERN_REG_NONE.  Uniform registers
 * (UR0..UR63, URZ; nvbit 1.8 tracers list them) are not vector registers:
 * kept in the count, no dependency.  Predicates are an error. */
static int line_regs(tr_line *L, const char *what, unsigned max, uint8_t *regs, uint8_t *n)
{
    uint64_t count;
    if (line_dec(L, what, 255, &count))
        return -1;
    if (count > max)
        return line_fail(L, "too many %s registers (%llu > %u)", what, (unsigned long long)count, max);
    *n = (uint8_t)count;
    for (unsigned j = 0; j < max; j++)
        regs[j] = KERN_REG_NONE;
    for (unsigned j = 0; j < count; j++) {
        const char *t = line_take(L, "register");
        uint64_t num;
        if (!t)
            return -1;
        if (t[0] == 'R' && t[1] >= '0' && t[1] <= '9' && !parse_u64(t + 1, 0, 255, &num)) {
            regs[j] = num == 255 ? KERN_REG_NONE : (uint8_t)num;
            continue;
        }
        if ((t[0] == 'R' && t[1] == 'Z' && !t[2]) || (t[0] == 'U' && t[1] == 'R' && t[2] == 'Z' && !t[3]) ||
            (t[0] == 'U' && t[1] == 'R' && !parse_u64(t + 2, 0, 255, &num)))
            continue;
        if (t[0] != 'R' || parse_u64(t + 1, 0, 255, &num))
            return line_fail(L, "unsupported register (%s): only R0..R255 are traced", t);
        regs[j] = num == 255 ? KERN_REG_NONE : (uint8_t)num;
    }
    return 0;
}

static int opcode_ok(const char *s)
{
    if (!(*s >= 'A' && *s <= 'Z'))
        return 0;
    for (; *s; s++)
        if (!((*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' || *s == '.'))
            return 0;
    return 1;
}

static int is_mem_class(int cls)
{
    return cls == IC_SLD || cls == IC_SST || cls == IC_GLD || cls == IC_GST || cls == IC_ATOM;
}

static int mask_contiguous(uint32_t mask)
{
    if (!mask)
        return 1;
    uint32_t low = mask & (0u - mask);     /* lowest set bit */
    uint64_t run = (uint64_t)mask + low;   /* a contiguous run carries out cleanly */
    return (run & mask) == 0;
}

/* Tokens after the address mode that mode needs for `active` lanes. */
static int addr_tokens(uint64_t mode, int active)
{
    return mode == 1 ? 2 : active;
}

/* Addresses of the active lanes, in lane order, into a[] (popcount entries).
 * rem = tokens left on the line; up to TR_MAX_IMM trailing immediates may
 * follow the addresses (*extra gets their count). */
static int line_addrs(tr_line *L, uint32_t mask, int rem, uint64_t *a, int *extra)
{
    int active = __builtin_popcount(mask);
    uint64_t mode;
    if (line_dec(L, "address mode", UINT32_MAX, &mode))
        return -1;
    rem--;
    *extra = rem - addr_tokens(mode, active);
    if (*extra > 0 && *extra <= TR_MAX_IMM)
        rem -= *extra;
    else
        *extra = 0;
    if (mode == 0) {
        if (rem != active)
            return line_fail(L, "address count %d does not match mask 0x%08x (%d active lanes)",
                             rem < 0 ? 0 : rem, mask, active);
        for (int j = 0; j < active; j++)
            if (line_hex(L, "address", UINT64_MAX, &a[j]))
                return -1;
        return 0;
    }
    if (mode == 1) {
        if (rem != 2)
            return line_fail(L, rem < 2 ? "truncated line (base-stride needs a base and a stride)"
                                        : "base-stride takes a base and a stride, found %d tokens", rem);
        if (!mask_contiguous(mask))
            return line_fail(L, "base-stride addresses need contiguous active lanes (mask 0x%08x)", mask);
        uint64_t base;
        int64_t stride;
        if (line_hex(L, "base address", UINT64_MAX, &base))
            return -1;
        const char *t = line_take(L, "stride");
        if (!t)
            return -1;
        if (parse_i64(t, &stride) || stride < INT32_MIN || stride > INT32_MAX)
            return line_fail(L, "bad stride (%s)", t);
        for (int j = 0; j < active; j++)
            a[j] = base + (uint64_t)stride * (uint64_t)j;   /* modulo 2^64 */
        return 0;
    }
    if (mode == 2) {
        if (rem != active || active == 0)
            return line_fail(L, "address count %d does not match mask 0x%08x (%d active lanes)",
                             rem < 0 ? 0 : rem, mask, active);
        if (line_hex(L, "base address", UINT64_MAX, &a[0]))
            return -1;
        for (int j = 1; j < active; j++) {
            const char *t = line_take(L, "delta");
            int64_t d;
            if (!t)
                return -1;
            if (parse_i64(t, &d))
                return line_fail(L, "bad delta (%s)", t);
            a[j] = a[j - 1] + (uint64_t)d;                   /* modulo 2^64 */
        }
        return 0;
    }
    return line_fail(L, "unknown address mode %llu (0 list-all, 1 base-stride, 2 base-delta)",
                     (unsigned long long)mode);
}

/* Generic LD/ST/ATOM: shared if the first active address is in the shared
 * window [shmem base, local base) (or 16 MiB if the local base is not above). */
static int generic_is_shared(const trace_info *in, uint64_t addr)
{
    if (!in->shmem_base)
        return 0;
    uint64_t end = in->local_base > in->shmem_base ? in->local_base : in->shmem_base + TR_SHMEM_WINDOW;
    return addr >= in->shmem_base && addr < end;
}

/* Generic LD/ST in the local window [local base, + 16 MiB) (local base above shmem base). */
static int generic_is_local(const trace_info *in, uint64_t addr)
{
    return in->local_base > in->shmem_base && addr >= in->local_base &&
           addr - in->local_base < TR_SHMEM_WINDOW;
}

static void cta_coords(const tr_kern *tk, uint32_t cta, uint32_t xyz[3]);

/* Trailing immediates: n signed decimal or hex numbers. */
static int line_imms(tr_line *L, int n)
{
    for (int j = 0; j < n; j++) {
        const char *t = line_take(L, "immediate");
        int64_t imm;
        uint64_t u;
        if (!t)
            return -1;
        if (parse_i64(t, &imm) && !(t[0] == '0' && t[1] == 'x' && !parse_u64(t, 1, UINT64_MAX, &u)))
            return line_fail(L, "bad immediate (%s)", t);
    }
    return 0;
}

/* Pre-version-3 lines start with the thread block and warp: "x y z w". */
static int line_prefix_v2(tr_kern *tk, const tr_cta *c, uint32_t w, tr_line *L)
{
    uint64_t v[4];
    uint32_t want[3];
    static const char *const what[4] = { "thread block x", "thread block y", "thread block z", "warp" };
    for (int j = 0; j < 4; j++)
        if (line_dec(L, what[j], UINT32_MAX, &v[j]))
            return -1;
    cta_coords(tk, c->cta, want);
    if (v[0] != want[0] || v[1] != want[1] || v[2] != want[2] || v[3] != w)
        return line_fail(L, "line of thread block (%llu,%llu,%llu) warp %llu inside thread block "
                         "(%u,%u,%u) warp %u", (unsigned long long)v[0], (unsigned long long)v[1],
                         (unsigned long long)v[2], (unsigned long long)v[3], want[0], want[1], want[2], w);
    return 0;
}

/* Local memory (GPGPU-Sim's translate_local_memaddr, per CTA slot): the
 * recorded value is a per-thread offset; thread t of the CTA in local slot s
 * gets one word-interleaved region, element size max(4, width), so a warp
 * reading one offset touches consecutive words the way GPGPU-Sim lays them. */
static void local_translate(tr_kern *tk, const tr_cta *c, uint32_t w, uint32_t mask, unsigned width,
                            uint64_t *a)
{
    uint64_t elem = width > 4 ? width : 4, threads = (uint64_t)tk->k.warps_per_cta * 32;
    uint64_t region = threads * TRACE_LOCAL_PER_THREAD;
    int j = 0;
    for (uint32_t lane = 0; lane < 32; lane++) {
        if (!(mask >> lane & 1u))
            continue;
        uint64_t off = a[j];
        if (tk->info.local_base && off >= tk->info.local_base)
            off -= tk->info.local_base;
        if (off >= TRACE_LOCAL_PER_THREAD) {
            off %= TRACE_LOCAL_PER_THREAD;
            tk->info.local_folded++;
        }
        uint64_t t = (uint64_t)w * 32 + lane;
        a[j++] = TRACE_LOCAL_START + c->lslot * region + off / elem * threads * elem + t * elem + off % elem;
    }
    tk->info.local_insts++;
}

/* The table's facts of an opcode token into *o. */
static void opc_fill(tr_opc *o, const char *opcode)
{
    unsigned flags = 0;
    o->cls = (int16_t)sass_class(opcode, &flags);
    o->flags = (uint8_t)flags;
    o->index = (int16_t)sass_index(opcode);
    o->implicit = !strcmp(opcode, TRACE_IMPLICIT_EXIT);
}

/* The facts of an opcode token: its cached slot, or *tmp filled when the
 * token is too long, the cache is half full, or it cannot be allocated; NULL
 * when the token is not an opcode (opcode_ok).  Only good tokens are cached,
 * so a token found in the cache is not checked again. */
static const tr_opc *opc_get(tr_kern *tk, const char *opcode, tr_opc *tmp)
{
    uint32_t h = 2166136261u;     /* FNV-1a */
    size_t n = 0;
    for (; opcode[n]; n++)
        h = (h ^ (unsigned char)opcode[n]) * 16777619u;
    if (n >= TR_OPC_LEN)
        goto direct;
    if (!tk->opc && !(tk->opc = calloc(TR_OPC_SLOTS, sizeof *tk->opc)))
        goto direct;
    for (uint32_t i = h & (TR_OPC_SLOTS - 1);; i = (i + 1) & (TR_OPC_SLOTS - 1)) {
        tr_opc *o = &tk->opc[i];
        if (!o->name[0]) {
            if (!opcode_ok(opcode))
                return NULL;
            if (tk->n_opc * 2 >= TR_OPC_SLOTS)
                goto direct;
            memcpy(o->name, opcode, n + 1);
            opc_fill(o, opcode);
            tk->n_opc++;
            return o;
        }
        if (!memcmp(o->name, opcode, n + 1))
            return o;
    }
direct:
    if (!opcode_ok(opcode))
        return NULL;
    opc_fill(tmp, opcode);
    return tmp;
}

static int class_of(tr_kern *tk, const char *opcode, const tr_opc *op, int width, uint32_t mask,
                    const uint64_t *a, unsigned *flags)
{
    int cls = op->cls;
    *flags = cls < 0 ? 0u : op->flags;
    if (cls < 0) {
        sass_unknown_add(&tk->info.unknown, opcode, width != 0);
        return IC_SP;
    }
    if ((*flags & SASS_GENERIC) && width && mask && generic_is_shared(&tk->info, a[0]))
        cls = cls == IC_GST ? IC_SST : IC_SLD;
    if (tk->ophist)
        tk->ophist[(size_t)op->index * IC_NCLASS + (size_t)cls]++;
    return cls;
}

/* Append the record (and its addresses) to warp w of c. */
static int inst_store(tr_kern *tk, tr_cta *c, uint32_t w, tr_rec *rec, const uint64_t *a, tr_line *L)
{
    int active = __builtin_popcount(rec->mask);
    rec->addr_off = (uint32_t)c->naddr;
    if (rec->bytes && active) {
        if (c->naddr + (size_t)active > UINT32_MAX ||
            grow((void **)&c->addrs, &c->capaddr, c->naddr + (size_t)active, sizeof *c->addrs))
            return line_fail(L, "out of memory (addresses of one thread block)");
        memcpy(c->addrs + c->naddr, a, (size_t)active * sizeof a[0]);
        c->naddr += (size_t)active;
    }
    if (grow((void **)&c->recs, &c->caprec, c->nrec + 1, sizeof *c->recs))
        return line_fail(L, "out of memory (instructions of one thread block)");
    /* EXIT ends the warp only as its last instruction; an earlier EXIT retired
     * some (predicated) lanes and is a control instruction. */
    if (c->warp_count[w] && c->recs[c->nrec - 1].cls == IC_EXIT) {
        c->recs[c->nrec - 1].cls = IC_BRA;
        if (tk->ophist) {   /* only EXIT has class EXIT in the table */
            size_t exit_row = (size_t)sass_index("EXIT") * IC_NCLASS;
            tk->ophist[exit_row + IC_EXIT]--;
            tk->ophist[exit_row + IC_BRA]++;
        }
    }
    c->recs[c->nrec++] = *rec;
    c->warp_count[w]++;
    tk->info.insts++;
    tk->info.thread_insts += (uint64_t)active;
    return 0;
}

/* Parse one instruction line of warp w into c: 0 stored, 1 an implicit
 * exit (counted by insts, not stored), -1 error. */
static int inst_line(tr_kern *tk, tr_cta *c, uint32_t w, tr_line *L)
{
    uint64_t v, pc, mask, width = 0;
    tr_rec rec;
    uint64_t a[32];
    int extra = 0;
    unsigned flags = 0;
    memset(&rec, 0, sizeof rec);
    if (tk->info.version < 3 && line_prefix_v2(tk, c, w, L))
        return -1;
    if (tk->info.lineinfo && line_dec(L, "line number", UINT64_MAX, &v))
        return -1;
    if (line_hex(L, "PC", UINT32_MAX, &pc) || line_hex(L, "mask", UINT32_MAX, &mask) ||
        line_regs(L, "destination", KERN_MAX_DST, rec.dst, &rec.ndst))
        return -1;
    const char *opcode = line_take(L, "opcode");
    if (!opcode)
        return -1;
    tr_opc tmp;
    const tr_opc *op = opc_get(tk, opcode, &tmp);
    if (!op)
        return line_fail(L, "bad opcode (%s)", opcode);
    if (line_regs(L, "source", KERN_MAX_SRC, rec.src, &rec.nsrc) ||
        line_dec(L, "mem_width", UINT32_MAX, &width))
        return -1;
    int rem = L->ntok - L->i;
    if (width > 16)
        return line_fail(L, "mem_width %llu out of range 0..16", (unsigned long long)width);
    if (width && line_addrs(L, (uint32_t)mask, rem, a, &extra))
        return -1;
    if (!width && rem > TR_MAX_IMM)
        return line_fail(L, "tokens after mem_width 0 (%s)", L->tok[L->i]);
    if (line_imms(L, width ? extra : rem))
        return -1;
    /* the EXIT ctasim's writer adds for stock readers: the model's implicit exit */
    if (op->implicit)
        return 1;
    int cls = class_of(tk, opcode, op, (int)width, (uint32_t)mask, a, &flags);
    if (is_mem_class(cls) && !width)
        return line_fail(L, "memory opcode without mem_width and addresses (%s)", opcode);
    if (width && !is_mem_class(cls)) {
        tk->info.addrs_ignored++;
        width = 0;
    }
    int local = (flags & SASS_LOCAL) || ((flags & SASS_GENERIC) && width && mask &&
                                         generic_is_local(&tk->info, a[0]));
    if (width && mask && local && tk->prm.local_map)
        local_translate(tk, c, w, (uint32_t)mask, (unsigned)width, a);
    rec.pc = (uint32_t)pc;
    rec.mask = (uint32_t)mask;
    rec.cls = (uint8_t)cls;
    rec.bytes = (uint8_t)width;
    return inst_store(tk, c, w, &rec, a, L);
}

/* ------------------------------------------------------------------ thread blocks */

typedef struct tr_tb {            /* parse state of one #BEGIN_TB .. #END_TB */
    uint64_t begin_line;
    int      have_id;
    int64_t  warp;                /* current warp, -1 none */
    uint64_t insts;               /* its insts = K, UINT64_MAX before the line */
    uint32_t implicit;            /* its EXIT.CTASIM_END lines (counted, not run) */
} tr_tb;

static void cta_coords(const tr_kern *tk, uint32_t cta, uint32_t xyz[3])
{
    xyz[0] = cta % tk->info.grid[0];
    xyz[1] = cta / tk->info.grid[0] % tk->info.grid[1];
    xyz[2] = cta / tk->info.grid[0] / tk->info.grid[1];
}

static int tb_close_warp(tr_kern *tk, tr_cta *c, tr_tb *tb, char *err, size_t errlen)
{
    if (tb->warp < 0)
        return 0;
    uint32_t w = (uint32_t)tb->warp;
    if (tb->insts == UINT64_MAX)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "warp %u has no insts line", w);
    if (c->warp_count[w] + tb->implicit != tb->insts)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd),
                       "warp %u has %u instruction lines, insts = %llu", w, c->warp_count[w] + tb->implicit,
                       (unsigned long long)tb->insts);
    tb->warp = -1;
    return 0;
}

static int tb_id_line(tr_kern *tk, tr_cta *c, tr_tb *tb, const char *val, char *err, size_t errlen)
{
    uint32_t got[3], want[3];
    const char *path = tk->rd.path;
    uint64_t line = rd_loc(&tk->rd);
    if (tb->have_id)
        return tr_fail(err, errlen, path, line, "second thread block line in one #BEGIN_TB");
    if (parse_triple(val, 0, 1, got))
        return tr_fail(err, errlen, path, line, "bad thread block, want x,y,z (%s)", val);
    cta_coords(tk, c->cta, want);
    if (got[0] >= tk->info.grid[0] || got[1] >= tk->info.grid[1] || got[2] >= tk->info.grid[2])
        return tr_fail(err, errlen, path, line, "thread block (%u,%u,%u) outside grid (%u,%u,%u)",
                       got[0], got[1], got[2], tk->info.grid[0], tk->info.grid[1], tk->info.grid[2]);
    if (memcmp(got, want, sizeof got))
        return tr_fail(err, errlen, path, line,
                       "thread block (%u,%u,%u) out of order: expected (%u,%u,%u)",
                       got[0], got[1], got[2], want[0], want[1], want[2]);
    tb->have_id = 1;
    return 0;
}

static int tb_warp_line(tr_kern *tk, tr_cta *c, tr_tb *tb, const char *val, char *err, size_t errlen)
{
    uint64_t w;
    if (tb_close_warp(tk, c, tb, err, errlen))
        return -1;
    if (!tb->have_id)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "warp line before the thread block line");
    if (parse_u64(val, 0, UINT32_MAX, &w) || w >= tk->k.warps_per_cta)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "bad warp, block has %u warps (%s)",
                       tk->k.warps_per_cta, val);
    if (c->warp_seen[w])
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "duplicate warp %llu", (unsigned long long)w);
    c->warp_seen[w] = 1;
    c->warp_start[w] = (uint32_t)c->nrec;
    tb->warp = (int64_t)w;
    tb->insts = UINT64_MAX;
    tb->implicit = 0;
    return 0;
}

static int tb_insts_line(tr_kern *tk, tr_tb *tb, const char *val, char *err, size_t errlen)
{
    if (tb->warp < 0 || tb->insts != UINT64_MAX)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "insts line not right after a warp line");
    if (parse_u64(val, 0, UINT64_MAX - 1, &tb->insts))
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "bad insts count (%s)", val);
    if (tb->insts > TR_MAX_INSTS)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd),
                       "insts = %llu above the limit of %llu instructions per warp (insts)",
                       (unsigned long long)tb->insts, (unsigned long long)TR_MAX_INSTS);
    return 0;
}

static int tb_end(tr_kern *tk, tr_cta *c, tr_tb *tb, char *err, size_t errlen)
{
    if (tb_close_warp(tk, c, tb, err, errlen))
        return -1;
    if (!tb->have_id)
        return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "#END_TB without a thread block line");
    for (uint32_t w = 0; w < tk->k.warps_per_cta; w++)
        if (!c->warp_seen[w])
            return tr_fail(err, errlen, tk->rd.path, rd_loc(&tk->rd), "thread block has no warp %u", w);
    return 0;
}

/* "key = value" lines of a thread block; returns the value or NULL. */
static char *tb_keyword(char *s, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(s, key, n))
        return NULL;
    char *p = skip_blanks(s + n);
    if (*p != '=')
        return NULL;
    return skip_blanks(p + 1);
}

/* One line inside a thread block.  1 = #END_TB reached, 0 = go on, -1 error. */
static int tb_body_line(tr_kern *tk, tr_cta *c, tr_tb *tb, char *err, size_t errlen)
{
    tr_rd *r = &tk->rd;
    char *s = skip_blanks(r->line), *val;
    if (*s == '\0')
        return 0;
    /* each keyword is tried only on a line starting with its first letter */
    if (*s == '#' && !strcmp(s, "#END_TB"))
        return tb_end(tk, c, tb, err, errlen) ? -1 : 1;
    if (*s == '#' && !strncmp(s, "#BEGIN_TB", 9))
        return tr_fail(err, errlen, r->path, rd_loc(r), "missing #END_TB (thread block begun at %s %llu)",
                       loc_kind(tb->begin_line), (unsigned long long)(tb->begin_line & ~TR_AT));
    if (*s == 't' && (val = tb_keyword(s, "thread block")))
        return tb_id_line(tk, c, tb, val, err, errlen);
    if (*s == 'c' && (tb_keyword(s, "cluster id") || tb_keyword(s, "cluster cta") || tb_keyword(s, "cluster rank")))
        return 0;
    if (*s == 'w' && (val = tb_keyword(s, "warp")))
        return tb_warp_line(tk, c, tb, val, err, errlen);
    if (*s == 'i' && (val = tb_keyword(s, "insts")))
        return tb_insts_line(tk, tb, val, err, errlen);
    if (tb->warp < 0 || tb->insts == UINT64_MAX)
        return tr_fail(err, errlen, r->path, rd_loc(r), "unexpected line in thread block (%.40s)", s);
    if (c->warp_count[tb->warp] + tb->implicit >= tb->insts)
        return tr_fail(err, errlen, r->path, rd_loc(r), "more instruction lines than insts = %llu (warp %lld)",
                       (unsigned long long)tb->insts, (long long)tb->warp);
    char *tok[TR_MAX_TOK];
    int ntok = tokenize(s, tok, TR_MAX_TOK);
    if (ntok < 0)
        return tr_fail(err, errlen, r->path, rd_loc(r), "more than %d tokens in line", TR_MAX_TOK);
    tr_line L = { tok, ntok, 0, r, err, errlen };
    int rc = inst_line(tk, c, (uint32_t)tb->warp, &L);
    tb->implicit += rc == 1 ? 1u : 0u;
    return rc < 0 ? -1 : 0;
}

/* Read the next thread block of the file into c (c->cta set). */
static int tb_read(tr_kern *tk, tr_cta *c, char *err, size_t errlen)
{
    tr_rd *r = &tk->rd;
    tr_tb tb = { 0, 0, -1, UINT64_MAX, 0 };
    uint32_t xyz[3];
    int got;
    cta_coords(tk, c->cta, xyz);
    while ((got = rd_next(r, err, errlen)) == 1) {
        char *s = skip_blanks(r->line);
        if (!strncmp(s, "#BEGIN_TB", 9))
            break;
        if (*s != '\0' && *s != '#')
            return tr_fail(err, errlen, r->path, rd_loc(r), "expected #BEGIN_TB (%.40s)", s);
        if (!strncmp(s, "#END_TB", 7))
            return tr_fail(err, errlen, r->path, rd_loc(r), "#END_TB without #BEGIN_TB");
    }
    if (got < 0)
        return -1;
    if (got == 0)
        return tr_fail(err, errlen, r->path, rd_loc(r), "missing thread block (%u,%u,%u): file ends",
                       xyz[0], xyz[1], xyz[2]);
    tb.begin_line = rd_loc(r);
    while ((got = rd_next(r, err, errlen)) == 1) {
        int done = tb_body_line(tk, c, &tb, err, errlen);
        if (done)
            return done < 0 ? -1 : 0;
    }
    if (got < 0)
        return -1;
    return tr_fail(err, errlen, r->path, rd_loc(r), "missing #END_TB (thread block begun at %s %llu)",
                   loc_kind(tb.begin_line), (unsigned long long)(tb.begin_line & ~TR_AT));
}

/* After the last thread block only blank and comment lines may follow. */
static int tb_tail(tr_kern *tk, char *err, size_t errlen)
{
    tr_rd *r = &tk->rd;
    int got;
    while ((got = rd_next(r, err, errlen)) == 1) {
        char *s = skip_blanks(r->line);
        if (!strncmp(s, "#BEGIN_TB", 9))
            return tr_fail(err, errlen, r->path, rd_loc(r), "more thread blocks than the grid's %u",
                           tk->k.n_cta);
        if (*s != '\0' && *s != '#')
            return tr_fail(err, errlen, r->path, rd_loc(r), "unexpected line after the last thread block (%.40s)", s);
    }
    return got;
}

/* ------------------------------------------------------------------ kern_ops */

static int tk_open_stream(tr_kern *tk, char *err, size_t errlen)
{
    if (rd_open(&tk->rd, tk->info.file, err, errlen))
        return -1;
    tk->rd_open = 1;
    for (uint64_t i = 0; i < tk->hdr_lines; i++)
        if (rd_next(&tk->rd, err, errlen) != 1)
            return tr_fail(err, errlen, tk->info.file, i + 1, "file changed since it was loaded");
    return 0;
}

static int tk_broken(tr_kern *tk, const char *msg, char *err, size_t errlen)
{
    tk->broken = 1;
    snprintf(tk->broken_msg, sizeof tk->broken_msg, "%s", msg);
    if (tk->rd_open) {
        rd_close(&tk->rd);
        tk->rd_open = 0;
    }
    if (err && msg != err)
        snprintf(err, errlen, "%s", msg);
    return -1;
}

/* Lowest free local-memory slot (GPGPU-Sim's hardware CTA number). */
static int lslot_take(tr_kern *tk, uint32_t *out)
{
    uint32_t i = tk->lslot_lo;
    while (i < tk->n_cta_slots && tk->cta_slot_busy[i])
        i++;
    if (i == tk->n_cta_slots) {
        uint32_t n = tk->n_cta_slots ? tk->n_cta_slots * 2 : 64;
        uint8_t *grown = realloc(tk->cta_slot_busy, n);
        if (!grown)
            return -1;
        memset(grown + tk->n_cta_slots, 0, n - tk->n_cta_slots);
        tk->cta_slot_busy = grown;
        tk->n_cta_slots = n;
    }
    tk->cta_slot_busy[i] = 1;
    tk->lslot_lo = i + 1;
    *out = i;
    return 0;
}

static void lslot_free(tr_kern *tk, uint32_t i)
{
    tk->cta_slot_busy[i] = 0;
    if (i < tk->lslot_lo)
        tk->lslot_lo = i;
}

/* The kernel ran to its end: drop what its CTAs held. */
static void tk_release(tr_kern *tk)
{
    for (uint32_t i = 0; i < tk->n_idle; i++)
        cta_free(tk->idle[i]);
    tk->n_idle = 0;
    free(tk->slot);
    tk->slot = NULL;
    tk->slot_cap = tk->slot_used = 0;
    free(tk->cta_slot_busy);
    tk->cta_slot_busy = NULL;
    tk->n_cta_slots = tk->lslot_lo = 0;
}

static int tk_cta_begin(kern *k, uint32_t cta, char *err, unsigned errlen)
{
    tr_kern *tk = tk_of(k);
    if (tk->broken) {
        snprintf(err, errlen, "%s", tk->broken_msg);
        return -1;
    }
    if (cta != tk->next_cta || cta >= k->n_cta)
        return tr_fail(err, errlen, tk->info.file, 0,
                       "thread blocks are read in order: cta_begin(%u), next is %u of %u", cta,
                       tk->next_cta, k->n_cta);
    if (!tk->rd_open && tk_open_stream(tk, err, errlen))
        return tk_broken(tk, err, err, errlen);
    if ((tk->slot_used + 1) * 2 > tk->slot_cap && slot_grow(tk))
        return tr_fail(err, errlen, tk->info.file, 0, "out of memory (CTA table)");
    tr_cta *c = cta_take(tk);
    if (!c)
        return tr_fail(err, errlen, tk->info.file, 0, "out of memory (CTA buffer)");
    c->cta = cta;
    if (lslot_take(tk, &c->lslot)) {
        cta_give_back(tk, c);
        return tr_fail(err, errlen, tk->info.file, 0, "out of memory (local-memory slots)");
    }
    if (tb_read(tk, c, err, errlen)) {
        lslot_free(tk, c->lslot);
        cta_give_back(tk, c);
        return tk_broken(tk, err, err, errlen);
    }
    slot_put(tk, c);
    tk->next_cta++;
    if (tk->next_cta == k->n_cta) {
        if (tb_tail(tk, err, errlen) < 0)
            return tk_broken(tk, err, err, errlen);
        rd_close(&tk->rd);
        tk->rd_open = 0;
    }
    return 0;
}

static int tk_fetch(kern *k, uint32_t cta, uint32_t warp, kcursor *cur, inst *out, char *err,
                    unsigned errlen)
{
    tr_kern *tk = tk_of(k);
    const tr_cta *c = slot_find(tk, cta);
    if (!c || warp >= k->warps_per_cta)
        return tr_fail(err, errlen, tk->info.file, 0, "fetch from CTA %u warp %u, which is not begun",
                       cta, warp);
    if (cur->pos >= c->warp_count[warp])
        return 0;
    const tr_rec *rec = &c->recs[c->warp_start[warp] + cur->pos++];
    out->cls = rec->cls;
    out->ndst = rec->ndst;
    out->nsrc = rec->nsrc;
    memcpy(out->dst, rec->dst, sizeof out->dst);
    memcpy(out->src, rec->src, sizeof out->src);
    out->bytes = rec->bytes;
    out->mask = rec->mask;
    out->pc = rec->pc;
    if (!(rec->bytes && rec->mask))    /* (no address: the buffer's are left, unread, kern.h) */
        return 1;
    const uint64_t *a = c->addrs + rec->addr_off;
    for (int lane = 0; lane < 32; lane++)
        out->addr[lane] = (rec->mask >> lane & 1u) ? *a++ : 0;
    return 1;
}

static void tk_cta_end(kern *k, uint32_t cta)
{
    tr_kern *tk = tk_of(k);
    tr_cta *c = slot_find(tk, cta);
    if (!c)
        return;
    slot_remove(tk, cta);
    lslot_free(tk, c->lslot);
    cta_give_back(tk, c);
    if (tk->next_cta == k->n_cta && tk->slot_used == 0)
        tk_release(tk);
}

static void tk_destroy(kern *k)
{
    tr_kern *tk = tk_of(k);
    if (tk->rd_open)
        rd_close(&tk->rd);
    for (uint32_t i = 0; i < tk->slot_cap; i++)
        cta_free(tk->slot[i]);
    tk_release(tk);
    free(tk->opc);
    free(tk);
}

static const kern_ops tr_ops = { tk_cta_begin, tk_fetch, tk_cta_end, tk_destroy };

/* ------------------------------------------------------------------ public API */

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int trace_open_kernel(kern **out, const char *path, uint32_t kernel_id, char *err, size_t errlen)
{
    return trace_open_kernel_p(out, path, kernel_id, NULL, err, errlen);
}

int trace_open_kernel_p(kern **out, const char *path, uint32_t kernel_id, const trace_params *p,
                        char *err, size_t errlen)
{
    *out = NULL;
    if (strlen(path) >= sizeof ((trace_info *)0)->file)
        return tr_fail(err, errlen, path, 0, "path too long");
    tr_kern *tk = calloc(1, sizeof *tk);
    if (!tk)
        return tr_fail(err, errlen, path, 0, "out of memory");
    tk->k.ops = &tr_ops;
    tk->k.impl = tk;
    snprintf(tk->info.file, sizeof tk->info.file, "%s", path);
    text_safe(base_name(path), tk->k.name, sizeof tk->k.name);
    tk->info.kernel_id = kernel_id;
    tk->info.binary_version = -1;
    if (p)
        tk->prm = *p;
    else
        trace_params_defaults(&tk->prm);
    tr_rd r;
    int rc = rd_open(&r, path, err, errlen);
    if (rc == 0) {
        rc = hdr_read(tk, &r, err, errlen);
        rd_close(&r);
    }
    if (rc) {
        free(tk);
        return -1;
    }
    *out = &tk->k;
    return 0;
}

void trace_count_opcodes(kern *k, uint64_t *hist)
{
    if (k && k->ops == &tr_ops)
        tk_of(k)->ophist = hist;
}

const trace_info *trace_kern_info(const kern *k)
{
    return (k && k->ops == &tr_ops) ? &((const tr_kern *)k->impl)->info : NULL;
}

void trace_workload_free(workload *w)
{
    workload_release(w);
}

/* "MemcpyHtoD,0xADDR,BYTES" */
static int memcpy_line(const char *s, const char *file, uint64_t line, uint64_t *bytes,
                       char *err, size_t errlen)
{
    char buf[128];
    if (strncmp(s, "MemcpyHtoD,", 11))
        return tr_fail(err, errlen, file, line, "unknown command (%.40s)", s);
    if (strlen(s) >= sizeof buf)
        return tr_fail(err, errlen, file, line, "MemcpyHtoD line too long");
    memcpy(buf, s, strlen(s) + 1);
    char *addr = buf + 11, *comma = strchr(addr, ',');
    uint64_t a;
    if (!comma)
        return tr_fail(err, errlen, file, line, "MemcpyHtoD needs ,address,bytes (%s)", s);
    *comma = '\0';
    if (parse_u64(addr, 1, UINT64_MAX, &a))
        return tr_fail(err, errlen, file, line, "bad hex MemcpyHtoD address (%s)", addr);
    if (parse_u64(comma + 1, 0, UINT64_MAX, bytes))
        return tr_fail(err, errlen, file, line, "bad MemcpyHtoD byte count (%s)", comma + 1);
    return 0;
}

typedef struct tr_list {          /* loading one kernelslist.g */
    const char         *file, *dir;
    const trace_params *prm;
    int                 warned_family;
} tr_list;

/* An architecture family the opcode table does not know: warn once a run. */
static void list_family(tr_list *ls, const kern *k)
{
    const trace_info *in = trace_kern_info(k);
    if (ls->warned_family || in->binary_version < 0 || sass_family(in->binary_version))
        return;
    ls->warned_family = 1;
    fprintf(stderr, "%s: warning: -binary version %d is no architecture family the SASS table "
            "knows (Pascal 60-62, Volta 70-72, Turing 75, Ampere/Ada 80-89, Hopper 90, Blackwell "
            "100-121); opcodes are classed by the table of all families (once per run)\n",
            in->file, in->binary_version);
}

static int list_kernel(workload *w, tr_list *ls, const char *name, uint64_t line, char *err, size_t errlen)
{
    char path[512];
    const char *dir = ls->dir, *file = ls->file;
    int n = name[0] == '/' ? snprintf(path, sizeof path, "%s", name)
                           : snprintf(path, sizeof path, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= sizeof path)
        return tr_fail(err, errlen, file, line, "kernel path too long (%.40s)", name);
    kern *k;
    if (trace_open_kernel_p(&k, path, w->n_kernels + 1, ls->prm, err, errlen))
        return -1;
    list_family(ls, k);
    if (workload_add(w, k))
        return tr_fail(err, errlen, file, line, "out of memory (kernel list)");
    return 0;
}

static int list_read(workload *w, FILE *f, tr_list *ls, char *err, size_t errlen)
{
    const char *file = ls->file;
    char *line = NULL;
    size_t cap = 0;
    uint64_t lineno = 0, mc_count = 0, mc_bytes = 0;
    ssize_t n;
    int rc = 0;
    while (rc == 0 && (n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        if (memchr(line, '\0', (size_t)n)) {
            rc = tr_fail(err, errlen, file, lineno, "NUL byte in line");
            break;
        }
        char *s = skip_blanks(line);
        s[strcspn(s, "\r\n")] = '\0';
        trim_right(s);
        if (*s == '\0' || *s == '#')
            continue;
        if (!strncmp(s, "Memcpy", 6)) {
            uint64_t bytes = 0;
            rc = memcpy_line(s, file, lineno, &bytes, err, errlen);
            mc_count++;
            mc_bytes += bytes;
            continue;
        }
        rc = list_kernel(w, ls, s, lineno, err, errlen);
        if (rc == 0) {
            tr_kern *tk = tk_of(w->kernels[w->n_kernels - 1]);
            tk->info.memcpy_count = mc_count;
            tk->info.memcpy_bytes = mc_bytes;
            mc_count = mc_bytes = 0;
        }
    }
    free(line);
    if (rc == 0 && w->n_kernels == 0)
        rc = tr_fail(err, errlen, file, 0, "no kernel trace listed");
    if (rc == 0 && mc_count) {   /* trailing copies: counted with the last kernel */
        tr_kern *tk = tk_of(w->kernels[w->n_kernels - 1]);
        tk->info.memcpy_count += mc_count;
        tk->info.memcpy_bytes += mc_bytes;
    }
    return rc;
}

int trace_load_workload(workload *w, const char *path, char *err, size_t errlen)
{
    return trace_load_workload_p(w, path, NULL, err, errlen);
}

int trace_load_workload_p(workload *w, const char *path, const trace_params *p, char *err,
                          size_t errlen)
{
    char list[512], dir[512];
    struct stat st;
    memset(w, 0, sizeof *w);
    if (stat(path, &st))
        return tr_fail(err, errlen, path, 0, "cannot open (%s)", strerror(errno));
    int n = S_ISDIR(st.st_mode) ? snprintf(list, sizeof list, "%s/kernelslist.g", path)
                                : snprintf(list, sizeof list, "%s", path);
    if (n < 0 || (size_t)n >= sizeof list)
        return tr_fail(err, errlen, path, 0, "path too long");
    snprintf(dir, sizeof dir, "%s", list);
    char *slash = strrchr(dir, '/');
    if (slash)
        *slash = '\0';
    else
        snprintf(dir, sizeof dir, ".");
    FILE *f = infile_open(list, "kernel list (kernelslist.g)", TR_MAX_LIST_BYTES, err, errlen);
    if (!f)
        return -1;
    if (strlen(list) >= sizeof w->path) {
        fclose(f);
        return tr_fail(err, errlen, path, 0, "path too long");
    }
    memcpy(w->path, list, strlen(list) + 1);
    tr_list ls = { list, dir, p, 0 };
    int rc = list_read(w, f, &ls, err, errlen);
    fclose(f);
    if (rc)
        trace_workload_free(w);
    return rc;
}

uint64_t trace_report(const workload *w, FILE *out, int warnings_only)
{
    uint64_t unknown = 0;
    for (uint32_t i = 0; i < w->n_kernels; i++) {
        const trace_info *in = trace_kern_info(w->kernels[i]);
        if (!in)
            continue;
        char prefix[300], q[290];
        snprintf(prefix, sizeof prefix, "%s: ", text_quote(in->file, 200, q, sizeof q));
        sass_unknown_print(&in->unknown, prefix, out);
        unknown += in->unknown.total;
        if (warnings_only)
            continue;
        fprintf(out, "%s%llu warp instructions, %llu thread instructions read, %llu MemcpyHtoD "
                     "(%llu bytes) before it\n", prefix, (unsigned long long)in->insts,
                (unsigned long long)in->thread_insts, (unsigned long long)in->memcpy_count,
                (unsigned long long)in->memcpy_bytes);
        if (in->nregs_overridden)
            fprintf(out, "%sregisters per thread %u set by trace.nregs (the header says -nregs = %u)\n",
                    prefix, w->kernels[i]->regs_per_thread, in->nregs_header);
        if (in->local_insts)
            fprintf(out, "%s%llu local-memory instructions translated per thread (trace.local_map)%s\n",
                    prefix, (unsigned long long)in->local_insts,
                    in->local_folded ? "; some offsets above 512 KiB folded" : "");
        if (in->addrs_ignored)
            fprintf(out, "%s%llu instructions of non-memory opcodes carried addresses (ignored)\n",
                    prefix, (unsigned long long)in->addrs_ignored);
    }
    return unknown;
}
