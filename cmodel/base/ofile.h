/* ofile.h -- result files that are never half-written and never clobber
 * what is not a file.
 *
 *   ofile_open()    refuses a target that exists and is not a regular file
 *                   (a device, a FIFO, a directory), and creates a temporary
 *                   file beside it (same folder, so the final rename is
 *                   atomic): an unwritable folder is found before any work;
 *   ofile_fp()      the stream to write to;
 *   ofile_commit()  flushes, fsyncs, checks every write, closes and renames
 *                   the temporary onto the target; on any error the target
 *                   is left as it was and the temporary removed;
 *   ofile_abort()   removes the temporary.
 * Errors read "PATH: problem" with the path the user gave.
 */
#ifndef OFILE_H
#define OFILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct ofile {
    char  path[4096];           /* the target */
    char  tmp[4096];            /* the temporary beside it */
    FILE *f;
} ofile;

/* Check that path may be written, create the temporary.  0, or -1 + err. */
int   ofile_open(ofile *o, const char *path, char *err, size_t errlen);

FILE *ofile_fp(ofile *o);

/* 0, or -1 + err ("PATH: write failed (No space left on device)"). */
int   ofile_commit(ofile *o, char *err, size_t errlen);

void  ofile_abort(ofile *o);

/* After writing with result emit_rc (< 0 = the writer failed): commit, or
 * abort with "PATH: write failed; the file was not changed".  0 or -1. */
int   ofile_finish(ofile *o, int emit_rc, char *err, size_t errlen);

/* The temporary beside `path` for a writer that opens files by name (the
 * FST writer): checks the target, creates .NAME.XXXXXX in its folder (name
 * in tmp).  Returns its open descriptor; -1 if the target is refused, -2 if
 * the folder takes no file (err says which). */
int   ofile_reserve(const char *path, char *tmp, size_t len, char *err, size_t errlen);

/* 0 if path may be the target of an output: absent, or a regular file;
 * -1 + err otherwise.  Used for outputs written by other libraries. */
int   ofile_check_target(const char *path, char *err, size_t errlen);

/* The same file?  (two outputs must not name one file) */
int   ofile_same(const char *a, const char *b);

#endif
