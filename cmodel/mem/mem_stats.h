/* mem_stats.h -- counters of the memory system, per partition and in all.
 * Kept apart from mem.h so dram.h can count into them without depending on
 * the memory system that owns it. */
#ifndef MEM_STATS_H
#define MEM_STATS_H

#include <stdint.h>
#include "ctl_seam.h"

/* Statistics, cumulative since mem_create or mem_stats_reset. */
typedef struct mem_part_stats {
    uint64_t l2_hits, l2_misses, l2_writebacks;
    uint64_t dram_reads, dram_writes, dram_row_hits, dram_row_misses;
    uint64_t dram_busy_cycles;   /* data bus busy (DRAM cycles) */
    uint64_t dram_activates, dram_precharges;
} mem_part_stats;

typedef struct mem_stats {
    uint64_t l1_hits, l1_misses, l1_mshr_merges, l1_stalls;
    uint64_t loads, stores, atomics;          /* line accesses */
    uint64_t roundtrip_sum, roundtrip_n;      /* L1 miss to fill, core cycles */
    uint64_t icnt_req_flits, icnt_resp_flits;
    uint64_t dram_cycles;                     /* DRAM clock cycles elapsed */
    uint64_t icnt_cycles, l2_cycles;
    mem_part_stats part[CTL_MAX_PARTS];
} mem_stats;

#endif
