/* jw.h -- a small streaming JSON writer over a FILE* (no tree is built).
 *
 *   jw w;
 *   jw_init(&w, f);
 *   jw_object_begin(&w);
 *   jw_key(&w, "name");  jw_string(&w, k->name);
 *   jw_key(&w, "ipc");   jw_double(&w, "%.6f", ipc);
 *   jw_object_end(&w);
 *   if (jw_finish(&w) < 0) ...   (then fclose(f) and check it)
 *
 * The writer puts the commas: ", " between the items of an object or array,
 * ": " after a key.  jw_break(w, n) asks for a line break and n spaces of
 * indent before the next item (after its comma, if one is due), so a
 * document keeps a fixed, hand-chosen layout.  Numbers are printed with the
 * caller's printf format, so output can match an earlier writer byte for
 * byte.  Strings are escaped: '"' and '\\' with a backslash, control
 * characters as \b \f \n \r \t or \u00XX; other bytes (UTF-8) pass through.
 *
 * Errors are sticky: a misuse (a key outside an object, a value without a
 * key in an object, an unbalanced end, nesting deeper than JW_MAX_DEPTH, a
 * second root value) or a failed write sets the flag; later calls write
 * nothing.  Check it once at the end with jw_finish.  A non-finite double
 * (JSON has no NaN or infinity) is written as null.
 *
 * The writer gathers its pieces in its own buffer and hands them to the FILE
 * in blocks of JW_BUF bytes (one fwrite each, not one fputs per token), and
 * the rest at jw_finish; nothing else may write to the FILE between jw_init
 * and jw_finish.  Over an unbuffered FILE (setvbuf _IONBF) every piece is
 * handed on at once, so a failing write shows at the call that made it.
 */
#ifndef JW_H
#define JW_H

#include <stdint.h>
#include <stdio.h>

#define JW_MAX_DEPTH 32

#define JW_BUF 4096                 /* bytes gathered before one fwrite */

typedef struct jw {                 /* fields are private; on the stack is fine */
    FILE    *f;
    size_t   n;                     /* bytes waiting in buf */
    int      direct;                /* f is unbuffered: hand each piece on at once */
    int      err;                   /* sticky: nonzero after any error */
    int      depth;                 /* open containers */
    int      indent;                /* pending break: spaces after "\n", or -1 */
    uint8_t  is_obj[JW_MAX_DEPTH];  /* container kind per level */
    uint8_t  has_item[JW_MAX_DEPTH];/* an item was written at that level */
    uint8_t  keyed;                 /* in an object: a key waits for its value */
    uint8_t  done;                  /* the root value is complete */
    char     buf[JW_BUF];
} jw;

void jw_init(jw *w, FILE *f);
void jw_object_begin(jw *w);
void jw_object_end(jw *w);
void jw_array_begin(jw *w);
void jw_array_end(jw *w);
void jw_key(jw *w, const char *key);            /* in an object, before each value */
void jw_string(jw *w, const char *s);
void jw_u64(jw *w, uint64_t v);
void jw_i64(jw *w, int64_t v);
void jw_bool(jw *w, int v);                      /* true / false */
void jw_null(jw *w);                             /* null (a rate of nothing, say) */
void jw_double(jw *w, const char *fmt, double v); /* fmt: one double conversion, e.g. "%.6f" */
void jw_break(jw *w, int indent);               /* "\n" + indent spaces before the next item */

/* End the document: 0 when the root value is complete, no error occurred and
 * the final "\n" was written and flushed; -1 otherwise.  The FILE stays open. */
int  jw_finish(jw *w);
int  jw_error(const jw *w);                     /* the sticky flag */

#endif
