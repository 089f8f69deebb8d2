/* mem_harness.h -- the whole-memory-system harness shared by test_mem.c and
 * test_sector.c: a small configuration and a loop that ticks all four clock
 * domains once per step (equal clocks) in the order core, icnt, L2, DRAM, then
 * pops each core's completions; an access made before step t is made at core
 * cycle t.  Header-only: each test program includes it once. */
#ifndef MEM_HARNESS_H
#define MEM_HARNESS_H

#include <stdint.h>
#include <string.h>
#include "cfg.h"
#include "mem.h"

/* Small configuration, numbers chosen to keep traces readable: 64 B lines,
 * 8-set 2-way L1, l1_lat 3, icnt_lat 4 with 16 B flits, l2_lat 5; DRAM timing
 * from seed 000 Table 1 (GDDR3: tRCD 12, tCL 10, 4 B bus: a 64 B line in 8
 * DRAM cycles).  l1_bank_bytes is mem_params_defaults' 32 (used only with
 * l1.banks >= 1). */
static inline gpu_cfg small_cfg(void)
{
    gpu_cfg c;
    memset(&c, 0, sizeof c);
    c.sm.n_cores = 2;
    c.mem.line_bytes = 64;
    c.mem.l1_bytes = 1024; c.mem.l1_assoc = 2;        /* 8 sets */
    c.mem.l1_mshr = 4; c.mem.l1_mshr_merge = 2; c.mem.l1_lat = 3; c.mem.l1_miss_queue = 8;
    c.mem.icnt_lat = 4; c.mem.icnt_flit_bytes = 16; c.mem.icnt_queue = 4;
    c.mem.n_parts = 2;
    c.mem.l2_bytes = 4096; c.mem.l2_assoc = 4;        /* 16 sets per partition */
    c.mem.l2_mshr = 4; c.mem.l2_lat = 5; c.mem.l2_queue = 4;
    c.mem.l1_bank_bytes = 32;
    c.dram.dram_banks = 4; c.dram.dram_row_bytes = 2048; c.dram.dram_bus_bytes = 4; c.dram.dram_burst = 4;
    c.dram.dram_queue = 8; c.dram.dram_sched = DRAM_FRFCFS;
    c.dram.tCL = 10; c.dram.tRCD = 12; c.dram.tRP = 10; c.dram.tRAS = 25; c.dram.tRC = 35; c.dram.tRRD = 8;
    c.dram.tCCD = 2; c.dram.tWR = 11; c.dram.tWTR = 6;
    return c;
}

typedef struct sim {
    memsys  *m;
    uint64_t now;
    uint32_t done[2][64];   /* tokens seen per core */
    uint64_t done_at[2][64];
    uint32_t ndone[2];
} sim;

static inline void step(sim *s)
{
    mem_tick_core(s->m, s->now);
    mem_tick_icnt(s->m);
    mem_tick_l2(s->m);
    mem_tick_dram(s->m);
    for (uint32_t c = 0; c < 2; c++) {
        uint32_t tok;
        while (mem_pop_done(s->m, c, s->now, &tok)) {
            assert_true(s->ndone[c] < 64);
            s->done[c][s->ndone[c]] = tok;
            s->done_at[c][s->ndone[c]++] = s->now;
        }
    }
    s->now++;
}

static inline void run_until_idle(sim *s)
{
    while (!mem_idle(s->m)) {
        assert_true(s->now < 100000);
        step(s);
    }
}

static inline sim *sim_new(const gpu_cfg *c)
{
    static sim s;
    memset(&s, 0, sizeof s);
    s.m = mem_create(&c->mem, &c->dram, c->sm.n_cores);
    assert_non_null(s.m);
    return &s;
}

#endif
