/* keys.c -- parsing and checking of configuration values.  See keys.h. */
#include "keys.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const key_def *key_find(const key_table *t, const char *name)
{
    for (size_t i = 0; i < t->n; i++)
        if (strcmp(t->keys[i].name, name) == 0) return &t->keys[i];
    return NULL;
}

const char *key_enum_name(const key_def *k, uint32_t v)
{
    for (uint32_t i = 0; k->names && k->names[i]; i++)
        if (i == v) return k->names[i];
    return "?";
}

uint64_t key_get(const key_def *k, const void *base)
{
    const char *f = (const char *)base + k->off;
    if (k->type == KEY_U64) {
        uint64_t v;
        memcpy(&v, f, sizeof v);
        return v;
    }
    uint32_t v;
    memcpy(&v, f, sizeof v);
    return v;
}

static void key_put(const key_def *k, void *base, uint64_t v)
{
    char *f = (char *)base + k->off;
    if (k->type == KEY_U64) {
        memcpy(f, &v, sizeof v);
    } else {
        uint32_t v32 = (uint32_t)v;
        memcpy(f, &v32, sizeof v32);
    }
}

int key_check_u64(const key_def *k, uint64_t v, const char *where, const char *rtl,
                  char *err, size_t errlen)
{
    if (v < k->min || v > k->max) {
        snprintf(err, errlen, "%s: value %llu out of range %llu..%llu (%s)", where,
                 (unsigned long long)v, (unsigned long long)k->min,
                 (unsigned long long)k->max, k->name);
        return -1;
    }
    if (k->bits && k->bits < 64 && v >> k->bits) {
        snprintf(err, errlen, "%s: value %llu does not fit the %u-bit register of %s (%s)",
                 where, (unsigned long long)v, k->bits, rtl ? rtl : "the RTL", k->name);
        return -1;
    }
    return 0;
}

/* Decimal or 0x hex, whole string, no sign.  0 ok, -1 not a number,
 * -2 a number too large for 64 bits. */
static int parse_u64(const char *s, uint64_t *v)
{
    if (*s < '0' || *s > '9') return -1;
    int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    if (hex && !s[2]) return -1;
    errno = 0;
    char *end = NULL;
    unsigned long long x = strtoull(s, &end, hex ? 16 : 10);
    if (!end || *end) return -1;
    if (errno == ERANGE) return -2;
    if (errno) return -1;
    *v = (uint64_t)x;
    return 0;
}

static int parse_f64(const key_def *k, void *base, const char *value, const char *where,
                     char *err, size_t errlen)
{
    char *end;
    errno = 0;
    double v = strtod(value, &end);
    while (*end == ' ' || *end == '\t') end++;
    if (end == value || *end || errno == EINVAL || !(v == v)) {
        snprintf(err, errlen, "%s: not a number '%s' (%s)", where, value, k->name);
        return -1;
    }
    if (errno == ERANGE || !(v >= 0) || v > k->fmax) {
        snprintf(err, errlen, "%s: value %s out of range 0..%g (%s)", where, value, k->fmax,
                 k->name);
        return -1;
    }
    memcpy((char *)base + k->off, &v, sizeof v);
    return 0;
}

static int parse_enum(const key_def *k, void *base, const char *value, const char *where,
                      char *err, size_t errlen)
{
    char list[160];
    size_t used = 0;
    list[0] = '\0';
    for (uint32_t i = 0; k->names[i]; i++) {
        if (strcmp(k->names[i], value) == 0) { key_put(k, base, i); return 0; }
        int n = snprintf(list + used, sizeof list - used, "%s%s", i ? "|" : "", k->names[i]);
        if (n > 0 && (size_t)n < sizeof list - used) used += (size_t)n;
    }
    snprintf(err, errlen, "%s: bad value '%s', allowed %s (%s)", where, value, list, k->name);
    return -1;
}

static int parse_str(const key_def *k, void *base, const char *value, const char *where,
                     char *err, size_t errlen)
{
    if (strlen(value) >= k->size) {
        snprintf(err, errlen, "%s: value longer than %zu characters (%s)", where, k->size - 1,
                 k->name);
        return -1;
    }
    if (strchr(value, '#')) {
        snprintf(err, errlen, "%s: '#' not allowed in a string value (%s)", where, k->name);
        return -1;
    }
    /* a control character (a newline, say) would write a preset that does
     * not load back: refused with where it is */
    for (const unsigned char *p = (const unsigned char *)value; *p; p++)
        if (*p < 0x20 || *p == 0x7f) {
            snprintf(err, errlen, "%s: control character \\x%02X at offset %zu not allowed in a "
                     "string value (%s)", where, *p, (size_t)(p - (const unsigned char *)value),
                     k->name);
            return -1;
        }
    snprintf((char *)base + k->off, k->size, "%s", value);
    return 0;
}

int key_parse(const key_def *k, void *base, const char *value, const char *where,
              const char *rtl, char *err, size_t errlen)
{
    if (!value[0]) {
        snprintf(err, errlen, "%s: empty value (%s)", where, k->name);
        return -1;
    }
    if (k->type == KEY_STR) return parse_str(k, base, value, where, err, errlen);
    if (k->type == KEY_ENUM) return parse_enum(k, base, value, where, err, errlen);
    if (k->type == KEY_F64) return parse_f64(k, base, value, where, err, errlen);
    uint64_t v = 0;
    int rc = parse_u64(value, &v);
    if (rc == -2) {
        snprintf(err, errlen, "%s: value %s out of range %llu..%llu (%s)", where, value,
                 (unsigned long long)k->min, (unsigned long long)k->max, k->name);
        return -1;
    }
    if (rc < 0) {
        snprintf(err, errlen, "%s: not a number '%s' (%s)", where, value, k->name);
        return -1;
    }
    if (key_check_u64(k, v, where, rtl, err, errlen) < 0) return -1;
    key_put(k, base, v);
    return 0;
}

int key_check_struct(const key_table *t, const void *base, const char *where,
                     char *err, size_t errlen)
{
    for (size_t i = 0; i < t->n; i++) {
        const key_def *k = &t->keys[i];
        if (k->type == KEY_STR || k->type == KEY_F64) continue;
        uint64_t v = key_get(k, base);
        if (k->type == KEY_ENUM) {
            if (strcmp(key_enum_name(k, (uint32_t)v), "?") == 0) {
                snprintf(err, errlen, "%s: bad value %llu (%s)", where, (unsigned long long)v,
                         k->name);
                return -1;
            }
            continue;
        }
        if (key_check_u64(k, v, where, t->rtl, err, errlen) < 0) return -1;
    }
    return 0;
}

void key_format(const key_def *k, const void *base, char *buf, size_t len)
{
    const char *f = (const char *)base + k->off;
    if (k->type == KEY_STR) {
        snprintf(buf, len, "%s", f);
    } else if (k->type == KEY_F64) {
        double v;
        memcpy(&v, f, sizeof v);
        snprintf(buf, len, "%.17g", v);
    } else if (k->type == KEY_ENUM) {
        snprintf(buf, len, "%s", key_enum_name(k, (uint32_t)key_get(k, base)));
    } else {
        snprintf(buf, len, "%llu", (unsigned long long)key_get(k, base));
    }
}

void key_dump(const key_def *k, const void *base, FILE *out)
{
    char v[KEY_VALUE_LEN];
    key_format(k, base, v, sizeof v);
    fprintf(out, "%s = %s\n", k->name, v);
}
