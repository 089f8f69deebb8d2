/* infile.c -- inputs named by the user.  See infile.h. */
#include "infile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The inputs opened so far (see infile.h). */
static struct { infile_seen *v; size_t n, cap; } seen;

static void remember(const char *path, const struct stat *st)
{
    if (infile_find((unsigned long long)st->st_dev, (unsigned long long)st->st_ino)) return;
    if (seen.n == seen.cap) {
        size_t cap = seen.cap ? 2 * seen.cap : 16;
        infile_seen *v = realloc(seen.v, cap * sizeof *v);
        if (!v) return;         /* the check then knows less; the reader goes on */
        seen.v = v, seen.cap = cap;
    }
    infile_seen *e = &seen.v[seen.n++];
    e->dev = (unsigned long long)st->st_dev;
    e->ino = (unsigned long long)st->st_ino;
    snprintf(e->path, sizeof e->path, "%s", path);
}

const infile_seen *infile_find(unsigned long long dev, unsigned long long ino)
{
    for (size_t i = 0; i < seen.n; i++)
        if (seen.v[i].dev == dev && seen.v[i].ino == ino) return &seen.v[i];
    return NULL;
}

const infile_seen *infile_nth(size_t i)
{
    return i < seen.n ? &seen.v[i] : NULL;
}

void infile_forget(void)
{
    free(seen.v);
    seen.v = NULL;
    seen.n = seen.cap = 0;
}

static const char *kind_of(mode_t m)
{
    if (S_ISDIR(m)) return "a directory";
    if (S_ISCHR(m)) return "a character device";
    if (S_ISBLK(m)) return "a block device";
    if (S_ISFIFO(m)) return "a FIFO";
    if (S_ISSOCK(m)) return "a socket";
    return "not a regular file";
}

FILE *infile_open(const char *path, const char *what, uint64_t max_bytes, char *err,
                  size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        snprintf(err, errlen, "%s:0: cannot open %s (%s)", path, what, strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s:0: is %s, not a %s", path, kind_of(st.st_mode), what);
        return NULL;
    }
    if (max_bytes && (uint64_t)st.st_size > max_bytes) {
        snprintf(err, errlen, "%s:0: %s of %llu bytes is larger than the limit of %llu bytes",
                 path, what, (unsigned long long)st.st_size, (unsigned long long)max_bytes);
        return NULL;
    }
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s:0: cannot open %s (%s)", path, what, strerror(errno));
        return NULL;
    }
    struct stat fs;
    if (fstat(fileno(f), &fs) == 0) remember(path, &fs);
    infile_skip_bom(f);
    return f;
}

void infile_error_from(char *err, size_t errlen, const char *from, const char *what,
                       const char *path)
{
    char why[512];
    size_t n = strlen(path);
    snprintf(why, sizeof why, "%s", strncmp(err, path, n) == 0 ? err + n + 4 : err);
    snprintf(err, errlen, "%s: cannot open %s (%s: %s)", from, what, path, why);
}

void infile_skip_bom(FILE *f)
{
    int a = getc(f);
    if (a == 0xEF) {
        int b = getc(f);
        if (b == 0xBB) {
            int c = getc(f);
            if (c == 0xBF) return;
            if (c != EOF) ungetc(c, f);
        }
        rewind(f);              /* not a BOM: read from the start */
        return;
    }
    if (a != EOF) ungetc(a, f);
}

/* Length of a valid UTF-8 sequence at s (1..4), 0 if invalid. */
static size_t utf8_len(const unsigned char *s)
{
    if (s[0] < 0x80) return 1;
    size_t n = (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 2 && s[0] < 0xC2) return 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    return n;
}

char *text_quote(const char *s, size_t max, char *out, size_t outlen)
{
    size_t o = 0, shown = 0;
    const unsigned char *p = (const unsigned char *)s;
    if (!outlen) return out;
    while (*p && o + 8 < outlen) {
        if (shown == max) {
            memcpy(out + o, "...", 3);
            o += 3;
            break;
        }
        size_t n = utf8_len(p);
        if (n == 1 && (*p < 0x20 || *p == 0x7f)) n = 0;
        if (n == 0) {
            o += (size_t)snprintf(out + o, outlen - o, "\\x%02X", *p);
            p++;
        } else {
            memcpy(out + o, p, n);
            o += n;
            p += n;
        }
        shown++;
    }
    out[o] = 0;
    return out;
}

void text_clean(char *msg, size_t cap)
{
    char tmp[1024];
    if (!cap) return;
    text_quote(msg, sizeof tmp, tmp, sizeof tmp);
    snprintf(msg, cap, "%s", tmp);
}

unsigned text_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63) return 9;
    unsigned d[64][64];
    for (size_t i = 0; i <= la; i++) d[i][0] = (unsigned)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (unsigned)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            unsigned c = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < c) c = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < c) c = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < c)
                c = d[i - 2][j - 2] + 1;
            d[i][j] = c;
        }
    return d[la][lb] > 9 ? 9 : d[la][lb];
}

void text_nearest(const char *s, const char *cand, const char **best, unsigned *best_d)
{
    /* the distance is at least the difference of the lengths: a candidate whose
     * length alone rules it out is not measured (same answer, fewer tables) */
    size_t ls = strlen(s), lc = strlen(cand), gap = ls > lc ? ls - lc : lc - ls;
    if (gap > 2 || gap >= *best_d || gap >= lc) return;
    unsigned d = text_distance(s, cand);
    if (d <= 2 && d < *best_d && d < strlen(cand)) {
        *best = cand;
        *best_d = d;
    }
}

char *text_safe(const char *s, char *out, size_t outlen)
{
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        size_t n = utf8_len(p);
        if (n == 0 || (n == 1 && (*p < 0x20 || *p == 0x7f)))
            return text_quote(s, outlen, out, outlen);
        p += n;
    }
    snprintf(out, outlen, "%s", s);
    return out;
}
