/* test_dram.c -- one DRAM channel: row hit / miss / conflict latency from the
 * configured timing, FR-FCFS vs FCFS order, tRRD / tCCD / tWTR spacing,
 * admission back-pressure; GPGPU-Sim's additions: the fixed latency stage,
 * bank groups (tCCDL vs tCCD, tRTPL), the request size and atom column
 * commands, the write latency tWL, the dual bus, tRC below tRAS + tRP;
 * tGPU-sim's fixed model (seed 001 Table 4-2: 600 cycles, one block a slot).
 *
 * Timing rule (dram.h): one command per DRAM cycle; a read's data is poppable
 * when now >= RD cycle + tCL + data_cycles, where now counts ticks done and a
 * request pushed before tick t can issue its first command in cycle t.
 * Timing values are seed 000 Table 1 (GDDR3): tCL 10, tRP 10, tRC 35, tRAS 25,
 * tRCD 12, tRRD 8, tWR 11; tCCD 2, tWTR 6 (not in the table: typical GDDR3).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include "cfg.h"
#include "dram.h"

enum { TCL = 10, TRCD = 12, TRP = 10, TRAS = 25, TRC = 35, TRRD = 8, TCCD = 2, TWR = 11,
       TWTR = 6 };

static gpu_cfg dram_cfg(uint32_t sched)
{
    gpu_cfg c;
    memset(&c, 0, sizeof c);
    c.mem.line_bytes = 64;
    c.dram.dram_banks = 4;
    c.dram.dram_row_bytes = 2048;
    c.dram.dram_bus_bytes = 4;      /* 64 B / (2 * 4 B) = 8 data cycles */
    c.dram.dram_burst = 4;
    c.dram.dram_queue = 8;
    c.dram.dram_sched = sched;
    c.dram.tCL = TCL; c.dram.tRCD = TRCD; c.dram.tRP = TRP; c.dram.tRAS = TRAS; c.dram.tRC = TRC;
    c.dram.tRRD = TRRD; c.dram.tCCD = TCCD; c.dram.tWR = TWR; c.dram.tWTR = TWTR;
    return c;
}

static void push_bytes(dram *d, uint32_t bank, uint32_t row, int write, uint32_t aux,
                       uint32_t bytes)
{
    dram_req r = { .addr = aux, .row = row, .aux = aux, .bank = (uint16_t)bank,
                   .bytes = (uint16_t)bytes, .write = (uint8_t)write };
    assert_int_equal(dram_push(d, &r), 0);
}

static void push(dram *d, uint32_t bank, uint32_t row, int write, uint32_t aux)
{
    push_bytes(d, bank, row, write, aux, 0);
}

/* Tick until a read pops; returns `now` at the pop and its aux. */
static uint64_t next_read(dram *d, uint32_t *aux)
{
    dram_req r;
    while (!dram_pop(d, &r)) {
        assert_true(d->now < 100000);
        dram_tick(d, d->now);
    }
    *aux = r.aux;
    return d->now;
}

static void data_cycles(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    assert_int_equal(d.data_cycles, 8);   /* 64 / (2 * 4) */
    dram_free(&d);
    c.dram.dram_bus_bytes = 32;                /* 64 / 64 = 1, but a burst of 4 = 2 */
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    assert_int_equal(d.data_cycles, 2);
    dram_free(&d);
    c.dram.dram_queue = 1;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), -1);
}

/* Closed bank: ACT 0, RD tRCD -> data at tRCD + tCL + 8 = 30.
 * Open row (hit) at now = 30: RD at 30 -> 30 + tCL + 8 = 48.
 * Other row (conflict) at 48: PRE 48, ACT 58 (tRC from the ACT at 0 is 35:
 * no wait), RD 70 -> 88 = 48 + tRP + tRCD + tCL + 8. */
static void miss_hit_conflict_latency(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    dram_init(&d, &c.dram, c.mem.line_bytes, &st);
    uint32_t aux;
    push(&d, 0, 5, 0, 1);
    assert_int_equal(next_read(&d, &aux), TRCD + TCL + 8);
    assert_int_equal(aux, 1);
    push(&d, 0, 5, 0, 2);
    assert_int_equal(next_read(&d, &aux), 30 + TCL + 8);
    push(&d, 0, 6, 0, 3);
    assert_int_equal(next_read(&d, &aux), 48 + TRP + TRCD + TCL + 8);
    assert_int_equal(st.dram_reads, 3);
    assert_int_equal(st.dram_row_hits, 1);
    assert_int_equal(st.dram_row_misses, 2);
    assert_int_equal(st.dram_activates, 2);
    assert_int_equal(st.dram_precharges, 1);
    assert_int_equal(st.dram_busy_cycles, 3 * 8);
    assert_int_equal(dram_pending(&d), 0);
    dram_free(&d);
}

/* Bank 0 has row 0 open (a first read, done at 30).  At T = 30 an older
 * request A to row 1 and a younger B to row 0 arrive.
 * FR-FCFS: B is a row hit: RD 30 -> 48.  A: PRE 31 (tRAS since ACT 0 met),
 *   ACT 41, RD 53 -> 71.
 * FCFS: A first: PRE 30, ACT 40, RD 52 -> 70.  B: PRE at ACT + tRAS = 65,
 *   ACT at max(65 + tRP, 40 + tRC) = 75, RD 87 -> 105. */
static void frfcfs_vs_fcfs(void **state)
{
    const uint32_t sched[2] = { DRAM_FRFCFS, DRAM_FCFS };
    const uint64_t first_t[2] = { 48, 70 }, second_t[2] = { 71, 105 };
    const uint32_t first_aux[2] = { 'B', 'A' }, second_aux[2] = { 'A', 'B' };
    for (int s = 0; s < 2; s++) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(sched[s]);
        dram_init(&d, &c.dram, c.mem.line_bytes, &st);
        uint32_t aux;
        push(&d, 0, 0, 0, 'O');
        assert_int_equal(next_read(&d, &aux), 30);
        push(&d, 0, 1, 0, 'A');
        push(&d, 0, 0, 0, 'B');
        assert_int_equal(next_read(&d, &aux), first_t[s]);
        assert_int_equal(aux, first_aux[s]);
        assert_int_equal(next_read(&d, &aux), second_t[s]);
        assert_int_equal(aux, second_aux[s]);
        dram_free(&d);
    }
}

/* Across banks.  Bank 1 has row 0 open at T = 30; an older A to closed bank 0
 * and a younger row hit B to bank 1 arrive (bank 1 is examined after bank 0), both commands legal at 30.
 * FR-FCFS issues the column command first: RD B 30 -> 48; ACT A 31, RD 43
 *   -> 61.  FCFS issues the older first: ACT A 30, RD B 31 -> 49; RD A 42,
 *   bus free from 49 (>= 42 + tCL) -> 60. */
static void frfcfs_row_hit_first_across_banks(void **state)
{
    const uint32_t sched[2] = { DRAM_FRFCFS, DRAM_FCFS };
    const uint64_t b_t[2] = { 48, 49 }, a_t[2] = { 61, 60 };
    for (int s = 0; s < 2; s++) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(sched[s]);
        dram_init(&d, &c.dram, c.mem.line_bytes, &st);
        uint32_t aux;
        push(&d, 1, 0, 0, 'O');
        assert_int_equal(next_read(&d, &aux), 30);
        push(&d, 0, 7, 0, 'A');
        push(&d, 1, 0, 0, 'B');
        assert_int_equal(next_read(&d, &aux), b_t[s]);
        assert_int_equal(aux, 'B');
        assert_int_equal(next_read(&d, &aux), a_t[s]);
        assert_int_equal(aux, 'A');
        dram_free(&d);
    }
}

/* tRRD: reads to closed banks 0 and 1 at cycle 0.  ACT b0 at 0, ACT b1 not
 * before tRRD = 9 (raised from 8 so the bus limit, RD >= 30 - tCL = 20, does
 * not hide it): RD b1 at 9 + tRCD = 21 -> 39; RD b0 at 12 -> 30. */
static void trrd_spacing(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.tRRD = 9;
    dram_init(&d, &c.dram, c.mem.line_bytes, &st);
    uint32_t aux;
    push(&d, 0, 0, 0, 0);
    push(&d, 1, 0, 0, 1);
    assert_int_equal(next_read(&d, &aux), 30);
    assert_int_equal(aux, 0);
    assert_int_equal(next_read(&d, &aux), 9 + TRCD + TCL + 8);
    assert_int_equal(aux, 1);
    dram_free(&d);
}

/* tCCD: with 2 data cycles (bus 16 B) and tCCD = 6, two row hits issue RD at
 * T and T + 6 (the bus alone would allow T + 2). Row opened by a first read:
 * ACT 0, RD 12 -> 24 = T; col_ok = 12 + 6 = 18 <= 24. */
static void tccd_spacing(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.dram_bus_bytes = 16;
    c.dram.tCCD = 6;
    dram_init(&d, &c.dram, c.mem.line_bytes, &st);
    assert_int_equal(d.data_cycles, 2);
    uint32_t aux;
    push(&d, 2, 3, 0, 0);
    assert_int_equal(next_read(&d, &aux), TRCD + TCL + 2);
    push(&d, 2, 3, 0, 1);
    push(&d, 2, 3, 0, 2);
    assert_int_equal(next_read(&d, &aux), 24 + TCL + 2);
    assert_int_equal(aux, 1);
    assert_int_equal(next_read(&d, &aux), 24 + 6 + TCL + 2);
    assert_int_equal(aux, 2);
    dram_free(&d);
}

/* tWTR: row 0 open at 30 (first read).  A write then a read to it at 30:
 * WR 30, data 40..48, read RD not before 48 + tWTR = 54 -> 72. */
static void twtr_spacing(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FCFS);
    dram_init(&d, &c.dram, c.mem.line_bytes, &st);
    uint32_t aux;
    push(&d, 0, 0, 0, 0);
    assert_int_equal(next_read(&d, &aux), 30);
    push(&d, 0, 0, 1, 1);
    push(&d, 0, 0, 0, 2);
    assert_int_equal(next_read(&d, &aux), 30 + TCL + 8 + TWTR + TCL + 8);
    assert_int_equal(aux, 2);
    assert_int_equal(st.dram_writes, 1);
    dram_free(&d);
}

/* Admission with dram_queue = 8: reads up to cap - 1 = 7 (one slot kept for
 * write-backs), writes up to 8; a refused push changes nothing. */
static void queue_full_back_pressure(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    dram_init(&d, &c.dram, c.mem.line_bytes, &st);
    for (uint32_t i = 0; i < 7; i++)
        push(&d, i % 4, i, 0, i);
    dram_req r = { .bank = 0, .row = 9 };
    assert_false(dram_can_accept(&d, 0));
    assert_int_equal(dram_push(&d, &r), -1);
    assert_true(dram_can_accept(&d, 1));
    r.write = 1;
    assert_int_equal(dram_push(&d, &r), 0);
    assert_int_equal(dram_push(&d, &r), -1);
    assert_int_equal(d.count, 8);
    r.bank = 4;                          /* no such bank */
    d.count = 0;
    assert_int_equal(dram_push(&d, &r), -1);
    d.count = 8;
    /* reads returned but not popped still count against new reads */
    while (d.count)
        dram_tick(&d, 0);
    assert_int_equal(d.done_count, 7);
    assert_false(dram_can_accept(&d, 0));
    dram_free(&d);
}

/* dram.latency (GPGPU-Sim -dram_latency, counted in core cycles): latency 10
 * with the core at twice the DRAM clock (2t core cycles ticked at DRAM tick
 * t).  A read pushed before tick 0 is ready at core cycle 0 + 10, reached at
 * tick 5; it enters the queue after that tick's commands (as GPGPU-Sim moves
 * it after dram_t::cycle), so ACT 6, RD 6 + tRCD = 18, data at 18 + tCL + 8 =
 * 36: 6 DRAM cycles later than without the stage (30).  One request enters
 * the stage per DRAM cycle. */
static void fixed_latency(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.latency = 10;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    push(&d, 0, 5, 0, 1);
    assert_false(dram_can_accept(&d, 1));       /* one per DRAM cycle */
    assert_int_equal(dram_pending(&d), 1);
    assert_int_equal(d.count, 0);
    dram_req r;
    uint64_t entered = 0;
    while (!dram_pop(&d, &r)) {
        assert_true(d.now < 1000);
        dram_tick(&d, 2 * d.now);
        if (!entered && d.count) entered = d.now;
        assert_true(dram_can_accept(&d, 1));
    }
    assert_int_equal(entered, 6);               /* moved in during tick 5 */
    assert_int_equal(d.now, 36);
    assert_int_equal(r.aux, 1);
    assert_int_equal(dram_pending(&d), 0);
    dram_free(&d);
}

/* The latency stage holds 4 * latency + 2 = 6 requests (latency 1), one
 * entering per DRAM cycle; reads leave its last slot to writes.  With the
 * latency clock held at 0 nothing becomes ready: five reads fill it to 5,
 * a sixth read is refused, a write takes the last slot, then everything is
 * refused; once the clock reaches 1 the head moves on (one per tick) and a
 * slot opens. */
static void latency_stage_back_pressure(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.latency = 1;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    assert_int_equal(d.lat_cap, 6);
    for (uint32_t i = 0; i < 5; i++) {
        push(&d, i % 4, 0, 0, i);
        dram_tick(&d, 0);
    }
    assert_false(dram_can_accept(&d, 0));
    assert_true(dram_can_accept(&d, 1));
    push(&d, 0, 0, 1, 9);
    dram_tick(&d, 0);
    assert_false(dram_can_accept(&d, 1));
    assert_int_equal(dram_pending(&d), 6);
    assert_int_equal(d.count, 0);
    dram_tick(&d, 1);
    assert_int_equal(d.count, 1);
    assert_true(dram_can_accept(&d, 1));
    assert_false(dram_can_accept(&d, 0));        /* 5 in the stage: the write slot */
    dram_tick(&d, 1);
    assert_true(dram_can_accept(&d, 0));
    while (dram_pending(&d)) {
        dram_req r;
        dram_tick(&d, 2);
        while (dram_pop(&d, &r))
            ;
        assert_true(d.now < 1000);
    }
    assert_int_equal(st.dram_reads, 5);
    assert_int_equal(st.dram_writes, 1);
    dram_free(&d);
}

/* Open rows in banks 0, 4 and 1, then two row hits pushed together at T.
 * 8 banks in 4 groups by the low bits (GPGPU-Sim -dram_bnkgrp_indexing_policy
 * 1): banks 0 and 4 share group 0, bank 1 is group 1.  tCCD 2, tCCDL 5, 2
 * data cycles (bus 32 B).  Same group: RD T, RD T + tCCDL -> data at T + 12
 * and T + 5 + 12.  Other group: RD T, RD T + tCCD -> T + 12, T + 14. */
static void tccdl_vs_tccds(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.dram_banks = 8;
    c.dram.dram_bus_bytes = 32;
    c.dram.bank_groups = 4;
    c.dram.bkgrp_index = DRAM_BKGRP_LOW;
    c.dram.tCCDL = 5;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    uint32_t aux;
    push(&d, 0, 0, 0, 0);
    push(&d, 4, 0, 0, 0);
    push(&d, 1, 0, 0, 0);
    for (int i = 0; i < 3; i++)
        next_read(&d, &aux);
    uint64_t t = d.now;
    push(&d, 0, 0, 0, 'A');
    push(&d, 4, 0, 0, 'B');
    assert_int_equal(next_read(&d, &aux), t + TCL + 2);
    assert_int_equal(aux, 'A');
    assert_int_equal(next_read(&d, &aux), t + 5 + TCL + 2);
    assert_int_equal(aux, 'B');
    t = d.now;
    push(&d, 0, 0, 0, 'A');
    push(&d, 1, 0, 0, 'C');
    assert_int_equal(next_read(&d, &aux), t + TCL + 2);
    assert_int_equal(next_read(&d, &aux), t + TCCD + TCL + 2);
    assert_int_equal(aux, 'C');
    assert_int_equal(d.bank[4].group, 0);
    assert_int_equal(d.bank[1].group, 1);
    dram_free(&d);
    c.dram.bkgrp_index = DRAM_BKGRP_HIGH;        /* 2 banks per group: 0-1, 2-3, ... */
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    assert_int_equal(d.bank[1].group, 0);
    assert_int_equal(d.bank[4].group, 2);
    dram_free(&d);
}

/* A request's data cycles follow dram_req.bytes: 128 B lines over a 8 B DDR
 * bus (burst 4: an atom of 32 B in 2 cycles).  Closed bank: ACT 0, RD 12.
 * col_cmd = request: 128 B -> 12 + 10 + 8 = 30; 32 B -> 12 + 10 + 2 = 24.
 * col_cmd = atom (GPGPU-Sim): 128 B = 4 column commands of 32 B, RD 12, 14,
 * 16, 18 -> 18 + 10 + 2 = 30; with tCCDL 5 in the one bank group RD 12, 17,
 * 22, 27 -> 39; 32 B -> one command -> 24. */
static uint64_t one_read(gpu_cfg *c, uint32_t bytes, mem_part_stats *st)
{
    dram d;
    assert_int_equal(dram_init(&d, &c->dram, c->mem.line_bytes, st), 0);
    uint32_t aux;
    push_bytes(&d, 0, 0, 0, 1, bytes);
    uint64_t t = next_read(&d, &aux);
    dram_free(&d);
    return t;
}

static void request_bytes(void **state)
{
    mem_part_stats st = {0};
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.mem.line_bytes = 128;
    c.dram.dram_bus_bytes = 8;
    assert_int_equal(one_read(&c, 0, &st), TRCD + TCL + 8);
    assert_int_equal(one_read(&c, 128, &st), TRCD + TCL + 8);
    assert_int_equal(one_read(&c, 32, &st), TRCD + TCL + 2);
    assert_int_equal(st.dram_busy_cycles, 8 + 8 + 2);
    c.dram.col_cmd = DRAM_COL_ATOM;
    memset(&st, 0, sizeof st);
    assert_int_equal(one_read(&c, 0, &st), TRCD + 3 * TCCD + TCL + 2);
    assert_int_equal(one_read(&c, 32, &st), TRCD + TCL + 2);
    c.dram.tCCDL = 5;
    assert_int_equal(one_read(&c, 128, &st), TRCD + 3 * 5 + TCL + 2);
    assert_int_equal(st.dram_busy_cycles, 8 + 2 + 8);
    assert_int_equal(st.dram_reads, 3);          /* one per request, not per atom */
    assert_int_equal(st.dram_row_misses, 3);
}

/* tWL (GPGPU-Sim WL) = 4 with tCL 10, FCFS, a write then a read to a closed
 * bank: ACT 0; WR at tRCD - (tWL + 1) = 7 (GPGPU-Sim tRCDWR), its data
 * 11..19; RD at 7 + 4 + 8 + tWTR 6 = 25 -> 25 + 10 + 8 = 43.  With tWL = 0
 * (= tCL): WR 12, data 22..30, RD 36 -> 54. */
static void write_latency(void **state)
{
    for (uint32_t wl = 0; wl <= 4; wl += 4) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(DRAM_FCFS);
        c.dram.tWL = wl;
        assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
        uint32_t aux;
        push(&d, 0, 0, 1, 1);
        push(&d, 0, 0, 0, 2);
        assert_int_equal(next_read(&d, &aux), wl ? 43 : 54);
        assert_int_equal(st.dram_writes, 1);
        dram_free(&d);
    }
}

/* tRTPL (read to precharge within a bank group) = 8: row 0 open (first read
 * done at 30); at 30 a hit A and a row-1 request B to the same bank.
 * FR-FCFS: RD A 30; PRE at max(tRAS 25, 30 + 8) = 38 (31 without), ACT 48,
 * RD 60 -> 78 (71 without). */
static void read_to_precharge_group(void **state)
{
    for (uint32_t rtpl = 0; rtpl <= 8; rtpl += 8) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(DRAM_FRFCFS);
        c.dram.tRTPL = rtpl;
        assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
        uint32_t aux;
        push(&d, 0, 0, 0, 0);
        assert_int_equal(next_read(&d, &aux), 30);
        push(&d, 0, 0, 0, 'A');
        push(&d, 0, 1, 0, 'B');
        assert_int_equal(next_read(&d, &aux), 48);
        assert_int_equal(next_read(&d, &aux), rtpl ? 78 : 71);
        assert_int_equal(aux, 'B');
        dram_free(&d);
    }
}

/* dual_bus (GPGPU-Sim -dram_dual_bus_interface): the across-banks case of
 * frfcfs_row_hit_first_across_banks.  At 30 RD B (bank 1 hit) and ACT A
 * (bank 0) issue together: RD A 42 -> 60 (61 on one bus); B still 48. */
static void dual_bus(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.dual_bus = 1;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    uint32_t aux;
    push(&d, 1, 0, 0, 'O');
    assert_int_equal(next_read(&d, &aux), 30);
    push(&d, 0, 7, 0, 'A');
    push(&d, 1, 0, 0, 'B');
    assert_int_equal(next_read(&d, &aux), 48);
    assert_int_equal(aux, 'B');
    assert_int_equal(next_read(&d, &aux), 60);
    assert_int_equal(aux, 'A');
    dram_free(&d);
}

/* tRC below tRAS + tRP (GPGPU-Sim SM6_TITANX: RC 52 < RAS 37 + RP 16) is
 * honoured as dram.cc does: each constraint on its own.  Row 0 open (ACT 0,
 * done 30); a row-1 read at 30: PRE 30 (tRAS 25 met), ACT at max(30 + tRP,
 * 0 + tRC) = 40 for tRC = 30 as for 35 -> RD 52 -> 70; tRC = 45 -> ACT 45 ->
 * 75. */
static void trc_independent(void **state)
{
    const uint32_t trc[3] = { 30, TRC, 45 };
    const uint64_t want[3] = { 70, 70, 75 };
    for (int i = 0; i < 3; i++) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(DRAM_FRFCFS);
        c.dram.tRC = trc[i];
        assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
        uint32_t aux;
        push(&d, 0, 0, 0, 0);
        assert_int_equal(next_read(&d, &aux), 30);
        push(&d, 0, 1, 0, 1);
        assert_int_equal(next_read(&d, &aux), want[i]);
        dram_free(&d);
    }
}

/* model = fixed, seed 001 Table 4-2 / Sec. 4.5.4: latency 600 core cycles, one
 * request per slot of fixed_gap cycles.  Returns the latency clock at which
 * the next read pops (the clock advances one per tick). */
static uint64_t fixed_pop(dram *d, uint32_t *aux)
{
    dram_req r;
    while (!dram_pop(d, &r)) {
        assert_true(d->now < 100000);
        dram_tick(d, d->now);
    }
    *aux = r.aux;
    return d->lat_now;
}

static void fixed_model(void **state)
{
    const uint32_t gap[2] = { 1, 4 };
    for (int g = 0; g < 2; g++) {
        mem_part_stats st = {0};
        dram d;
        gpu_cfg c = dram_cfg(DRAM_FRFCFS);
        c.dram.model = DRAM_FIXED;
        c.dram.latency = 600;
        c.dram.fixed_gap = gap[g];
        assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
        /* Same bank, three rows, a write in the middle: no row or bank timing,
         * slots 0, 1, (2: the write), 3 in arrival order, the first at the
         * next tick's clock, 1. */
        push(&d, 0, 0, 0, 10);
        push(&d, 0, 7, 0, 11);
        push(&d, 1, 3, 1, 12);
        push(&d, 0, 9, 0, 13);
        assert_int_equal(dram_pending(&d), 4);
        uint32_t aux;
        assert_int_equal(fixed_pop(&d, &aux), 601);
        assert_int_equal(aux, 10);
        assert_int_equal(fixed_pop(&d, &aux), 601 + gap[g]);
        assert_int_equal(aux, 11);
        assert_int_equal(fixed_pop(&d, &aux), 601 + 3 * gap[g]);
        assert_int_equal(aux, 13);
        assert_int_equal(st.dram_reads, 3);
        assert_int_equal(st.dram_writes, 1);
        assert_int_equal(st.dram_busy_cycles, 4 * gap[g]);
        assert_int_equal(st.dram_activates, 0);
        assert_int_equal(dram_pending(&d), 0);
        /* An idle channel: a read pushed after the tick of clock t returns at
         * t + 1 + 600. */
        uint64_t t = d.lat_now;
        push(&d, 2, 5, 0, 14);
        assert_int_equal(fixed_pop(&d, &aux), t + 601);
        dram_free(&d);
    }
}

/* model = fixed: at most dram.queue requests hold a slot that begins after
 * the next tick; one more is refused until a slot begins.  Gap 2: slots at
 * 1, 3, ..., 17; before any tick the one at 1 counts as begun. */
static void fixed_model_back_pressure(void **state)
{
    mem_part_stats st = {0};
    dram d;
    gpu_cfg c = dram_cfg(DRAM_FRFCFS);
    c.dram.model = DRAM_FIXED;
    c.dram.latency = 600;
    c.dram.fixed_gap = 2;
    c.dram.dram_queue = 8;
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), 0);
    for (uint32_t i = 0; i < 9; i++)
        push(&d, 0, i, 0, i);
    assert_false(dram_can_accept(&d, 0));
    assert_false(dram_can_accept(&d, 1));
    dram_tick(&d, 1);                     /* next clock 2: slot at 3 not begun, 8 wait */
    assert_false(dram_can_accept(&d, 0));
    dram_tick(&d, 2);                     /* next clock 3: the slot at 3 begins, 7 wait */
    assert_true(dram_can_accept(&d, 1));
    push(&d, 0, 9, 1, 9);
    assert_false(dram_can_accept(&d, 0));
    c.dram.fixed_gap = 0;
    dram_free(&d);
    assert_int_equal(dram_init(&d, &c.dram, c.mem.line_bytes, &st), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(data_cycles),
        cmocka_unit_test(miss_hit_conflict_latency),
        cmocka_unit_test(frfcfs_vs_fcfs),
        cmocka_unit_test(frfcfs_row_hit_first_across_banks),
        cmocka_unit_test(trrd_spacing),
        cmocka_unit_test(tccd_spacing),
        cmocka_unit_test(twtr_spacing),
        cmocka_unit_test(queue_full_back_pressure),
        cmocka_unit_test(fixed_latency),
        cmocka_unit_test(latency_stage_back_pressure),
        cmocka_unit_test(tccdl_vs_tccds),
        cmocka_unit_test(request_bytes),
        cmocka_unit_test(write_latency),
        cmocka_unit_test(read_to_precharge_group),
        cmocka_unit_test(dual_bus),
        cmocka_unit_test(trc_independent),
        cmocka_unit_test(fixed_model),
        cmocka_unit_test(fixed_model_back_pressure),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
