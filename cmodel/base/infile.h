/* infile.h -- opening what a user names as input, and quoting what came
 * from it.
 *
 * infile_open() refuses, with one line naming the path, anything but a
 * regular file of at most max_bytes (0 = no limit): a directory given where
 * a file is expected, a device (/dev/zero would be read until memory runs
 * out), a FIFO.  It skips a UTF-8 byte-order mark.
 * text_quote() makes a fragment of user input safe for a one-line message:
 * control characters and bytes that are not UTF-8 become \xNN, and it is
 * cut at `max` characters with "...".
 */
#ifndef INFILE_H
#define INFILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Every file infile_open() opened in this process is remembered (device
 * and inode, and the path as given), so that an output can be checked
 * against every input before anything is written (ofile_is_input): the
 * one process-wide record of this module, appended to while inputs are
 * read, never from a signal handler. */
typedef struct infile_seen {
    unsigned long long dev, ino;
    char path[256];             /* as given, cut */
} infile_seen;

/* The remembered input that is the file `dev`/`ino`, or NULL. */
const infile_seen *infile_find(unsigned long long dev, unsigned long long ino);

/* The i-th remembered input, NULL past the last. */
const infile_seen *infile_nth(size_t i);

/* Forget every remembered input (tests, fuzzers). */
void infile_forget(void);

/* `what` names the expected thing ("configuration file", "workload").
 * NULL + "PATH:0: problem" in err. */
FILE *infile_open(const char *path, const char *what, uint64_t max_bytes, char *err,
                  size_t errlen);

/* After infile_open failed on a file named at `from` (a file:line that
 * includes or lists it): rewrite err "PATH:0: why" as
 * "FROM: cannot open WHAT (PATH: why)". */
void  infile_error_from(char *err, size_t errlen, const char *from, const char *what,
                        const char *path);

/* Skip a UTF-8 BOM at the current position (the start of a file). */
void  infile_skip_bom(FILE *f);

/* Quote s (at most max visible characters) into out. Returns out. */
char *text_quote(const char *s, size_t max, char *out, size_t outlen);

/* Edit distance of a and b (insertions, deletions, substitutions, swaps of
 * neighbours), capped at 9: the "did you mean" of unknown keys and options. */
unsigned text_distance(const char *a, const char *b);

/* Keep `cand` as *best when it is nearer to s than *best_d and near enough
 * to be a likely typo (distance <= 2, less than cand's length).  Start
 * with *best = NULL, *best_d = 10. */
void  text_nearest(const char *s, const char *cand, const char **best, unsigned *best_d);

/* A name from input kept for later printing: s as is (cut to outlen) when
 * it is printable UTF-8, else quoted as text_quote does. Returns out. */
char *text_safe(const char *s, char *out, size_t outlen);

/* Quote a whole message in place (a parser's error line built from input). */
void  text_clean(char *msg, size_t cap);

#endif
