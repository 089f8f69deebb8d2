/* bits.h -- bit counts for the model's hot paths. */
#ifndef CTASIM_BITS_H
#define CTASIM_BITS_H

#include <stdint.h>

/* The set bits of x, inline: GCC's __builtin_popcount is a library call on a
 * generic x86-64 (no -mpopcnt), and the build must run on any x86-64. */
static inline uint32_t bits_popcount32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    return (x * 0x01010101u) >> 24;
}

/* Set bit i of the bit set m (64 bits a word). */
static inline void bits_set(uint64_t *m, uint32_t i) { m[i >> 6] |= 1ull << (i & 63); }

/* Bit i of the bit set m. */
static inline int bits_test(const uint64_t *m, uint32_t i) { return (m[i >> 6] >> (i & 63)) & 1u; }

/* Clear bit i of the bit set m. */
static inline void bits_clr(uint64_t *m, uint32_t i) { m[i >> 6] &= ~(1ull << (i & 63)); }

/* Word w of the bit set of the first n bits (bits 0 .. n - 1 set). */
static inline uint64_t bits_first(uint32_t n, uint32_t w)
{
    if (n <= w * 64u) return 0;
    return n - w * 64u >= 64u ? ~0ull : (1ull << (n - w * 64u)) - 1u;
}

/* The first set bit of the bit set m at or above `from` and below `to`;
 * `to` if none. */
static inline uint32_t bits_next(const uint64_t *m, uint32_t from, uint32_t to)
{
    for (uint32_t w = from >> 6; (w << 6) < to; w++) {
        uint64_t v = m[w] & (~0ull << (from > (w << 6) ? from & 63 : 0));
        if (v) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(v);
            return c < to ? c : to;
        }
    }
    return to;
}

/* Round-robin walk of the set bits of m below n from rr: rr, rr + 1, ...,
 * n - 1, 0, ..., rr - 1.  The set bit after `at` in that order (at == n: the
 * walk's first); n when the walk is over.  A walk visits each bit set when it
 * reaches it, so the caller may clear the bit it is at:
 *     for (c = bits_rr_next(m, rr, n, n); c < n; c = bits_rr_next(m, rr, n, c)) */
static inline uint32_t bits_rr_next(const uint64_t *m, uint32_t rr, uint32_t n, uint32_t at)
{
    if (at < rr) {                         /* in the second pass */
        uint32_t c = bits_next(m, at + 1, rr);
        return c < rr ? c : n;
    }
    uint32_t c = bits_next(m, at == n ? rr : at + 1, n);
    if (c < n) return c;
    c = bits_next(m, 0, rr);               /* the second pass */
    return c < rr ? c : n;
}

#endif
