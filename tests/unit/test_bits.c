/* test_bits.c -- the bit-set walks of bits.h: bits_next (the first set bit in
 * a range) and bits_rr_next (the round-robin walk rr .. n - 1, 0 .. rr - 1),
 * against a plain scan on sets of one to three words, every start and every
 * round-robin pointer; and a walk that clears the bit it is at. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "bits.h"

#define WORDS 3

static uint32_t scan_next(const uint64_t *m, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        if (bits_test(m, i)) return i;
    return to;
}

/* The order a round-robin walk visits: the set bits of m among rr .. n - 1,
 * then 0 .. rr - 1; their count. */
static uint32_t scan_rr(const uint64_t *m, uint32_t rr, uint32_t n, uint32_t *order)
{
    uint32_t k = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint32_t i = (rr + j) % n;
        if (bits_test(m, i)) order[k++] = i;
    }
    return k;
}

/* a deterministic sparse-to-dense set of n bits (xorshift) */
static void fill(uint64_t *m, uint32_t n, uint64_t *seed, uint32_t density)
{
    memset(m, 0, WORDS * sizeof *m);
    for (uint32_t i = 0; i < n; i++) {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        if (*seed % 8u < density) bits_set(m, i);
    }
}

static void next_in_range(void **state)
{
    (void)state;
    uint64_t seed = 88172645463325252ull, m[WORDS];
    static const uint32_t sizes[] = { 1, 5, 63, 64, 65, 100, 128, 150, 192 };
    for (uint32_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (uint32_t d = 0; d <= 8; d++) {
            uint32_t n = sizes[s];
            fill(m, n, &seed, d);
            for (uint32_t from = 0; from <= n; from++)
                for (uint32_t to = from; to <= n; to++)
                    assert_int_equal(bits_next(m, from, to), scan_next(m, from, to));
        }
}

static void round_robin_walk(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15ull, m[WORDS];
    uint32_t want[WORDS * 64], got[WORDS * 64];
    static const uint32_t sizes[] = { 1, 2, 30, 64, 65, 127, 160, 192 };
    for (uint32_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (uint32_t d = 0; d <= 8; d += 2) {
            uint32_t n = sizes[s];
            fill(m, n, &seed, d);
            for (uint32_t rr = 0; rr < n; rr++) {
                uint32_t k = scan_rr(m, rr, n, want), g = 0;
                for (uint32_t c = bits_rr_next(m, rr, n, n); c < n; c = bits_rr_next(m, rr, n, c)) {
                    assert_true(g < k);
                    got[g++] = c;
                }
                assert_int_equal(g, k);
                assert_memory_equal(got, want, k * sizeof *got);
            }
        }
}

/* The seam clears a core's bit as it passes it (no room): the walk goes on
 * from there and sees each bit once; the set is empty after a clearing walk. */
static void walk_clearing(void **state)
{
    (void)state;
    uint64_t seed = 12345, m[WORDS];
    uint32_t want[WORDS * 64];
    fill(m, 150, &seed, 5);
    uint32_t k = scan_rr(m, 97, 150, want), g = 0;
    for (uint32_t c = bits_rr_next(m, 97, 150, 150); c < 150; c = bits_rr_next(m, 97, 150, c)) {
        assert_int_equal(c, want[g++]);
        bits_clr(m, c);
    }
    assert_int_equal(g, k);
    assert_int_equal(m[0] | m[1] | m[2], 0);
    assert_int_equal(bits_rr_next(m, 97, 150, 150), 150);     /* an empty set: no step */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(next_in_range),
        cmocka_unit_test(round_robin_walk),
        cmocka_unit_test(walk_clearing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
