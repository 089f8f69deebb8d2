/* coal.c -- memory coalescer (see coal.h). */
#include "coal.h"

/* The lines seen so far, as a 256-bit filter of a hash of each: a line
 * whose bit is clear is new, so a warp touching many lines searches the list
 * only on a (rare) shared bit. */
typedef struct coal_seen {
    uint64_t bits[4];
    unsigned shift;     /* log2(line_bytes): line numbers hash */
} coal_seen;

/* Append `line` unless already present. */
static uint32_t coal_add(uint64_t *lines, uint32_t n, uint64_t line, coal_seen *seen)
{
    uint32_t h = (uint32_t)(((line >> seen->shift) * 0x9E3779B97F4A7C15ull) >> 56);
    uint64_t bit = (uint64_t)1 << (h & 63);
    if (seen->bits[h >> 6] & bit) {
        for (uint32_t i = 0; i < n; i++)
            if (lines[i] == line)
                return n;
    } else {
        seen->bits[h >> 6] |= bit;
    }
    lines[n] = line;
    return n + 1;
}

uint32_t coal_lines(const inst *in, uint32_t line_bytes, uint64_t *lines_out)
{
    const uint64_t line_mask = ~(uint64_t)(line_bytes - 1u);
    const uint64_t span = in->bytes ? (uint64_t)in->bytes - 1u : 0u;
    coal_seen seen = { { 0, 0, 0, 0 }, (unsigned)__builtin_ctz(line_bytes) };
    uint32_t n = 0;
    uint32_t mask = in->mask;
    /* the line touched last (present in lines_out), so that a lane on the
     * same line as the one before costs one comparison; ~0 is no line
     * (line addresses have their low bits clear) */
    uint64_t prev = ~(uint64_t)0;
    while (mask) {
        unsigned lane = (unsigned)__builtin_ctz(mask);
        mask &= mask - 1u;
        uint64_t a = in->addr[lane], first = a & line_mask;
        if (first != prev) {
            n = coal_add(lines_out, n, first, &seen);
            prev = first;
        }
        if (span) {
            uint64_t last = (a + span) & line_mask;
            if (last != first) {
                n = coal_add(lines_out, n, last, &seen);
                prev = last;
            }
        }
    }
    return n;
}

/* A lane's word is looked for only among the distinct words already seen in
 * its bank (a word has one bank): a lane mask per bank lists them, so a warp
 * spread over the banks costs one comparison per lane, not one per word. */
uint32_t coal_bank_conflicts(const inst *in)
{
    uint64_t word[32];
    uint32_t in_bank[COAL_SMEM_BANKS] = { 0 }, per_bank[COAL_SMEM_BANKS] = { 0 }, most = 0;
    for (uint32_t lane = 0; lane < 32; lane++) {
        if (!((in->mask >> lane) & 1u)) continue;
        uint64_t w = in->addr[lane] / COAL_SMEM_WORD;
        uint32_t b = (uint32_t)(w % COAL_SMEM_BANKS), seen = 0;
        for (uint32_t m = in_bank[b]; m && !seen; m &= m - 1u)
            seen = word[__builtin_ctz(m)] == w;
        if (seen) continue;
        word[lane] = w;
        in_bank[b] |= 1u << lane;
        if (++per_bank[b] > most) most = per_bank[b];
    }
    return most ? most - 1 : 0;
}
