/* dram.h -- one GDDR channel: banks with open rows, a bounded request queue,
 * FR-FCFS or FCFS scheduling and ACT/RD/WR/PRE timing (gpu-model.md
 * "Memory"; timing names and typical values from seed 000 Table 1, GDDR3;
 * the additions below from GPGPU-Sim 4.2's dram.cc and l2cache.cc).
 *
 * One command per DRAM cycle (dual_bus: one row and one column command).
 * Per bank the candidate request is (FR-FCFS) the oldest request to the open
 * row, else the oldest request of the bank; (FCFS) the oldest request of the
 * bank.  Among banks whose candidate's next command (PRE, ACT, RD or WR) is
 * legal this cycle, FR-FCFS issues a column command (row hit) first, then
 * the oldest; FCFS the oldest.
 * A request of B bytes (dram_req.bytes, 0 = the line) moves in B / (2 *
 * bus_bytes) DRAM cycles (DDR: two beats per cycle), but at least burst/2,
 * with one column command (col_cmd = request) or, as GPGPU-Sim does, one
 * column command per atom of burst * bus_bytes bytes (col_cmd = atom).
 * Column commands are tCCD apart, tCCDL within a bank group.  Write data
 * follows WR after tWL cycles (0: tCL).  A read returns tCL + data cycles
 * after its (last) RD.  All timing in DRAM cycles, except `latency`: a fixed
 * delay in core cycles before a request reaches the queue (GPGPU-Sim
 * -dram_latency).
 *
 * model = fixed (seed 001 Table 4-2 and Sec. 4.5.4, tGPU-sim's global memory:
 * "we limit the off chip memory bandwidth to 8 cache blocks per cycle and fix
 * the latency to be 600 cycles"): no banks, rows or bus timing.  Requests
 * take slots of `fixed_gap` core cycles each, in arrival order (one block
 * per slot), the first at the next tick's latency clock; a read's data is
 * back `latency` core cycles after its slot begins; a write only takes its
 * slot.  At most dram_queue requests hold a slot that begins after the next
 * tick.  See docs/memory.md.
 */
#ifndef DRAM_H
#define DRAM_H

#include <stdint.h>
#include "arena.h"
#include "keys.h"
#include "mem_stats.h"

#define DRAM_NIL 0xffffffffu

enum dram_sched_kind { DRAM_FRFCFS = 0, DRAM_FCFS };
/* The channel's model: bank-timed GDDR, or tGPU-sim's fixed latency and rate. */
enum dram_model_kind { DRAM_BANKED = 0, DRAM_FIXED };

/* Parameters of a channel (keys dram.*; table dram_keys in dram.c).
 * Timing in DRAM clock cycles. */
typedef struct dram_params {
    uint32_t dram_banks, dram_row_bytes, dram_bus_bytes, dram_burst, dram_queue, dram_sched;
    uint32_t tCL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tWTR;
    uint32_t latency;       /* core cycles from L2 to the queue (GPGPU-Sim -dram_latency) */
    uint32_t bank_groups;   /* nbkgrp (0 = 1) */
    uint32_t bkgrp_index;   /* enum dram_bkgrp_index: which bank bits name the group */
    uint32_t tCCDL, tRTPL;  /* column to column / read to precharge, same bank group */
    uint32_t tWL;           /* write latency; 0 = tCL */
    uint32_t col_cmd;       /* enum dram_col_cmd */
    uint32_t dual_bus;      /* one row and one column command per cycle (0/1) */
    uint32_t model;         /* enum dram_model_kind */
    uint32_t fixed_gap;     /* model = fixed: core cycles per request slot */
} dram_params;

/* GPGPU-Sim -dram_bnkgrp_indexing_policy: 0 higher bank bits, 1 lower. */
enum dram_bkgrp_index { DRAM_BKGRP_HIGH = 0, DRAM_BKGRP_LOW };
/* What one column command moves: the whole request, or one atom. */
enum dram_col_cmd { DRAM_COL_REQUEST = 0, DRAM_COL_ATOM };

extern const key_table dram_keys;

/* The small preset's values. */
void dram_params_defaults(dram_params *p);

typedef struct dram_req {
    uint64_t addr;       /* partition-local line index (owner's key) */
    uint32_t row;
    uint32_t aux;        /* owner's tag, returned with the read */
    uint16_t bank;
    uint16_t bytes;      /* bytes moved; 0 = line_bytes (set by mem.c, timed by dram.c) */
    uint8_t  write;
    uint8_t  act_for;    /* set when an ACT was issued for this request */
} dram_req;

typedef struct dram_ent {
    dram_req r;
    uint64_t seq;        /* arrival order */
    uint32_t next;       /* next of the same bank, or DRAM_NIL */
    uint32_t atoms;      /* col_cmd = atom: column commands still to issue (0 = not started) */
} dram_ent;

/* A request in the fixed-latency stage, ready at `ready` (core cycles). */
typedef struct dram_lat {
    uint64_t ready;
    dram_req r;
} dram_lat;

typedef struct dram_bank {
    uint32_t open_row;   /* DRAM_NIL = precharged */
    uint32_t head, tail; /* FIFO of this bank's requests (entry indices) */
    uint32_t count;
    uint32_t cand, cand_prev; /* cached candidate and its predecessor */
    uint32_t cand_valid;      /* 0 after any change to the bank */
    uint64_t act_ok;     /* earliest ACT: tRC after ACT, tRP after PRE */
    uint64_t col_ok;     /* earliest RD: tRCD after ACT */
    uint64_t wr_ok;      /* earliest WR: tRCD, or tRCD - (tWL + 1) with tWL set */
    uint64_t pre_ok;     /* earliest PRE: tRAS after ACT, tWR after write data */
    uint32_t pin;        /* col_cmd = atom: the request being transferred, or DRAM_NIL */
    uint32_t group;      /* bank group */
} dram_bank;

typedef struct dram_group {
    uint64_t col_ok;     /* tCCDL after a column command in the group */
    uint64_t pre_ok;     /* tRTPL after a read in the group */
} dram_group;

typedef struct dram_done {
    uint64_t ready;
    dram_req r;
} dram_done;

typedef struct dram {
    /* configuration */
    uint32_t nbanks, cap, sched, data_cycles;
    uint32_t tCL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tWTR;
    uint32_t line_bytes, bus2, burst_cycles;   /* request data cycles: bytes / bus2, >= burst_cycles */
    uint32_t atom_bytes;  /* col_cmd = atom: bytes per column command, else 0 */
    uint32_t tCCDL, tRTPL, tWL, tRCDWR, dual, ngroups;
    uint32_t latency, lat_cap;
    uint32_t fixed, fixed_gap;   /* model = fixed and its slot length (core cycles) */
    /* state */
    uint64_t now;        /* DRAM cycles ticked */
    uint64_t seq;
    uint64_t next_try;   /* no command can issue before this cycle */
    uint64_t act_ok;     /* tRRD after the last ACT (any bank) */
    uint64_t col_ok;     /* tCCD after the last column command */
    uint64_t bus_free;   /* first cycle the data bus is free */
    uint64_t rd_ok;      /* tWTR after the last write data */
    uint32_t count;      /* queued requests */
    uint64_t queued;     /* bit b: bank b holds a request (dram.banks <= 64) */
    uint32_t nfree;
    uint32_t *free_idx;  /* [cap] */
    dram_ent *ent;       /* [cap] */
    dram_bank *bank;     /* [nbanks] */
    dram_group *group;   /* [ngroups] */
    dram_lat *lat;       /* [lat_cap] ring: the fixed-latency stage */
    uint32_t lat_head, lat_n;
    uint64_t lat_now;    /* the latency clock (core cycles) at the last tick */
    uint64_t lat_push;   /* now + 1 when a request entered the stage since the last tick */
    dram_done *done;     /* [done_cap] ring of reads in flight / returned */
    uint32_t done_head, done_count, done_cap;
    uint64_t slot_free;  /* model = fixed: core cycle the next slot may begin */
    mem_part_stats *st;  /* where to count (never NULL) */
    arena *ar;           /* the arrays' arena (freed with it), or NULL: calloc'd */
} dram;

/* From p: dram_banks (1..64), dram_queue (>= 2), dram_sched, timing;
 * line_bytes for the data cycles of a request with bytes = 0.  st receives
 * the counters.  0 or -1. */
int  dram_init(dram *d, const dram_params *p, uint32_t line_bytes, mem_part_stats *st);
/* dram_init with the arrays carved from arena `ar` (NULL: calloc). */
int  dram_init_in(dram *d, arena *ar, const dram_params *p, uint32_t line_bytes,
                  mem_part_stats *st);
void dram_free(dram *d);

/* Admission: a write needs a free queue slot; a read needs queued requests
 * plus reads not yet popped to stay below cap - 1 (one slot is kept for the
 * write-back an L2 fill may need, so fills can always drain).  With a
 * latency, the same holds when a request enters the latency stage, which
 * takes one request per DRAM cycle and keeps its last slot for writes; a
 * request leaves it for the queue (one per cycle) once ready and admitted. */
int  dram_can_accept(const dram *d, int write);
/* Queue r (r->bank < banks): 0, or -1 if refused (see dram_can_accept). */
int  dram_push(dram *d, const dram_req *r);
/* The oldest read's data has fully arrived (ready <= now; with model = fixed,
 * ready <= the latency clock of the last tick). */
int  dram_head_ready(const dram *d);
/* A read whose data has fully arrived (dram_head_ready): 1 and *r, else 0. */
int  dram_pop(dram *d, dram_req *r);
/* One DRAM cycle: issue at most one command (dual_bus: one row and one
 * column command), then move a ready request from the latency stage into
 * the queue.  lat_now: the clock `latency` counts in (core cycles ticked). */
void dram_tick(dram *d, uint64_t lat_now);

static inline uint32_t dram_pending(const dram *d)
{
    return d->count + d->done_count + d->lat_n + (d->fixed && d->slot_free > d->lat_now);
}

#endif
