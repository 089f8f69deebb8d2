/* tracez_gen.h -- test helper: write a .tracez kernel file (Accel-Sim's
 * binary form, layout in cmodel/wl/tracez.h) holding the same kernel as a
 * .traceg text kernel file, so a test knows the content it reads back.
 * Header lines up to the first #BEGIN_TB become the header text; each warp's
 * instruction lines are cut into sub-chunks of `per_chunk` lines, each one
 * zstd frame (with its content size), compressed with a raw-content
 * dictionary (the first bytes after the header) when `dict` is 1.
 * Cluster lines are written as zeros.  Returns 0, or -1 on a bad input. */
#ifndef CTASIM_TRACEZ_GEN_H
#define CTASIM_TRACEZ_GEN_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#define TZG_MAX_WARP   64
#define TZG_MAX_LINES  4096
#define TZG_DICT_BYTES 1024

typedef struct tzg_warp {
    uint32_t insts, nsc;
    uint64_t off;
    uint32_t *counts;                  /* [nsc] lines per sub-chunk */
} tzg_warp;

typedef struct tzg_tb {
    uint32_t id[3], nwarp;
    tzg_warp warp[TZG_MAX_WARP];
} tzg_tb;

typedef struct tzg {
    FILE       *out;
    uint64_t    pos;
    ZSTD_CCtx  *cctx;
    ZSTD_CDict *cdict;
    unsigned    per_chunk;
    tzg_tb     *tb;
    uint32_t    ntb, tbcap;
    char       *lines[TZG_MAX_LINES];
    uint32_t    nlines;
} tzg;

static void tzg_put(tzg *g, const void *p, size_t n)
{
    fwrite(p, 1, n, g->out);
    g->pos += n;
}

static void tzg_u32(tzg *g, uint32_t v)
{
    uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    tzg_put(g, b, 4);
}

static void tzg_u64(tzg *g, uint64_t v)
{
    tzg_u32(g, (uint32_t)v);
    tzg_u32(g, (uint32_t)(v >> 32));
}

/* One sub-chunk: lines[from..from+n) joined with newlines. */
static int tzg_chunk(tzg *g, uint32_t from, uint32_t n)
{
    size_t raw_len = 0;
    for (uint32_t i = from; i < from + n; i++)
        raw_len += strlen(g->lines[i]) + 1;
    char *raw = malloc(raw_len + 1), *p = raw;
    size_t cap = ZSTD_compressBound(raw_len);
    void *comp = malloc(cap);
    if (!raw || !comp)
        return -1;
    for (uint32_t i = from; i < from + n; i++)
        p += sprintf(p, "%s\n", g->lines[i]);
    size_t got = g->cdict ? ZSTD_compress_usingCDict(g->cctx, comp, cap, raw, raw_len, g->cdict)
                          : ZSTD_compressCCtx(g->cctx, comp, cap, raw, raw_len, 3);
    int rc = ZSTD_isError(got) ? -1 : 0;
    if (!rc) {
        tzg_u32(g, (uint32_t)got);
        tzg_put(g, comp, got);
    }
    free(raw);
    free(comp);
    return rc;
}

/* The collected lines of the current warp as its data. */
static int tzg_warp_done(tzg *g)
{
    if (g->ntb == 0 || g->tb[g->ntb - 1].nwarp == 0)
        return g->nlines ? -1 : 0;
    tzg_warp *w = &g->tb[g->ntb - 1].warp[g->tb[g->ntb - 1].nwarp - 1];
    if (w->off != UINT64_MAX)
        return 0;
    w->off = g->pos;
    w->insts = g->nlines;
    w->nsc = (g->nlines + g->per_chunk - 1) / g->per_chunk;
    w->counts = malloc((w->nsc + 1) * sizeof *w->counts);
    if (!w->counts)
        return -1;
    tzg_u32(g, w->insts);
    tzg_u32(g, w->nsc);
    for (uint32_t s = 0; s < w->nsc; s++) {
        uint32_t n = g->nlines - s * g->per_chunk < g->per_chunk ? g->nlines - s * g->per_chunk : g->per_chunk;
        w->counts[s] = n;
        if (tzg_chunk(g, s * g->per_chunk, n))
            return -1;
    }
    g->nlines = 0;
    return 0;
}

/* One line inside the thread blocks. */
static int tzg_line(tzg *g, char *s)
{
    tzg_tb *tb = g->ntb ? &g->tb[g->ntb - 1] : NULL;
    if (!strncmp(s, "#BEGIN_TB", 9)) {
        if (tzg_warp_done(g))
            return -1;
        if (g->ntb == g->tbcap) {
            tzg_tb *grown = realloc(g->tb, (g->tbcap * 2 + 8) * sizeof *grown);
            if (!grown)
                return -1;
            g->tb = grown;
            g->tbcap = g->tbcap * 2 + 8;
        }
        memset(&g->tb[g->ntb++], 0, sizeof *tb);
        return 0;
    }
    if (!tb || !*s || *s == '#' || !strncmp(s, "cluster ", 8) || !strncmp(s, "insts = ", 8))
        return 0;
    if (!strncmp(s, "thread block = ", 15))
        return sscanf(s + 15, "%u,%u,%u", &tb->id[0], &tb->id[1], &tb->id[2]) == 3 ? 0 : -1;
    if (!strncmp(s, "warp = ", 7)) {
        if (tzg_warp_done(g) || tb->nwarp == TZG_MAX_WARP)
            return -1;
        tb->warp[tb->nwarp].counts = NULL;
        tb->warp[tb->nwarp++].off = UINT64_MAX;
        return 0;
    }
    if (g->nlines == TZG_MAX_LINES)
        return -1;
    g->lines[g->nlines++] = s;
    return 0;
}

static void tzg_index(tzg *g)
{
    uint64_t at = g->pos;
    tzg_u32(g, g->ntb);
    for (uint32_t t = 0; t < g->ntb; t++) {
        const tzg_tb *tb = &g->tb[t];
        for (int i = 0; i < 3; i++)
            tzg_u32(g, tb->id[i]);
        for (int i = 0; i < 7; i++)          /* cluster id, cluster cta, rank */
            tzg_u32(g, 0);
        tzg_u32(g, tb->nwarp);
        for (uint32_t w = 0; w < tb->nwarp; w++) {
            tzg_u32(g, tb->warp[w].insts);
            tzg_u32(g, tb->warp[w].nsc);
            tzg_u64(g, tb->warp[w].off);
            for (uint32_t s = 0; s < tb->warp[w].nsc; s++)
                tzg_u32(g, tb->warp[w].counts[s]);
        }
    }
    tzg_u64(g, at);
}

/* Header text (lines before the first #BEGIN_TB) and the compression header. */
static char *tzg_header(tzg *g, char *text, int dict)
{
    char *body = strstr(text, "#BEGIN_TB");
    if (!body)
        return NULL;
    size_t blen = strlen(body), dlen = dict ? (blen < TZG_DICT_BYTES ? blen : TZG_DICT_BYTES) : 0;
    tzg_put(g, text, (size_t)(body - text));
    tzg_put(g, "", 1);
    tzg_u32(g, (uint32_t)dlen);
    tzg_u32(g, g->per_chunk);
    tzg_put(g, body, dlen);
    if (dlen)
        g->cdict = ZSTD_createCDict(body, dlen, 3);
    return body;
}

static char *tzg_slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    fseek(f, 0, SEEK_SET);
    if (s && fread(s, 1, (size_t)n, f) == (size_t)n)
        s[n] = '\0';
    else {
        free(s);
        s = NULL;
    }
    fclose(f);
    return s;
}

static int tzg_body(tzg *g, char *body)
{
    for (char *s = body, *nl; s && *s; s = nl ? nl + 1 : NULL) {
        nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        size_t n = strlen(s);
        while (n && (s[n - 1] == '\r' || s[n - 1] == ' '))
            s[--n] = '\0';
        while (*s == ' ')
            s++;
        if (tzg_line(g, s))
            return -1;
    }
    return tzg_warp_done(g);
}

static void tzg_free(tzg *g)
{
    for (uint32_t t = 0; t < g->ntb; t++)
        for (uint32_t w = 0; w < g->tb[t].nwarp; w++)
            free(g->tb[t].warp[w].counts);
    free(g->tb);
    ZSTD_freeCDict(g->cdict);
    ZSTD_freeCCtx(g->cctx);
}

static int tracez_gen(const char *txt, const char *out, unsigned per_chunk, int dict)
{
    tzg g;
    memset(&g, 0, sizeof g);
    g.per_chunk = per_chunk ? per_chunk : 1;
    char *text = tzg_slurp(txt);
    g.cctx = ZSTD_createCCtx();
    g.out = fopen(out, "wb");
    int rc = -1;
    if (text && g.cctx && g.out) {
        char *body = tzg_header(&g, text, dict);
        rc = body && (!dict || g.cdict) ? tzg_body(&g, body) : -1;
        if (!rc)
            tzg_index(&g);
    }
    if (g.out && fclose(g.out))
        rc = -1;
    tzg_free(&g);
    free(text);
    return rc;
}

#endif
