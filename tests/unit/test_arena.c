/* test_arena.c -- zeroed blocks: carved from an arena (aligned, zero, apart
 * from each other, larger than a chunk), and blocks in a mapping of their own
 * (zero, writable to the last byte, zero again when mapped anew). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "arena.h"

static int all_zero(const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

static void carved_blocks(void **state)
{
    (void)state;
    arena a = {0};
    unsigned char *x = arena_calloc(&a, 100, 3);
    unsigned char *y = arena_calloc(&a, 1, 1);
    unsigned char *big = arena_calloc(&a, (size_t)5 << 20, 1);   /* above one chunk */
    assert_non_null(x);
    assert_non_null(y);
    assert_non_null(big);
    assert_int_equal((uintptr_t)x % 64u, 0);
    assert_int_equal((uintptr_t)y % 64u, 0);
    assert_true(y >= x + 300 || y + 1 <= x);
    assert_true(all_zero(x, 300));
    assert_true(all_zero(big, (size_t)5 << 20));
    memset(x, 0xff, 300);
    assert_int_equal(y[0], 0);
    assert_null(arena_calloc(&a, SIZE_MAX / 2, 4));              /* n x size overflows */
    arena_free(&a);
    assert_null(a.chunks);
    unsigned char *plain = arena_calloc(NULL, 10, 10);          /* no arena: calloc */
    assert_non_null(plain);
    assert_true(all_zero(plain, 100));
    free(plain);
}

static void own_mapping(void **state)
{
    (void)state;
    size_t n = 139 * 1024 + 17;                                 /* not a page multiple */
    for (int round = 0; round < 2; round++) {
        unsigned char *p = arena_map(n);
        assert_non_null(p);
        assert_true(all_zero(p, n));
        memset(p, 0xa5, n);
        assert_int_equal(p[n - 1], 0xa5);
        arena_unmap(p, n);
    }
    arena_unmap(NULL, n);                                       /* nothing to do */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(carved_blocks),
        cmocka_unit_test(own_mapping),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
