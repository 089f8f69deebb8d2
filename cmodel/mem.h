/* mem.h -- the memory system below the cores: per-core L1 data caches with
 * MSHRs, a crossbar in each direction, L2 slices with MSHRs, DRAM channels.
 *
 * The core model talks to it with line-granular accesses (the coalescer in
 * coal.h turns a warp's lane addresses into lines) and collects
 * completions by token.  The memory system runs in three clock domains, each
 * ticked by the GPU top loop in time order; L1 hit timing is in core cycles.
 *
 * Timing contract:
 *   - mem_access() at core cycle t on an L1 hit completes its token at
 *     t + l1_lat (popped by mem_pop_done in that core cycle);
 *   - a miss allocates (or merges into) an L1 MSHR and queues a request for
 *     the crossbar; the token completes when the line returns;
 *   - stores are write-through, no write-allocate: they complete (for the
 *     warp) once accepted into the miss queue, and consume crossbar and L2/DRAM
 *     bandwidth; an L2 write allocates (write-back L2);
 *   - atomics travel like loads, are performed at L2 and never fill L1.
 */
#ifndef MEM_H
#define MEM_H

#include <stdint.h>
#include "cfg.h"

enum mem_kind { MEM_LOAD = 0, MEM_STORE, MEM_ATOMIC };
enum mem_result { MEM_HIT = 0, MEM_MISS = 1, MEM_STALL = 2 };

typedef struct memsys memsys;

memsys *mem_create(const gpu_cfg *cfg);
void    mem_destroy(memsys *m);

/* One line access from core `core` at core cycle `now`.  `token` is the
 * caller's id, returned by mem_pop_done when the access completes.  Returns
 * MEM_HIT, MEM_MISS (accepted, completion later) or MEM_STALL (not accepted:
 * no MSHR, merge slots full or miss queue full; retry later); -1 for a core
 * out of range or an unknown kind. */
int mem_access(memsys *m, uint32_t core, uint64_t line_addr, int kind,
               uint32_t token, uint64_t now);

/* Next completed token of `core` at core cycle `now`: 1 and *token set, or 0. */
int mem_pop_done(memsys *m, uint32_t core, uint64_t now, uint32_t *token);

/* Advance one cycle of a clock domain. */
void mem_tick_core(memsys *m, uint64_t now);   /* L1 side: miss queue -> crossbar */
void mem_tick_icnt(memsys *m);
void mem_tick_l2(memsys *m);
void mem_tick_dram(memsys *m);

/* No request anywhere in flight (all queues, MSHRs and channels empty). */
int mem_idle(const memsys *m);

/* Partition of a line address (address mapping), and bank/row within it. */
uint32_t mem_part_of(const memsys *m, uint64_t line_addr);

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

const mem_stats *mem_get_stats(const memsys *m);
void mem_stats_reset(memsys *m);

/* Per-core miss statistics (for per-core reports). */
uint64_t mem_core_l1_hits(const memsys *m, uint32_t core);
uint64_t mem_core_l1_misses(const memsys *m, uint32_t core);

#endif
