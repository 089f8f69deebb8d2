/* test_coal.c -- coalescer: one request per distinct line touched. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "coal.h"

static inst make_inst(uint32_t mask, uint8_t bytes, uint64_t base, int64_t stride)
{
    inst in;
    memset(&in, 0, sizeof in);
    in.cls = IC_GLD;
    in.mask = mask;
    in.bytes = bytes;
    for (int l = 0; l < 32; l++)
        in.addr[l] = (uint64_t)((int64_t)base + stride * l);
    return in;
}

/* 32 lanes x 4 B consecutive from a 128 B-aligned base: exactly one line. */
static void full_coalesced_one_line(void **state)
{
    inst in = make_inst(0xffffffffu, 4, 0x1000, 4);
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 128, out), 1);
    assert_int_equal(out[0], 0x1000);
}

/* Same access with 64 B lines: 128 bytes span two lines, in lane order. */
static void two_lines_of_64(void **state)
{
    inst in = make_inst(0xffffffffu, 4, 0x1000, 4);
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 64, out), 2);
    assert_int_equal(out[0], 0x1000);
    assert_int_equal(out[1], 0x1040);
}

/* Stride 8 B x 32 lanes = 256 B -> 2 lines of 128 B; stride 128 -> 32 lines. */
static void stride_patterns(void **state)
{
    uint64_t out[COAL_MAX_LINES];
    inst s8 = make_inst(0xffffffffu, 4, 0, 8);
    assert_int_equal(coal_lines(&s8, 128, out), 2);
    inst s128 = make_inst(0xffffffffu, 4, 0, 128);
    assert_int_equal(coal_lines(&s128, 128, out), 32);
    for (int i = 0; i < 32; i++)
        assert_int_equal(out[i], (uint64_t)i * 128u);
    /* stride 64 with 128 B lines: lanes pair up -> 16 lines */
    inst s64 = make_inst(0xffffffffu, 4, 0, 64);
    assert_int_equal(coal_lines(&s64, 128, out), 16);
    /* all lanes the same address (broadcast) -> one line */
    inst s0 = make_inst(0xffffffffu, 4, 0x2468, 0);
    assert_int_equal(coal_lines(&s0, 128, out), 1);
    assert_int_equal(out[0], 0x2400);
}

/* An 8 B access at offset 124 of a 128 B line touches both lines. */
static void straddling_access_touches_both(void **state)
{
    inst in = make_inst(0x1u, 8, 124, 0);
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 128, out), 2);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 128);
    /* 4 B at offset 124 ends at byte 127: one line only */
    in.bytes = 4;
    assert_int_equal(coal_lines(&in, 128, out), 1);
}

/* Worst case: every lane straddles its own pair of lines -> 64 lines. */
static void straddle_worst_case_64(void **state)
{
    inst in = make_inst(0xffffffffu, 16, 120, 256);
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 128, out), 64);
    assert_int_equal(out[0], 0);
    assert_int_equal(out[1], 128);
    assert_int_equal(out[63], 31u * 256u + 128u);
}

/* Inactive lanes are ignored even if their addresses are far away; the first
 * touching lane decides the order. */
static void inactive_lanes_ignored_and_order(void **state)
{
    inst in = make_inst(0x0u, 4, 0, 0);
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 128, out), 0);
    in.mask = (1u << 3) | (1u << 7) | (1u << 20);
    for (int l = 0; l < 32; l++)
        in.addr[l] = 0xdead0000u + (uint64_t)l * 4096u;   /* would be 32 lines */
    in.addr[3] = 0x900;
    in.addr[7] = 0x100;
    in.addr[20] = 0x904;
    assert_int_equal(coal_lines(&in, 128, out), 2);
    assert_int_equal(out[0], 0x900);   /* lane 3 first */
    assert_int_equal(out[1], 0x100);
}

/* 32 distinct lines in a scattered order come out in lane order. */
static void distinct_lines_lane_order(void **state)
{
    inst in = make_inst(0xffffffffu, 4, 0, 0);
    for (int l = 0; l < 32; l++)
        in.addr[l] = (uint64_t)(31 - l) * 1024u + 8u;
    uint64_t out[COAL_MAX_LINES];
    assert_int_equal(coal_lines(&in, 128, out), 32);
    for (int l = 0; l < 32; l++)
        assert_int_equal(out[l], (uint64_t)(31 - l) * 1024u);
}

/* Shared-memory bank conflicts: 32 banks of 4-byte words; lanes on one
 * word broadcast; the count is the most distinct words in a bank minus 1. */
static void smem_bank_conflicts(void **state)
{
    (void)state;
    inst a = make_inst(0xffffffffu, 4, 0x100, 4);     /* consecutive words: no conflict */
    assert_int_equal(coal_bank_conflicts(&a), 0);
    inst b = make_inst(0xffffffffu, 4, 0x100, 0);     /* one word: broadcast */
    assert_int_equal(coal_bank_conflicts(&b), 0);
    inst c = make_inst(0xffffffffu, 4, 0, 8);         /* stride 2 words: 2-way */
    assert_int_equal(coal_bank_conflicts(&c), 1);
    inst d = make_inst(0xffffffffu, 4, 0, 128);       /* stride 32 words: all in bank 0 */
    assert_int_equal(coal_bank_conflicts(&d), 31);
    inst e = make_inst(0x0000000fu, 4, 0, 128);       /* 4 active lanes, one bank */
    assert_int_equal(coal_bank_conflicts(&e), 3);
    inst f = make_inst(0, 4, 0, 128);                 /* no active lane */
    assert_int_equal(coal_bank_conflicts(&f), 0);
}

/* The definition of the bank count: the distinct words of the active lanes,
 * each counted in its bank; the most in one bank, minus 1. */
static uint32_t conflicts_ref(const inst *in)
{
    uint64_t word[32];
    uint32_t n = 0, per_bank[COAL_SMEM_BANKS] = { 0 }, most = 0;
    for (int l = 0; l < 32; l++) {
        if (!((in->mask >> l) & 1u)) continue;
        uint64_t w = in->addr[l] / COAL_SMEM_WORD;
        int dup = 0;
        for (uint32_t i = 0; i < n; i++) dup |= word[i] == w;
        if (dup) continue;
        word[n++] = w;
        uint32_t b = (uint32_t)(w % COAL_SMEM_BANKS);
        if (++per_bank[b] > most) most = per_bank[b];
    }
    return most ? most - 1 : 0;
}

/* Random warps over a few words of a few banks (duplicates, broadcasts and
 * same-bank words mixed): the count is the definition's. */
static void random_bank_conflicts_match_definition(void **state)
{
    (void)state;
    uint64_t x = 0x2545F4914F6CDD1Dull;
    uint32_t seen_max = 0;
    for (int t = 0; t < 20000; t++) {
        inst in;
        memset(&in, 0, sizeof in);
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        in.mask = (uint32_t)x;
        in.bytes = 4;
        unsigned spread = 1u + (unsigned)(x >> 40) % 96u;     /* words drawn from 0..spread-1 */
        for (int l = 0; l < 32; l++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            in.addr[l] = 0x4000 + (x % spread) * (x >> 63 ? 128u : 4u) + (x >> 32 & 3u);
        }
        uint32_t want = conflicts_ref(&in);
        assert_int_equal(coal_bank_conflicts(&in), want);
        if (want > seen_max) seen_max = want;
    }
    assert_true(seen_max >= 8);                          /* the draw reached deep conflicts */
}

/* The definition, lane by lane: append each lane's first line, then its last
 * (when the access crosses into it), unless already in the list. */
static uint32_t coal_ref(const inst *in, uint32_t line_bytes, uint64_t *out)
{
    uint32_t n = 0;
    uint64_t span = in->bytes ? in->bytes - 1u : 0u;
    for (int l = 0; l < 32; l++) {
        if (!((in->mask >> l) & 1u)) continue;
        uint64_t two[2] = { in->addr[l] & ~(uint64_t)(line_bytes - 1u),
                            (in->addr[l] + span) & ~(uint64_t)(line_bytes - 1u) };
        for (int k = 0; k < 2; k++) {
            int seen = 0;
            for (uint32_t i = 0; i < n; i++) seen |= out[i] == two[k];
            if (!seen) out[n++] = two[k];
        }
    }
    return n;
}

/* Random warps (scattered, clustered, repeated and straddling lines, many
 * distinct lines: the seen-line filter's shared bits included) give the
 * definition's lines in its order. */
static void random_warps_match_definition(void **state)
{
    uint64_t x = 12345;
    for (int trial = 0; trial < 20000; trial++) {
        inst in;
        memset(&in, 0, sizeof in);
        in.cls = IC_GLD;
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        in.mask = (uint32_t)(x >> 32) | (trial % 3 == 0 ? 0xffffffffu : 0u);
        static const uint8_t sizes[] = { 0, 1, 4, 8, 16 };
        in.bytes = sizes[trial % 5];
        uint64_t spread = trial % 4 == 0 ? 256u : trial % 4 == 1 ? 4096u : 1u << 30;
        for (int l = 0; l < 32; l++) {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17;
            in.addr[l] = l > 0 && (x & 7u) == 0 ? in.addr[(x >> 8) % (uint64_t)l] : x % spread;
        }
        uint32_t line = trial % 2 ? 128u : 32u;
        uint64_t got[COAL_MAX_LINES], want[COAL_MAX_LINES];
        uint32_t n = coal_lines(&in, line, got);
        assert_int_equal(n, coal_ref(&in, line, want));
        for (uint32_t i = 0; i < n; i++) assert_int_equal(got[i], want[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(full_coalesced_one_line),
        cmocka_unit_test(smem_bank_conflicts),
        cmocka_unit_test(random_bank_conflicts_match_definition),
        cmocka_unit_test(two_lines_of_64),
        cmocka_unit_test(stride_patterns),
        cmocka_unit_test(straddling_access_touches_both),
        cmocka_unit_test(straddle_worst_case_64),
        cmocka_unit_test(inactive_lanes_ignored_and_order),
        cmocka_unit_test(distinct_lines_lane_order),
        cmocka_unit_test(random_warps_match_definition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
