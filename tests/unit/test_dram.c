/* test_dram.c -- one DRAM channel: row hit / miss / conflict latency from the
 * configured timing, FR-FCFS vs FCFS order, tRRD / tCCD / tWTR spacing,
 * admission back-pressure.
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

static void push(dram *d, uint32_t bank, uint32_t row, int write, uint32_t aux)
{
    dram_req r = { .addr = aux, .row = row, .aux = aux, .bank = (uint16_t)bank,
                   .write = (uint8_t)write };
    assert_int_equal(dram_push(d, &r), 0);
}

/* Tick until a read pops; returns `now` at the pop and its aux. */
static uint64_t next_read(dram *d, uint32_t *aux)
{
    dram_req r;
    while (!dram_pop(d, &r)) {
        assert_true(d->now < 100000);
        dram_tick(d);
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
        dram_tick(&d);
    assert_int_equal(d.done_count, 7);
    assert_false(dram_can_accept(&d, 0));
    dram_free(&d);
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
