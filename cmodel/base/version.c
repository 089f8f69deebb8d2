/* version.c -- see version.h.  The Makefile defines the three strings for
 * this file only (a stamp under build/ rebuilds it when one changes). */
#include "version.h"

#ifndef CTASIM_VERSION
#define CTASIM_VERSION "0.0.0"
#endif
#ifndef CTASIM_COMMIT
#define CTASIM_COMMIT "unknown"
#endif
#ifndef CTASIM_BUILD
#define CTASIM_BUILD "unknown"
#endif

/* docs/outputs.md, "Stability" */
#define CTASIM_SCHEMA 1

const char *version_release(void) { return CTASIM_VERSION; }
const char *version_commit(void) { return CTASIM_COMMIT; }
const char *version_build(void) { return CTASIM_BUILD; }
int version_schema(void) { return CTASIM_SCHEMA; }
