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

#endif
