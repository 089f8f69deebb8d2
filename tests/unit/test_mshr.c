/* test_mshr.c -- MSHR table: allocation, merging up to the limit, release. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include "mshr.h"

static void bad_sizes(void **state)
{
    mshr m;
    assert_int_equal(mshr_init(&m, 0, 4), -1);
    assert_int_equal(mshr_init(&m, 4, 0), -1);
}

/* merge limit 3: the 4th token for the same line is refused (caller stalls) */
static void merge_up_to_limit_then_stall(void **state)
{
    mshr m;
    assert_int_equal(mshr_init(&m, 2, 3), 0);
    assert_int_equal(mshr_find(&m, 0x40), -1);
    int e = mshr_alloc(&m, 0x40, 100, 0);
    assert_true(e >= 0);
    assert_int_equal(mshr_add(&m, e, 11), 0);
    assert_int_equal(mshr_find(&m, 0x40), e);
    assert_int_equal(mshr_add(&m, e, 12), 0);
    assert_true(mshr_has_room(&m, e));
    assert_int_equal(mshr_add(&m, e, 13), 0);
    assert_false(mshr_has_room(&m, e));
    assert_int_equal(mshr_add(&m, e, 14), -1);
    assert_int_equal(m.ntok[e], 3);
    assert_int_equal(m.t_alloc[e], 100);
    mshr_free(&m);
}

/* n entries then full; release frees one; tokens are kept in arrival order
 * and all go with the entry on release. */
static void full_and_release(void **state)
{
    mshr m;
    mshr_init(&m, 2, 4);
    int a = mshr_alloc(&m, 1, 0, 0);
    int b = mshr_alloc(&m, 2, 0, 0);
    assert_true(a >= 0 && b >= 0 && a != b);
    assert_true(mshr_full(&m));
    assert_int_equal(mshr_alloc(&m, 3, 0, 0), -1);
    mshr_add(&m, a, 7);
    mshr_add(&m, a, 8);
    mshr_add(&m, a, 9);
    const uint32_t *t = &m.tok[(size_t)a * m.merge];
    assert_int_equal(m.ntok[a], 3);
    assert_int_equal(t[0], 7);
    assert_int_equal(t[1], 8);
    assert_int_equal(t[2], 9);
    mshr_release(&m, a);
    assert_int_equal(m.used, 1);
    assert_int_equal(mshr_find(&m, 1), -1);
    assert_false(mshr_full(&m));
    int c = mshr_alloc(&m, 3, 5, 0);
    assert_int_equal(c, a);           /* the freed entry is reused */
    assert_int_equal(m.ntok[c], 0);   /* with no stale tokens */
    mshr_free(&m);
}

/* A no-merge entry (atomic) is invisible to find; a later load of the same
 * line gets its own entry. */
static void nomerge_entry(void **state)
{
    mshr m;
    mshr_init(&m, 4, 4);
    int a = mshr_alloc(&m, 0x80, 0, MSHR_NOMERGE);
    assert_int_equal(mshr_find(&m, 0x80), -1);
    int b = mshr_alloc(&m, 0x80, 0, 0);
    assert_int_not_equal(a, b);
    assert_int_equal(mshr_find(&m, 0x80), b);
    mshr_free(&m);
}

/* The line index against a brute-force scan: random allocs / releases over
 * a few lines (many collisions), 16 entries, 20000 steps; with gbits, the
 * index grouping the keys that differ in their low gbits bits (sectors), and
 * lines whose sectors are in flight together. */
static void index_vs_scan(uint32_t gbits, int sectors)
{
    mshr m;
    mshr_init(&m, 16, 2);
    mshr_set_group(&m, gbits);
    assert_int_equal(m.gbits, gbits);
    uint64_t x = 88172645463325252ull;
    for (int step = 0; step < 20000; step++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        uint64_t line = sectors ? ((x >> 3) % 12 * 1024) << gbits | (x >> 20) % (1u << gbits)
                                : (x >> 3) % 40 * 1024;        /* same low bits */
        int idx = mshr_find(&m, line);
        int ref = -1;
        for (uint32_t i = 0; i < m.n; i++)
            if (m.flags[i] && !(m.flags[i] & MSHR_NOMERGE) && m.line[i] == line)
                ref = (int)i;
        assert_int_equal(idx, ref);
        if (idx >= 0 && (x & 1))
            mshr_release(&m, idx);
        else if (idx < 0 && !mshr_full(&m))
            mshr_alloc(&m, line, 0, (x >> 40) % 5 == 0 ? MSHR_NOMERGE : 0);
        else if (m.used && (x & 2)) {
            for (uint32_t i = (uint32_t)(x >> 50) % m.n;; i = (i + 1) % m.n)
                if (m.flags[i]) {
                    mshr_release(&m, (int)i);
                    break;
                }
        }
    }
    mshr_free(&m);
}

static void index_matches_scan(void **state) { index_vs_scan(0, 0); }
static void grouped_index_matches_scan(void **state)
{
    index_vs_scan(2, 1);
    index_vs_scan(2, 0);
    index_vs_scan(4, 1);
    index_vs_scan(5, 1);        /* 64 slots: the group takes all but one bit */
}

/* Grouping is refused while entries are valid and where it leaves the index no bit. */
static void group_limits(void **state)
{
    mshr m;
    mshr_init(&m, 16, 2);       /* 64 slots (at least 4 per entry): hbits 6 */
    assert_int_equal(m.hbits, 6);
    mshr_set_group(&m, 6);
    assert_int_equal(m.gbits, 0);
    mshr_alloc(&m, 7, 0, 0);
    mshr_set_group(&m, 2);
    assert_int_equal(m.gbits, 0);
    mshr_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_sizes),
        cmocka_unit_test(merge_up_to_limit_then_stall),
        cmocka_unit_test(full_and_release),
        cmocka_unit_test(nomerge_entry),
        cmocka_unit_test(index_matches_scan),
        cmocka_unit_test(grouped_index_matches_scan),
        cmocka_unit_test(group_limits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
