/* ctl_decisions.h -- the decision trace (--decisions FILE): one CSV row per
 * decision of every unit the policy stack obeys,
 *     cycle,core,unit,inputs,decision
 * with the interval sums the decision was taken on as named fields, so that
 * any row can be checked by hand against the paper's rule (each unit writes
 * its own rows, its descriptor's `decisions` (ctl_unit.h); formats and one
 * worked example per unit in the units' pages).
 *
 * The rows come from the C reference models' observation records (the
 * `obs` fields of each unit, C model only): the engine must have a C
 * reference stepping alongside (engine c, or lockstep); the rtl engine has
 * none and is refused before the run (docs/files.md).
 */
#ifndef CTL_DECISIONS_H
#define CTL_DECISIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "ctl_ref.h"

/* The header line. */
void ctl_decisions_header(FILE *f);

/* The rows of the edge that consumed core cycle `cycle`, of the units in
 * `units` (CTL_U_* bits). */
void ctl_decisions_write(FILE *f, const ctl_ref *r, const ctl_cfg *cfg, unsigned units,
                         uint64_t cycle);

/* Wrap engine *e so that every step also writes its decision rows to `path`
 * (through base/ofile: a temporary beside the target, created now, renamed
 * into place by the engine's finish, removed by destroy if never finished).
 * -1 + err, *e unchanged, when the engine has no C reference or the file
 * cannot be created. */
int ctl_decisions_wrap(ctl_engine *e, const char *path, unsigned units, char *err,
                       size_t errlen);

#endif
