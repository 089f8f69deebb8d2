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
    /* l2_misses split (sectored L2): merged into a pending MSHR (pending
     * hits), and misses whose line was present or in flight (GPGPU-Sim's
     * SECTOR_MISS); the rest are line misses.  Stores count in l2_st_*. */
    uint64_t l2_mshr_merges, l2_sector_misses;
    uint64_t l2_st_hits, l2_st_misses;
    /* lookups refused (retried), by GPGPU-Sim's reservation-fail reason:
     * MSHR_ENRTY_FAIL, MSHR_MERGE_ENRTY_FAIL, MISS_QUEUE_FULL (DRAM queue) */
    uint64_t l2_fail_mshr, l2_fail_merge, l2_fail_mq;
    uint64_t dram_reads, dram_writes, dram_row_hits, dram_row_misses;
    uint64_t dram_busy_cycles;   /* data bus busy (DRAM cycles) */
    uint64_t dram_rd_bytes, dram_wr_bytes;   /* bytes L2 asked DRAM to move (dram_req.bytes) */
    uint64_t dram_activates, dram_precharges;
} mem_part_stats;

typedef struct mem_stats {
    uint64_t l1_hits, l1_misses, l1_mshr_merges, l1_stalls;
    uint64_t l1_sector_misses;   /* l1_misses (not merged) whose line was present or in flight */
    uint64_t l1_bank_conflicts;  /* accesses refused: their L1 bank was taken this cycle */
    /* load misses refused (retried), by GPGPU-Sim's reservation-fail reason:
     * MSHR_ENRTY_FAIL, MSHR_MERGE_ENRTY_FAIL, MISS_QUEUE_FULL */
    uint64_t l1_fail_mshr, l1_fail_merge, l1_fail_mq;
    uint64_t loads, stores, atomics;          /* line accesses */
    uint64_t l1_st_hits;                      /* stores whose sector the L1 held (write-through:
                                                 counted, the store goes on to L2 either way) */
    uint64_t roundtrip_sum, roundtrip_n;      /* L1 miss to fill, core cycles */
    uint64_t icnt2mem_sum, icnt2mem_n;        /* access to arrival at its L2 slice, core cycles */
    uint64_t icnt_req_flits, icnt_resp_flits;
    uint64_t dram_cycles;                     /* DRAM clock cycles elapsed */
    uint64_t icnt_cycles, l2_cycles;
    mem_part_stats part[CTL_MAX_PARTS];
} mem_stats;

#endif
