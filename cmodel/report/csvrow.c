/* csvrow.c -- the CSV summary row from its column table (STATS_CSV_ROW,
 * stats_table.h).  See csvrow.h. */
#include <inttypes.h>
#include <string.h>
#include "csvrow.h"
#include "stats_table.h"
#include "version.h"

/* A text field, quoted when it holds a comma, a quote or a line break. */
static void put_text(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) { fputs(s, out); return; }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

void csvrow_header(FILE *out)
{
    size_t i = 0;
#define CSV_NAME(name, ...) if (i++) fputc(',', out); put_text(out, #name);
    STATS_CSV_ROW(CSV_NAME)
#undef CSV_NAME
    fputc('\n', out);
}

/* The columns of stats_table.h's STATS_CSV_ROW, of the run r and its total t. */
void csvrow_write(FILE *out, const csvrow_run *r)
{
    const kstats *t = &r->rep->total;
    size_t i = 0;
#define CSV_STR(v, fmt) put_text(out, v)
#define CSV_U64(v, fmt) fprintf(out, "%" PRIu64, (uint64_t)(v))
#define CSV_DBL(v, fmt) fprintf(out, fmt, v)
#define CSV_VAL(name, unit, desc, type, v, fmt) if (i++) fputc(',', out); CSV_##type(v, fmt);
    STATS_CSV_ROW(CSV_VAL)
#undef CSV_VAL
    fputc('\n', out);
}
