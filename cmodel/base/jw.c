/* jw.c -- streaming JSON writer.  See jw.h. */
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio_ext.h>
#include <string.h>
#include "jw.h"

void jw_init(jw *w, FILE *f)
{
    memset(w, 0, offsetof(jw, buf));
    w->f = f;
    w->indent = -1;
    if (!f) w->err = 1;
    else w->direct = __fbufsize(f) == 1;    /* _IONBF: glibc sets a one-byte buffer; 0: none yet */
}

int jw_error(const jw *w) { return w->err; }

/* Hand the gathered bytes to the FILE. */
static void jw_drain(jw *w)
{
    if (w->n && !w->err && fwrite(w->buf, 1, w->n, w->f) != w->n) w->err = 1;
    w->n = 0;
}

static void jw_putn(jw *w, const char *s, size_t len)
{
    if (w->err) return;
    while (len > sizeof w->buf - w->n) {
        size_t part = sizeof w->buf - w->n;
        memcpy(w->buf + w->n, s, part);
        w->n += part;
        s += part;
        len -= part;
        jw_drain(w);
        if (w->err) return;
    }
    memcpy(w->buf + w->n, s, len);
    w->n += len;
    if (w->direct) jw_drain(w);
}

/* One byte; the common case (room, buffered) without a call. */
static inline void jw_putc(jw *w, char c)
{
    if (w->n < sizeof w->buf && !w->direct && !w->err) w->buf[w->n++] = c;
    else jw_putn(w, &c, 1);
}

/* The pending break, if any: "\n" and its indent. */
static void jw_flush_break(jw *w)
{
    if (w->indent < 0) return;
    static const char spaces[] = "                                ";   /* 32 */
    jw_putc(w, '\n');
    for (int left = w->indent; left > 0; left -= 32)
        jw_putn(w, spaces, left >= 32 ? 32 : (size_t)left);
    w->indent = -1;
}

/* Before a key (in an object) or a value (in an array or at the root): the
 * comma and the space or break.  0, or -1 when nothing may be written here. */
static int jw_item(jw *w, int is_key)
{
    if (w->err) return -1;
    if (w->depth == 0) {
        if (is_key || w->done) { w->err = 1; return -1; }
        jw_flush_break(w);
        return 0;
    }
    int lvl = w->depth - 1;
    if (w->is_obj[lvl] && !is_key && w->keyed) {   /* the value of a key */
        w->keyed = 0;
        return 0;
    }
    if (w->is_obj[lvl] != is_key || w->keyed) { w->err = 1; return -1; }
    if (w->has_item[lvl]) jw_putc(w, ',');
    if (w->indent >= 0) jw_flush_break(w);
    else if (w->has_item[lvl]) jw_putc(w, ' ');
    w->has_item[lvl] = 1;
    if (is_key) w->keyed = 1;
    return 0;
}

/* After a value: at the root the document is complete. */
static void jw_value_done(jw *w)
{
    if (w->depth == 0) w->done = 1;
}

static void jw_open(jw *w, int is_obj)
{
    if (w->depth == JW_MAX_DEPTH) w->err = 1;
    if (jw_item(w, 0) < 0) return;
    w->is_obj[w->depth] = (uint8_t)is_obj;
    w->has_item[w->depth] = 0;
    w->depth++;
    jw_putc(w, is_obj ? '{' : '[');
}

static void jw_close(jw *w, int is_obj)
{
    if (w->err) return;
    if (w->depth == 0 || w->is_obj[w->depth - 1] != is_obj || w->keyed) { w->err = 1; return; }
    jw_flush_break(w);
    w->depth--;
    jw_putc(w, is_obj ? '}' : ']');
    jw_value_done(w);
}

void jw_object_begin(jw *w) { jw_open(w, 1); }
void jw_object_end(jw *w) { jw_close(w, 1); }
void jw_array_begin(jw *w) { jw_open(w, 0); }
void jw_array_end(jw *w) { jw_close(w, 0); }
void jw_break(jw *w, int indent) { w->indent = indent < 0 ? 0 : indent; }

/* s in quotes, escaped.  A string with nothing to escape (every key, most
 * values) goes in one piece. */
static void jw_quoted(jw *w, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    const unsigned char *q = (const unsigned char *)s;
    while (*q >= 0x20 && *q != '"' && *q != '\\')
        q++;
    if (!*q && (size_t)(q - (const unsigned char *)s) + 2 <= sizeof w->buf - w->n && !w->direct &&
        !w->err) {
        size_t len = (size_t)(q - (const unsigned char *)s);
        w->buf[w->n] = '"';
        memcpy(w->buf + w->n + 1, s, len);
        w->buf[w->n + 1 + len] = '"';
        w->n += len + 2;
        return;
    }
    char buf[128];
    size_t n = 0;
    buf[n++] = '"';
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (n > sizeof buf - 8) { jw_putn(w, buf, n); n = 0; }
        unsigned char c = *p;
        const char *esc = NULL;
        switch (c) {
        case '"': esc = "\\\""; break;
        case '\\': esc = "\\\\"; break;
        case '\b': esc = "\\b"; break;
        case '\f': esc = "\\f"; break;
        case '\n': esc = "\\n"; break;
        case '\r': esc = "\\r"; break;
        case '\t': esc = "\\t"; break;
        default: break;
        }
        if (esc) {
            memcpy(buf + n, esc, 2);
            n += 2;
        } else if (c < 0x20) {
            memcpy(buf + n, "\\u00", 4);
            buf[n + 4] = hex[c >> 4];
            buf[n + 5] = hex[c & 15];
            n += 6;
        } else {
            buf[n++] = (char)c;
        }
    }
    buf[n++] = '"';
    jw_putn(w, buf, n);
}

void jw_key(jw *w, const char *key)
{
    if (jw_item(w, 1) < 0) return;
    jw_quoted(w, key);
    jw_putn(w, ": ", 2);
}

void jw_string(jw *w, const char *s)
{
    if (jw_item(w, 0) < 0) return;
    jw_quoted(w, s);
    jw_value_done(w);
}

static void jw_printf_value(jw *w, const char *text, int n)
{
    if (n < 0) { w->err = 1; return; }
    jw_putn(w, text, (size_t)n);
    jw_value_done(w);
}

/* v in decimal (as "%" PRIu64 writes it) into buf[21]; its length. */
static int jw_dec(char *buf, uint64_t v)
{
    char rev[20];
    int n = 0;
    do {
        rev[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    for (int i = 0; i < n; i++) buf[i] = rev[n - 1 - i];
    buf[n] = '\0';
    return n;
}

void jw_u64(jw *w, uint64_t v)
{
    char buf[32];
    if (jw_item(w, 0) < 0) return;
    jw_printf_value(w, buf, jw_dec(buf, v));
}

void jw_bool(jw *w, int v)
{
    char buf[8];
    if (jw_item(w, 0) < 0) return;
    jw_printf_value(w, buf, snprintf(buf, sizeof buf, "%s", v ? "true" : "false"));
}

void jw_null(jw *w)
{
    char buf[8];
    if (jw_item(w, 0) < 0) return;
    jw_printf_value(w, buf, snprintf(buf, sizeof buf, "null"));
}

void jw_i64(jw *w, int64_t v)
{
    char buf[32];
    if (jw_item(w, 0) < 0) return;
    jw_printf_value(w, buf, snprintf(buf, sizeof buf, "%" PRId64, v));
}

void jw_double(jw *w, const char *fmt, double v)
{
    char buf[512];
    if (jw_item(w, 0) < 0) return;
    if (!isfinite(v)) { jw_printf_value(w, "null", 4); return; }
    int n = snprintf(buf, sizeof buf, fmt, v);
    jw_printf_value(w, buf, n >= (int)sizeof buf ? -1 : n);
}

int jw_finish(jw *w)
{
    if (!w->err && (w->depth != 0 || !w->done || w->keyed)) w->err = 1;
    jw_putc(w, '\n');
    jw_drain(w);
    if (!w->err && (fflush(w->f) == EOF || ferror(w->f))) w->err = 1;
    return w->err ? -1 : 0;
}
