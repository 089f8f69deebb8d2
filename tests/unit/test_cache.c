/* test_cache.c -- set-associative tags: set mapping, true LRU, dirty bits. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>
#include "cache.h"

/* 4 sets x 2 ways of 64 B = 512 B.  Lines 0, 4, 8, ... all map to set 0. */
static void geometry(void **state)
{
    cache c;
    assert_int_equal(cache_init(&c, 512, 2, 64), 0);
    assert_int_equal(c.sets, 4);
    cache_free(&c);
    /* seed 000 Table 1: 32 KB, 8-way, 64 B lines -> 64 sets */
    assert_int_equal(cache_init(&c, 32 * 1024, 8, 64), 0);
    assert_int_equal(c.sets, 64);
    cache_free(&c);
    /* bytes not a multiple of assoc * line, or smaller than one set */
    assert_int_equal(cache_init(&c, 500, 2, 64), -1);
    assert_int_equal(cache_init(&c, 64, 2, 64), -1);
    assert_int_equal(cache_init(&c, 512, 0, 64), -1);
}

static void miss_then_fill_then_hit(void **state)
{
    cache c;
    cache_init(&c, 512, 2, 64);
    assert_int_equal(cache_access(&c, 5, 0), 0);
    assert_int_equal(cache_probe(&c, 5), 0);   /* a miss allocates nothing */
    assert_int_equal(cache_fill(&c, 5, 0, NULL), 0);
    assert_int_equal(cache_access(&c, 5, 0), 1);
    assert_int_equal(cache_probe(&c, 6), 0);
    cache_free(&c);
}

/* 4-way set: fill A B C D, touch A then C; LRU order is B, D, A, C, so the
 * next three fills evict B, then D, then A. */
static void lru_order_and_victim(void **state)
{
    cache c;
    cache_init(&c, 4 * 64, 4, 64);   /* one set, 4 ways */
    for (uint64_t l = 10; l < 14; l++)
        cache_fill(&c, l, 0, NULL);
    assert_int_equal(cache_access(&c, 10, 0), 1);
    assert_int_equal(cache_access(&c, 12, 0), 1);
    cache_fill(&c, 20, 0, NULL);
    assert_false(cache_probe(&c, 11));
    assert_true(cache_probe(&c, 10) && cache_probe(&c, 12) && cache_probe(&c, 13));
    cache_fill(&c, 21, 0, NULL);
    assert_false(cache_probe(&c, 13));
    cache_fill(&c, 22, 0, NULL);
    assert_false(cache_probe(&c, 10));
    assert_true(cache_probe(&c, 12) && cache_probe(&c, 20) && cache_probe(&c, 21) &&
                cache_probe(&c, 22));
    cache_free(&c);
}

/* probe does not refresh LRU; a re-fill of a present line does. */
static void probe_does_not_touch(void **state)
{
    cache c;
    cache_init(&c, 2 * 64, 2, 64);   /* one set, 2 ways */
    cache_fill(&c, 1, 0, NULL);
    cache_fill(&c, 2, 0, NULL);
    assert_true(cache_probe(&c, 1));   /* no touch: 1 stays LRU */
    cache_fill(&c, 3, 0, NULL);
    assert_false(cache_probe(&c, 1));
    assert_true(cache_probe(&c, 2));
    cache_fill(&c, 2, 0, NULL);        /* present: touched, 3 becomes LRU */
    cache_fill(&c, 4, 0, NULL);
    assert_false(cache_probe(&c, 3));
    assert_true(cache_probe(&c, 2));
    cache_free(&c);
}

/* Sets are independent: lines of set 1 never evict lines of set 0. */
static void sets_independent(void **state)
{
    cache c;
    cache_init(&c, 512, 2, 64);      /* 4 sets */
    cache_fill(&c, 0, 0, NULL);
    cache_fill(&c, 4, 0, NULL);
    for (uint64_t l = 1; l < 64; l += 4)
        cache_fill(&c, l, 0, NULL);
    assert_true(cache_probe(&c, 0) && cache_probe(&c, 4));
    cache_fill(&c, 8, 0, NULL);       /* set 0: evicts LRU line 0 */
    assert_false(cache_probe(&c, 0));
    cache_free(&c);
}

/* Write-back: a write hit marks dirty; evicting a dirty line reports it,
 * evicting a clean one does not. */
static void dirty_writeback(void **state)
{
    cache c;
    cache_init(&c, 2 * 64, 2, 64);
    uint64_t victim = 999;
    cache_fill(&c, 7, 1, NULL);       /* allocated dirty (L2 write-allocate) */
    cache_fill(&c, 8, 0, NULL);
    assert_true(cache_is_dirty(&c, 7));
    assert_false(cache_is_dirty(&c, 8));
    assert_true(cache_fill_evicts_dirty(&c, 9));   /* LRU is dirty 7 */
    assert_int_equal(cache_fill(&c, 9, 0, &victim), 1);
    assert_int_equal(victim, 7);
    assert_false(cache_fill_evicts_dirty(&c, 10)); /* LRU is clean 8 */
    victim = 999;
    assert_int_equal(cache_fill(&c, 10, 0, &victim), 0);
    assert_int_equal(victim, 999);
    assert_int_equal(cache_access(&c, 9, 1), 1);  /* write hit -> dirty */
    assert_true(cache_is_dirty(&c, 9));
    cache_access(&c, 10, 0);                       /* 9 becomes LRU */
    assert_int_equal(cache_fill(&c, 11, 0, &victim), 1);
    assert_int_equal(victim, 9);
    cache_free(&c);
}

/* Sectors (GPGPU-Sim's sector_cache_block): a fill makes only its sectors
 * valid; a lookup of a missing sector of a present line is a sector miss
 * (no LRU change); a write marks its sectors dirty; the victim reports its
 * dirty sectors; a sector miss fills into the same way. */
static void sectors(void **state)
{
    cache c;
    assert_int_equal(cache_init_sectors(&c, 2 * 128, 2, 128, 4), 0);   /* one set, 2 ways */
    assert_int_equal(c.full, 0xf);
    assert_int_equal(cache_lookup(&c, 1, 0x1, 0), CACHE_MISS);
    assert_int_equal(cache_fill_mask(&c, 1, 0x1, 0, NULL, NULL), 0);
    assert_int_equal(cache_lookup(&c, 1, 0x1, 0), CACHE_HIT);
    assert_int_equal(cache_lookup(&c, 1, 0x2, 0), CACHE_SECTOR_MISS);
    assert_int_equal(cache_lookup(&c, 1, 0x3, 0), CACHE_SECTOR_MISS);   /* partial: not a hit */
    assert_int_equal(cache_access(&c, 1, 0), 0);                        /* whole line: absent */
    assert_true(cache_probe(&c, 1));
    cache_fill_mask(&c, 2, 0x4, 0x4, NULL, NULL);   /* line 2: sector 2, dirty */
    cache_fill_mask(&c, 1, 0x2, 0, NULL, NULL);     /* sector miss filled: same way, 1 is MRU */
    assert_int_equal(cache_valid(&c, 1), 0x3);
    assert_int_equal(cache_lookup(&c, 1, 0x3, 1), CACHE_HIT);   /* write: sectors 0, 1 dirty */
    uint64_t victim = 0;
    uint32_t vd = 0;
    assert_int_equal(cache_fill_mask(&c, 3, 0x1, 0, &victim, &vd), 1);   /* LRU: line 2 */
    assert_int_equal(victim, 2);
    assert_int_equal(vd, 0x4);
    assert_int_equal(cache_fill_mask(&c, 4, 0x1, 0, &victim, &vd), 1);   /* then line 1 */
    assert_int_equal(victim, 1);
    assert_int_equal(vd, 0x3);
    assert_int_equal(cache_valid(&c, 1), 0);
    cache_free(&c);
    assert_int_equal(cache_init_sectors(&c, 256, 2, 128, 33), -1);
}

/* A 96-way cache (SM6_TITANX's L1) keeps a tag index: the same answers as
 * the set scan through fills, LRU evictions, refills and invalidation. */
static void wide_index(void **state)
{
    cache c;
    assert_int_equal(cache_init_sectors(&c, 2 * 96 * 128, 96, 128, 4), 0);   /* 2 sets */
    assert_non_null(c.hslot);
    for (uint64_t l = 0; l < 2 * 96; l++)
        cache_fill_mask(&c, l, 0x1, 0, NULL, NULL);
    for (uint64_t l = 0; l < 2 * 96; l++)
        assert_int_equal(cache_lookup(&c, l, 0x1, 0), CACHE_HIT);   /* LRU order: 0, 1, 2, ... */
    for (uint64_t l = 1000; l < 1020; l += 2)                        /* set 0 */
        cache_fill_mask(&c, l, 0x2, 0, NULL, NULL);
    for (uint64_t l = 0; l < 20; l += 2)
        assert_int_equal(cache_lookup(&c, l, 0x1, 0), CACHE_MISS);   /* the 10 LRU of set 0 */
    assert_int_equal(cache_lookup(&c, 1, 0x1, 0), CACHE_HIT);
    assert_int_equal(cache_lookup(&c, 20, 0x1, 0), CACHE_HIT);
    assert_int_equal(cache_lookup(&c, 1004, 0x1, 0), CACHE_SECTOR_MISS);
    cache_invalidate_all(&c);
    assert_int_equal(cache_lookup(&c, 1004, 0x2, 0), CACHE_MISS);
    cache_fill_mask(&c, 1004, 0x2, 0, NULL, NULL);
    assert_int_equal(cache_lookup(&c, 1004, 0x2, 0), CACHE_HIT);
    cache_free(&c);
}

/* A 16-way cache (an L2 slice of SM6_TITANX: 64 sets) keeps a tag index;
 * an 8-way one scans.  The indexed cache (its tag index, LRU lists and valid
 * counts) answers every lookup, fill (victim and its dirty sectors), probe and
 * validity query of a pseudo-random sequence, with an occasional invalidation,
 * as the same cache with its index removed (the set scan) does; so does a
 * 96-way one of 4 sets (SM6_TITANX's L1). */
static void index_matches_scan_geometry(uint32_t sets, uint32_t assoc, uint64_t nlines)
{
    cache a, b;
    assert_int_equal(cache_init_sectors(&a, sets * assoc * 128, assoc, 128, 4), 0);
    assert_int_equal(cache_init_sectors(&b, sets * assoc * 128, assoc, 128, 4), 0);
    assert_non_null(a.hslot);
    free(b.hslot);
    b.hslot = NULL;
    uint64_t x = 12345;
    for (int i = 0; i < 200000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        if (i % 50000 == 49999) {
            cache_invalidate_all(&a);
            cache_invalidate_all(&b);
        }
        uint64_t line = (x >> 33) % nlines;
        uint32_t mask = 1u << ((x >> 20) & 3u);
        int write = (int)((x >> 24) & 1u);
        switch ((x >> 28) & 3u) {
        case 0: case 1:
            assert_int_equal(cache_lookup(&a, line, mask, write), cache_lookup(&b, line, mask, write));
            break;
        case 2: {
            uint64_t va = 0, vb = 0;
            uint32_t da = 0, db = 0;
            assert_int_equal(cache_fill_mask(&a, line, mask, write ? mask : 0, &va, &da),
                             cache_fill_mask(&b, line, mask, write ? mask : 0, &vb, &db));
            assert_int_equal(va, vb);
            assert_int_equal(da, db);
            break;
        }
        default:
            assert_int_equal(cache_probe(&a, line), cache_probe(&b, line));
            assert_int_equal(cache_valid(&a, line), cache_valid(&b, line));
            break;
        }
    }
    cache_free(&a);
    cache_free(&b);
}

static void index_matches_scan(void **state)
{
    cache small;
    assert_int_equal(cache_init_sectors(&small, 64 * 8 * 128, 8, 128, 4), 0);
    assert_null(small.hslot);
    cache_free(&small);
    index_matches_scan_geometry(64, 16, 3000);
    index_matches_scan_geometry(4, 96, 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sectors),
        cmocka_unit_test(wide_index),
        cmocka_unit_test(index_matches_scan),
        cmocka_unit_test(geometry),
        cmocka_unit_test(miss_then_fill_then_hit),
        cmocka_unit_test(lru_order_and_victim),
        cmocka_unit_test(probe_does_not_touch),
        cmocka_unit_test(sets_independent),
        cmocka_unit_test(dirty_writeback),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
