/* csvrow.h -- the one-line CSV summary of a run (ctasim --csv-header,
 * --csv-row), for sweeps and benchmarks.  Header and row come from one table
 * of columns (STATS_CSV_ROW in stats_table.h), so they cannot drift apart.
 * A text field holding a comma, a double quote or a line break is quoted as
 * RFC 4180 says ("a,b" becomes "\"a,b\"", a quote inside is doubled); numbers
 * never need it.
 */
#ifndef CSVROW_H
#define CSVROW_H

#include <stdio.h>
#include "power.h"
#include "stats.h"

typedef struct csvrow_run {         /* what one row describes */
    uint32_t            static_n;   /* the static CTA limit, 0 when not static */
    const char         *workload;   /* workload or trace path as given */
    const char         *engine;     /* "c", "rtl" or "lockstep" */
    const report       *rep;
    const power_report *pw;
} csvrow_run;

void csvrow_header(FILE *out);                      /* names, then "\n" */
void csvrow_write(FILE *out, const csvrow_run *run); /* values, then "\n" */

#endif
