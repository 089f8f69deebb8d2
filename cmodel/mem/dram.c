/* dram.c -- one DRAM channel with FR-FCFS / FCFS (see dram.h). */
#include <string.h>
#include <stdlib.h>
#include "dram.h"

enum dram_cmd { CMD_PRE, CMD_ACT, CMD_COL };

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

int dram_init(dram *d, const dram_params *cfg, uint32_t line_bytes, mem_part_stats *st)
{
    *d = (dram){0};
    if (cfg->dram_banks == 0 || cfg->dram_banks > 64 || cfg->dram_queue < 2 ||
        cfg->dram_bus_bytes == 0 || line_bytes == 0 || !st)
        return -1;
    d->nbanks = cfg->dram_banks;
    d->cap = cfg->dram_queue;
    d->sched = cfg->dram_sched;
    /* DDR: 2 * bus_bytes per DRAM cycle; one burst is the least. */
    uint32_t dc = line_bytes / (2u * cfg->dram_bus_bytes);
    uint32_t burst = cfg->dram_burst / 2u;
    d->data_cycles = dc > burst ? dc : burst;
    if (d->data_cycles == 0)
        d->data_cycles = 1;
    d->tCL = cfg->tCL; d->tRCD = cfg->tRCD; d->tRP = cfg->tRP; d->tRAS = cfg->tRAS;
    d->tRC = cfg->tRC; d->tRRD = cfg->tRRD; d->tCCD = cfg->tCCD; d->tWR = cfg->tWR;
    d->tWTR = cfg->tWTR;
    d->st = st;
    d->free_idx = calloc(d->cap, sizeof *d->free_idx);
    d->ent = calloc(d->cap, sizeof *d->ent);
    d->bank = calloc(d->nbanks, sizeof *d->bank);
    d->done = calloc(d->cap, sizeof *d->done);
    if (!d->free_idx || !d->ent || !d->bank || !d->done) {
        dram_free(d);
        return -1;
    }
    for (uint32_t i = 0; i < d->cap; i++)
        d->free_idx[i] = d->cap - 1u - i;
    d->nfree = d->cap;
    for (uint32_t b = 0; b < d->nbanks; b++)
        d->bank[b] = (dram_bank){ .open_row = DRAM_NIL, .head = DRAM_NIL, .tail = DRAM_NIL };
    return 0;
}

void dram_free(dram *d)
{
    free(d->free_idx);
    free(d->ent);
    free(d->bank);
    free(d->done);
    *d = (dram){0};
}

int dram_can_accept(const dram *d, int write)
{
    if (write)
        return d->count < d->cap;
    return d->count + d->done_count < d->cap - 1u;
}

int dram_push(dram *d, const dram_req *r)
{
    if (r->bank >= d->nbanks || !dram_can_accept(d, r->write))
        return -1;
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
    d->next_try = 0;     /* a new request may be issuable at once */
    return 0;
}

int dram_pop(dram *d, dram_req *r)
{
    if (d->done_count == 0 || d->done[d->done_head].ready > d->now)
        return 0;
    *r = d->done[d->done_head].r;
    d->done_head = d->done_head + 1u == d->cap ? 0 : d->done_head + 1u;
    d->done_count--;
    return 1;
}

/* The candidate of bank b (entry index) and the entry before it in the list. */
static uint32_t dram_candidate(const dram *d, const dram_bank *b, uint32_t *prev)
{
    *prev = DRAM_NIL;
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

/* Next command for request e in bank b and the earliest cycle it is legal. */
static int dram_next_cmd(const dram *d, const dram_bank *b, const dram_ent *e, uint64_t *at)
{
    if (b->open_row == e->r.row) {
        uint64_t t = max64(b->col_ok, d->col_ok);
        /* the data must find the bus free: RD/WR + tCL >= bus_free */
        if (d->bus_free > d->tCL)
            t = max64(t, d->bus_free - d->tCL);
        if (!e->r.write)
            t = max64(t, d->rd_ok);
        *at = t;
        return CMD_COL;
    }
    if (b->open_row != DRAM_NIL) {
        *at = b->pre_ok;
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
    b->count--;
    d->count--;
    d->free_idx[d->nfree++] = i;
}

/* RD or WR of entry i at cycle t. */
static void dram_column(dram *d, dram_bank *b, uint32_t i, uint32_t prev, uint64_t t)
{
    const dram_req *r = &d->ent[i].r;
    uint64_t data_end = t + d->tCL + d->data_cycles;
    d->bus_free = data_end;
    d->col_ok = t + d->tCCD;
    d->st->dram_busy_cycles += d->data_cycles;
    if (r->act_for)
        d->st->dram_row_misses++;
    else
        d->st->dram_row_hits++;
    if (r->write) {
        d->st->dram_writes++;
        b->pre_ok = max64(b->pre_ok, data_end + d->tWR);
        d->rd_ok = data_end + d->tWTR;
    } else {
        d->st->dram_reads++;
        uint32_t slot = d->done_head + d->done_count;
        if (slot >= d->cap)
            slot -= d->cap;
        d->done[slot] = (dram_done){ .ready = data_end, .r = *r };
        d->done_count++;
    }
    dram_unlink(d, b, i, prev);
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

void dram_tick(dram *d)
{
    uint64_t t = d->now;
    d->now = t + 1u;
    if (d->count == 0 || t < d->next_try)
        return;
    uint64_t soonest = UINT64_MAX;
    uint32_t best_bank = DRAM_NIL, best_i = 0, best_prev = 0;
    int best_cmd = 0;
    uint64_t best_seq = 0;
    for (uint32_t bi = 0; bi < d->nbanks; bi++) {
        dram_bank *b = &d->bank[bi];
        if (b->count == 0)
            continue;
        if (!b->cand_valid) {
            b->cand = dram_candidate(d, b, &b->cand_prev);
            b->cand_valid = 1;
        }
        uint32_t prev = b->cand_prev, i = b->cand;
        uint64_t at;
        int cmd = dram_next_cmd(d, b, &d->ent[i], &at);
        if (at > t) {
            if (at < soonest)
                soonest = at;
            continue;
        }
        uint64_t seq = d->ent[i].seq;
        int better = best_bank == DRAM_NIL ||
            (d->sched == DRAM_FRFCFS && (cmd == CMD_COL) != (best_cmd == CMD_COL)
                 ? cmd == CMD_COL : seq < best_seq);
        if (better) {
            best_bank = bi; best_i = i; best_prev = prev; best_cmd = cmd; best_seq = seq;
        }
    }
    if (best_bank == DRAM_NIL) {
        d->next_try = soonest;
        return;
    }
    dram_issue(d, best_bank, best_i, best_prev, best_cmd, t);
    d->next_try = t + 1u;
}

/* ------------------------------------------------------------------ keys */

static const char *const dram_sched_names[] = { "frfcfs", "fcfs", NULL };
#define DK(k, f, lo, hi, unit, h) KEY_U(dram_params, k, f, lo, hi, 0, unit, "seed 000 Table 1", h)
static const key_def dram_rows[] = {
    DK("dram.banks", dram_banks, 1, 64, "banks", "banks per channel"),
    DK("dram.row_bytes", dram_row_bytes, 64, 1u << 16, "bytes", "row (page) size"),
    DK("dram.bus_bytes", dram_bus_bytes, 1, 128, "bytes", "data bus width per channel"),
    DK("dram.burst", dram_burst, 1, 64, "transfers", "burst length, bus transfers"),
    DK("dram.queue", dram_queue, 1, 1024, "entries", "request queue entries per channel"),
    KEY_E(dram_params, "dram.sched", dram_sched, dram_sched_names, "seed 000 Sec. 5", "DRAM scheduler"),
    DK("dram.tCL", tCL, 1, 255, "DRAM cycles", "CAS latency"),
    DK("dram.tRCD", tRCD, 1, 255, "DRAM cycles", "activate to read/write"),
    DK("dram.tRP", tRP, 1, 255, "DRAM cycles", "precharge"),
    DK("dram.tRAS", tRAS, 1, 255, "DRAM cycles", "activate to precharge"),
    DK("dram.tRC", tRC, 1, 255, "DRAM cycles", "activate to activate, same bank"),
    DK("dram.tRRD", tRRD, 1, 255, "DRAM cycles", "activate to activate, other bank"),
    DK("dram.tCCD", tCCD, 1, 255, "DRAM cycles", "column to column"),
    DK("dram.tWR", tWR, 1, 255, "DRAM cycles", "write recovery"),
    DK("dram.tWTR", tWTR, 1, 255, "DRAM cycles", "write to read turnaround (tCDLR)"),
};
const key_table dram_keys = KEY_TABLE("dram", NULL, dram_rows);

void dram_params_defaults(dram_params *c)
{
    memset(c, 0, sizeof *c);
    c->dram_banks = 8; c->dram_row_bytes = 2048; c->dram_bus_bytes = 8; c->dram_burst = 4;
    c->dram_queue = 32; c->dram_sched = DRAM_FRFCFS;
    c->tCL = 12; c->tRCD = 12; c->tRP = 12; c->tRAS = 28; c->tRC = 40;
    c->tRRD = 6; c->tCCD = 2; c->tWR = 12; c->tWTR = 5;
}
