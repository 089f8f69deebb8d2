/* test_memskip.c -- the memory system's idle skipping is exact (mem.h
 * mem_set_skip, mem_quiet, mem_advance; docs/performance.md "Skipping idle
 * work").  The same random traffic, in bursts with idle gaps between them,
 * runs twice: every slice and channel visited and every domain cycle ticked
 * one by one (skip 0), and with skipping, where a quiet memory system's
 * icnt, L2 and DRAM cycles up to the next core cycle are counted by one
 * mem_advance, as the GPU loop does.  Every completion (core, token, cycle)
 * and every statistic must be the same; the skipped run must have advanced
 * quiet spans and the traffic must have kept the DRAM busy. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mem_harness.h"

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

typedef struct skip_out {
    mem_stats st;
    uint64_t  digest;       /* over every completion: core, token, cycle */
    uint64_t  completed;
    uint64_t  advanced;     /* DRAM cycles counted by mem_advance */
} skip_out;

/* DRAM cycles in core cycle `now`: 2 of every 3 core cycles have two (a DRAM
 * clock 5/3 the core's), so the domains' cycles do not line up. */
static uint32_t dram_ticks(uint64_t now) { return now % 3u ? 2u : 1u; }

/* Bursts of 300 core cycles of accesses from both cores, then 700 without:
 * the system drains and stays quiet until the next burst. */
static void traffic(const gpu_cfg *c, uint64_t seed, int skip, skip_out *out)
{
    memsys *m = mem_create(&c->mem, &c->dram, c->sm.n_cores);
    assert_non_null(m);
    mem_set_skip(m, skip);
    memset(out, 0, sizeof *out);
    uint64_t rng = seed, now = 0;
    uint32_t issued = 0;
    out->digest = 1469598103934665603ull;
    for (; now < 6000 || !mem_idle(m); now++) {
        assert_true(now < 100000);
        for (uint32_t core = 0; core < 2 && now < 6000 && now % 1000 < 300; core++) {
            uint64_t r = xorshift(&rng);
            if (r % 3)
                continue;
            uint64_t addr = (r >> 8) % 1024 * 64;
            int kind = (r >> 20) % 8 == 0 ? MEM_STORE : (r >> 20) % 16 == 1 ? MEM_ATOMIC : MEM_LOAD;
            if (mem_access(m, core, addr, kind, issued, now) != MEM_STALL)
                issued++;
        }
        mem_tick_core(m, now);
        if (skip && mem_quiet(m)) {
            mem_advance(m, 1, 1, dram_ticks(now));
            out->advanced += dram_ticks(now);
        } else {
            mem_tick_icnt(m);
            mem_tick_l2(m);
            for (uint32_t k = 0; k < dram_ticks(now); k++)
                mem_tick_dram(m);
        }
        for (uint32_t core = 0; core < 2; core++) {
            uint32_t tok;
            while (mem_pop_done(m, core, now, &tok)) {
                out->completed++;
                out->digest = (out->digest ^ (tok * 2u + core) ^ now) * 1099511628211ull;
            }
        }
    }
    assert_int_equal(out->completed, issued);
    out->st = *mem_get_stats(m);
    mem_destroy(m);
}

static void expect_same(const gpu_cfg *c, uint64_t seed)
{
    skip_out a, b;
    traffic(c, seed, 0, &a);
    traffic(c, seed, 1, &b);
    assert_int_equal(a.advanced, 0);
    assert_true(b.advanced > 1000);          /* the gaps were counted in one step each cycle */
    printf("  %llu completions, %llu DRAM cycles advanced\n", (unsigned long long)a.completed, (unsigned long long)b.advanced);
    assert_true(a.completed > 200);
    assert_int_equal(a.digest, b.digest);
    assert_int_equal(a.st.dram_cycles, b.st.dram_cycles);
    assert_int_equal(a.st.l2_cycles, b.st.l2_cycles);
    assert_memory_equal(&a.st, &b.st, sizeof a.st);
    uint64_t busy = 0;
    for (uint32_t p = 0; p < c->mem.n_parts; p++) busy += a.st.part[p].dram_busy_cycles;
    assert_true(busy > 0);
}

/* The small configuration's banked DRAM, FR-FCFS. */
static void banked(void **state)
{
    (void)state;
    gpu_cfg c = small_cfg();
    expect_same(&c, 12345);
}

/* GPGPU-Sim's mechanisms: a DRAM latency stage, bank groups, atoms, two
 * slices a channel, the ROP delay stage, write acknowledgements, the fill
 * port: slices of one channel share its returns, which the skip must visit
 * in slice order. */
static void gpgpusim_slices(void **state)
{
    (void)state;
    gpu_cfg c = small_cfg();
    c.dram.latency = 30;
    c.dram.bank_groups = 2;
    c.dram.tCCDL = 3;
    c.dram.col_cmd = DRAM_COL_ATOM;
    c.mem.map.sub_parts = 2;
    c.mem.l2_rop_stage = 1;
    c.mem.l2_write_ack = 1;
    c.mem.l2_fill_port = 1;
    c.mem.l1_sector_bytes = 32;
    c.mem.l2_sector_bytes = 32;
    expect_same(&c, 777);
}

/* The fixed-latency DRAM (tGPU-sim): reads wait in the return ring, no
 * queue, timed by the latency clock an idle channel takes up. */
static void fixed_latency(void **state)
{
    (void)state;
    gpu_cfg c = small_cfg();
    c.dram.model = DRAM_FIXED;
    c.dram.latency = 200;
    c.dram.fixed_gap = 2;
    expect_same(&c, 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(banked),
        cmocka_unit_test(gpgpusim_slices),
        cmocka_unit_test(fixed_latency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
