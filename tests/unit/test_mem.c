/* test_mem.c -- the whole memory system: L1 hit timing, a load miss through
 * icnt -> L2 -> DRAM and back, MSHR merging and stalls, write-through /
 * no-write-allocate, L2 write-allocate and write-back, atomics, address
 * mapping, every token exactly once, determinism.
 *
 * All four clock domains tick once per loop iteration here (equal clocks), in
 * the order core, icnt, L2, DRAM; then the core pops completions.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "cfg.h"
#include "mem.h"
#include "amap.h"
#include "mem_harness.h"

/* Fixed latency of a load that misses L1 and L2 to a closed DRAM bank: request
 * 1 flit (8 B header) through the crossbar (icnt_lat), L2 pipeline (l2_lat),
 * ACT + RD + data (tRCD + tCL + 64 / (2 * 4)), response 5 flits (8 + 64 B in
 * 16 B flits: icnt_lat + 4). */
static uint64_t miss_floor(const gpu_cfg *c)
{
    return c->mem.icnt_lat + c->mem.l2_lat + c->dram.tRCD + c->dram.tCL + c->mem.line_bytes / (2 * c->dram.dram_bus_bytes) +
           c->mem.icnt_lat + 4;
}
/* Each of the 6 hand-offs between domains (core->icnt, icnt->L2, L2->DRAM,
 * DRAM->L2, L2->icnt, icnt->core) may cost at most one extra cycle. */
#define HANDOFF_SLACK 6

static void load_miss_round_trip(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    assert_true(mem_idle(s->m));
    assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 77, s->now), MEM_MISS);
    assert_false(mem_idle(s->m));
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(s->done[0][0], 77);
    const mem_stats *st = mem_get_stats(s->m);
    uint64_t rt = s->done_at[0][0];
    assert_true(rt >= miss_floor(&c) && rt <= miss_floor(&c) + HANDOFF_SLACK);
    assert_int_equal(st->roundtrip_n, 1);
    assert_int_equal(st->roundtrip_sum, rt);
    assert_int_equal(st->l1_misses, 1);
    assert_int_equal(st->loads, 1);
    assert_int_equal(st->icnt_req_flits, 1);
    assert_int_equal(st->icnt_resp_flits, 5);
    uint32_t p = mem_part_of(s->m, 0x1000);
    assert_int_equal(st->part[p].l2_misses, 1);
    assert_int_equal(st->part[p].dram_reads, 1);
    assert_int_equal(st->part[p].dram_row_misses, 1);
    assert_int_equal(st->part[p].dram_activates, 1);
    assert_int_equal(st->part[1 - p].l2_misses, 0);
    assert_int_equal(mem_core_l1_misses(s->m, 0), 1);
    mem_destroy(s->m);
}

/* A line filled by kernel 1 hits in kernel 2 with l1.flush = 0 and misses
 * with l1.flush = 1 (GPGPU-Sim's default), on every core. */
static void l1_flush_between_kernels(void **state)
{
    for (uint32_t flush = 0; flush < 2; flush++) {
        gpu_cfg c = small_cfg();
        c.mem.l1_flush = flush;
        sim *s = sim_new(&c);
        assert_int_equal(mem_access(s->m, 1, 0x2000, MEM_LOAD, 1, s->now), MEM_MISS);
        run_until_idle(s);
        assert_int_equal(mem_access(s->m, 1, 0x2000, MEM_LOAD, 2, s->now), MEM_HIT);
        run_until_idle(s);
        mem_kernel_begin(s->m);
        int want = flush ? MEM_MISS : MEM_HIT;
        assert_int_equal(mem_access(s->m, 1, 0x2000, MEM_LOAD, 3, s->now), want);
        run_until_idle(s);
        mem_destroy(s->m);
    }
}

/* After the fill, the same line hits: token at exactly t + l1_lat. */
static void l1_hit_latency(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    mem_access(s->m, 0, 0x1000, MEM_LOAD, 1, s->now);
    run_until_idle(s);
    uint64_t t = s->now;
    assert_int_equal(mem_access(s->m, 0, 0x1000 + 0, MEM_LOAD, 2, t), MEM_HIT);
    uint32_t tok;
    for (uint64_t k = 0; k < c.mem.l1_lat; k++)
        assert_false(mem_pop_done(s->m, 0, t + k, &tok));
    assert_true(mem_pop_done(s->m, 0, t + c.mem.l1_lat, &tok));
    assert_int_equal(tok, 2);
    assert_int_equal(mem_get_stats(s->m)->l1_hits, 1);
    assert_int_equal(mem_core_l1_hits(s->m, 0), 1);
    assert_int_equal(mem_core_l1_hits(s->m, 1), 0);
    mem_destroy(s->m);
}

/* Another core reads a line L2 already holds: L2 hit, no DRAM; round trip is
 * the miss floor without the DRAM part. */
static void l2_hit_from_other_core(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    mem_access(s->m, 0, 0x2000, MEM_LOAD, 1, s->now);
    run_until_idle(s);
    mem_stats_reset(s->m);
    uint64_t t0 = s->now;
    assert_int_equal(mem_access(s->m, 1, 0x2000, MEM_LOAD, 9, t0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[1], 1);
    uint64_t rt = s->done_at[1][0] - t0;
    uint64_t floor = c.mem.icnt_lat + c.mem.l2_lat + c.mem.icnt_lat + 4;
    assert_true(rt >= floor && rt <= floor + 4);   /* 4 hand-offs, no DRAM */
    const mem_stats *st = mem_get_stats(s->m);
    uint32_t p = mem_part_of(s->m, 0x2000);
    assert_int_equal(st->part[p].l2_hits, 1);
    assert_int_equal(st->part[p].dram_reads, 0);
    mem_destroy(s->m);
}

/* Merge limit 2: tokens 1, 2 share an MSHR; token 3 stalls; both tokens
 * complete in the same cycle; one request went out. */
static void mshr_merge_limit_then_stall(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 1, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 2, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 3, 0), MEM_STALL);
    run_until_idle(s);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(s->ndone[0], 2);
    assert_int_equal(s->done[0][0], 1);
    assert_int_equal(s->done[0][1], 2);
    assert_int_equal(s->done_at[0][0], s->done_at[0][1]);
    assert_int_equal(st->l1_mshr_merges, 1);
    assert_int_equal(st->l1_stalls, 1);
    assert_int_equal(st->l1_misses, 2);
    assert_int_equal(st->icnt_req_flits, 1);
    mem_destroy(s->m);
}

/* l1.fill_wb (GPGPU-Sim's ldst_unit::writeback, one L1D response a cycle):
 * the two tokens merged into one MSHR come out one core cycle apart, the
 * first at the cycle both come out without the limit (T); with a limit of 2
 * both at T again.  A token with bit 31 set is refused. */
static void fill_wb_one_per_cycle(void **state)
{
    uint64_t t_free = 0;
    for (uint32_t w = 0; w <= 2; w++) {
        gpu_cfg c = small_cfg();
        c.mem.l1_fill_wb = w;
        sim *s = sim_new(&c);
        assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 1, 0), MEM_MISS);
        assert_int_equal(mem_access(s->m, 0, 0x3000, MEM_LOAD, 2, 0), MEM_MISS);
        assert_int_equal(mem_access(s->m, 0, 0x3040, MEM_LOAD, 0x80000000u, 0), -1);
        run_until_idle(s);
        assert_int_equal(s->ndone[0], 2);
        assert_int_equal(s->done[0][0], 1);
        assert_int_equal(s->done[0][1], 2);
        if (w == 0)
            t_free = s->done_at[0][0];
        assert_int_equal(s->done_at[0][0], t_free);
        assert_int_equal(s->done_at[0][1], t_free + (w == 1 ? 1u : 0u));
        mem_destroy(s->m);
    }
}

/* l1_mshr = 4: a fifth distinct line stalls until a fill frees an entry. */
static void mshr_full_stall(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    for (uint32_t i = 0; i < 4; i++)
        assert_int_equal(mem_access(s->m, 0, 0x10000 + 64u * i, MEM_LOAD, i, 0), MEM_MISS);
    assert_int_equal(mem_access(s->m, 0, 0x20000, MEM_LOAD, 4, 0), MEM_STALL);
    while (s->ndone[0] == 0)
        step(s);
    assert_int_equal(mem_access(s->m, 0, 0x20000, MEM_LOAD, 4, s->now), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 5);
    mem_destroy(s->m);
}

/* Miss queue of 2: two stores are accepted (MEM_HIT), the third stalls. */
static void miss_queue_full_stall(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l1_miss_queue = 2;
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x100, MEM_STORE, 1, 0), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, 0x140, MEM_STORE, 2, 0), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, 0x180, MEM_STORE, 3, 0), MEM_STALL);
    assert_int_equal(mem_access(s->m, 0, 0x180, MEM_LOAD, 3, 0), MEM_STALL);
    step(s);   /* one entry leaves for the crossbar */
    assert_int_equal(mem_access(s->m, 0, 0x180, MEM_STORE, 3, 1), MEM_HIT);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 3);
    mem_destroy(s->m);
}

/* Write-through, no write-allocate: the store's token completes at t + l1_lat;
 * a later load of that line misses L1 but hits L2 (write-allocate at L2, no
 * DRAM read); the store carried 8 + 64 B = 5 flits. */
static void write_through_no_allocate(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x4000, MEM_STORE, 5, 0), MEM_HIT);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(s->done_at[0][0], c.mem.l1_lat);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->icnt_req_flits, 5);
    assert_int_equal(st->icnt_resp_flits, 0);   /* a store needs no response */
    assert_int_equal(st->stores, 1);
    assert_int_equal(mem_access(s->m, 0, 0x4000, MEM_LOAD, 6, s->now), MEM_MISS);
    run_until_idle(s);
    uint32_t p = mem_part_of(s->m, 0x4000);
    assert_int_equal(st->part[p].l2_misses, 1);  /* the store */
    assert_int_equal(st->part[p].l2_hits, 1);    /* the load */
    assert_int_equal(st->part[p].dram_reads, 0);
    /* the load allocated in L1: now a hit */
    assert_int_equal(mem_access(s->m, 0, 0x4000, MEM_LOAD, 7, s->now), MEM_HIT);
    mem_destroy(s->m);
}

/* l2.write_ack (GPGPU-Sim's WRITE_ACK): the store's token completes when the
 * slice's 1-flit acknowledgement reaches the core -- the 5-flit request
 * through the crossbar, the L2 pipeline, the ack back -- not at l1_lat; the
 * ack is the only response flit; a load of the line then hits in L2. */
static void write_ack_round_trip(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l2_write_ack = 1;
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x4000, MEM_STORE, 5, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(s->done[0][0], 5);
    uint64_t rt = s->done_at[0][0];
    uint64_t floor = c.mem.icnt_lat + 4 + c.mem.l2_lat + c.mem.icnt_lat;
    assert_true(rt >= floor && rt <= floor + 4);   /* 4 hand-offs, no DRAM */
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->icnt_req_flits, 5);
    assert_int_equal(st->icnt_resp_flits, 1);
    assert_int_equal(st->stores, 1);
    assert_true(mem_idle(s->m));
    assert_int_equal(mem_access(s->m, 1, 0x4000, MEM_LOAD, 6, s->now), MEM_MISS);
    run_until_idle(s);
    uint32_t p = mem_part_of(s->m, 0x4000);
    assert_int_equal(st->part[p].l2_hits, 1);
    assert_int_equal(st->part[p].dram_reads, 0);
    mem_destroy(s->m);
}

/* With l2.write_ack a store holds one of the core's l1.mshr x l1.mshr_merge
 * completion slots until its ack: that many stores in flight fill them, the
 * next store stalls, and all complete once acknowledged. */
static void write_ack_holds_a_slot(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.l2_write_ack = 1;
    c.mem.l1_miss_queue = 1024;
    c.mem.l1_mshr = 4;
    c.mem.l1_mshr_merge = 8;
    sim *s = sim_new(&c);
    uint32_t n = 0;
    while (mem_access(s->m, 0, 0x10000 + (uint64_t)n * c.mem.line_bytes, MEM_STORE, n, 0) == MEM_MISS)
        n++;
    assert_int_equal(n, c.mem.l1_mshr * c.mem.l1_mshr_merge);
    assert_int_equal(mem_access(s->m, 0, 0x90000, MEM_STORE, 999, 0), MEM_STALL);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], n);
    for (uint32_t i = 0; i < n; i++)
        assert_true(s->done_at[0][i] > c.mem.l1_lat);
    mem_destroy(s->m);
}

/* Core 1's load of line b, made d cycles after core 0's miss on line a of
 * the same slice: its round trip; b hits in L2 when `warm` (core 0 read it
 * first), and core 1 then loads line e of that slice too (a miss behind the
 * hit in the slice's queue: the round trip returned is e's); else b misses.
 * `fill_port`, `lookup_resp` set the keys. */
static uint64_t hit_beside_fill(uint32_t fill_port, uint32_t lookup_resp, int warm, uint32_t d)
{
    gpu_cfg c = small_cfg();
    c.mem.l2_fill_port = fill_port;
    c.mem.l2_lookup_resp = lookup_resp;
    sim *s = sim_new(&c);
    uint64_t a = 0x1000, b = a + c.mem.line_bytes;
    while (mem_part_of(s->m, b) != mem_part_of(s->m, a)) b += c.mem.line_bytes;
    if (warm) {
        mem_access(s->m, 0, b, MEM_LOAD, 1, s->now);    /* b into L2 */
        run_until_idle(s);
    }
    assert_int_equal(mem_access(s->m, 0, a, MEM_LOAD, 2, s->now), MEM_MISS);
    for (uint32_t i = 0; i < d; i++) step(s);
    uint64_t t1 = s->now;
    assert_int_equal(mem_access(s->m, 1, b, MEM_LOAD, 3, t1), MEM_MISS);
    if (warm) {
        uint64_t e = b + c.mem.line_bytes;
        while (mem_part_of(s->m, e) != mem_part_of(s->m, a)) e += c.mem.line_bytes;
        assert_int_equal(mem_access(s->m, 1, e, MEM_LOAD, 4, t1), MEM_MISS);
    }
    run_until_idle(s);
    assert_int_equal(s->ndone[1], warm ? 2 : 1);
    assert_int_equal(mem_get_stats(s->m)->part[mem_part_of(s->m, b)].l2_hits, warm ? 1 : 0);
    uint64_t rt = s->done_at[1][s->ndone[1] - 1] - t1;
    mem_destroy(s->m);
    return rt;
}

/* l2.fill_port (GPGPU-Sim's fill port beside the data port) and
 * l2.lookup_resp (a lookup's response and a fill's in one cycle): over every
 * offset of an access against a DRAM fill in its slice, neither key delays
 * it, and at some offset the fill port saves a miss the tag cycle the fill
 * took, and lookup_resp saves a hit the response port -- seen by the miss
 * queued behind it. */
static void l2_ports(void **state)
{
    int fp_saves = 0, lr_saves = 0;
    for (uint32_t d = 0; d < 80; d++) {
        uint64_t base = hit_beside_fill(0, 0, 0, d);
        uint64_t fp = hit_beside_fill(1, 0, 0, d);
        assert_true(fp <= base);
        fp_saves += fp < base;
        uint64_t hit = hit_beside_fill(1, 0, 1, d);
        uint64_t both = hit_beside_fill(1, 1, 1, d);
        assert_true(both <= hit);
        assert_true(hit <= hit_beside_fill(0, 0, 1, d));
        lr_saves += both < hit;
    }
    assert_true(fp_saves > 0);
    assert_true(lr_saves > 0);
}

/* A store to a line L1 holds keeps it (updated in place): the next load hits. */
static void store_hit_keeps_line(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    mem_access(s->m, 0, 0x5000, MEM_LOAD, 1, 0);
    run_until_idle(s);
    assert_int_equal(mem_access(s->m, 0, 0x5000, MEM_STORE, 2, s->now), MEM_HIT);
    assert_int_equal(mem_access(s->m, 0, 0x5000, MEM_LOAD, 3, s->now), MEM_HIT);
    run_until_idle(s);
    mem_destroy(s->m);
}

/* Atomics: MEM_MISS, performed at L2 (line dirty), never fill L1. */
static void atomic_bypasses_l1(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    assert_int_equal(mem_access(s->m, 0, 0x6000, MEM_ATOMIC, 1, 0), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(s->done[0][0], 1);
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->atomics, 1);
    assert_int_equal(st->roundtrip_n, 1);
    assert_int_equal(mem_access(s->m, 0, 0x6000, MEM_LOAD, 2, s->now), MEM_MISS);
    run_until_idle(s);
    uint32_t p = mem_part_of(s->m, 0x6000);
    assert_int_equal(st->part[p].dram_reads, 1);   /* the load hit in L2 */
    assert_int_equal(st->part[p].l2_hits, 1);
    mem_destroy(s->m);
}

/* L2 write-back: 4 stores fill one 4-way L2 set of partition 0 with dirty
 * lines; a fifth store to that set evicts the LRU (first) one -> 1 DRAM write. */
static void l2_dirty_eviction_writes_dram(void **state)
{
    gpu_cfg c = small_cfg();
    sim *s = sim_new(&c);
    amap a;
    amap_init(&a, c.mem.n_parts, c.mem.line_bytes, c.dram.dram_row_bytes, c.dram.dram_banks);
    const uint32_t l2_sets = 4096 / (4 * 64);
    for (uint32_t i = 0; i < 5; i++) {
        uint64_t addr = amap_line(&a, 0, (uint64_t)i * l2_sets) * c.mem.line_bytes;
        assert_int_equal(mem_part_of(s->m, addr), 0);
        assert_int_equal(mem_access(s->m, 0, addr, MEM_STORE, i, s->now), MEM_HIT);
        run_until_idle(s);
    }
    const mem_stats *st = mem_get_stats(s->m);
    assert_int_equal(st->part[0].l2_misses, 5);
    assert_int_equal(st->part[0].l2_writebacks, 1);
    assert_int_equal(st->part[0].dram_writes, 1);
    assert_int_equal(st->part[0].dram_reads, 0);
    mem_destroy(s->m);
}

/* Address map: each group of n_parts consecutive lines covers every
 * partition once; the map inverts; lines_per_row local lines share a row. */
static void address_map(void **state)
{
    amap a;
    assert_int_equal(amap_init(&a, 6, 64, 2048, 4), 0);
    for (uint64_t g = 0; g < 1000; g++) {
        uint32_t seen = 0;
        for (uint64_t o = 0; o < 6; o++) {
            uint64_t line = g * 6 + o;
            uint32_t p = amap_part(&a, line);
            seen |= 1u << p;
            assert_int_equal(amap_line(&a, p, amap_local(&a, line)), line);
        }
        assert_int_equal(seen, 0x3f);
    }
    /* a stride of n_parts lines still spreads: no partition gets > 1/3 */
    uint32_t cnt[6] = {0};
    for (uint64_t i = 0; i < 600; i++)
        cnt[amap_part(&a, i * 6)]++;
    for (int p = 0; p < 6; p++)
        assert_true(cnt[p] < 200);
    uint32_t b0, r0, b1, r1;
    amap_bank_row(&a, 0, &b0, &r0);
    amap_bank_row(&a, 31, &b1, &r1);   /* 2048 / 64 = 32 lines per row */
    assert_true(b0 == b1 && r0 == r1);
    amap_bank_row(&a, 32, &b1, &r1);
    assert_true(b1 != b0);
    assert_int_equal(amap_init(&a, 0, 64, 2048, 4), -1);
}

/* dram.latency (GPGPU-Sim -dram_latency) in the whole memory system: with
 * every domain at the core clock, one load's round trip grows by exactly the
 * latency (100 core cycles), the requests to DRAM only (GPGPU-Sim's
 * memory_partition_unit::dram_cycle delays L2 -> DRAM, not the return). */
static uint64_t one_miss(const gpu_cfg *c)
{
    sim *s = sim_new(c);
    assert_int_equal(mem_access(s->m, 0, 0x1000, MEM_LOAD, 1, s->now), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    uint64_t rt = s->done_at[0][0];
    mem_destroy(s->m);
    return rt;
}

static void dram_latency_round_trip(void **state)
{
    gpu_cfg c = small_cfg();
    uint64_t base = one_miss(&c);
    c.dram.latency = 100;
    assert_int_equal(one_miss(&c), base + 100);
}

/* dram.model = fixed (seed 001 Table 4-2, tGPU-sim): one load's round trip is
 * the path above DRAM plus exactly dram.latency, whatever the bank state;
 * two loads to different rows of the same bank of one channel, issued in the
 * same cycle from two cores, return one slot (dram.fixed_gap) apart, where
 * the banked model pays a row conflict. */
static void two_misses(const gpu_cfg *c, uint64_t at[2])
{
    sim *s = sim_new(c);
    amap a;
    amap_init(&a, c->mem.n_parts, c->mem.line_bytes, c->dram.dram_row_bytes, c->dram.dram_banks);
    uint64_t l0 = amap_line(&a, 0, 0), loc = 0;
    uint32_t b0, r0, b1, r1;
    amap_bank_row(&a, 0, &b0, &r0);
    do   /* the first line of partition 0 in another row of the same bank */
        amap_bank_row(&a, ++loc, &b1, &r1);
    while (b1 != b0 || r1 == r0);
    uint64_t l1 = amap_line(&a, 0, loc);
    assert_int_equal(mem_access(s->m, 0, l0 * c->mem.line_bytes, MEM_LOAD, 1, s->now), MEM_MISS);
    assert_int_equal(mem_access(s->m, 1, l1 * c->mem.line_bytes, MEM_LOAD, 2, s->now), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(s->ndone[1], 1);
    at[0] = s->done_at[0][0];
    at[1] = s->done_at[1][0];
    mem_destroy(s->m);
}

static void dram_fixed_model(void **state)
{
    gpu_cfg c = small_cfg();
    c.dram.model = DRAM_FIXED;
    c.dram.fixed_gap = 1;
    c.dram.latency = 0;
    uint64_t base = one_miss(&c);
    /* the L2-hit path (icnt_lat + l2_lat + icnt_lat + 4 = 17) and one hand-off:
     * the L2 sees the channel's return in the cycle after it */
    assert_int_equal(base, c.mem.icnt_lat + c.mem.l2_lat + c.mem.icnt_lat + 4 + 1);
    c.dram.latency = 600;
    assert_int_equal(one_miss(&c), base + 600);
    uint64_t at[2];
    two_misses(&c, at);
    assert_int_equal(at[0], base + 600);
    assert_int_equal(at[1], base + 600 + 1);
    c.dram.fixed_gap = 4;
    two_misses(&c, at);
    assert_int_equal(at[0], base + 600);
    assert_int_equal(at[1], base + 600 + 4);
    gpu_cfg b = small_cfg();   /* banked: ACT + RD + data, then the row conflict */
    two_misses(&b, at);
    assert_int_equal(at[0], miss_floor(&b));
    assert_true(at[1] - at[0] >= b.dram.tRC);
}

/* A GPGPU-Sim map in the memory system: the line goes to the channel its
 * mask names (16 channels, QV100's mask with 4 banks: 0x1234580 -> channel
 * (0x12345 & 15) = 5), and the request completes. */
static void gpgpusim_map_in_memsys(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.n_parts = 16;
    c.mem.line_bytes = 128;
    c.mem.l1_bytes = 2048; c.mem.l2_bytes = 8192;
    snprintf(c.mem.map.mapping, sizeof c.mem.map.mapping, "%s",
             "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRRBCCCB.CCCSSSSS");
    sim *s = sim_new(&c);
    assert_int_equal(mem_part_of(s->m, 0x1234580 & ~127ull), 5);
    assert_int_equal(mem_access(s->m, 0, 0x1234580 & ~127ull, MEM_LOAD, 1, s->now), MEM_MISS);
    run_until_idle(s);
    assert_int_equal(s->ndone[0], 1);
    assert_int_equal(mem_get_stats(s->m)->part[5].dram_reads, 1);
    mem_destroy(s->m);
}

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Random traffic from both cores: every accepted token completes exactly
 * once, and the system drains to idle.  Returns a digest of completions. */
static uint64_t random_traffic_x(const gpu_cfg *c, uint64_t seed, mem_stats *out,
                                 uint32_t dram_ticks)
{
    memsys *m = mem_create(&c->mem, &c->dram, c->sm.n_cores);
    assert_non_null(m);
    uint64_t rng = seed, digest = 1469598103934665603ull, now = 0;
    uint32_t issued = 0, completed = 0;
    static uint8_t seen[2][4096];
    memset(seen, 0, sizeof seen);
    for (; now < 20000 || !mem_idle(m); now++) {
        assert_true(now < 200000);
        for (uint32_t core = 0; core < 2 && now < 20000; core++) {
            uint64_t r = xorshift(&rng);
            if (r % 3 || issued >= 4096)
                continue;
            uint64_t addr = (r >> 8) % 1024 * 64;   /* 64 KB: 4 rows per bank */
            int kind = (r >> 20) % 8 == 0 ? MEM_STORE : (r >> 20) % 16 == 1 ? MEM_ATOMIC : MEM_LOAD;
            uint32_t tok = issued;
            if (mem_access(m, core, addr, kind, tok, now) != MEM_STALL)
                issued++;
        }
        mem_tick_core(m, now);
        mem_tick_icnt(m);
        mem_tick_l2(m);
        for (uint32_t k = 0; k < dram_ticks; k++)
            mem_tick_dram(m);
        for (uint32_t core = 0; core < 2; core++) {
            uint32_t tok;
            while (mem_pop_done(m, core, now, &tok)) {
                assert_true(tok < issued);
                assert_int_equal(seen[core][tok], 0);
                seen[core][tok] = 1;
                completed++;
                digest = (digest ^ (tok * 2u + core) ^ now) * 1099511628211ull;
            }
        }
    }
    assert_int_equal(completed, issued);
    *out = *mem_get_stats(m);
    mem_destroy(m);
    return digest;
}

static uint64_t random_traffic(const gpu_cfg *c, uint64_t seed, mem_stats *out)
{
    return random_traffic_x(c, seed, out, 1);
}

static void every_token_once_and_determinism(void **state)
{
    gpu_cfg c = small_cfg();
    mem_stats a, b;
    uint64_t d1 = random_traffic(&c, 12345, &a);
    uint64_t d2 = random_traffic(&c, 12345, &b);
    assert_int_equal(d1, d2);
    assert_memory_equal(&a, &b, sizeof a);
    assert_true(a.l1_hits > 0 && a.l1_misses > 0 && a.l1_stalls > 0);
    assert_true(a.part[0].l2_writebacks + a.part[1].l2_writebacks > 0);
    c.dram.dram_sched = DRAM_FCFS;
    uint64_t d3 = random_traffic(&c, 12345, &b);
    assert_true(d3 != d1);    /* the scheduler matters for this traffic */
}

/* The GPGPU-Sim DRAM mechanisms and map under the same random traffic (tiny
 * queues, write-backs): every token completes once and the system drains,
 * also with the DRAM clock at 6x the core's (many DRAM cycles per latency
 * window; the stage's own back-pressure is in test_dram.c). */
static void gpgpusim_dram_drains(void **state)
{
    gpu_cfg c = small_cfg();
    c.dram.latency = 30;
    c.dram.bank_groups = 2;
    c.dram.bkgrp_index = DRAM_BKGRP_LOW;
    c.dram.tCCDL = 3;
    c.dram.tRTPL = 2;
    c.dram.tWL = 4;
    c.dram.col_cmd = DRAM_COL_ATOM;
    c.dram.dual_bus = 1;
    mem_stats a, b;
    uint64_t d1 = random_traffic(&c, 777, &a);
    assert_int_equal(d1, random_traffic(&c, 777, &b));
    assert_true(a.part[0].l2_writebacks + a.part[1].l2_writebacks > 0);
    snprintf(c.mem.map.mapping, sizeof c.mem.map.mapping, "%s",
             "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.RRRBBCCC.CCCSSSSS");
    c.mem.map.part_index = AMAP_PIDX_XOR;
    c.mem.map.bank_index = AMAP_BIDX_XOR;
    random_traffic(&c, 777, &a);
    random_traffic_x(&c, 99, &a, 6);
    c.mem.map.part_index = AMAP_PIDX_RANDOM;
    c.mem.map.sub_parts = 2;
    random_traffic_x(&c, 5, &a, 6);
}

/* The caps: 160 cores and CTL_MAX_PARTS (128) partitions.  Every core loads one
 * line of its own (core c: line c * 64 + 7, so the lines spread over the
 * partitions); every load completes exactly once with its own token on its
 * own core (the L2 token carries 8 bits of core), each partition's L2 and
 * DRAM see the lines mapped to it, and the memory system drains. */
static void caps_160_cores_64_parts(void **state)
{
    gpu_cfg c = small_cfg();
    c.sm.n_cores = CTL_MAX_CORES;
    c.mem.n_parts = CTL_MAX_PARTS;
    memsys *m = mem_create(&c.mem, &c.dram, c.sm.n_cores);
    assert_non_null(m);
    uint32_t per_part[CTL_MAX_PARTS] = { 0 }, got[CTL_MAX_CORES] = { 0 };
    for (uint32_t k = 0; k < CTL_MAX_CORES; k++) {
        uint64_t addr = ((uint64_t)k * 64 + 7) * c.mem.line_bytes;
        assert_int_equal(mem_access(m, k, addr, MEM_LOAD, 1000 + k, 0), MEM_MISS);
        per_part[mem_part_of(m, addr)]++;
    }
    uint64_t now = 0;
    uint32_t done = 0;
    while (!mem_idle(m)) {
        assert_true(now < 200000);
        mem_tick_core(m, now);
        mem_tick_icnt(m);
        mem_tick_l2(m);
        mem_tick_dram(m);
        for (uint32_t k = 0; k < CTL_MAX_CORES; k++) {
            uint32_t tok;
            while (mem_pop_done(m, k, now, &tok)) {
                assert_int_equal(tok, 1000 + k);
                got[k]++;
                done++;
            }
        }
        now++;
    }
    assert_int_equal(done, CTL_MAX_CORES);
    for (uint32_t k = 0; k < CTL_MAX_CORES; k++) assert_int_equal(got[k], 1);
    const mem_stats *st = mem_get_stats(m);
    uint32_t used = 0;
    for (uint32_t p = 0; p < CTL_MAX_PARTS; p++) {
        assert_int_equal(st->part[p].l2_misses, per_part[p]);
        assert_int_equal(st->part[p].dram_reads, per_part[p]);
        used += per_part[p] > 0;
    }
    assert_true(used > CTL_MAX_PARTS / 2);
    mem_destroy(m);
}

static void bad_config_message(void **state)
{
    gpu_cfg c = small_cfg();
    c.mem.line_bytes = 48;
    fflush(stderr);
    int saved = dup(2);
    FILE *tf = tmpfile();
    assert_non_null(tf);
    dup2(fileno(tf), 2);
    char why[MEM_WHY] = "";
    memsys *m = mem_create_why(&c.mem, &c.dram, c.sm.n_cores, why);
    assert_null(m);
    assert_string_equal(why, "must be a power of two >= 16 (line_bytes)");
    c = small_cfg();
    c.mem.l1_bytes = 1000;
    m = mem_create_why(&c.mem, &c.dram, c.sm.n_cores, why);
    assert_null(m);
    assert_string_equal(why, "L1 geometry does not divide into sets (l1_bytes)");
    assert_null(mem_create(&c.mem, &c.dram, c.sm.n_cores));
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    /* nothing printed: the caller writes the one-line refusal */
    assert_int_equal(ftell(tf), 0);
    fclose(tf);
}

static void bad_arguments(void **state)
{
    gpu_cfg c = small_cfg();
    memsys *m = mem_create(&c.mem, &c.dram, c.sm.n_cores);
    assert_int_equal(mem_access(m, 2, 0, MEM_LOAD, 0, 0), -1);
    assert_int_equal(mem_access(m, 0, 0, 7, 0, 0), -1);
    assert_true(mem_idle(m));
    mem_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(load_miss_round_trip),
        cmocka_unit_test(l1_flush_between_kernels),
        cmocka_unit_test(l1_hit_latency),
        cmocka_unit_test(l2_hit_from_other_core),
        cmocka_unit_test(mshr_merge_limit_then_stall),
        cmocka_unit_test(fill_wb_one_per_cycle),
        cmocka_unit_test(mshr_full_stall),
        cmocka_unit_test(miss_queue_full_stall),
        cmocka_unit_test(write_through_no_allocate),
        cmocka_unit_test(store_hit_keeps_line),
        cmocka_unit_test(write_ack_round_trip),
        cmocka_unit_test(write_ack_holds_a_slot),
        cmocka_unit_test(l2_ports),
        cmocka_unit_test(atomic_bypasses_l1),
        cmocka_unit_test(l2_dirty_eviction_writes_dram),
        cmocka_unit_test(address_map),
        cmocka_unit_test(dram_latency_round_trip),
        cmocka_unit_test(dram_fixed_model),
        cmocka_unit_test(gpgpusim_map_in_memsys),
        cmocka_unit_test(caps_160_cores_64_parts),
        cmocka_unit_test(every_token_once_and_determinism),
        cmocka_unit_test(gpgpusim_dram_drains),
        cmocka_unit_test(bad_config_message),
        cmocka_unit_test(bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
