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
 *     warp) once accepted into the miss queue, or with l2_write_ack when the
 *     L2 slice's acknowledgement comes back over the response crossbar; they
 *     consume crossbar and L2/DRAM bandwidth; an L2 write allocates
 *     (write-back L2);
 *   - atomics travel like loads, are performed at L2 and never fill L1.
 */
#ifndef MEM_H
#define MEM_H

#include <stdint.h>
#include "amap.h"
#include "dram.h"
#include "keys.h"
#include "mem_stats.h"

#define MEM_HDR_BYTES 8u   /* request / response header */

enum mem_kind { MEM_LOAD = 0, MEM_STORE, MEM_ATOMIC };
enum mem_result { MEM_HIT = 0, MEM_MISS = 1, MEM_STALL = 2 };

typedef struct memsys memsys;

/* Parameters above DRAM (keys l1.*, icnt.*, l2.*; table mem_keys in mem.c). */
typedef struct mem_params {
    uint32_t l1_bytes, l1_assoc, line_bytes, l1_mshr, l1_mshr_merge, l1_lat, l1_miss_queue;
    uint32_t icnt_lat;          /* icnt cycles from injection to ejection */
    uint32_t icnt_flit_bytes;   /* bytes a port moves per icnt cycle */
    uint32_t icnt_queue;        /* packets buffered per output port (and input, see below) */
    uint32_t icnt_in_queue;     /* packets buffered per input port; 0 = icnt_queue */
    uint32_t n_parts;           /* memory partitions: L2 slice + DRAM channel each */
    uint32_t l2_bytes, l2_assoc, l2_mshr, l2_lat, l2_queue;
    uint32_t l1_flush;          /* invalidate every L1 at each kernel launch (0/1) */
    uint32_t l1_banks;          /* L1 banks, one access each per core cycle; 0 = no bank limit */
    uint32_t l1_bank_bytes;     /* bank interleaving granularity */
    uint32_t l1_sector_bytes;   /* L1 sector size; 0 or line_bytes = unsectored */
    uint32_t l2_sector_bytes;   /* L2 sector size; 0 or line_bytes = unsectored */
    uint32_t l1_lat_on_miss;    /* every access waits l1_lat before the tag lookup (0/1) */
    uint32_t l2_rop_stage;      /* l2_lat is a stage of its own before the l2_queue entries (0/1) */
    uint32_t l1_fill_wb;        /* load and atomic accesses completed by fills per core cycle; 0 = no limit */
    uint32_t l2_write_ack;      /* a store completes when the L2's acknowledgement reaches the core (0/1) */
    uint32_t l2_fill_port;      /* a DRAM fill does not take the slice's tag lookup of its cycle (0/1) */
    uint32_t l2_lookup_resp;    /* a lookup's response may leave in the cycle a fill's does (0/1) */
    amap_params map;            /* address map (keys amap.*, table amap_keys in amap.c) */
} mem_params;

extern const key_table mem_keys;

/* The papers' small preset values (configs/small.cfg restates them). */
void mem_params_defaults(mem_params *p);

memsys *mem_create(const mem_params *p, const dram_params *dp, uint32_t n_cores);
/* The same, with the reason of a failure in why ("problem (key)", or "out of
 * memory ..." with errno ENOMEM); nothing is printed. */
#define MEM_WHY 200
memsys *mem_create_why(const mem_params *p, const dram_params *dp, uint32_t n_cores,
                       char why[MEM_WHY]);
void    mem_destroy(memsys *m);

/* Bytes of one access (the coalescing unit): the L1 sector, or the line
 * when the L1 is unsectored. */
uint32_t mem_params_access_bytes(const mem_params *p);

/* Accesses one LD/ST unit may offer the L1 per core cycle: l1_banks (GPGPU-Sim's
 * ldst_unit takes up to l1_banks accesses of an instruction per cycle), 1
 * without banks. */
uint32_t mem_l1_ports(const memsys *m);

/* One access from core `core` at core cycle `now` to the access unit (sector,
 * or line when unsectored) at byte address `addr` (aligned to
 * mem_params_access_bytes).  `token` is the caller's id, returned by
 * mem_pop_done when the access completes.  Returns MEM_HIT, MEM_MISS
 * (accepted, completion later) or MEM_STALL (not accepted: its L1 bank is
 * taken this cycle, no MSHR, merge slots full or miss queue full; retry
 * later); -1 for a core out of range, an unknown kind or a token >= 2^31.  With l1_lat_on_miss
 * every load and store is accepted into its bank's latency queue (MEM_MISS)
 * and looked up l1_lat cycles later. */
int mem_access(memsys *m, uint32_t core, uint64_t addr, int kind,
               uint32_t token, uint64_t now);

/* Next completed token of `core` at core cycle `now`: 1 and *token set, or 0.
 * With l1_fill_wb = W > 0, at most W load or atomic tokens completed by fills
 * come out per core cycle (GPGPU-Sim's ldst_unit::writeback takes one L1D
 * response a cycle); a store's token and hits are not counted.  Tokens must
 * be below 2^31 (mem_access refuses others). */
int mem_pop_done(memsys *m, uint32_t core, uint64_t now, uint32_t *token);

/* 1 when mem_pop_done(m, core, now, ...) would return a token (a new
 * cycle's first call), else 0; changes nothing. */
int mem_done_ready(const memsys *m, uint32_t core, uint64_t now);

/* A refused access (MEM_STALL) changes nothing but the refusal counters, so
 * the same access made again is refused again, for the same reasons, until
 * the core's L1 side changes: its epoch.  mem_l1_epoch is that count of
 * changes; mem_refused_again counts once more the refusals that mem_access
 * counted for `core` in the last core cycle it refused one, as making the
 * same accesses again at an unchanged epoch would. */
uint64_t mem_l1_epoch(const memsys *m, uint32_t core);
void     mem_refused_again(memsys *m, uint32_t core);
/* The refusals counted again are added to the statistics in one step, when
 * the core's refusals change and by mem_settle: call it before reading
 * mem_get_stats' L1 refusal counters. */
void     mem_settle(memsys *m);

/* Advance one cycle of a clock domain. */
void mem_tick_core(memsys *m, uint64_t now);   /* L1 side: miss queue -> crossbar */
void mem_tick_icnt(memsys *m);
void mem_tick_l2(memsys *m);
void mem_tick_dram(memsys *m);

/* Skipping idle work (docs/performance.md "Skipping idle work"): with skip
 * (mem_create's default) an L2 cycle visits only the slices holding work
 * and a DRAM cycle only the channels holding requests; an idle slice's or
 * channel's cycle count is the domain's, read when it next works.  Results
 * are those of visiting every one (skip = 0). */
void mem_set_skip(memsys *m, int skip);

/* 1 when an icnt, L2 or DRAM cycle would change nothing but the cycle
 * counters: no packet waiting at a crossbar input or at an L2 slice's
 * output, no request in an L2 slice, no DRAM request queued or returned.
 * Only a core cycle's accesses and responses (mem_tick_core) end it. */
int mem_quiet(const memsys *m);

/* n_icnt, n_l2 and n_dram cycles of the three domains at once while
 * mem_quiet: the counters those cycles would count (mem_tick_icnt,
 * mem_tick_l2 and mem_tick_dram n times each). */
void mem_advance(memsys *m, uint64_t n_icnt, uint64_t n_l2, uint64_t n_dram);

/* A kernel launches (the memory system is idle): with l1_flush, every
 * core's L1 is invalidated, as GPGPU-Sim's -gpgpu_flush_l1_cache 1 does. */
void mem_kernel_begin(memsys *m);

/* No request anywhere in flight (all queues, MSHRs and channels empty). */
int mem_idle(const memsys *m);

/* Partition of a line address (address mapping), and bank/row within it. */
uint32_t mem_part_of(const memsys *m, uint64_t line_addr);

const mem_stats *mem_get_stats(const memsys *m);
void mem_stats_reset(memsys *m);

/* Per-core miss statistics (for per-core reports). */
uint64_t mem_core_l1_hits(const memsys *m, uint32_t core);
uint64_t mem_core_l1_misses(const memsys *m, uint32_t core);
/* The cores whose L1 miss count changed since the last call (or the last
 * mem_stats_reset) into set[0 .. words - 1], a bit per core; cleared. */
void mem_take_miss_cores(memsys *m, uint64_t *set, uint32_t words);

#endif
