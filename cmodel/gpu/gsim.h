/* gsim.h -- GPGPU-Sim / Accel-Sim option files (gpgpusim.config,
 * trace.config) read directly and mapped onto ctasim's keys.
 *
 * The files are read as GPGPU-Sim's option parser reads them
 * (src/option_parser.cc, OptionParser::ParseFile / ParseStringStream): '#'
 * to the end of a line is a comment, the rest is one stream of
 * whitespace-separated tokens, `-name value` pairs, a value that starts with
 * '"' runs to the token that ends with '"' (across lines), and an option
 * given again replaces the earlier value (the last one wins, across files
 * too: Accel-Sim reads gpgpusim.config, then trace.config).
 *
 * Every option with a ctasim counterpart is mapped by one row of a table
 * (gsim.c: option, field of a compound value, key, conversion, the other
 * option the conversion reads, a condition) and set through the registry
 * (cfg_set_at) with the option's file and line, so a value out of a key's
 * range is refused as `FILE:LINE: value 80 out of range 1..64 (core.count)
 * from -gpgpu_n_clusters 80 x -gpgpu_n_cores_per_cluster 1`.  A malformed
 * value, or one no key can hold, is refused the same way.  Options (and
 * fields of compound options) with no counterpart are collected and listed
 * once (gsim_print_unmodelled, and at the end of a written preset).
 * An option absent from the files leaves its keys as they were; an option a
 * conversion combines with a given one takes GPGPU-Sim's default when absent
 * (gsim.c, gsim_partners).  See docs/config.md "Reading Accel-Sim configs".
 */
#ifndef GSIM_H
#define GSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "cfg.h"

#define GSIM_MAX_OPTS   512     /* distinct options over all files */
#define GSIM_NAME_MAX   64      /* option name, with the leading '-' */
#define GSIM_VALUE_MAX  320     /* one value (a quoted one joined with single spaces) */
#define GSIM_MAX_FILES  4
#define GSIM_MAX_SET    128     /* keys set from options */
#define GSIM_FILE_BYTES (1u << 20)

/* One option as read (the last occurrence). */
typedef struct gsim_opt {
    char     name[GSIM_NAME_MAX];
    char     value[GSIM_VALUE_MAX];
    uint8_t  file;              /* index in gsim.files */
    uint8_t  has_value;         /* 0: the name was followed by another name or the end */
    uint32_t line;              /* line of the name */
    uint8_t  fmt;               /* its value's format, once a row has read it */
    uint32_t present;           /* the fields given in it (bit i = field i of fmt), once read */
    uint32_t used;              /* the fields rows read */
} gsim_opt;

/* One key set from options: what the preset's comment and a later error name. */
typedef struct gsim_set {
    const char *key;            /* the row's key (static text) */
    char     value[128];        /* the value handed to the registry (amap.mapping: < 128) */
    char     from[200];         /* how: "-gpgpu_n_clusters 28 x -gpgpu_n_cores_per_cluster 1" */
    uint8_t  nw;                /* the other options it combines, given in the files: */
    uint8_t  wfile[3];          /*   file index */
    uint32_t wline[3];          /*   line */
    uint8_t  file;              /* the row's option: file and line (the key's origin) */
    uint32_t line;
    char     refused[240];      /* deferred refusal (gsim_apply with GSIM_DEFER), else "" */
} gsim_set;

typedef struct gsim {
    char     files[GSIM_MAX_FILES][1024];
    uint32_t n_files;
    gsim_opt opt[GSIM_MAX_OPTS];
    uint32_t n_opt;
    gsim_set set[GSIM_MAX_SET];
    uint32_t n_set;
    uint32_t n_refused;         /* deferred refusals */
} gsim;

/* Read a GPGPU-Sim option file into g (options given again replace the
 * earlier ones).  0, or -1 + "FILE:LINE: problem" in err. */
int  gsim_read(gsim *g, const char *path, char *err, size_t errlen);

/* gsim_read of config, then of trace_config; when trace_config is NULL,
 * of the trace.config beside config if there is one. */
int  gsim_load(gsim *g, const char *config, const char *trace_config, char *err, size_t errlen);

enum gsim_mode {
    GSIM_STRICT = 0,            /* a value the registry refuses stops (the run) */
    GSIM_DEFER                  /* recorded in the set entry and skipped (a preset being written) */
};

/* Map every option with a counterpart onto c's keys.  0, or -1 + err. */
int  gsim_apply(gsim *g, gpu_cfg *c, int mode, char *err, size_t errlen);

/* A cfg_check() refusal at a file:line an option was read on gets
 * " from -option" appended. */
void gsim_explain(const gsim *g, char *err, size_t errlen);

/* Options (and fields of compound values) with no counterpart: how many,
 * and the one line "FILE: N options ...: -a, -b[f1,f2], ..." on out. */
uint32_t gsim_unmodelled(const gsim *g);
void     gsim_print_unmodelled(const gsim *g, FILE *out);

/* Write the configuration with where each key comes from: every key
 * (all = 1, --dump-config) or only those not at their default (a preset,
 * with a header naming the files).  A key set from options is followed by
 * "# -option value (FILE:LINE)"; from a --config file "# FILE:LINE"; from
 * --set "# --set".  The unmodelled options end it.  g may be NULL.
 * Returns 0, or -1 if out failed. */
int  gsim_write(const gsim *g, const gpu_cfg *c, FILE *out, int all);

/* The mapping table as a markdown table (docs/config.md keeps a copy). */
void gsim_table_md(FILE *out);

/* The table's consistency: 0, or -1 + what is wrong (a unit test runs it). */
int  gsim_selfcheck(char *err, size_t errlen);

#endif
