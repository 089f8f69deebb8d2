/* ctl_decisions.c -- the decision trace.  See ctl_decisions.h; each unit
 * writes its own rows (its descriptor's `decisions`, in its folder units/NAME/);
 * the row formats are documented in the units' pages and docs/files.md. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "ctl_decisions.h"
#include "ofile.h"
#include "ctl_unit.h"

void ctl_decisions_header(FILE *f)
{
    fputs("cycle,core,unit,inputs,decision\n", f);
}

void ctl_decisions_write(FILE *f, const ctl_ref *r, const ctl_cfg *cfg, unsigned units,
                         uint64_t cycle)
{
    for (int i = 0; i < CTL_NUNITS; i++)
        if (units & ctl_units[i]->bit) ctl_units[i]->decisions(f, r->state[i], cfg, cycle);
}

/* ---------------------------------------------------------------- the wrapper */

typedef struct dec_eng {
    ctl_engine inner;
    ofile out;
    unsigned units;
    int open;               /* the temporary exists, not yet committed */
} dec_eng;

static int dec_reset(void *impl, const ctl_cfg *cfg, ctl_out *out, char *err, size_t errlen)
{
    dec_eng *d = impl;
    return d->inner.reset(d->inner.impl, cfg, out, err, errlen);
}

static int dec_step(void *impl, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out,
                    uint64_t cycle, char *err, size_t errlen)
{
    dec_eng *d = impl;
    int rc = d->inner.step(d->inner.impl, cfg, in, out, cycle, err, errlen);
    const ctl_ref *r = d->inner.reference(d->inner.impl);
    if (r) ctl_decisions_write(ofile_fp(&d->out), r, cfg, d->units, cycle);
    return rc;
}

static uint64_t dec_compared(void *impl)
{
    dec_eng *d = impl;
    return d->inner.compared ? d->inner.compared(d->inner.impl) : 0;
}

/* The decisions first, then what the inner engine writes (the waveform
 * last, docs/files.md); a failure of one does not stop the other. */
static int dec_finish(void *impl, char *err, size_t errlen)
{
    dec_eng *d = impl;
    int rc = 0;
    if (d->open) {
        d->open = 0;
        if (ofile_commit(&d->out, err, errlen) < 0) {
            rc = -1;
            if (d->inner.finish) fprintf(stderr, "ctasim: %s\n", err);
        }
    }
    if (d->inner.finish && d->inner.finish(d->inner.impl, err, errlen) < 0) rc = -1;
    return rc;
}

static void dec_destroy(void *impl)
{
    dec_eng *d = impl;
    if (d->open) ofile_abort(&d->out);
    if (d->inner.destroy) d->inner.destroy(d->inner.impl);
    free(d);
}

static const ctl_ref *dec_reference(void *impl)
{
    dec_eng *d = impl;
    return d->inner.reference(d->inner.impl);
}

int ctl_decisions_wrap(ctl_engine *e, const char *path, unsigned units, char *err,
                       size_t errlen)
{
    if (!e->reference || !e->reference(e->impl)) {
        snprintf(err, errlen, "<command line>: --decisions needs the c or lockstep engine "
                 "(the decisions are read from the C reference models) (--decisions)");
        return -1;
    }
    dec_eng *d = calloc(1, sizeof *d);
    if (!d) { snprintf(err, errlen, "out of memory"); return -1; }
    if (ofile_open(&d->out, path, err, errlen) < 0) { free(d); return -1; }
    d->inner = *e;
    d->units = units & CTL_U_ALL;
    d->open = 1;
    ctl_decisions_header(ofile_fp(&d->out));
    memset(e, 0, sizeof *e);
    e->name = d->inner.name;
    e->impl = d;
    e->reset = dec_reset;
    e->step = dec_step;
    e->compared = dec_compared;
    e->finish = dec_finish;
    e->destroy = dec_destroy;
    e->reference = dec_reference;
    return 0;
}
