/* test_sector.c -- the L1 and L2 mechanisms mirrored from GPGPU-Sim 4.2
 * (docs/memory.md "L1 banks", "Sectored caches", "L1 latency on misses"),
 * with exact cycles and counts derived by hand from the parameters:
 * bank-conflict serialisation, sector fills and partial hits, sector
 * requests to L2 and DRAM, the L1 latency queue on misses, the
 * reservation-fail counters.
 *
 * Harness and configuration shared with test_mem.c (tests/mem_harness.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "cfg.h"
#include "mem.h"
#include "mem_harness.h"

/* Round trip of an idle load that hits L2, from the access's core cycle t to
 * the cycle its token pops.  The request (1 flit) is granted in cycle t and
 * can be popped icnt_lat cycles after its grant, which the L2 sees in the
 * step whose icnt tick gets there: t + icnt_lat - 1; the tags see it l2_lat
 * later; the response of `flits` flits is granted the next cycle and pops
 * icnt_lat + flits - 1 after that grant. */
static uint64_t l2_hit_trip(const gpu_cfg *c, uint32_t flits)
{
    return (c->mem.icnt_lat - 1) + c->mem.l2_lat + 1 + (c->mem.icnt_lat + flits - 1);
}

/* ... and one that misses L2 to a closed bank: ACT in the lookup's cycle, RD
 * tRCD later, data tCL + line / (2 * bus) after the RD, filled and answered
 * in the cycle it arrives. */
static uint64_t dram_trip(const gpu_cfg *c, uint32_t flits)
{
    return l2_hit_trip(c, flits) + c->dram.tRCD + c->dram.tCL +
           c->mem.line_bytes / (2 * c->dram.dram_bus_bytes);
}


/* When token `tok` of core `core` completed, or -1. */
static int64_t done_at(const sim *s, uint32_t core, uint32_t tok)
{
    for (uint32_t i = 0; i < s->ndone[core]; i++)
        if (s->done[core][i] == tok) return (int64_t)s->done_at[core][i];
    return -1;
}

/* The hand derivations above hold for the unsectored memory system (the
 * floors test_mem.c bounds, here exact). */
static void idle_round_trips_exact(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 1, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(done_at(s, 0, 1), dram_trip(&c, 5));        /* 8 + 12 + 10 + 8 + 9 = 47 */
    /* icnt2mem: the 1-flit request is at its L2 slice icnt_lat after the access */
    assert_int_equal(mem_get_stats(s->m)->icnt2mem_sum, c.mem.icnt_lat);
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 1, 0x1000, MEM_LOAD, 2, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(done_at(s, 1, 2), t + l2_hit_trip(&c, 5));   /* 4 + 5 + 4 + 4 = 17 */
    mem_destroy(s->m);
}

/* Two banks interleaved every 32 B, 32 B sectors.  In one cycle 0x1000 (bank
 * 0) and 0x1020 (bank 1) are taken, 0x1040 (bank 0 again) is refused: one
 * bank conflict; it is taken the next cycle.  All hit: tokens at t + l1_lat
 * and t + 1 + l1_lat. */
static void bank_conflict_serialises(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_banks = 2;
    c.mem.l1_sector_bytes = 32;
    sim *s = sim_new(&c);
    const uint64_t a[3] = { 0x1000, 0x1040, 0x1020 };
    for (uint32_t i = 0; i < 3; i++) {          /* warm: one per cycle, no conflict */
        assert_int_equal(mem_access(s->m, 0, a[i], MEM_LOAD, 10 + i, s->now), MEM_MISS);
        step(s);
    }
    run_until_idle(s);
    mem_stats_reset(s->m);
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 0, a[0], MEM_LOAD, 1, t), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, a[1], MEM_LOAD, 2, t), MEM_STALL);
    assert_int_equal(mem_access(s->m, 0, a[2], MEM_LOAD, 3, t), MEM_HIT);
    assert_int_equal(mem_access(s->m, 1, a[1], MEM_LOAD, 4, t), MEM_MISS);  /* other core: own banks */
    step(s);
    assert_int_equal(mem_access(s->m, 0, a[1], MEM_LOAD, 2, t + 1), MEM_HIT);
    run_until_idle(s);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->l1_bank_conflicts, 1);
    assert_int_equal(st->l1_stalls, 1);
    assert_int_equal(st->l1_hits, 3);
    assert_int_equal(done_at(s, 0, 1), t + c.mem.l1_lat);
    assert_int_equal(done_at(s, 0, 3), t + c.mem.l1_lat);
    assert_int_equal(done_at(s, 0, 2), t + 1 + c.mem.l1_lat);
    /* unsectored, banks of 32 B: a 64 B line access goes to the bank of its
     * first byte, so consecutive lines alternate banks 0 and 0 (64 / 32 = 2
     * banks apart): 0x2000 and 0x2040 conflict, 0x2000 and 0x2020 cannot
     * both be line addresses. */
    gpu_cfg u = small_cfg();
    u.mem.l1_banks = 2;
    mem_destroy(s->m);
    s = sim_new(&u);
    assert_int_equal(mem_access(s->m, 0, 0x2000, MEM_LOAD, 1, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x2040, MEM_LOAD, 2, 0), MEM_STALL);
    u.mem.l1_bank_bytes = 64;   /* interleaved every line: the two lines alternate */
    mem_destroy(s->m);
    s = sim_new(&u);
    assert_int_equal(mem_access(s->m, 0, 0x2000, MEM_LOAD, 1, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x2040, MEM_LOAD, 2, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x2080, MEM_LOAD, 3, 0), MEM_STALL);
    assert_int_equal(mem_l1_ports(s->m), 2);
    run_until_idle(s);
    mem_destroy(s->m);
}

/* Sectored L1 (32 B sectors of a 64 B line), unsectored L2.  The miss of
 * sector 0 fills only sector 0: it then hits, sector 1 misses as a sector
 * miss (the line is present), goes to L2 as its own 32 B request and hits
 * there (L2 fetched the whole line).  Responses carry 8 + 32 B = 3 flits. */
static void sector_fill_and_partial_hit(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_sector_bytes = 32;
    sim *s = sim_new(&c);
    assert_int_equal(mem_params_access_bytes(&c.mem), 32);
    assert_int_equal(mem_access(s->m, 0, 0x2000, MEM_LOAD, 1, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(done_at(s, 0, 1), dram_trip(&c, 3));
    const mem_stats *st = mem_get_stats(s->m);
    uint32_t p = mem_part_of(s->m, 0x2000);
    assert_int_equal(st->icnt_resp_flits, 3);
    assert_int_equal(st->part[p].dram_rd_bytes, 64);     /* L2 unsectored: the line */
    assert_int_equal(st->l1_sector_misses, 0);           /* a line miss */
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 0, 0x2000, MEM_LOAD, 2, t), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, 0x2020, MEM_LOAD, 3, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(done_at(s, 0, 2), t + c.mem.l1_lat);
    assert_int_equal(done_at(s, 0, 3), t + l2_hit_trip(&c, 3));   /* 4 + 5 + 4 + 2 = 15 */
    assert_int_equal(st->l1_sector_misses, 1);
    assert_int_equal(st->part[p].l2_hits, 1);
    assert_int_equal(st->part[p].dram_reads, 1);
    assert_int_equal(st->icnt_resp_flits, 6);
    /* both sectors valid now: each hits */
    t = s->now;
    assert_int_equal(mem_access(s->m, 0, 0x2020, MEM_LOAD, 4, t), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, 0x2000, MEM_LOAD, 5, t), MEM_HIT);
    /* a sector of a line whose other sector is still in flight is a sector
     * miss too (GPGPU-Sim allocates the line at the first miss) */
    assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 6, t), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x3020, MEM_LOAD, 7, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(st->l1_sector_misses, 2);
    assert_int_equal(st->l1_hits, 3);
    mem_destroy(s->m);
}

/* Sectored L1 and L2: a sector miss goes to L2 as a 32 B request and to DRAM
 * as a 32 B read; the line's other sector later misses L2 as a sector miss
 * and reads its own 32 B.  The DRAM of this branch still moves a line per
 * request (dram_req.bytes is timed by dram.c), so cycles are not asserted
 * across DRAM here; bytes and counts are. */
static void sector_miss_to_l2_and_dram(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_sector_bytes = 32;
    c.mem.l2_sector_bytes = 32;
    sim *s = sim_new(&c);
    uint32_t p = mem_part_of(s->m, 0x4000);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(mem_access(s->m, 0, 0x4020, MEM_LOAD, 1, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(st->part[p].l2_misses, 1);
    assert_int_equal(st->part[p].l2_sector_misses, 0);
    assert_int_equal(st->part[p].dram_reads, 1);
    assert_int_equal(st->part[p].dram_rd_bytes, 32);
    assert_int_equal(st->icnt_req_flits, 1);
    assert_int_equal(st->icnt_resp_flits, 3);
    /* the other sector from the other core: an L2 sector miss, 32 B more */
    assert_int_equal(mem_access(s->m, 1, 0x4000, MEM_LOAD, 2, s->now), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(st->part[p].l2_misses, 2);
    assert_int_equal(st->part[p].l2_sector_misses, 1);
    assert_int_equal(st->part[p].dram_reads, 2);
    assert_int_equal(st->part[p].dram_rd_bytes, 64);
    /* and from core 0 again: L1 sector miss, L2 sector hit, exact trip */
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 0, 0x4000, MEM_LOAD, 3, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(done_at(s, 0, 3), t + l2_hit_trip(&c, 3));
    assert_int_equal(st->part[p].l2_hits, 1);
    assert_int_equal(st->l1_sector_misses, 1);
    /* a 32 B store writes its sector: allocated dirty without a read; the
     * line's write-back moves the dirty sector only */
    assert_int_equal(mem_access(s->m, 0, 0x5020, MEM_STORE, 4, s->now), MEM_HIT);
    run_until_idle(s);
    uint32_t q = mem_part_of(s->m, 0x5020);
    assert_int_equal(st->part[q].l2_st_misses, 1);
    assert_int_equal(st->part[q].dram_rd_bytes, q == p ? 64 : 0);
    assert_int_equal(st->icnt_req_flits, 1 + 1 + 1 + 3);   /* store: 8 + 32 B */
    mem_destroy(s->m);
}

/* Unsectored L1 (64 B line) over a sectored L2 (32 B): the line request is
 * looked up one L2 sector per L2 cycle, each missing sector is its own 32 B
 * DRAM read and its own 3-flit response; L1 fills the line at the second. */
static void line_request_over_sectored_l2(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l2_sector_bytes = 32;
    sim *s = sim_new(&c);
    uint32_t p = mem_part_of(s->m, 0x6000);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(mem_access(s->m, 0, 0x6000, MEM_LOAD, 1, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(st->part[p].l2_misses, 2);
    assert_int_equal(st->part[p].l2_sector_misses, 1);   /* the second: line in flight */
    assert_int_equal(st->part[p].dram_reads, 2);
    assert_int_equal(st->part[p].dram_rd_bytes, 64);
    assert_int_equal(st->icnt_resp_flits, 6);
    assert_int_equal(st->roundtrip_n, 1);
    /* now both sectors are in L2: another core hits twice, on consecutive L2
     * cycles; the second response waits for the crossbar output, busy with
     * the first's 3 flits, and completes the line: l2_hit_trip(3) + 3 */
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 1, 0x6000, MEM_LOAD, 2, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(st->part[p].l2_hits, 2);
    assert_int_equal(done_at(s, 1, 2), t + l2_hit_trip(&c, 3) + 3);
    mem_destroy(s->m);
}

/* l1.lat_on_miss: every access waits l1_lat in its bank's queue before the
 * tag lookup.  A hit still completes at t + l1_lat; a miss reaches the miss
 * queue l1_lat later than without the queue, so every idle round trip grows
 * by exactly l1_lat. */
static void latency_on_miss(void **state)
{
    for (uint32_t on = 0; on < 2; on++) {
        gpu_cfg c = small_cfg();
        c.mem.l1_banks = 1;
        c.mem.l1_lat_on_miss = on;
        uint64_t extra = on ? c.mem.l1_lat : 0;
        sim *s = sim_new(&c);
        assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 1, 0), MEM_MISS);
        run_until_idle(s);
        assert_int_equal(done_at(s, 0, 1), dram_trip(&c, 5) + extra);   /* 47 (+ 3) */
        assert_int_equal(mem_get_stats(s->m)->icnt2mem_sum, c.mem.icnt_lat + extra);
        uint64_t t = s->now;
        assert_int_equal(mem_access(s->m, 1, 0x1000, MEM_LOAD, 2, t), MEM_MISS);
        run_until_idle(s);
        assert_int_equal(done_at(s, 1, 2), t + l2_hit_trip(&c, 5) + extra);   /* 17 (+ 3) */
        t = s->now;
        assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 3, t), on ? MEM_MISS : MEM_HIT);
        /* one bank: a second access in the same cycle is a bank conflict in
         * both modes; the next cycle the store is taken (queued when on) */
        assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_STORE, 4, t), MEM_STALL);
        step(s);
        assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_STORE, 4, t + 1), on ? MEM_MISS : MEM_HIT);
        run_until_idle(s);
        assert_int_equal(done_at(s, 0, 3), t + c.mem.l1_lat);
        assert_int_equal(done_at(s, 0, 4), t + 1 + c.mem.l1_lat);
        const mem_stats *st = mem_get_stats(s->m);
        assert_int_equal(st->l1_hits, 1);
        assert_int_equal(st->l1_bank_conflicts, 1);
        assert_int_equal(st->roundtrip_n, 2);
        mem_destroy(s->m);
    }
}

/* The latency queue holds l1_lat accesses per bank and takes one per cycle;
 * a head refused for want of an MSHR stays and blocks its bank, the queue
 * backs up, and once its last stage is taken new accesses are refused as
 * bank conflicts (GPGPU-Sim: the last stage is not free).  l1_mshr = 1,
 * l1_lat = 3, one bank: A (cycle 0) takes the MSHR at cycle 3; B (1) is
 * refused at 4 and every cycle until A's fill frees the MSHR; C (2) and D
 * (3) queue behind it; E at 4 finds three entries: refused. */
static void latency_queue_backs_up(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_banks = 1;
    c.mem.l1_lat_on_miss = 1;
    c.mem.l1_mshr = 1;
    sim *s = sim_new(&c);
    const uint64_t a[5] = { 0x10000, 0x20000, 0x30000, 0x40000, 0x50000 };
    for (uint32_t i = 0; i < 4; i++) {
        assert_int_equal(mem_access(s->m, 0, a[i], MEM_LOAD, i, s->now), MEM_MISS);
        assert_int_equal(mem_access(s->m, 0, a[4], MEM_LOAD, 4, s->now), MEM_STALL);
        step(s);
    }
    assert_int_equal(mem_access(s->m, 0, a[4], MEM_LOAD, 4, s->now), MEM_STALL);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->l1_bank_conflicts, 5);
    int64_t fill_a = 3 + (int64_t)dram_trip(&c, 5);
    while (s->ndone[0] == 0)
        step(s);
    assert_int_equal(done_at(s, 0, 0), fill_a);
    /* B was refused from cycle 4 to the fill cycle, then took the MSHR at
     * fill_a + 1 (the lookup of the next cycle runs after the fill) */
    assert_int_equal(st->l1_fail_mshr, (uint64_t)(fill_a + 1 - 4));
    assert_int_equal(st->l1_fail_mq + st->l1_fail_merge, 0);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 4);
    mem_destroy(s->m);
}

/* The same refusal while other traffic changes the core's L1 state in most
 * cycles: A (bank 0, cycle 0) takes the only MSHR, B (bank 0, cycle 1) is
 * refused for want of one, and a store a cycle into bank 1 is taken, queued
 * and sent meanwhile.  B is counted refused exactly once in every cycle until
 * the cycle that takes it (its miss counted), whether or not its lookup is
 * made again: for want of the MSHR, and once A's fill frees it, for want of a
 * miss-queue slot while the stores fill the queue. */
static void refusal_counted_under_traffic(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_banks = 2;
    c.mem.l1_bank_bytes = 64;           /* the bank: address bit 6 */
    c.mem.l1_lat_on_miss = 1;
    c.mem.l1_mshr = 1;
    c.mem.l2_write_ack = 0;             /* stores take no token slot */
    sim *s = sim_new(&c);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(mem_access(s->m, 0, 0x10000, MEM_LOAD, 0, s->now), MEM_MISS);
    step(s);
    assert_int_equal(mem_access(s->m, 0, 0x20000, MEM_LOAD, 1, s->now), MEM_MISS);
    uint32_t refused = 0, epoch_moves = 0, k = 0;
    while (st->l1_misses < 2) {
        uint64_t f0 = st->l1_fail_mshr + st->l1_fail_mq, e0 = mem_l1_epoch(s->m, 0);
        mem_access(s->m, 0, 0x60040u + 0x80u * k, MEM_STORE, 2 + (k & 7u), s->now);
        k++;
        step(s);
        uint64_t d = st->l1_fail_mshr + st->l1_fail_mq - f0;
        assert_true(d <= 1);
        if (st->l1_misses == 2)
            assert_int_equal(d, 0);     /* the cycle that takes it refuses nothing */
        else if (refused)
            assert_int_equal(d, 1);     /* once refused, every cycle until taken */
        if (d) {
            refused++;
            epoch_moves += mem_l1_epoch(s->m, 0) != e0;
        }
        assert_true(k < 10000);
    }
    assert_true(refused > 20);
    assert_true(epoch_moves > refused / 2);
    assert_true(st->l1_fail_mshr > 20);
    assert_int_equal(st->l1_fail_mshr + st->l1_fail_mq, refused);
    assert_int_equal(st->l1_fail_merge, 0);
    run_until_idle(s);
    mem_destroy(s->m);
}

/* The reservation-fail counters without a latency queue: merge slots full,
 * MSHRs full, miss queue full, each counted once per refused attempt. */
static void reservation_fail_reasons(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_miss_queue = 1;
    sim *s = sim_new(&c);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(mem_access(s->m, 0, 0x100, MEM_LOAD, 1, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x100, MEM_LOAD, 2, 0), MEM_MISS);   /* merge */
    assert_int_equal(mem_access(s->m, 0, 0x100, MEM_LOAD, 3, 0), MEM_STALL);  /* merge full */
    assert_int_equal(mem_access(s->m, 0, 0x200, MEM_LOAD, 3, 0), MEM_STALL);  /* queue full */
    assert_int_equal(st->l1_fail_merge, 1);
    assert_int_equal(st->l1_fail_mq, 1);
    step(s);                                  /* the request leaves the queue */
    for (uint32_t i = 0; i < 3; i++) {        /* three more MSHRs, one per cycle */
        assert_int_equal(mem_access(s->m, 0, 0x1000u + 0x100u * i, MEM_LOAD, 4 + i, s->now), MEM_MISS);
        step(s);
    }
    assert_int_equal(mem_access(s->m, 0, 0x9000, MEM_LOAD, 8, s->now), MEM_STALL);
    assert_int_equal(st->l1_fail_mshr, 1);
    assert_int_equal(st->l1_stalls, 3);
    run_until_idle(s);
    mem_destroy(s->m);
}

/* mem_create refuses what cfg_check would (defence in depth). */
/* L2 sub-partitions (amap.sub_parts, GPGPU-Sim's
 * -gpgpu_n_sub_partition_per_mchannel): one channel, two slices; with
 * ctasim's map a channel's slice is the low bit of the partition-local index,
 * here the line (64 B lines: 0x1000 -> slice 0, 0x1040 -> 1, 0x1080 -> 0).
 * Stores put the lines in L2 (write-allocate, no DRAM read) and not in L1;
 * then core 0 loads `a` and core 1 loads `b` in the same cycle t.  Two slices
 * are two crossbar outputs and two tag ports: both requests are granted at t
 * and looked up in the same L2 cycle, both tokens pop at t + 17
 * (l2_hit_trip).  The same slice takes one request per cycle (one output,
 * one lookup): the one granted second (core 0: the stores made core 0 the
 * last winner of that output) pops a cycle later, t + 18. */
static void pair_of_hits(const gpu_cfg *c, uint64_t a, uint64_t b, uint64_t *ta, uint64_t *tb)
{
    sim *s = sim_new(c);
    assert_int_equal(mem_access(s->m, 0, a, MEM_STORE, 1, s->now), MEM_HIT);
    step(s);
    assert_int_equal(mem_access(s->m, 0, b, MEM_STORE, 2, s->now), MEM_HIT);
    run_until_idle(s);
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 0, a, MEM_LOAD, 3, t), MEM_MISS);
    assert_int_equal(mem_access(s->m, 1, b, MEM_LOAD, 4, t), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(mem_get_stats(s->m)->part[0].l2_hits, 2);
    *ta = (uint64_t)done_at(s, 0, 3) - t;
    *tb = (uint64_t)done_at(s, 1, 4) - t;
    mem_destroy(s->m);
}

static void sub_partitions_in_parallel(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.n_parts = 1;
    c.mem.map.sub_parts = 2;
    uint64_t ta, tb;
    pair_of_hits(&c, 0x1000, 0x1040, &ta, &tb);        /* slices 0 and 1 */
    assert_int_equal(ta, l2_hit_trip(&c, 5));          /* 3 + 5 + 1 + 8 = 17 */
    assert_int_equal(tb, l2_hit_trip(&c, 5));
    pair_of_hits(&c, 0x1000, 0x1080, &ta, &tb);        /* both slice 0 */
    assert_int_equal(tb, l2_hit_trip(&c, 5));
    assert_int_equal(ta, l2_hit_trip(&c, 5) + 1);
}

/* l2.rop_stage (GPGPU-Sim's ROP delay queue m_rop in front of icnt_L2_queue):
 * one slice, l2.queue = 1, the pair of L2 hits above to one slice.  Core 1's
 * request arrives at L2 cycle t + 3 and is looked up at t + 8 (l2_lat 5),
 * popping at t + 17 either way.  Core 0's arrives at t + 4.  Without the
 * stage the queue's one entry holds core 1's request through its delay, so
 * core 0's enters at t + 8 (after that lookup), is looked up at t + 13 and
 * pops at t + 22; with it, it waits its delay beside the first, is looked up
 * at t + 9 and pops at t + 18. */
static void rop_stage_overlaps_delays(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.n_parts = 1;
    c.mem.l2_queue = 1;
    uint64_t ta, tb;
    pair_of_hits(&c, 0x1000, 0x1040, &ta, &tb);
    assert_int_equal(tb, l2_hit_trip(&c, 5));
    assert_int_equal(ta, l2_hit_trip(&c, 5) + c.mem.l2_lat);
    c.mem.l2_rop_stage = 1;
    pair_of_hits(&c, 0x1000, 0x1040, &ta, &tb);
    assert_int_equal(tb, l2_hit_trip(&c, 5));
    assert_int_equal(ta, l2_hit_trip(&c, 5) + 1);
}

/* Two L2 misses to the two slices of one channel share its DRAM: both reads
 * queue in the one channel (two reads counted there), each returns to the
 * slice that asked (both tokens complete, the system drains). */
static void sub_partitions_share_dram(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.n_parts = 1;
    c.mem.map.sub_parts = 2;
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 1, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 1, 0x1040, MEM_LOAD, 2, 0), MEM_MISS);
    run_until_idle(s);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->part[0].dram_reads, 2);
    assert_int_equal(st->part[0].l2_misses, 2);
    assert_true(done_at(s, 0, 1) > 0 && done_at(s, 1, 2) > 0);
    /* the first read is the idle one of idle_round_trips_exact */
    int64_t first = done_at(s, 0, 1) < done_at(s, 1, 2) ? done_at(s, 0, 1) : done_at(s, 1, 2);
    assert_int_equal(first, dram_trip(&c, 5));
    mem_destroy(s->m);
}

static void bad_geometry(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_sector_bytes = 24;
    assert_null(mem_create(&c.mem, &c.dram, 2));
    c = small_cfg();
    c.mem.l2_sector_bytes = 128;   /* above the 64 B line */
    assert_null(mem_create(&c.mem, &c.dram, 2));
    c = small_cfg();
    c.mem.l1_banks = 3;
    assert_null(mem_create(&c.mem, &c.dram, 2));
    c = small_cfg();
    c.mem.l1_lat_on_miss = 1;      /* without banks */
    assert_null(mem_create(&c.mem, &c.dram, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(idle_round_trips_exact),
        cmocka_unit_test(bank_conflict_serialises),
        cmocka_unit_test(sector_fill_and_partial_hit),
        cmocka_unit_test(sector_miss_to_l2_and_dram),
        cmocka_unit_test(line_request_over_sectored_l2),
        cmocka_unit_test(latency_on_miss),
        cmocka_unit_test(latency_queue_backs_up),
        cmocka_unit_test(refusal_counted_under_traffic),
        cmocka_unit_test(reservation_fail_reasons),
        cmocka_unit_test(sub_partitions_in_parallel),
        cmocka_unit_test(sub_partitions_share_dram),
        cmocka_unit_test(rop_stage_overlaps_delays),
        cmocka_unit_test(bad_geometry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
