/* version.h -- which ctasim this is: its release (the VERSION file), the git
 * commit it was built from and a build id (a hash of the sources compiled in),
 * all three compiled in by the Makefile.  Printed by `ctasim --version` and
 * written into every output (JSON, CSV row, statistics; docs/outputs.md). */
#ifndef VERSION_H
#define VERSION_H

/* "0.9.0" */
const char *version_release(void);
/* 12 hex digits of the commit, "+modified" appended when the work tree had
 * uncommitted changes to tracked files; "unknown" outside git */
const char *version_commit(void);
/* 12 hex digits: SHA-1 of the C/C++ sources and the Makefile compiled in */
const char *version_build(void);
/* the output schema's version (docs/outputs.md, "Stability"): raised when a
 * key or column is renamed, removed or changes meaning or unit */
int version_schema(void);

#endif
