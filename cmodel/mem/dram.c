/* dram.c -- one DRAM channel with FR-FCFS / FCFS (see dram.h). */
#include <string.h>
#include <stdlib.h>
#include "dram.h"

enum dram_cmd { CMD_PRE, CMD_ACT, CMD_COL };

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* DDR: 2 * bus_bytes per DRAM cycle; one burst is the least. */
static uint32_t dram_cycles_of(const dram *d, uint32_t bytes)
{
    uint32_t dc = bytes / d->bus2;
    dc = dc > d->burst_cycles ? dc : d->burst_cycles;
    return dc ? dc : 1u;
}

/* Bank b's group: GPGPU-Sim dram.cc get_bankgrp_number (higher or lower bank bits). */
static uint32_t dram_group_of(const dram_params *p, uint32_t b, uint32_t ngroups)
{
    if (p->bkgrp_index == DRAM_BKGRP_LOW)
        return b & (ngroups - 1u);
    return b / (p->dram_banks / ngroups);
}

static int dram_alloc(dram *d)
{
    d->free_idx = arena_calloc(d->ar, d->cap, sizeof *d->free_idx);
    d->ent = arena_calloc(d->ar, d->cap, sizeof *d->ent);
    d->bank = arena_calloc(d->ar, d->nbanks, sizeof *d->bank);
    d->group = arena_calloc(d->ar, d->ngroups, sizeof *d->group);
    d->done = arena_calloc(d->ar, d->done_cap, sizeof *d->done);
    d->lat = d->lat_cap ? arena_calloc(d->ar, d->lat_cap, sizeof *d->lat) : NULL;
    return !d->free_idx || !d->ent || !d->bank || !d->group || !d->done ||
           (d->lat_cap && !d->lat) ? -1 : 0;
}

static void dram_set_timing(dram *d, const dram_params *cfg)
{
    d->tCL = cfg->tCL; d->tRCD = cfg->tRCD; d->tRP = cfg->tRP; d->tRAS = cfg->tRAS;
    d->tRC = cfg->tRC; d->tRRD = cfg->tRRD; d->tCCD = cfg->tCCD; d->tWR = cfg->tWR;
    d->tWTR = cfg->tWTR;
    d->tCCDL = cfg->tCCDL; d->tRTPL = cfg->tRTPL;
    d->tWL = cfg->tWL ? cfg->tWL : cfg->tCL;
    /* GPGPU-Sim gpu-sim.h memory_config::init: tRCDWR = tRCD - (WL + 1)
     * (only with a write latency of its own; at 0 when WL reaches tRCD). */
    d->tRCDWR = !cfg->tWL ? cfg->tRCD : cfg->tRCD > cfg->tWL + 1u ? cfg->tRCD - cfg->tWL - 1u : 0;
}

int dram_init(dram *d, const dram_params *cfg, uint32_t line_bytes, mem_part_stats *st)
{
    return dram_init_in(d, NULL, cfg, line_bytes, st);
}

int dram_init_in(dram *d, arena *ar, const dram_params *cfg, uint32_t line_bytes,
                 mem_part_stats *st)
{
    *d = (dram){0};
    d->ar = ar;
    uint32_t ng = cfg->bank_groups ? cfg->bank_groups : 1u;
    if (cfg->dram_banks == 0 || cfg->dram_banks > 64 || cfg->dram_queue < 2 ||
        cfg->dram_bus_bytes == 0 || line_bytes == 0 || !st || cfg->dram_banks % ng ||
        (ng & (ng - 1u)))
        return -1;
    d->nbanks = cfg->dram_banks;
    d->ngroups = ng;
    d->cap = cfg->dram_queue;
    d->sched = cfg->dram_sched;
    d->line_bytes = line_bytes;
    d->bus2 = 2u * cfg->dram_bus_bytes;
    d->burst_cycles = cfg->dram_burst / 2u;
    d->data_cycles = dram_cycles_of(d, line_bytes);
    if (cfg->col_cmd == DRAM_COL_ATOM)
        d->atom_bytes = cfg->dram_burst * cfg->dram_bus_bytes;   /* GPGPU-Sim dram_atom_size */
    d->dual = cfg->dual_bus != 0;
    dram_set_timing(d, cfg);
    d->latency = cfg->latency;
    d->done_cap = d->cap;
    if (cfg->model == DRAM_FIXED) {
        if (cfg->fixed_gap == 0)
            return -1;
        /* Reads in flight: one per slot over `latency` cycles, plus the
         * dram_queue requests waiting for a slot. */
        d->fixed = 1;
        d->fixed_gap = cfg->fixed_gap;
        d->done_cap = cfg->latency / cfg->fixed_gap + d->cap + 2u;
    } else {
        /* One request enters per DRAM cycle and waits `latency` core cycles: the
         * stage holds them all while the DRAM clock is at most 4x the core's. */
        d->lat_cap = cfg->latency ? 4u * cfg->latency + 2u : 0;
    }
    d->st = st;
    if (dram_alloc(d)) {
        dram_free(d);
        return -1;
    }
    for (uint32_t i = 0; i < d->cap; i++)
        d->free_idx[i] = d->cap - 1u - i;
    d->nfree = d->cap;
    for (uint32_t b = 0; b < d->nbanks; b++)
        d->bank[b] = (dram_bank){ .open_row = DRAM_NIL, .head = DRAM_NIL, .tail = DRAM_NIL,
                                  .pin = DRAM_NIL, .group = dram_group_of(cfg, b, ng) };
    return 0;
}

void dram_free(dram *d)
{
    if (d->ar) {                       /* freed with its arena */
        *d = (dram){0};
        return;
    }
    free(d->free_idx);
    free(d->ent);
    free(d->bank);
    free(d->group);
    free(d->done);
    free(d->lat);
    *d = (dram){0};
}

/* Room in the queue (see dram_can_accept). */
static int dram_room(const dram *d, int write)
{
    if (write)
        return d->count < d->cap;
    return d->count + d->done_count < d->cap - 1u;
}

/* model = fixed: requests whose slot begins after the next tick's clock
 * (lat_now + 1). */
static uint32_t dram_fixed_waiting(const dram *d)
{
    uint64_t next = d->lat_now + 1u;
    if (d->slot_free <= next)
        return 0;
    return (uint32_t)((d->slot_free - next - 1u) / d->fixed_gap);
}

int dram_can_accept(const dram *d, int write)
{
    if (d->fixed)
        return dram_fixed_waiting(d) < d->cap && (write || d->done_count < d->done_cap);
    if (!d->latency)
        return dram_room(d, write);
    /* GPGPU-Sim l2cache.cc memory_partition_unit::dram_cycle: one request per
     * DRAM cycle enters the latency queue, and only while the DRAM is not full. */
    if (d->lat_push == d->now + 1u || d->lat_n + (write ? 0u : 1u) >= d->lat_cap)
        return 0;
    return dram_room(d, write);
}

/* Into the scheduler's queue (room checked by the caller). */
static void dram_enqueue(dram *d, const dram_req *r)
{
    uint32_t i = d->free_idx[--d->nfree];
    d->ent[i] = (dram_ent){ .r = *r, .seq = d->seq++, .next = DRAM_NIL };
    d->ent[i].r.act_for = 0;
    dram_bank *b = &d->bank[r->bank];
    if (b->tail == DRAM_NIL)
        b->head = i;
    else
        d->ent[b->tail].next = i;
    b->tail = i;
    b->count++;
    b->cand_valid = 0;
    d->count++;
    d->queued |= 1ull << r->bank;
    d->next_try = 0;     /* a new request may be issuable at once */
}

/* Append a read to the return ring, its data back at `ready`. */
static void dram_done_add(dram *d, const dram_req *r, uint64_t ready)
{
    uint32_t slot = d->done_head + d->done_count;
    if (slot >= d->done_cap)
        slot -= d->done_cap;
    d->done[slot] = (dram_done){ .ready = ready, .r = *r };
    d->done_count++;
}

/* model = fixed (seed 001 Sec. 4.5.4): the request takes the next free slot
 * of fixed_gap core cycles, at the earliest at the next tick's clock (a
 * request pushed after the tick of clock c arrives in cycle c + 1, as a
 * banked request pushed before tick t may issue in cycle t); a read returns
 * `latency` after its slot begins. */
static void dram_fixed_push(dram *d, const dram_req *r)
{
    uint64_t start = max64(d->slot_free, d->lat_now + 1u);
    d->slot_free = start + d->fixed_gap;
    d->st->dram_busy_cycles += d->fixed_gap;
    if (r->write) {
        d->st->dram_writes++;
        return;
    }
    d->st->dram_reads++;
    dram_done_add(d, r, start + d->latency);
}

int dram_push(dram *d, const dram_req *r)
{
    if (r->bank >= d->nbanks || !dram_can_accept(d, r->write))
        return -1;
    if (d->fixed) {
        dram_fixed_push(d, r);
        return 0;
    }
    if (!d->latency) {
        dram_enqueue(d, r);
        return 0;
    }
    uint32_t slot = d->lat_head + d->lat_n;
    if (slot >= d->lat_cap)
        slot -= d->lat_cap;
    d->lat[slot] = (dram_lat){ .ready = d->lat_now + d->latency, .r = *r };
    d->lat_n++;
    d->lat_push = d->now + 1u;
    return 0;
}

int dram_head_ready(const dram *d)
{
    return d->done_count && d->done[d->done_head].ready <= (d->fixed ? d->lat_now : d->now);
}

int dram_pop(dram *d, dram_req *r)
{
    if (!dram_head_ready(d))
        return 0;
    *r = d->done[d->done_head].r;
    d->done_head = d->done_head + 1u == d->done_cap ? 0 : d->done_head + 1u;
    d->done_count--;
    return 1;
}

/* The candidate of bank b (entry index) and the entry before it in the list.
 * A request whose atoms are being transferred stays the candidate. */
static uint32_t dram_candidate(const dram *d, const dram_bank *b, uint32_t *prev)
{
    *prev = DRAM_NIL;
    if (b->pin != DRAM_NIL) {
        uint32_t p = DRAM_NIL;
        for (uint32_t i = b->head; i != b->pin; p = i, i = d->ent[i].next)
            ;
        *prev = p;
        return b->pin;
    }
    if (d->sched == DRAM_FRFCFS && b->open_row != DRAM_NIL) {
        uint32_t p = DRAM_NIL;
        for (uint32_t i = b->head; i != DRAM_NIL; p = i, i = d->ent[i].next)
            if (d->ent[i].r.row == b->open_row) {
                *prev = p;
                return i;
            }
    }
    return b->head;
}

/* Data cycles of one column command of e. */
static uint32_t dram_col_cycles(const dram *d, const dram_ent *e)
{
    uint32_t bytes = e->r.bytes ? e->r.bytes : d->line_bytes;
    if (d->atom_bytes)
        bytes = bytes < d->atom_bytes ? bytes : d->atom_bytes;
    return bytes == d->line_bytes ? d->data_cycles : dram_cycles_of(d, bytes);
}

/* The bounds of a column command that do not depend on its bank, fixed during
 * one scan: tCCD after the last column command, the data bus (the data must
 * find it free: RD + tCL (WR + tWL) >= bus_free) and, for a read, tWTR. */
typedef struct dram_floor {
    uint64_t rd, wr;
} dram_floor;

static dram_floor dram_floor_of(const dram *d)
{
    dram_floor f = { d->col_ok, d->col_ok };
    if (d->bus_free > d->tCL)
        f.rd = max64(f.rd, d->bus_free - d->tCL);
    if (d->bus_free > d->tWL)
        f.wr = max64(f.wr, d->bus_free - d->tWL);
    f.rd = max64(f.rd, d->rd_ok);
    return f;
}

/* Next command for request e in bank b and the earliest cycle it is legal
 * (f: dram_floor_of(d)). */
static int dram_next_cmd(const dram *d, const dram_bank *b, const dram_ent *e,
                         const dram_floor *f, uint64_t *at)
{
    if (b->open_row == e->r.row) {
        uint64_t t = e->r.write ? max64(b->wr_ok, f->wr) : max64(b->col_ok, f->rd);
        *at = max64(t, d->group[b->group].col_ok);
        return CMD_COL;
    }
    if (b->open_row != DRAM_NIL) {
        *at = max64(b->pre_ok, d->group[b->group].pre_ok);
        return CMD_PRE;
    }
    *at = max64(b->act_ok, d->act_ok);
    return CMD_ACT;
}

static void dram_unlink(dram *d, dram_bank *b, uint32_t i, uint32_t prev)
{
    uint32_t nx = d->ent[i].next;
    if (prev == DRAM_NIL)
        b->head = nx;
    else
        d->ent[prev].next = nx;
    if (b->tail == i)
        b->tail = prev;
    if (--b->count == 0)
        d->queued &= ~(1ull << (uint32_t)(b - d->bank));
    d->count--;
    d->free_idx[d->nfree++] = i;
}

/* A request's last column command: counters, the read's return, unlink. */
static void dram_finish(dram *d, dram_bank *b, uint32_t i, uint32_t prev, uint64_t data_end)
{
    const dram_req *r = &d->ent[i].r;
    if (r->act_for)
        d->st->dram_row_misses++;
    else
        d->st->dram_row_hits++;
    if (r->write) {
        d->st->dram_writes++;
    } else {
        d->st->dram_reads++;
        dram_done_add(d, r, data_end);
    }
    b->pin = DRAM_NIL;
    dram_unlink(d, b, i, prev);
}

/* RD or WR of entry i at cycle t: the whole request, or its next atom
 * (GPGPU-Sim dram.cc issue_col_command: dram_atom_size bytes per command,
 * the request stays in its bank until all are sent). */
static void dram_column(dram *d, dram_bank *b, uint32_t i, uint32_t prev, uint64_t t)
{
    dram_ent *e = &d->ent[i];
    uint32_t dc = dram_col_cycles(d, e);
    uint64_t data_end = t + (e->r.write ? d->tWL : d->tCL) + dc;
    d->bus_free = data_end;
    d->col_ok = t + d->tCCD;
    d->group[b->group].col_ok = t + d->tCCDL;
    d->st->dram_busy_cycles += dc;
    if (e->r.write) {
        b->pre_ok = max64(b->pre_ok, data_end + d->tWR);
        d->rd_ok = data_end + d->tWTR;
    } else {
        d->group[b->group].pre_ok = max64(d->group[b->group].pre_ok, t + d->tRTPL);
        if (d->atom_bytes)   /* GPGPU-Sim RTPc: BL / data_command_freq_ratio */
            b->pre_ok = max64(b->pre_ok, t + dc);
    }
    if (d->atom_bytes) {
        if (e->atoms == 0) {
            uint32_t bytes = e->r.bytes ? e->r.bytes : d->line_bytes;
            e->atoms = (bytes + d->atom_bytes - 1u) / d->atom_bytes;
        }
        if (--e->atoms) {
            b->pin = i;
            return;
        }
    }
    dram_finish(d, b, i, prev, data_end);
}

static void dram_issue(dram *d, uint32_t bi, uint32_t i, uint32_t prev, int cmd, uint64_t t)
{
    dram_bank *b = &d->bank[bi];
    b->cand_valid = 0;
    switch (cmd) {
    case CMD_PRE:
        b->open_row = DRAM_NIL;
        b->act_ok = max64(b->act_ok, t + d->tRP);
        d->st->dram_precharges++;
        break;
    case CMD_ACT:
        b->open_row = d->ent[i].r.row;
        b->col_ok = t + d->tRCD;
        b->wr_ok = t + d->tRCDWR;
        b->pre_ok = t + d->tRAS;
        b->act_ok = t + d->tRC;
        d->act_ok = t + d->tRRD;
        d->ent[i].r.act_for = 1;
        d->st->dram_activates++;
        break;
    default:
        dram_column(d, b, i, prev, t);
        break;
    }
}

/* The best legal command of one kind: bank, entry, predecessor, age. */
typedef struct dram_pick {
    uint32_t bank, i, prev;
    int cmd;
    uint64_t seq;
} dram_pick;

static void dram_consider(dram_pick *p, uint32_t bi, uint32_t i, uint32_t prev, int cmd,
                          uint64_t seq)
{
    if (p->bank == DRAM_NIL || seq < p->seq)
        *p = (dram_pick){ bi, i, prev, cmd, seq };
}

/* The legal column command and the legal row command of the oldest
 * candidates; the soonest time anything becomes legal if nothing is. */
static uint64_t dram_scan(dram *d, uint64_t t, dram_pick *col, dram_pick *row)
{
    uint64_t soonest = UINT64_MAX;
    dram_floor f = dram_floor_of(d);
    for (uint64_t q = d->queued; q; q &= q - 1u) {   /* the banks holding requests, in order */
        uint32_t bi = (uint32_t)__builtin_ctzll(q);
        dram_bank *b = &d->bank[bi];
        if (!b->cand_valid) {
            b->cand = dram_candidate(d, b, &b->cand_prev);
            b->cand_valid = 1;
        }
        uint32_t i = b->cand;
        uint64_t at;
        int cmd = dram_next_cmd(d, b, &d->ent[i], &f, &at);
        if (at > t) {
            if (at < soonest)
                soonest = at;
            continue;
        }
        dram_consider(cmd == CMD_COL ? col : row, bi, i, b->cand_prev, cmd, d->ent[i].seq);
    }
    return soonest;
}

static void dram_issue_cmds(dram *d, uint64_t t)
{
    dram_pick col = { .bank = DRAM_NIL }, row = { .bank = DRAM_NIL };
    uint64_t soonest = dram_scan(d, t, &col, &row);
    if (col.bank == DRAM_NIL && row.bank == DRAM_NIL) {
        d->next_try = soonest;
        return;
    }
    if (d->dual) {   /* GPGPU-Sim -dram_dual_bus_interface: a row and a column command */
        if (col.bank != DRAM_NIL)
            dram_issue(d, col.bank, col.i, col.prev, col.cmd, t);
        if (row.bank != DRAM_NIL && row.bank != col.bank)
            dram_issue(d, row.bank, row.i, row.prev, row.cmd, t);
    } else {
        int use_col = col.bank != DRAM_NIL &&
            (row.bank == DRAM_NIL || d->sched == DRAM_FRFCFS || col.seq < row.seq);
        const dram_pick *p = use_col ? &col : &row;
        dram_issue(d, p->bank, p->i, p->prev, p->cmd, t);
    }
    d->next_try = t + 1u;
}

/* The head of the latency stage into the queue once ready and admitted. */
static void dram_lat_step(dram *d)
{
    dram_lat *h = &d->lat[d->lat_head];
    if (h->ready > d->lat_now || !dram_room(d, h->r.write))
        return;
    dram_enqueue(d, &h->r);
    d->lat_head = d->lat_head + 1u == d->lat_cap ? 0 : d->lat_head + 1u;
    d->lat_n--;
}

void dram_tick(dram *d, uint64_t lat_now)
{
    uint64_t t = d->now;
    d->now = t + 1u;
    d->lat_now = lat_now;
    if (d->count && t >= d->next_try)
        dram_issue_cmds(d, t);
    if (d->lat_n)
        dram_lat_step(d);
}

/* ------------------------------------------------------------------ keys */

static const char *const dram_sched_names[] = { "frfcfs", "fcfs", NULL };
static const char *const dram_bkgrp_names[] = { "high", "low", NULL };
static const char *const dram_col_names[] = { "request", "atom", NULL };
static const char *const dram_model_names[] = { "banked", "fixed", NULL };
#define DK(k, f, lo, hi, unit, h) KEY_U(dram_params, k, f, lo, hi, 0, unit, "seed 000 Table 1", h)
#define GK(k, f, lo, hi, unit, src, h) KEY_U(dram_params, k, f, lo, hi, 0, unit, src, h)
static const key_def dram_rows[] = {
    DK("dram.banks", dram_banks, 1, 64, "banks", "banks per channel"),
    DK("dram.row_bytes", dram_row_bytes, 64, 1u << 16, "bytes", "row (page) size"),
    DK("dram.bus_bytes", dram_bus_bytes, 1, 128, "bytes", "data bus width per channel"),
    DK("dram.burst", dram_burst, 1, 64, "transfers", "burst length, bus transfers"),
    DK("dram.queue", dram_queue, 2, 1024, "entries", "request queue entries per channel"),
    KEY_E(dram_params, "dram.sched", dram_sched, dram_sched_names, "seed 000 Sec. 5", "DRAM scheduler"),
    DK("dram.tCL", tCL, 1, 255, "DRAM cycles", "CAS latency"),
    DK("dram.tRCD", tRCD, 1, 255, "DRAM cycles", "activate to read/write"),
    DK("dram.tRP", tRP, 1, 255, "DRAM cycles", "precharge"),
    DK("dram.tRAS", tRAS, 1, 255, "DRAM cycles", "activate to precharge"),
    DK("dram.tRC", tRC, 1, 255, "DRAM cycles", "activate to activate, same bank"),
    DK("dram.tRRD", tRRD, 1, 255, "DRAM cycles", "activate to activate, other bank"),
    DK("dram.tCCD", tCCD, 1, 255, "DRAM cycles", "column to column (tCCDS across bank groups)"),
    DK("dram.tWR", tWR, 1, 255, "DRAM cycles", "write recovery"),
    DK("dram.tWTR", tWTR, 1, 255, "DRAM cycles", "write to read turnaround (tCDLR)"),
    GK("dram.latency", latency, 0, 4096, "core cycles",
       "GPGPU-Sim -dram_latency (100 in SM6_TITANX, SM7_QV100); 0 = none (seed 000 has none)",
       "fixed delay from L2 to the DRAM queue"),
    GK("dram.bank_groups", bank_groups, 1, 64, "groups",
       "GPGPU-Sim -gpgpu_dram_timing_opt nbkgrp (default 1; 4 in SM6_TITANX)",
       "bank groups per channel (power of two dividing dram.banks)"),
    KEY_E(dram_params, "dram.bkgrp_index", bkgrp_index, dram_bkgrp_names,
          "GPGPU-Sim -dram_bnkgrp_indexing_policy (default 0 = high; 1 = low in its tested configs)",
          "bank bits naming the group: high or low"),
    GK("dram.tCCDL", tCCDL, 0, 255, "DRAM cycles",
       "GPGPU-Sim -gpgpu_dram_timing_opt CCDL (default 0; 4 in SM6_TITANX)",
       "column to column, same bank group"),
    GK("dram.tRTPL", tRTPL, 0, 255, "DRAM cycles",
       "GPGPU-Sim -gpgpu_dram_timing_opt RTPL (default 0; 3 in SM6_TITANX)",
       "read to precharge, same bank group"),
    GK("dram.tWL", tWL, 0, 255, "DRAM cycles",
       "GPGPU-Sim -gpgpu_dram_timing_opt WL (6 in SM6_TITANX); 0 = tCL (seed 000 gives none)",
       "write latency (WR to write data); with it WR may follow ACT after tRCD - (tWL + 1)"),
    KEY_E(dram_params, "dram.col_cmd", col_cmd, dram_col_names,
          "project choice (request); atom = GPGPU-Sim dram.cc (dram_atom_size = BL x bus width)",
          "a column command moves the whole request, or one atom of burst x bus_bytes"),
    GK("dram.dual_bus", dual_bus, 0, 1, "",
       "GPGPU-Sim -dram_dual_bus_interface (default 0; 1 in SM7_QV100, HBM)",
       "issue a row and a column command in the same cycle"),
    KEY_E(dram_params, "dram.model", model, dram_model_names,
          "banked: seed 000 Table 1 timing; fixed: seed 001 Table 4-2 / Sec. 4.5.4 (tGPU-sim)",
          "banked: banks, rows and bus timing; fixed: a read takes dram.latency core cycles, "
          "each request one slot of dram.fixed_gap"),
    GK("dram.fixed_gap", fixed_gap, 1, 1024, "core cycles",
       "seed 001 Table 4-2 / Sec. 4.5.4: 8 blocks per cycle over 8 channels = 1 each",
       "dram.model = fixed: core cycles between the slots of two requests on one channel"),
};
const key_table dram_keys = KEY_TABLE("dram", NULL, dram_rows);

void dram_params_defaults(dram_params *c)
{
    memset(c, 0, sizeof *c);
    c->dram_banks = 8; c->dram_row_bytes = 2048; c->dram_bus_bytes = 8; c->dram_burst = 4;
    c->dram_queue = 32; c->dram_sched = DRAM_FRFCFS;
    c->tCL = 12; c->tRCD = 12; c->tRP = 12; c->tRAS = 28; c->tRC = 40;
    c->tRRD = 6; c->tCCD = 2; c->tWR = 12; c->tWTR = 5;
    c->bank_groups = 1;
    c->fixed_gap = 1;
}
