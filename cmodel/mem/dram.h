/* dram.h -- one GDDR channel: banks with open rows, a bounded request queue,
 * FR-FCFS or FCFS scheduling and ACT/RD/WR/PRE timing (gpu-model.md
 * "Memory"; timing names and typical values from seed 000 Table 1, GDDR3).
 *
 * One command per DRAM cycle.  Per bank the candidate request is (FR-FCFS)
 * the oldest request to the open row, else the oldest request of the bank;
 * (FCFS) the oldest request of the bank.  Among banks whose candidate's next
 * command (PRE, ACT, RD or WR) is legal this cycle, FR-FCFS issues a column
 * command (row hit) first, then the oldest; FCFS the oldest.
 * A line moves in line_bytes / (2 * bus_bytes) DRAM cycles (DDR: two beats per
 * cycle), but at least burst/2.  Write data follows WR after tCL cycles
 * (write latency taken equal to tCL).  A read returns tCL + data cycles after
 * its RD.  All timing in DRAM cycles; see docs/memory.md.
 */
#ifndef DRAM_H
#define DRAM_H

#include <stdint.h>
#include "keys.h"
#include "mem_stats.h"

#define DRAM_NIL 0xffffffffu

enum dram_sched_kind { DRAM_FRFCFS = 0, DRAM_FCFS };

/* Parameters of a channel (keys dram.*; table dram_keys in dram.c).
 * Timing in DRAM clock cycles. */
typedef struct dram_params {
    uint32_t dram_banks, dram_row_bytes, dram_bus_bytes, dram_burst, dram_queue, dram_sched;
    uint32_t tCL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tWTR;
} dram_params;

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
} dram_ent;

typedef struct dram_bank {
    uint32_t open_row;   /* DRAM_NIL = precharged */
    uint32_t head, tail; /* FIFO of this bank's requests (entry indices) */
    uint32_t count;
    uint32_t cand, cand_prev; /* cached candidate and its predecessor */
    uint32_t cand_valid;      /* 0 after any change to the bank */
    uint64_t act_ok;     /* earliest ACT: tRC after ACT, tRP after PRE */
    uint64_t col_ok;     /* earliest RD/WR: tRCD after ACT */
    uint64_t pre_ok;     /* earliest PRE: tRAS after ACT, tWR after write data */
} dram_bank;

typedef struct dram_done {
    uint64_t ready;
    dram_req r;
} dram_done;

typedef struct dram {
    /* configuration */
    uint32_t nbanks, cap, sched, data_cycles;
    uint32_t tCL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tWTR;
    /* state */
    uint64_t now;        /* DRAM cycles ticked */
    uint64_t seq;
    uint64_t next_try;   /* no command can issue before this cycle */
    uint64_t act_ok;     /* tRRD after the last ACT (any bank) */
    uint64_t col_ok;     /* tCCD after the last column command */
    uint64_t bus_free;   /* first cycle the data bus is free */
    uint64_t rd_ok;      /* tWTR after the last write data */
    uint32_t count;      /* queued requests */
    uint32_t nfree;
    uint32_t *free_idx;  /* [cap] */
    dram_ent *ent;       /* [cap] */
    dram_bank *bank;     /* [nbanks] */
    dram_done *done;     /* [cap] ring of reads in flight / returned */
    uint32_t done_head, done_count;
    mem_part_stats *st;  /* where to count (never NULL) */
} dram;

/* From p: dram_banks (1..64), dram_queue (>= 2), dram_sched, timing;
 * line_bytes for the data cycles.  st receives the counters.  0 or -1. */
int  dram_init(dram *d, const dram_params *p, uint32_t line_bytes, mem_part_stats *st);
void dram_free(dram *d);

/* Admission: a write needs a free queue slot; a read needs queued requests
 * plus reads not yet popped to stay below cap - 1 (one slot is kept for the
 * write-back an L2 fill may need, so fills can always drain). */
int  dram_can_accept(const dram *d, int write);
/* Queue r (r->bank < banks): 0, or -1 if refused (see dram_can_accept). */
int  dram_push(dram *d, const dram_req *r);
/* A read whose data has fully arrived (ready <= now): 1 and *r, else 0. */
int  dram_pop(dram *d, dram_req *r);
/* One DRAM cycle: issue at most one command. */
void dram_tick(dram *d);

static inline uint32_t dram_pending(const dram *d) { return d->count + d->done_count; }

#endif
