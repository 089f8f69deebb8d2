/* test_jw.c -- the streaming JSON writer: escaping, nesting and commas,
 * layout breaks, number formats, misuse and write failures (sticky flag). */
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "jw.h"

/* A writer over an in-memory stream; out() closes it and returns the text. */
typedef struct mem { FILE *f; char *buf; size_t len; jw w; } mem;

static void mem_open(mem *m)
{
    memset(m, 0, sizeof *m);
    m->f = open_memstream(&m->buf, &m->len);
    assert_non_null(m->f);
    jw_init(&m->w, m->f);
}

/* Finish the document; expect rc; the caller frees m->buf. */
static const char *mem_finish(mem *m, int rc)
{
    assert_int_equal(jw_finish(&m->w), rc);
    assert_int_equal(fclose(m->f), 0);
    return m->buf;
}

static void string_of(const char *s, const char *want)
{
    mem m;
    mem_open(&m);
    jw_string(&m.w, s);
    assert_string_equal(mem_finish(&m, 0), want);
    free(m.buf);
}

static void escapes(void **state)
{
    string_of("plain", "\"plain\"\n");
    string_of("a\"b", "\"a\\\"b\"\n");
    string_of("a\\b", "\"a\\\\b\"\n");
    string_of("line\nnext", "\"line\\nnext\"\n");
    string_of("\t\r\b\f", "\"\\t\\r\\b\\f\"\n");
    string_of("\x01\x1f", "\"\\u0001\\u001f\"\n");
    string_of("", "\"\"\n");
    /* UTF-8 and DEL pass through unchanged */
    string_of("\xc3\xa9t\xc3\xa9 \xe2\x82\xac \x7f", "\"\xc3\xa9t\xc3\xa9 \xe2\x82\xac \x7f\"\n");
}

/* A string longer than the internal chunk, every byte escaped. */
static void long_string(void **state)
{
    char in[1001], want[2100];
    size_t n = 0;
    want[n++] = '"';
    for (int i = 0; i < 1000; i++) { in[i] = '"'; want[n++] = '\\'; want[n++] = '"'; }
    in[1000] = 0;
    want[n++] = '"';
    want[n++] = '\n';
    want[n] = 0;
    string_of(in, want);
}

static void escaped_key(void **state)
{
    mem m;
    mem_open(&m);
    jw_object_begin(&m.w);
    jw_key(&m.w, "k\"\n");
    jw_u64(&m.w, 1);
    jw_object_end(&m.w);
    assert_string_equal(mem_finish(&m, 0), "{\"k\\\"\\n\": 1}\n");
    free(m.buf);
}

static void nesting_and_commas(void **state)
{
    mem m;
    mem_open(&m);
    jw_object_begin(&m.w);
    jw_key(&m.w, "a");
    jw_array_begin(&m.w);
    jw_u64(&m.w, 1);
    jw_array_begin(&m.w);
    jw_array_end(&m.w);
    jw_object_begin(&m.w);
    jw_object_end(&m.w);
    jw_object_begin(&m.w);
    jw_key(&m.w, "x");
    jw_string(&m.w, "y");
    jw_key(&m.w, "z");
    jw_i64(&m.w, -3);
    jw_object_end(&m.w);
    jw_array_end(&m.w);
    jw_key(&m.w, "b");
    jw_u64(&m.w, 2);
    jw_object_end(&m.w);
    assert_string_equal(mem_finish(&m, 0),
                        "{\"a\": [1, [], {}, {\"x\": \"y\", \"z\": -3}], \"b\": 2}\n");
    free(m.buf);
}

/* jw_break: comma first, then the line break and indent; before the first
 * item no comma; before a closing bracket the break alone. */
static void breaks(void **state)
{
    mem m;
    mem_open(&m);
    jw_object_begin(&m.w);
    jw_key(&m.w, "a");
    jw_u64(&m.w, 1);
    jw_break(&m.w, 1);
    jw_key(&m.w, "l");
    jw_array_begin(&m.w);
    jw_break(&m.w, 2);
    jw_u64(&m.w, 1);
    jw_break(&m.w, 2);
    jw_u64(&m.w, 2);
    jw_break(&m.w, 0);
    jw_array_end(&m.w);
    jw_object_end(&m.w);
    assert_string_equal(mem_finish(&m, 0), "{\"a\": 1,\n \"l\": [\n  1,\n  2\n]}\n");
    free(m.buf);
}

static void numbers(void **state)
{
    mem m;
    mem_open(&m);
    jw_array_begin(&m.w);
    jw_u64(&m.w, 0);
    jw_u64(&m.w, UINT64_MAX);
    jw_i64(&m.w, INT64_MIN);
    jw_i64(&m.w, INT64_MAX);
    jw_double(&m.w, "%.6f", 0.5);
    jw_double(&m.w, "%.3f", 2.0 / 3.0);
    jw_double(&m.w, "%.9g", 1e-12 / 3);
    jw_double(&m.w, "%.6e", 12345.678);
    jw_double(&m.w, "%.9g", 86.0);
    jw_double(&m.w, "%.6f", NAN);   /* JSON has no NaN or infinity */
    jw_double(&m.w, "%.6f", -INFINITY);
    jw_array_end(&m.w);
    assert_string_equal(mem_finish(&m, 0),
                        "[0, 18446744073709551615, -9223372036854775808, 9223372036854775807, "
                        "0.500000, 0.667, 3.33333333e-13, 1.234568e+04, 86, null, null]\n");
    free(m.buf);
}

/* Misuse sets the sticky flag and nothing more is written. */
static void misuse(void **state)
{
    static const int cases = 7;
    for (int c = 0; c < cases; c++) {
        mem m;
        mem_open(&m);
        switch (c) {
        case 0: jw_object_begin(&m.w); jw_u64(&m.w, 1); break;           /* value without key */
        case 1: jw_array_begin(&m.w); jw_key(&m.w, "k"); break;          /* key in an array */
        case 2: jw_object_begin(&m.w); jw_key(&m.w, "k"); jw_key(&m.w, "j"); break;
        case 3: jw_array_begin(&m.w); jw_object_end(&m.w); break;        /* wrong end */
        case 4: jw_array_end(&m.w); break;                               /* end at the root */
        case 5: jw_u64(&m.w, 1); jw_u64(&m.w, 2); break;                 /* two roots */
        case 6: jw_object_begin(&m.w); jw_key(&m.w, "k"); jw_object_end(&m.w); break;
        }
        assert_true(jw_error(&m.w));
        size_t before = (fflush(m.f), m.len);
        jw_string(&m.w, "more");
        jw_array_begin(&m.w);
        assert_int_equal(jw_finish(&m.w), -1);
        assert_int_equal(fclose(m.f), 0);
        assert_int_equal(m.len, before);
        free(m.buf);
    }
}

static void unfinished(void **state)
{
    mem m;
    mem_open(&m);
    jw_object_begin(&m.w);
    assert_false(jw_error(&m.w));
    mem_finish(&m, -1);
    free(m.buf);
    mem_open(&m);                      /* nothing written at all */
    mem_finish(&m, -1);
    free(m.buf);
}

static void depth_bound(void **state)
{
    mem m;
    mem_open(&m);
    for (int i = 0; i < JW_MAX_DEPTH; i++) jw_array_begin(&m.w);
    assert_false(jw_error(&m.w));
    jw_array_begin(&m.w);
    assert_true(jw_error(&m.w));
    mem_finish(&m, -1);
    free(m.buf);
    mem_open(&m);                      /* exactly JW_MAX_DEPTH levels are fine */
    for (int i = 0; i < JW_MAX_DEPTH; i++) jw_array_begin(&m.w);
    for (int i = 0; i < JW_MAX_DEPTH; i++) jw_array_end(&m.w);
    mem_finish(&m, 0);
    free(m.buf);
}

/* A pipe whose read end is closed: every write fails with EPIPE (SIGPIPE
 * ignored).  Buffered, the failure shows at jw_finish's flush; unbuffered,
 * at the first write, and the flag stays set. */
static FILE *broken_pipe(int buffered)
{
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    close(fd[0]);
    FILE *f = fdopen(fd[1], "w");
    assert_non_null(f);
    if (!buffered) setvbuf(f, NULL, _IONBF, 0);
    return f;
}

static void write_failure(void **state)
{
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    for (int buffered = 0; buffered < 2; buffered++) {
        FILE *f = broken_pipe(buffered);
        jw w;
        jw_init(&w, f);
        jw_object_begin(&w);
        assert_int_equal(jw_error(&w), !buffered);
        jw_key(&w, "k");
        jw_string(&w, "v");
        jw_object_end(&w);
        assert_int_equal(jw_finish(&w), -1);
        assert_true(jw_error(&w));
        fclose(f);
    }
    signal(SIGPIPE, old);
}

/* A full in-memory buffer (fmemopen, 8 bytes, unbuffered) fails the same way. */
static void full_buffer(void **state)
{
    char buf[8];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    assert_non_null(f);
    setvbuf(f, NULL, _IONBF, 0);
    jw w;
    jw_init(&w, f);
    jw_string(&w, "longer than eight bytes");
    assert_int_equal(jw_finish(&w), -1);
    fclose(f);
}

/* A document of several JW_BUF blocks (an array of numbers and strings, some
 * with a quote to escape, whose text crosses each block boundary at a
 * different offset) comes out whole and in order,
 * over a buffered and an unbuffered FILE alike (a temporary file: a memory
 * stream cannot be unbuffered). */
static void many_blocks(void **state)
{
    static char want[8 * JW_BUF], got[8 * JW_BUF];
    for (int unbuffered = 0; unbuffered < 2; unbuffered++) {
        FILE *f = tmpfile();
        assert_non_null(f);
        if (unbuffered) setvbuf(f, NULL, _IONBF, 0);
        jw w;
        jw_init(&w, f);
        size_t n = 0;
        want[n++] = '[';
        jw_array_begin(&w);
        for (uint64_t v = 0, i = 0; n < 3 * JW_BUF; v = v * 7 + 3, i++) {
            if (i % 3 == 2) {          /* a string: quoted in one piece or escaped */
                char text[40];
                snprintf(text, sizeof text, "s%llu%s", (unsigned long long)v, i % 2 ? "\"" : "");
                jw_string(&w, text);
                n += (size_t)sprintf(want + n, ", \"s%llu%s\"", (unsigned long long)v,
                                     i % 2 ? "\\\"" : "");
                continue;
            }
            jw_u64(&w, v);
            n += (size_t)sprintf(want + n, "%s%llu", i ? ", " : "", (unsigned long long)v);
        }
        jw_array_end(&w);
        n += (size_t)sprintf(want + n, "]\n");
        assert_int_equal(jw_finish(&w), 0);
        rewind(f);
        size_t len = fread(got, 1, sizeof got - 1, f);
        got[len] = 0;
        assert_int_equal(len, n);
        assert_string_equal(got, want);
        fclose(f);
    }
}

static void null_file(void **state)
{
    jw w;
    jw_init(&w, NULL);
    assert_true(jw_error(&w));
    jw_u64(&w, 1);
    assert_int_equal(jw_finish(&w), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(escapes),
        cmocka_unit_test(long_string),
        cmocka_unit_test(escaped_key),
        cmocka_unit_test(nesting_and_commas),
        cmocka_unit_test(breaks),
        cmocka_unit_test(numbers),
        cmocka_unit_test(misuse),
        cmocka_unit_test(unfinished),
        cmocka_unit_test(depth_bound),
        cmocka_unit_test(write_failure),
        cmocka_unit_test(full_buffer),
        cmocka_unit_test(many_blocks),
        cmocka_unit_test(null_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
