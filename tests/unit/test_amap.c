/* test_amap.c -- the address map: GPGPU-Sim's -gpgpu_mem_addr_mapping masks
 * of SM6_TITANX (12 channels: the modulo split) and SM7_QV100 (32 channels:
 * channel bits inserted at dramid@8), decoded by hand; the channel hashes
 * (IPOLY, random); the map's inverse; the refusals.
 *
 * TITANX: dramid@8;...0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS: bank bits 14,13,12
 * and 7 (bank bit 0 = address bit 7), row bits 27..15, 11 column bits (2 KB
 * rows).  12 channels is not a power of two: channel = (addr >> 8) % 12 and
 * the rest of the address is ((addr >> 8) / 12) << 8 | (addr & 0xff).
 * QV100: ...0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS: bank bits 14,13,12 and 8,
 * row 27..15 of the address with the 5 channel bits 8..12 taken out.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "amap.h"

#define TITANX "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS"
#define QV100  "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS"

static amap_params params(const char *mapping, uint32_t pidx, uint32_t nsub)
{
    amap_params p;
    amap_params_defaults(&p);
    snprintf(p.mapping, sizeof p.mapping, "%s", mapping);
    p.part_index = pidx;
    p.sub_parts = nsub;
    return p;
}

static void make(amap *a, const amap_params *p, uint32_t parts)
{
    char why[256] = "";
    int rc = amap_init_params(a, p, parts, 128, 2048, 16, why, sizeof why);
    if (rc) fprintf(stderr, "%s\n", why);
    assert_int_equal(rc, 0);
    assert_int_equal(a->kind, AMAP_GSIM);
}

/* Channel, bank and row of byte address addr (a 128 B line). */
static void decode(const amap *a, uint64_t addr, uint32_t *part, uint32_t *bank, uint32_t *row)
{
    uint64_t line = addr >> 7;
    *part = amap_part(a, line);
    amap_bank_row(a, amap_local(a, line), bank, row);
}

static void expect(const amap *a, uint64_t addr, uint32_t part, uint32_t bank, uint32_t row)
{
    uint32_t p, b, r;
    decode(a, addr, &p, &b, &r);
    assert_int_equal(p, part);
    assert_int_equal(b, bank);
    assert_int_equal(r, row);
}

/* 0x10080: (addr >> 8) = 256 -> channel 256 % 12 = 4, rest (21 << 8) | 0x80 =
 *   0x1580: bits 7 and 12 set -> bank 0b0011 = 3; rest >> 15 = 0 -> row 0.
 * 0x1234580: 0x12345 = 74565 = 12 * 6213 + 9 -> channel 9; rest = 6213 << 8 |
 *   0x80 = 0x184580: bits 7 and 14 set (12, 13 clear) -> bank 0b1001 = 9;
 *   0x184580 >> 15 = 48 -> row 48.
 * 0x7fff0000: 0x7fff00 = 12 * 699029 + 4 -> channel 4; rest = 699029 << 8
 *   (0xAAA95 << 8): bit 7 clear, bit 12 = bit 4 of 0xAAA95 = 1, bits 13, 14
 *   = bits 5, 6 = 0 -> bank 2; row = 0xAAA95 >> 7 = 0x1555. */
static void titanx_mask(void **state)
{
    amap a;
    amap_params p = params(TITANX, AMAP_PIDX_NONE, 2);
    make(&a, &p, 12);
    expect(&a, 0x10080, 4, 3, 0);
    expect(&a, 0x1234580, 9, 9, 48);
    expect(&a, 0x7fff0000, 4, 2, 0x1555);
    expect(&a, 0x1234500, 9, 8, 48);        /* the other half of the 256 B chunk: bank bit 0 */
}

/* QV100, 32 channels at bit 8.  0x1234580: channel (0x12345 & 31) = 5; rest
 * = 0x80 | (0x1234580 >> 13) << 8 = 0x91A80: bit 12 set (8, 13, 14 clear)
 * -> bank 0b0010 = 2; 0x91A80 >> 15 = 18 -> row 18.
 * IPOLY over 32 x 2 = 64 sub-partitions (GPGPU-Sim's IPOLY(67) equations):
 * high = addr >> (8 + 5 + 1) = 0x48D (bits 10, 7, 3, 2, 0), index = 5 * 2 +
 * (bank & 1) = 10 (bits 3, 1): new bit 0 = a10^a0 = 0, bit 1 =
 * a10^a7^a0^b1 = 0, bit 2 = a2 = 1, bit 3 = a7^a3^a2^b3 = 0, bits 4, 5 = 0
 * -> sub-partition 4 -> channel 2; bank and row do not change.
 * 0x2100: channel 1, rest 0x100 -> bank 1 (bit 8), row 0; high = 0 -> IPOLY
 * keeps sub-partition 1 * 2 + 1 = 3 -> channel 1. */
static void qv100_mask(void **state)
{
    amap a;
    amap_params p = params(QV100, AMAP_PIDX_NONE, 2);
    make(&a, &p, 32);
    expect(&a, 0x1234580, 5, 2, 18);
    expect(&a, 0x2100, 1, 1, 0);
    p.part_index = AMAP_PIDX_IPOLY;
    make(&a, &p, 32);
    expect(&a, 0x1234580, 2, 2, 18);
    expect(&a, 0x2100, 1, 1, 0);
}

/* XOR (-gpgpu_memory_partition_indexing 1): channel ^= (addr >> (8 + 5 +
 * 1)) & 31.  0x1234580: 5 ^ (0x48D & 31 = 13) = 8. */
static void xor_index(void **state)
{
    amap a;
    amap_params p = params(QV100, AMAP_PIDX_XOR, 2);
    make(&a, &p, 32);
    expect(&a, 0x1234580, 8, 2, 18);
}

/* Random (TITANX's -gpgpu_memory_partition_indexing 4): one draw per 128 B
 * chunk (addr >> (8 - log2 2)), the same every time; bank and row as without
 * hashing; the 24 sub-partitions evenly used. */
static void random_index(void **state)
{
    amap a, plain;
    amap_params p = params(TITANX, AMAP_PIDX_RANDOM, 2), q = params(TITANX, AMAP_PIDX_NONE, 2);
    make(&a, &p, 12);
    make(&plain, &q, 12);
    uint32_t cnt[12] = {0};
    for (uint64_t line = 0; line < 24000; line++) {
        uint32_t pa = amap_part(&a, line), b1, r1, b2, r2;
        assert_true(pa < 12);
        assert_int_equal(pa, amap_part(&a, line));
        cnt[pa]++;
        amap_bank_row(&a, amap_local(&a, line), &b1, &r1);
        amap_bank_row(&plain, amap_local(&plain, line), &b2, &r2);
        assert_int_equal(b1, b2);
        assert_int_equal(r1, r2);
    }
    for (int i = 0; i < 12; i++)
        assert_true(cnt[i] > 1700 && cnt[i] < 2300);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* amap_line inverts (part, local) and locals are unique within a partition
 * for every mask and hash (random folds channels: the digit keeps them apart). */
static void inverse_and_unique(void **state)
{
    const struct { const char *m; uint32_t parts, pidx; } cases[] = {
        { TITANX, 12, AMAP_PIDX_NONE }, { TITANX, 12, AMAP_PIDX_RANDOM },
        { TITANX, 12, AMAP_PIDX_IPOLY }, { QV100, 32, AMAP_PIDX_IPOLY },
        { QV100, 32, AMAP_PIDX_XOR }, { TITANX, 16, AMAP_PIDX_IPOLY },
    };
    enum { N = 8192 };
    uint64_t *key = malloc(N * sizeof *key);
    assert_non_null(key);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        amap a;
        amap_params p = params(cases[c].m, cases[c].pidx, 2);
        make(&a, &p, cases[c].parts);
        for (uint64_t i = 0; i < N; i++) {
            uint64_t line = i * 37 + (i & 7) * 0x100000;   /* spread over rows */
            uint32_t part = amap_part(&a, line);
            uint64_t local = amap_local(&a, line);
            assert_int_equal(amap_line(&a, part, local), line);
            key[i] = local * 64 + part;
        }
        qsort(key, N, sizeof *key, cmp_u64);
        for (uint64_t i = 1; i < N; i++)
            assert_true(key[i] != key[i - 1]);
    }
    free(key);
}

static void refuse(const amap_params *p, uint32_t parts, uint32_t banks, const char *msg)
{
    amap a;
    char why[256] = "";
    assert_int_equal(amap_init_params(&a, p, parts, 128, 2048, banks, why, sizeof why), -1);
    assert_string_equal(why, msg);
}

static void refusals(void **state)
{
    amap_params p = params(TITANX, AMAP_PIDX_NONE, 2);
    refuse(&p, 12, 8, "amap.mapping has 4 bank bits but dram.banks = 8 (amap.mapping, dram.banks)");
    p = params("dramid@8;0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS", AMAP_PIDX_NONE, 1);
    refuse(&p, 12, 16, "amap.mapping: the mask has 32 bit positions, not 64 (amap.mapping)");
    p = params("00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSS",
               AMAP_PIDX_NONE, 1);
    refuse(&p, 12, 16, "amap.mapping must be ctasim or GPGPU-Sim's dramid@S;MASK (amap.mapping)");
    p = params("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCSSSSX",
               AMAP_PIDX_NONE, 1);
    refuse(&p, 12, 16, "amap.mapping: invalid mask character 'X' (amap.mapping)");
    p = params("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RBBBCCCC.BCCDSSSS",
               AMAP_PIDX_NONE, 1);
    refuse(&p, 4, 16, "amap.mapping: channel bits (D) in the mask; give dramid@S instead (amap.mapping)");
    p = params("dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRBBBCCC.CBCSSSSS",
               AMAP_PIDX_NONE, 1);
    refuse(&p, 12, 16, "amap.mapping has 10 column bits (rows of 2^10 B) but dram.row_bytes = 2048 "
                       "(amap.mapping, dram.row_bytes)");
    p = params(QV100, AMAP_PIDX_NONE, 1);
    snprintf(p.mapping, sizeof p.mapping, "%s", "dramid@6;00000000.00000000.00000000.00000000."
             "0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS");
    refuse(&p, 32, 16, "amap.mapping: channel, bank and row bits must lie above the line offset "
                       "(bit 7) (amap.mapping, l1.line_bytes)");
    p = params(TITANX, AMAP_PIDX_XOR, 2);
    refuse(&p, 12, 16, "amap.part_index = xor needs a power-of-two l2.parts (amap.part_index, l2.parts)");
    p = params(TITANX, AMAP_PIDX_IPOLY, 1);
    refuse(&p, 6, 16, "amap.part_index = ipoly needs 16, 32 or 64 sub-partitions (l2.parts rounded "
                      "up to a power of two x amap.sub_parts = 8) (amap.part_index, l2.parts, "
                      "amap.sub_parts)");
    p = params(TITANX, AMAP_PIDX_NONE, 3);
    refuse(&p, 12, 16, "amap.sub_parts = 3 must be a power of two dividing dram.banks "
                       "(amap.sub_parts, dram.banks)");
    p = params("ctasim", AMAP_PIDX_RANDOM, 1);
    refuse(&p, 12, 16, "amap.part_index and amap.bank_index hash a GPGPU-Sim map: "
                       "set amap.mapping to one (amap.part_index, amap.bank_index, amap.mapping)");
    p = params("ctasim", AMAP_PIDX_NONE, 3);
    refuse(&p, 12, 16, "amap.sub_parts = 3 must be a power of two (amap.sub_parts)");
    p = params(TITANX, AMAP_PIDX_NONE, 32);
    refuse(&p, 12, 64, "l2.parts x amap.sub_parts = 384 L2 slices, more than the crossbar's 256 "
                       "ports (l2.parts, amap.sub_parts)");
    p = params(TITANX, AMAP_PIDX_NONE, 1);
    p.bank_index = AMAP_BIDX_IPOLY;
    refuse(&p, 12, 8, "amap.mapping has 4 bank bits but dram.banks = 8 (amap.mapping, dram.banks)");
}

/* Bank hashing (-dram_bnk_indexing_policy 1): bank ^= row & 15.
 * TITANX 0x1234580: bank 9, row 48 (0b110000) -> 9 ^ 0 = 9; 0x7fff0000:
 * bank 2 ^ (0x1555 & 15 = 5) = 7. */
static void bank_xor(void **state)
{
    amap a;
    amap_params p = params(TITANX, AMAP_PIDX_NONE, 2);
    p.bank_index = AMAP_BIDX_XOR;
    make(&a, &p, 12);
    expect(&a, 0x1234580, 9, 9, 48);
    expect(&a, 0x7fff0000, 4, 7, 0x1555);
}

/* Sub-partitions (addrdec.cc): unhashed, a line's slice is channel x 2 + the
 * lowest bank bit (TITANX: address bit 7), its channel the slice / 2; the
 * slice key drops that bit (partition_address) and inverts.  0x10080:
 * channel 4, bit 7 set -> slice 9; 0x10000: slice 8.  ctasim's map: the
 * local index's low bit. */
static void sub_partitions(void **state)
{
    amap a;
    amap_params p = params(TITANX, AMAP_PIDX_NONE, 2);
    make(&a, &p, 12);
    assert_int_equal(amap_slice(&a, 0x10080 >> 7), 9);
    assert_int_equal(amap_slice(&a, 0x10000 >> 7), 8);
    assert_int_equal(amap_part(&a, 0x10080 >> 7), 4);
    const uint32_t pidx[3] = { AMAP_PIDX_NONE, AMAP_PIDX_RANDOM, AMAP_PIDX_IPOLY };
    for (uint32_t h = 0; h < 3; h++) {
        p = params(TITANX, pidx[h], 2);
        make(&a, &p, h == 2 ? 16 : 12);
        for (uint64_t line = 0; line < 4096; line++) {
            uint64_t local = amap_local(&a, line), key = amap_slice_key(&a, local);
            assert_int_equal(amap_slice_local(&a, key), local);
            assert_int_equal(amap_slice(&a, line) >> 1, amap_part(&a, line));
            if (h == 0)    /* bit 7 of the address is bit 0 of the local index */
                assert_int_equal(key & ((1ull << 49) - 1), (local & ((1ull << 50) - 1)) >> 1);
        }
    }
    amap_params c;
    amap_params_defaults(&c);
    c.sub_parts = 4;
    char why[128];
    assert_int_equal(amap_init_params(&a, &c, 6, 64, 2048, 4, why, sizeof why), 0);
    for (uint64_t line = 0; line < 1000; line++) {
        uint64_t local = amap_local(&a, line);
        assert_int_equal(amap_slice(&a, line), amap_part(&a, line) * 4 + (local & 3));
        assert_int_equal(amap_slice_local(&a, amap_slice_key(&a, local)), local);
    }
}

/* The default stays ctasim's hashed interleave. */
static void default_is_ctasim(void **state)
{
    amap a, b;
    amap_params p;
    amap_params_defaults(&p);
    char why[64];
    assert_int_equal(amap_init_params(&a, &p, 6, 64, 2048, 4, why, sizeof why), 0);
    assert_int_equal(amap_init(&b, 6, 64, 2048, 4), 0);
    for (uint64_t line = 0; line < 1000; line++) {
        assert_int_equal(amap_part(&a, line), amap_part(&b, line));
        assert_int_equal(amap_local(&a, line), amap_local(&b, line));
    }
}

/* Bits packed one at a time, as addrdec.cc addrdec_packbits does. */
static uint64_t pack_bitwise(uint64_t mask, uint64_t val)
{
    uint64_t r = 0;
    for (uint32_t pos = 0; mask; mask &= mask - 1u, pos++)
        r |= ((val >> __builtin_ctzll(mask)) & 1u) << pos;
    return r;
}

/* Row and bank bits in many separate runs (one-bit runs, a long run, bank
 * bits split around a column bit) pack as bit by bit: bank and row of every
 * line agree with the bitwise packing of the channel-free address. */
static void scattered_bits(void **state)
{
    (void)state;
    amap a;
    amap_params p = params("dramid@8;00000000.00000000.0000000R.0R0R0R0R.RR0RRRRR.RRR0RR0R."
                           "RBBBCCCC.BCCSSSSS", AMAP_PIDX_NONE, 1);
    make(&a, &p, 4);
    for (uint64_t line = 0; line < 200000; line += 7) {
        uint64_t addr = line << 7, up = addr >> 8;
        uint64_t rest = (addr & 0xffu) | ((up >> 2) << 8);
        uint32_t bank, row;
        amap_bank_row(&a, amap_local(&a, line), &bank, &row);
        assert_int_equal(bank, pack_bitwise(a.bk_mask, rest));
        assert_int_equal(row, pack_bitwise(a.row_mask, rest));
    }
    uint32_t bank, row;   /* every row bit set: all 19 row bits come out */
    uint64_t line = ~0ull >> 20;
    amap_bank_row(&a, amap_local(&a, line), &bank, &row);
    assert_int_equal(row, pack_bitwise(a.row_mask, ~0ull));
    assert_int_equal(row, 0x7ffffu);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(titanx_mask),
        cmocka_unit_test(qv100_mask),
        cmocka_unit_test(xor_index),
        cmocka_unit_test(random_index),
        cmocka_unit_test(inverse_and_unique),
        cmocka_unit_test(refusals),
        cmocka_unit_test(bank_xor),
        cmocka_unit_test(sub_partitions),
        cmocka_unit_test(default_is_ctasim),
        cmocka_unit_test(scattered_bits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
