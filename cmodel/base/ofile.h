/* ofile.h -- result files that are never half-written, never clobber what
 * is not a file, never overwrite an input, and leave nothing behind when a
 * signal stops the program (docs/files.md, "Outputs").
 *
 *   ofile_open()    refuses a target that exists and is not a regular file
 *                   (a device, a FIFO, a directory), and creates a temporary
 *                   file beside it (same folder, so the final rename is
 *                   atomic): an unwritable folder is found before any work;
 *                   a target that is a symbolic link is followed: its target
 *                   is written (the temporary beside it), the link is kept;
 *   ofile_fp()      the stream to write to;
 *   ofile_commit()  flushes, fsyncs, checks every write, closes and renames
 *                   the temporary onto the target (ofile_seal + ofile_place);
 *                   on any error the target is left as it was and the
 *                   temporary removed;
 *   ofile_abort()   removes the temporary.
 * Every temporary is tracked from its creation to its rename or removal;
 * ofile_on_signals() installs the one signal policy of the program: on
 * SIGINT, SIGTERM or SIGHUP the tracked temporaries are removed, the child
 * process group (ofile_track_child) is killed, the work folder
 * (ofile_track_dir) removed, and the program exits 128 + the signal (130,
 * 143, 129); finished outputs are never touched.
 * Errors read "PATH: problem" with the path the user gave.
 */
#ifndef OFILE_H
#define OFILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

typedef struct ofile {
    char  path[4096];           /* the target (a link's target when the path is a link) */
    char  shown[4096];          /* the path as the user gave it, for messages */
    char  tmp[4096];            /* the temporary beside it */
    FILE *f;
} ofile;

/* Check that path may be written, create the temporary.  0, or -1 + err. */
int   ofile_open(ofile *o, const char *path, char *err, size_t errlen);

FILE *ofile_fp(ofile *o);

/* 0, or -1 + err ("PATH: write failed (No space left on device)"). */
int   ofile_commit(ofile *o, char *err, size_t errlen);

/* The two halves of ofile_commit, for a writer that puts several files in
 * place only once all of them are whole (--write-trace): seal flushes,
 * fsyncs and closes the temporary, place renames it onto the target. */
int   ofile_seal(ofile *o, char *err, size_t errlen);
int   ofile_place(ofile *o, char *err, size_t errlen);

void  ofile_abort(ofile *o);

/* After writing with result emit_rc (< 0 = the writer failed): commit, or
 * abort with "PATH: write failed; the file was not changed".  0 or -1. */
int   ofile_finish(ofile *o, int emit_rc, char *err, size_t errlen);

/* The temporary beside `path` (beside a link's target) for a writer that
 * opens files by name (the FST writer): checks the target, creates
 * .NAME.XXXXXX in its folder (name in tmp), tracked.  Returns its open
 * descriptor; -1 if the target is refused, -2 if the folder takes no file
 * (err says which). */
int   ofile_reserve(const char *path, char *tmp, size_t len, char *err, size_t errlen);

/* Remove a temporary and stop tracking it. */
void  ofile_discard(const char *tmp);

/* The file an output named `path` writes: path itself, or the target of the
 * symbolic link path is.  -1 + err for a dangling link. */
int   ofile_resolve(const char *path, char *out, size_t len, char *err, size_t errlen);

/* 0 if path may be the target of an output: absent, or a regular file
 * (through a link); -1 + err otherwise.  Used for outputs written by other
 * libraries. */
int   ofile_check_target(const char *path, char *err, size_t errlen);

/* -1 + err "PATH: is also an input of this run (read as IN); refusing to
 * overwrite it (OPT)" when path (through links) is a file infile_open()
 * opened; 0 otherwise. */
int   ofile_is_input(const char *path, const char *opt, char *err, size_t errlen);

/* -1 + err when folder dir holds a file infile_open() opened; 0 otherwise. */
int   ofile_dir_has_input(const char *dir, const char *opt, char *err, size_t errlen);

/* The same file?  (two outputs must not name one file) */
int   ofile_same(const char *a, const char *b);

/* Tracking for the signal policy (see above). */
void  ofile_track(const char *path);
void  ofile_untrack(const char *path);
void  ofile_track_child(pid_t pgid);
void  ofile_track_dir(const char *dir);
void  ofile_on_signals(void);

/* fflush(stdout) and its error: -1 + "standard output: write failed (why)". */
int   ofile_stdout_flush(char *err, size_t errlen);

#endif
