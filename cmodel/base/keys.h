/* keys.h -- configuration key tables: how a module declares its parameters.
 *
 * Every module that has parameters owns a params struct and one key table
 * describing its fields: name, type, range, the width of the RTL register
 * that holds it (if any), unit, source and help.  The configuration
 * registry (gpu/cfg.c) gathers the tables; the checks here are the only
 * place a value is judged, so every refusal has one format:
 *
 *     WHERE: PROBLEM (KEY)
 *
 * where WHERE is "file:line" or "<command line>".
 */
#ifndef KEYS_H
#define KEYS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum key_type { KEY_U32 = 0, KEY_U64, KEY_ENUM, KEY_STR, KEY_F64 };

typedef struct key_def {
    const char *name;           /* dotted key, e.g. "dram.tCL" */
    uint8_t     type;           /* enum key_type */
    uint8_t     bits;           /* width of the RTL register holding it; 0 = none */
    size_t      off;            /* offset of the field in the module's struct */
    size_t      size;           /* KEY_STR: buffer size */
    uint64_t    min, max;       /* accepted range (KEY_U32 / KEY_U64) */
    double      fmax;           /* KEY_F64: accepted range 0..fmax */
    const char *const *names;   /* KEY_ENUM: value names, NULL-terminated */
    const char *unit;           /* "cycles", "bytes", "MHz", "%", "" */
    const char *source;         /* where the default comes from (paper section, preset) */
    const char *help;
} key_def;

typedef struct key_table {
    const char    *module;      /* owning module, e.g. "dram" */
    const char    *rtl;         /* RTL file whose registers the widths describe, or NULL */
    const key_def *keys;
    size_t         n;
} key_table;

#define KEY_TABLE(mod, rtl, rows) { mod, rtl, rows, sizeof rows / sizeof rows[0] }

/* Row builders: S = the module's struct type. */
#define KEY_U(S, k, f, lo, hi, bits_, unit_, src, h) \
    { .name = k, .type = KEY_U32, .bits = bits_, .off = offsetof(S, f), .min = lo, .max = hi, \
      .unit = unit_, .source = src, .help = h }
#define KEY_U64R(S, k, f, lo, hi, unit_, src, h) \
    { .name = k, .type = KEY_U64, .off = offsetof(S, f), .min = lo, .max = hi, \
      .unit = unit_, .source = src, .help = h }
#define KEY_E(S, k, f, names_, src, h) \
    { .name = k, .type = KEY_ENUM, .off = offsetof(S, f), .names = names_, .unit = "", \
      .source = src, .help = h }
#define KEY_S(S, k, f, src, h) \
    { .name = k, .type = KEY_STR, .off = offsetof(S, f), .size = sizeof(((S *)0)->f), \
      .unit = "", .source = src, .help = h }
#define KEY_F(S, k, off_, hi, unit_, src, h) \
    { .name = k, .type = KEY_F64, .off = off_, .fmax = hi, .unit = unit_, .source = src, .help = h }

/* Parse value into the field of `k` inside `base`.  0, or -1 with
 * "where: problem (key)" in err. */
int  key_parse(const key_def *k, void *base, const char *value, const char *where,
               const char *rtl, char *err, size_t errlen);

/* Check a number against k's range and register width (0 or -1 + err). */
int  key_check_u64(const key_def *k, uint64_t v, const char *where, const char *rtl,
                   char *err, size_t errlen);

/* Check every field of a table's struct (for structs filled by code). */
int  key_check_struct(const key_table *t, const void *base, const char *where,
                      char *err, size_t errlen);

/* Read the field as a number (KEY_U32 / KEY_U64 / KEY_ENUM). */
uint64_t key_get(const key_def *k, const void *base);

/* Write `k = value` (loadable by the registry) for one row. */
void key_dump(const key_def *k, const void *base, FILE *out);

/* The value alone, as key_dump writes it, into buf.  KEY_VALUE_LEN holds any
 * value: a number, an enum's name or a whole string key (whose size, with its
 * terminator, must not exceed it: test_cfg checks every key of the registry). */
#define KEY_VALUE_LEN 256
void key_format(const key_def *k, const void *base, char *buf, size_t len);

/* Name of an enum value, "?" if out of range. */
const char *key_enum_name(const key_def *k, uint32_t v);

/* Linear look-up by name in one table; NULL if absent. */
const key_def *key_find(const key_table *t, const char *name);

#endif
