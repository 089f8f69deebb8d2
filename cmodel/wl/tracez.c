/* tracez.c -- .tracez kernel files as text segments (see tracez.h).
 * Format facts: Accel-Sim's tracez_format.h (writer: post-traces-processing;
 * readers: the simulator's warp_trace_stream and the traceDsm dumper, whose
 * text output is the .traceg form emitted here). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <zstd.h>
#include "infile.h"
#include "tracez.h"

#define TZ_HDR_PIECE  (1u << 16)         /* header text handed out per segment */
#define TZ_MAX_DECODED (64ull << 20)     /* one sub-chunk's instruction lines */
#define TZ_TB_REC     44u                /* 11 u32 */
#define TZ_WARP_REC   16u                /* u32, u32, u64 */

enum tz_state { TZ_HDR, TZ_TB, TZ_WARP, TZ_CHUNK, TZ_DONE };

struct tz_src {
    FILE       *f;
    char        path[256];
    uint64_t    size, hdr_len, data_lo, idx_lo, idx_hi;
    ZSTD_DCtx  *dctx;
    ZSTD_DDict *ddict;
    enum tz_state state;
    uint64_t    hdr_pos, idx_pos;
    uint32_t    n_tb, tb_i, n_warp, warp_i;
    uint32_t    w_insts, w_nsc, sc_i;
    uint64_t    sc_cnt_pos, chunk_pos;
    uint8_t    *cbuf, *dbuf;
    size_t      ccap, dcap;
    char        text[128];
};

static int tz_fail(const tz_src *z, uint64_t off, char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return -1;
    int n = snprintf(err, errlen, "%s:@%llu: ", z->path, (unsigned long long)off);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < errlen)
        vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
    text_clean(err, errlen);
    return -1;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const uint8_t *p) { return le32(p) | (uint64_t)le32(p + 4) << 32; }

/* n bytes at off into buf; a short read is a truncated file. */
static int tz_read(tz_src *z, uint64_t off, void *buf, size_t n, const char *what, char *err,
                   size_t errlen)
{
    if (off > z->size || n > z->size - off)
        return tz_fail(z, off, err, errlen, "file ends inside the %s (%zu bytes needed, file is %llu)",
                       what, n, (unsigned long long)z->size);
    if (fseeko(z->f, (off_t)off, SEEK_SET) || fread(buf, 1, n, z->f) != n)
        return tz_fail(z, off, err, errlen, "read error in the %s", what);
    return 0;
}

/* The index region [idx_lo, idx_hi) holds n bytes at off. */
static int tz_in_index(tz_src *z, uint64_t off, uint64_t n, const char *what, char *err, size_t errlen)
{
    if (off < z->idx_lo || off > z->idx_hi || n > z->idx_hi - off)
        return tz_fail(z, off, err, errlen, "index truncated: the %s runs past its end", what);
    return 0;
}

static int tz_grow(uint8_t **buf, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    uint8_t *p = realloc(*buf, need);
    if (!p)
        return -1;
    *buf = p;
    *cap = need;
    return 0;
}

/* ------------------------------------------------------------------ open */

static int tz_find_header_end(tz_src *z, char *err, size_t errlen)
{
    uint8_t piece[4096];
    uint64_t off = 0;
    if (fseeko(z->f, 0, SEEK_SET))
        return tz_fail(z, 0, err, errlen, "cannot seek");
    for (;;) {
        size_t got = fread(piece, 1, sizeof piece, z->f);
        const uint8_t *nul = memchr(piece, '\0', got);
        if (nul) {
            z->hdr_len = off + (uint64_t)(nul - piece);
            return 0;
        }
        if (got < sizeof piece)
            return tz_fail(z, off + got, err, errlen, "no NUL byte ends the kernel header text");
        off += got;
    }
}

static int tz_load_dict(tz_src *z, char *err, size_t errlen)
{
    uint8_t hdr[8];
    uint64_t at = z->hdr_len + 1;
    if (tz_read(z, at, hdr, sizeof hdr, "compression header", err, errlen))
        return -1;
    uint32_t dict_size = le32(hdr);
    z->data_lo = at + 8 + dict_size;
    if (z->data_lo > z->size)
        return tz_fail(z, at, err, errlen, "dictionary of %u bytes runs past the end of the file",
                       dict_size);
    if (dict_size == 0)
        return 0;
    if (tz_grow(&z->cbuf, &z->ccap, dict_size))
        return tz_fail(z, at, err, errlen, "out of memory (dictionary of %u bytes)", dict_size);
    if (tz_read(z, at + 8, z->cbuf, dict_size, "dictionary", err, errlen))
        return -1;
    z->ddict = ZSTD_createDDict(z->cbuf, dict_size);
    if (!z->ddict)
        return tz_fail(z, at + 8, err, errlen, "bad zstd dictionary");
    return 0;
}

static int tz_load_index(tz_src *z, char *err, size_t errlen)
{
    uint8_t b[8];
    if (z->size < z->data_lo + 8)
        return tz_fail(z, z->size, err, errlen, "file ends before the index offset (last 8 bytes)");
    z->idx_hi = z->size - 8;
    if (tz_read(z, z->idx_hi, b, 8, "index offset", err, errlen))
        return -1;
    uint64_t io = le64(b);
    if (io < z->data_lo || io > z->idx_hi || z->idx_hi - io < 4)
        return tz_fail(z, z->idx_hi, err, errlen,
                       "bad index offset %llu (warp data starts at %llu, the offset itself at %llu)",
                       (unsigned long long)io, (unsigned long long)z->data_lo,
                       (unsigned long long)z->idx_hi);
    z->idx_lo = io;
    if (tz_read(z, io, b, 4, "index", err, errlen))
        return -1;
    z->n_tb = le32(b);
    z->idx_pos = io + 4;
    return 0;
}

static int tz_file_size(tz_src *z, char *err, size_t errlen)
{
    if (fseeko(z->f, 0, SEEK_END))
        return tz_fail(z, 0, err, errlen, "cannot seek");
    off_t end = ftello(z->f);
    if (end < 0)
        return tz_fail(z, 0, err, errlen, "cannot tell the file size");
    z->size = (uint64_t)end;
    return 0;
}

int tz_open(tz_src **out, FILE *f, const char *path, char *err, size_t errlen)
{
    tz_src *z = calloc(1, sizeof *z);
    *out = NULL;
    if (!z) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    z->f = f;
    snprintf(z->path, sizeof z->path, "%s", path);
    z->dctx = ZSTD_createDCtx();
    if (!z->dctx || tz_file_size(z, err, errlen) || tz_find_header_end(z, err, errlen) ||
        tz_load_dict(z, err, errlen) || tz_load_index(z, err, errlen)) {
        if (!z->dctx)
            tz_fail(z, 0, err, errlen, "cannot create the zstd decoder");
        tz_close(z);
        return -1;
    }
    z->state = TZ_HDR;
    *out = z;
    return 0;
}

void tz_close(tz_src *z)
{
    if (!z)
        return;
    ZSTD_freeDCtx(z->dctx);
    ZSTD_freeDDict(z->ddict);
    free(z->cbuf);
    free(z->dbuf);
    free(z);
}

/* ------------------------------------------------------------------ segments */

static void tz_text(tz_src *z, tz_seg *seg, uint64_t off, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(z->text, sizeof z->text, fmt, ap);
    va_end(ap);
    seg->data = (const uint8_t *)z->text;
    seg->len = n > 0 ? (size_t)n : 0;
    seg->off = off;
    seg->exact = 0;
}

static int tz_header_piece(tz_src *z, tz_seg *seg, char *err, size_t errlen)
{
    uint64_t left = z->hdr_len - z->hdr_pos;
    size_t n = left < TZ_HDR_PIECE ? (size_t)left : TZ_HDR_PIECE;
    if (n == 0) {
        z->state = TZ_TB;
        return 0;
    }
    if (tz_grow(&z->dbuf, &z->dcap, n))
        return tz_fail(z, z->hdr_pos, err, errlen, "out of memory (header)");
    if (tz_read(z, z->hdr_pos, z->dbuf, n, "kernel header", err, errlen))
        return -1;
    seg->data = z->dbuf;
    seg->len = n;
    seg->off = z->hdr_pos;
    seg->exact = 1;
    z->hdr_pos += n;
    return 0;
}

static int tz_tb_begin(tz_src *z, tz_seg *seg, char *err, size_t errlen)
{
    uint8_t b[TZ_TB_REC];
    if (z->tb_i == z->n_tb) {
        z->state = TZ_DONE;
        return 0;
    }
    if (tz_in_index(z, z->idx_pos, TZ_TB_REC, "thread block record", err, errlen) ||
        tz_read(z, z->idx_pos, b, TZ_TB_REC, "thread block record", err, errlen))
        return -1;
    tz_text(z, seg, z->idx_pos, "\n#BEGIN_TB\nthread block = %u,%u,%u\n", le32(b), le32(b + 4),
            le32(b + 8));
    z->n_warp = le32(b + 40);
    z->warp_i = 0;
    z->idx_pos += TZ_TB_REC;
    z->state = TZ_WARP;
    return 0;
}

/* The warp's own header in the data region must repeat the index's counts. */
static int tz_warp_header(tz_src *z, uint64_t at, char *err, size_t errlen)
{
    uint8_t b[8];
    if (at < z->data_lo || at > z->idx_lo || z->idx_lo - at < 8)
        return tz_fail(z, z->idx_pos, err, errlen, "warp data offset %llu outside the warp data (%llu..%llu)",
                       (unsigned long long)at, (unsigned long long)z->data_lo,
                       (unsigned long long)z->idx_lo);
    if (tz_read(z, at, b, 8, "warp header", err, errlen))
        return -1;
    if (le32(b) != z->w_insts || le32(b + 4) != z->w_nsc)
        return tz_fail(z, at, err, errlen,
                       "warp header says %u instructions in %u sub-chunks, the index %u in %u",
                       le32(b), le32(b + 4), z->w_insts, z->w_nsc);
    z->chunk_pos = at + 8;
    return 0;
}

static int tz_warp_begin(tz_src *z, tz_seg *seg, char *err, size_t errlen)
{
    uint8_t b[TZ_WARP_REC];
    if (z->warp_i == z->n_warp) {
        tz_text(z, seg, z->idx_pos, "#END_TB\n");
        z->tb_i++;
        z->state = TZ_TB;
        return 0;
    }
    uint64_t rec = z->idx_pos;
    if (tz_in_index(z, rec, TZ_WARP_REC, "warp record", err, errlen) ||
        tz_read(z, rec, b, TZ_WARP_REC, "warp record", err, errlen))
        return -1;
    z->w_insts = le32(b);
    z->w_nsc = le32(b + 4);
    z->sc_cnt_pos = rec + TZ_WARP_REC;
    if (tz_in_index(z, z->sc_cnt_pos, 4ull * z->w_nsc, "sub-chunk counts", err, errlen))
        return -1;
    z->idx_pos = z->sc_cnt_pos + 4ull * z->w_nsc;
    if (tz_warp_header(z, le64(b + 8), err, errlen))
        return -1;
    z->sc_i = 0;
    tz_text(z, seg, rec, "warp = %u\ninsts = %u\n", z->warp_i, z->w_insts);
    z->state = TZ_CHUNK;
    return 0;
}

/* Decode the frame in cbuf[0..comp) into dbuf; its length, -1 on error. */
static int64_t tz_decode(tz_src *z, size_t comp, char *err, size_t errlen)
{
    unsigned long long want = ZSTD_getFrameContentSize(z->cbuf, comp);
    if (want == ZSTD_CONTENTSIZE_ERROR)
        return tz_fail(z, z->chunk_pos, err, errlen, "corrupt zstd sub-chunk (not a zstd frame)");
    if (want == ZSTD_CONTENTSIZE_UNKNOWN)
        return tz_fail(z, z->chunk_pos, err, errlen, "zstd sub-chunk without a content size");
    if (want > TZ_MAX_DECODED)
        return tz_fail(z, z->chunk_pos, err, errlen, "sub-chunk decodes to %llu bytes, more than %llu",
                       want, (unsigned long long)TZ_MAX_DECODED);
    if (tz_grow(&z->dbuf, &z->dcap, (size_t)want + 1))
        return tz_fail(z, z->chunk_pos, err, errlen, "out of memory (sub-chunk of %llu bytes)", want);
    size_t got = z->ddict ? ZSTD_decompress_usingDDict(z->dctx, z->dbuf, (size_t)want, z->cbuf, comp, z->ddict)
                          : ZSTD_decompressDCtx(z->dctx, z->dbuf, (size_t)want, z->cbuf, comp);
    if (ZSTD_isError(got))
        return tz_fail(z, z->chunk_pos, err, errlen, "corrupt zstd sub-chunk (%s)", ZSTD_getErrorName(got));
    if (got != want)
        return tz_fail(z, z->chunk_pos, err, errlen, "zstd sub-chunk decodes to %zu bytes, its frame says %llu",
                       got, want);
    return (int64_t)got;
}

static uint32_t tz_count_lines(uint8_t *p, size_t *len)
{
    uint32_t n = 0;
    for (size_t i = 0; i < *len; i++)
        n += p[i] == '\n';
    if (*len && p[*len - 1] != '\n') {   /* last line without its newline */
        p[(*len)++] = '\n';
        n++;
    }
    return n;
}

static int tz_chunk(tz_src *z, tz_seg *seg, char *err, size_t errlen)
{
    uint8_t b[4], c[4];
    if (z->sc_i == z->w_nsc) {
        z->warp_i++;
        z->state = TZ_WARP;
        return 0;
    }
    uint64_t at = z->chunk_pos;
    if (tz_read(z, at, b, 4, "sub-chunk size", err, errlen) ||
        tz_read(z, z->sc_cnt_pos + 4ull * z->sc_i, c, 4, "sub-chunk counts", err, errlen))
        return -1;
    uint32_t comp = le32(b);
    if (at + 4 > z->idx_lo || comp > z->idx_lo - at - 4)
        return tz_fail(z, at, err, errlen, "sub-chunk of %u bytes runs into the index at %llu", comp,
                       (unsigned long long)z->idx_lo);
    if (tz_grow(&z->cbuf, &z->ccap, comp ? comp : 1))
        return tz_fail(z, at, err, errlen, "out of memory (sub-chunk of %u bytes)", comp);
    if (tz_read(z, at + 4, z->cbuf, comp, "sub-chunk", err, errlen))
        return -1;
    int64_t got = tz_decode(z, comp, err, errlen);
    if (got < 0)
        return -1;
    size_t len = (size_t)got;
    uint32_t lines = tz_count_lines(z->dbuf, &len);
    if (lines != le32(c))
        return tz_fail(z, at, err, errlen, "sub-chunk %u of warp %u holds %u lines, the index says %u",
                       z->sc_i, z->warp_i, lines, le32(c));
    seg->data = z->dbuf;
    seg->len = len;
    seg->off = at;
    seg->exact = 0;
    z->chunk_pos = at + 4 + comp;
    z->sc_i++;
    return 0;
}

int tz_next(tz_src *z, tz_seg *seg, char *err, size_t errlen)
{
    for (;;) {
        seg->len = 0;
        int rc = 0;
        switch (z->state) {
        case TZ_HDR:   rc = tz_header_piece(z, seg, err, errlen); break;
        case TZ_TB:    rc = tz_tb_begin(z, seg, err, errlen); break;
        case TZ_WARP:  rc = tz_warp_begin(z, seg, err, errlen); break;
        case TZ_CHUNK: rc = tz_chunk(z, seg, err, errlen); break;
        case TZ_DONE:  return 0;
        }
        if (rc)
            return -1;
        if (seg->len)
            return 1;
    }
}
