/* mem.c -- the memory system: per-core L1 + MSHRs + miss queue, a request
 * and a response crossbar, per-partition L2 slice + MSHRs + DRAM channel.
 * Contract in mem.h; design decisions in docs/memory.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mem.h"
#include "cache.h"
#include "mshr.h"
#include "icnt.h"
#include "dram.h"
#include "amap.h"

#define MEM_HDR_BYTES 8u   /* request / response header */

/* An L2 MSHR token names the requester: core, kind and L1 MSHR index. */
#define TOK_CORE_SHIFT 24          /* core: 8 bits (CTL_MAX_CORES < 256) */
#define TOK_KIND_SHIFT 22
#define TOK_IDX_MASK   0x3fffffu

typedef struct hit_ent {
    uint64_t ready;      /* core cycle the token completes */
    uint32_t token;
} hit_ent;

typedef struct l1core {
    cache     tags;
    mshr      mshr;
    icnt_pkt *mq;        /* [l1_miss_queue] miss queue ring */
    uint32_t  mq_head, mq_count;
    hit_ent  *hitq;      /* [hq_cap] hits and accepted stores, ready in order */
    uint32_t  hq_head, hq_count, hq_cap;
    uint32_t *fillq;     /* [fq_cap] tokens completed by fills */
    uint32_t  fq_head, fq_count, fq_cap;
    uint32_t  tok_live;  /* tokens in MSHRs + fillq (<= fq_cap) */
    uint64_t  hits, misses;
} l1core;

typedef struct l2_ent {
    icnt_pkt p;
    uint64_t ready;      /* L2 cycle of the tag lookup */
} l2_ent;

typedef struct l2part {
    cache    tags;
    mshr     mshr;
    dram     ch;
    l2_ent  *pipe;       /* [l2_queue] */
    uint32_t pipe_head, pipe_count;
    int      fill;       /* MSHR entry whose responses are being sent, or -1 */
    uint32_t fill_pos;   /* next token of that entry to answer */
    uint64_t now;        /* L2 cycles ticked */
} l2part;

struct memsys {
    mem_params cfg;
    dram_params dram;
    uint32_t n_cores;
    amap     map;
    uint32_t line_shift;
    uint8_t  req_flits[3], resp_flits[3];  /* by kind; resp 0 = none */
    icnt     req, resp;
    uint64_t mq_mask[ICNT_WORDS]; /* cores with a non-empty miss queue */
    uint32_t core_words; /* words of a set of cores: (n_cores + 63) / 64 */
    l1core  *core;       /* [n_cores] */
    l2part  *part;       /* [n_parts] */
    mem_stats st;
};

/* ------------------------------------------------------------------ create */

static int mem_bad(const char *problem, const char *key)
{
    fprintf(stderr, "mem_create: %s (%s)\n", problem, key);
    return -1;
}

static int mem_is_pow2(uint32_t v) { return v && (v & (v - 1u)) == 0; }

static uint32_t mem_pow2_at_least(uint32_t v)
{
    uint32_t p = 1;
    while (p < v)
        p <<= 1;
    return p;
}

static int mem_check_cfg(const mem_params *c, const dram_params *d, uint32_t n_cores)
{
    if (n_cores == 0 || n_cores > CTL_MAX_CORES)
        return mem_bad("must be 1..CTL_MAX_CORES", "n_cores");
    if (c->n_parts == 0 || c->n_parts > CTL_MAX_PARTS)
        return mem_bad("must be 1..CTL_MAX_PARTS", "n_parts");
    if (!mem_is_pow2(c->line_bytes) || c->line_bytes < 16)
        return mem_bad("must be a power of two >= 16", "line_bytes");
    if (c->l1_mshr == 0 || c->l1_mshr > TOK_IDX_MASK)
        return mem_bad("must be 1..4194303", "l1_mshr");
    if (c->l1_mshr_merge == 0)
        return mem_bad("must be >= 1", "l1_mshr_merge");
    if (c->l1_miss_queue == 0)
        return mem_bad("must be >= 1", "l1_miss_queue");
    if (c->icnt_flit_bytes == 0)
        return mem_bad("must be >= 1", "icnt_flit_bytes");
    if (c->icnt_queue == 0)
        return mem_bad("must be >= 1", "icnt_queue");
    if (icnt_flits(MEM_HDR_BYTES + c->line_bytes, c->icnt_flit_bytes) > 255)
        return mem_bad("a line packet needs more than 255 flits", "icnt_flit_bytes");
    if (c->l2_mshr == 0)
        return mem_bad("must be >= 1", "l2_mshr");
    if (c->l2_queue == 0)
        return mem_bad("must be >= 1", "l2_queue");
    if (d->dram_banks == 0 || d->dram_banks > 64)
        return mem_bad("must be 1..64", "dram_banks");
    if (d->dram_queue < 2)
        return mem_bad("must be >= 2", "dram_queue");
    if (d->dram_bus_bytes == 0)
        return mem_bad("must be >= 1", "dram_bus_bytes");
    if (d->dram_row_bytes < c->line_bytes)
        return mem_bad("must be >= line_bytes", "dram_row_bytes");
    if (d->dram_sched != DRAM_FRFCFS && d->dram_sched != DRAM_FCFS)
        return mem_bad("must be frfcfs or fcfs", "dram_sched");
    return 0;
}

static int mem_init_core(memsys *m, l1core *k)
{
    const mem_params *c = &m->cfg;
    if (cache_init(&k->tags, c->l1_bytes, c->l1_assoc, c->line_bytes))
        return mem_bad("L1 geometry does not divide into sets", "l1_bytes");
    if (mshr_init(&k->mshr, c->l1_mshr, c->l1_mshr_merge))
        return mem_bad("cannot allocate L1 MSHRs", "l1_mshr");
    /* Hit port backlog: four accesses per cycle over the hit latency. */
    k->hq_cap = mem_pow2_at_least(4u * (c->l1_lat + 1u) < 64u ? 64u : 4u * (c->l1_lat + 1u));
    k->fq_cap = c->l1_mshr * c->l1_mshr_merge;
    k->mq = calloc(c->l1_miss_queue, sizeof *k->mq);
    k->hitq = calloc(k->hq_cap, sizeof *k->hitq);
    k->fillq = calloc(k->fq_cap, sizeof *k->fillq);
    if (!k->mq || !k->hitq || !k->fillq)
        return mem_bad("out of memory", "l1_miss_queue");
    return 0;
}

static int mem_init_part(memsys *m, l2part *p, mem_part_stats *st)
{
    const mem_params *c = &m->cfg;
    p->fill = -1;
    if (cache_init(&p->tags, c->l2_bytes, c->l2_assoc, c->line_bytes))
        return mem_bad("L2 geometry does not divide into sets", "l2_bytes");
    if (mshr_init(&p->mshr, c->l2_mshr, c->l1_mshr_merge))
        return mem_bad("cannot allocate L2 MSHRs", "l2_mshr");
    if (dram_init(&p->ch, &m->dram, c->line_bytes, st))
        return mem_bad("cannot set up DRAM channel", "dram_queue");
    p->pipe = calloc(c->l2_queue, sizeof *p->pipe);
    if (!p->pipe)
        return mem_bad("out of memory", "l2_queue");
    return 0;
}

static void mem_set_packet_sizes(memsys *m)
{
    uint32_t fb = m->cfg.icnt_flit_bytes, lb = m->cfg.line_bytes;
    m->req_flits[MEM_LOAD] = (uint8_t)icnt_flits(MEM_HDR_BYTES, fb);
    m->req_flits[MEM_ATOMIC] = (uint8_t)icnt_flits(MEM_HDR_BYTES, fb);
    m->req_flits[MEM_STORE] = (uint8_t)icnt_flits(MEM_HDR_BYTES + lb, fb);
    m->resp_flits[MEM_LOAD] = (uint8_t)icnt_flits(MEM_HDR_BYTES + lb, fb);
    m->resp_flits[MEM_ATOMIC] = (uint8_t)icnt_flits(MEM_HDR_BYTES + lb, fb);
    m->resp_flits[MEM_STORE] = 0;
}

memsys *mem_create(const mem_params *cfg, const dram_params *dp, uint32_t n_cores)
{
    if (mem_check_cfg(cfg, dp, n_cores))
        return NULL;
    memsys *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->cfg = *cfg;
    m->dram = *dp;
    m->n_cores = n_cores;
    m->core_words = (n_cores + 63u) / 64u;
    m->line_shift = (uint32_t)__builtin_ctz(cfg->line_bytes);
    mem_set_packet_sizes(m);
    int bad = amap_init(&m->map, cfg->n_parts, cfg->line_bytes, dp->dram_row_bytes,
                        dp->dram_banks);
    bad = bad || icnt_init(&m->req, n_cores, cfg->n_parts, cfg->icnt_queue, cfg->icnt_lat);
    bad = bad || icnt_init(&m->resp, cfg->n_parts, n_cores, cfg->icnt_queue, cfg->icnt_lat);
    m->core = calloc(n_cores, sizeof *m->core);
    m->part = calloc(cfg->n_parts, sizeof *m->part);
    bad = bad || !m->core || !m->part;
    for (uint32_t i = 0; !bad && i < n_cores; i++)
        bad = mem_init_core(m, &m->core[i]) != 0;
    for (uint32_t i = 0; !bad && i < cfg->n_parts; i++)
        bad = mem_init_part(m, &m->part[i], &m->st.part[i]) != 0;
    if (bad) {
        mem_destroy(m);
        return NULL;
    }
    return m;
}

void mem_destroy(memsys *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; m->core && i < m->n_cores; i++) {
        l1core *k = &m->core[i];
        cache_free(&k->tags);
        mshr_free(&k->mshr);
        free(k->mq);
        free(k->hitq);
        free(k->fillq);
    }
    for (uint32_t i = 0; m->part && i < m->cfg.n_parts; i++) {
        l2part *p = &m->part[i];
        cache_free(&p->tags);
        mshr_free(&p->mshr);
        dram_free(&p->ch);
        free(p->pipe);
    }
    free(m->core);
    free(m->part);
    icnt_free(&m->req);
    icnt_free(&m->resp);
    free(m);
}

/* ------------------------------------------------------------------ L1 side */

static int mq_full(const memsys *m, const l1core *k)
{
    return k->mq_count >= m->cfg.l1_miss_queue;
}

static void mq_push(memsys *m, uint32_t core, uint64_t line, int kind, uint32_t aux)
{
    l1core *k = &m->core[core];
    uint32_t i = k->mq_head + k->mq_count;
    if (i >= m->cfg.l1_miss_queue)
        i -= m->cfg.l1_miss_queue;
    k->mq[i] = (icnt_pkt){
        .line = line, .aux = aux, .src = (uint8_t)core,
        .dst = (uint8_t)amap_part(&m->map, line), .kind = (uint8_t)kind,
        .flits = m->req_flits[kind],
    };
    k->mq_count++;
    m->mq_mask[core >> 6] |= (uint64_t)1 << (core & 63);
}

static int hitq_full(const l1core *k) { return k->hq_count >= k->hq_cap; }

static void hitq_push(l1core *k, uint64_t ready, uint32_t token)
{
    k->hitq[(k->hq_head + k->hq_count) & (k->hq_cap - 1u)] = (hit_ent){ ready, token };
    k->hq_count++;
}

/* Load miss: merge into the line's MSHR or allocate one and queue a read. */
static int mem_load_miss(memsys *m, uint32_t core, uint64_t line, uint32_t token, uint64_t now)
{
    l1core *k = &m->core[core];
    if (k->tok_live >= k->fq_cap)
        return MEM_STALL;
    int idx = mshr_find(&k->mshr, line);
    if (idx >= 0) {
        if (mshr_add(&k->mshr, idx, token))
            return MEM_STALL;
        m->st.l1_mshr_merges++;
    } else {
        if (mshr_full(&k->mshr) || mq_full(m, k))
            return MEM_STALL;
        idx = mshr_alloc(&k->mshr, line, now, 0);
        mshr_add(&k->mshr, idx, token);
        mq_push(m, core, line, MEM_LOAD, (uint32_t)idx);
    }
    k->tok_live++;
    k->misses++;
    m->st.l1_misses++;
    m->st.loads++;
    return MEM_MISS;
}

static int mem_load(memsys *m, uint32_t core, uint64_t line, uint32_t token, uint64_t now)
{
    l1core *k = &m->core[core];
    if (hitq_full(k))                  /* rare: keep LRU untouched on a stall */
        return cache_probe(&k->tags, line) ? MEM_STALL
                                           : mem_load_miss(m, core, line, token, now);
    if (!cache_access(&k->tags, line, 0))
        return mem_load_miss(m, core, line, token, now);
    hitq_push(k, now + m->cfg.l1_lat, token);
    k->hits++;
    m->st.l1_hits++;
    m->st.loads++;
    return MEM_HIT;
}

/* Write-through, no write-allocate: a present line is updated (MRU), the
 * write goes to L2 in any case; the warp sees an L1 hit once queued. */
static int mem_store(memsys *m, uint32_t core, uint64_t line, uint32_t token, uint64_t now)
{
    l1core *k = &m->core[core];
    if (mq_full(m, k) || hitq_full(k))
        return MEM_STALL;
    cache_access(&k->tags, line, 0);
    mq_push(m, core, line, MEM_STORE, 0);
    hitq_push(k, now + m->cfg.l1_lat, token);
    m->st.stores++;
    return MEM_HIT;
}

/* Atomics bypass L1: a private (non-merging) MSHR entry holds the token. */
static int mem_atomic(memsys *m, uint32_t core, uint64_t line, uint32_t token, uint64_t now)
{
    l1core *k = &m->core[core];
    if (mshr_full(&k->mshr) || mq_full(m, k) || k->tok_live >= k->fq_cap)
        return MEM_STALL;
    int idx = mshr_alloc(&k->mshr, line, now, MSHR_NOMERGE);
    mshr_add(&k->mshr, idx, token);
    mq_push(m, core, line, MEM_ATOMIC, (uint32_t)idx);
    k->tok_live++;
    m->st.atomics++;
    return MEM_MISS;
}

int mem_access(memsys *m, uint32_t core, uint64_t line_addr, int kind,
               uint32_t token, uint64_t now)
{
    if (core >= m->n_cores)
        return -1;
    uint64_t line = line_addr >> m->line_shift;
    int r;
    switch (kind) {
    case MEM_LOAD:   r = mem_load(m, core, line, token, now); break;
    case MEM_STORE:  r = mem_store(m, core, line, token, now); break;
    case MEM_ATOMIC: r = mem_atomic(m, core, line, token, now); break;
    default:         return -1;
    }
    if (r == MEM_STALL)
        m->st.l1_stalls++;
    return r;
}

int mem_pop_done(memsys *m, uint32_t core, uint64_t now, uint32_t *token)
{
    l1core *k = &m->core[core];
    if (k->fq_count) {
        *token = k->fillq[k->fq_head];
        k->fq_head = k->fq_head + 1u == k->fq_cap ? 0 : k->fq_head + 1u;
        k->fq_count--;
        k->tok_live--;
        return 1;
    }
    if (k->hq_count && k->hitq[k->hq_head].ready <= now) {
        *token = k->hitq[k->hq_head].token;
        k->hq_head = (k->hq_head + 1u) & (k->hq_cap - 1u);
        k->hq_count--;
        return 1;
    }
    return 0;
}

/* A response reached core `core`: fill L1 (loads), complete the tokens. */
static void mem_core_fill(memsys *m, uint32_t core, const icnt_pkt *p, uint64_t now)
{
    l1core *k = &m->core[core];
    int idx = (int)p->aux;
    if (p->kind == MEM_LOAD)
        cache_fill(&k->tags, k->mshr.line[idx], 0, NULL);
    m->st.roundtrip_sum += now - k->mshr.t_alloc[idx];
    m->st.roundtrip_n++;
    const uint32_t *tok = &k->mshr.tok[(size_t)idx * k->mshr.merge];
    for (uint32_t i = 0; i < k->mshr.ntok[idx]; i++) {
        uint32_t slot = k->fq_head + k->fq_count;
        if (slot >= k->fq_cap)
            slot -= k->fq_cap;
        k->fillq[slot] = tok[i];
        k->fq_count++;
    }
    mshr_release(&k->mshr, idx);
}

/* Miss queue head -> request crossbar input of the core. */
static void mem_core_inject(memsys *m, uint32_t core)
{
    l1core *k = &m->core[core];
    if (k->mq_count == 0 || !icnt_can_push(&m->req, core) ||
        icnt_push(&m->req, &k->mq[k->mq_head]))
        return;
    k->mq_head = k->mq_head + 1u == m->cfg.l1_miss_queue ? 0 : k->mq_head + 1u;
    if (--k->mq_count == 0)
        m->mq_mask[core >> 6] &= ~((uint64_t)1 << (core & 63));
}

void mem_tick_core(memsys *m, uint64_t now)
{
    for (uint32_t w = 0; w < m->core_words; w++) {
        uint64_t active = m->mq_mask[w] | m->resp.out_nonempty[w];
        while (active) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(active);
            active &= active - 1u;
            icnt_pkt p;
            if (icnt_can_pop(&m->resp, c) && icnt_pop(&m->resp, c, &p))
                mem_core_fill(m, c, &p, now);
            mem_core_inject(m, c);
        }
    }
}

/* ------------------------------------------------------------- crossbars */

void mem_tick_icnt(memsys *m)
{
    uint64_t req0 = m->req.flits, resp0 = m->resp.flits;
    icnt_tick(&m->req);
    icnt_tick(&m->resp);
    m->st.icnt_req_flits += m->req.flits - req0;
    m->st.icnt_resp_flits += m->resp.flits - resp0;
    m->st.icnt_cycles++;
}

/* ------------------------------------------------------------------ L2 side */

static uint32_t l2_token(const icnt_pkt *p)
{
    return ((uint32_t)p->src << TOK_CORE_SHIFT) | ((uint32_t)p->kind << TOK_KIND_SHIFT) |
           (p->aux & TOK_IDX_MASK);
}

/* Queue a response for requester token `tok` of `line`: 0, or -1 if full. */
static int l2_respond(memsys *m, uint32_t pi, uint64_t line, uint32_t tok)
{
    uint32_t kind = (tok >> TOK_KIND_SHIFT) & 3u;
    icnt_pkt r = {
        .line = line, .aux = tok & TOK_IDX_MASK, .src = (uint8_t)pi,
        .dst = (uint8_t)(tok >> TOK_CORE_SHIFT), .kind = (uint8_t)kind,
        .flits = m->resp_flits[kind],
    };
    return icnt_push(&m->resp, &r);
}

/* Queue a DRAM request for local line `local`: 0, or -1 if refused. */
static int l2_dram_push(memsys *m, l2part *p, uint64_t local, int write, uint32_t aux)
{
    dram_req r = { .addr = local, .aux = aux, .write = (uint8_t)write };
    uint32_t bank;
    amap_bank_row(&m->map, local, &bank, &r.row);
    r.bank = (uint16_t)bank;
    return dram_push(&p->ch, &r);
}

/* Install `local` into the L2 tags; a dirty victim becomes a DRAM write.
 * Returns -1 (nothing done) if that write cannot be queued. */
static int l2_install(memsys *m, uint32_t pi, uint64_t local, int dirty)
{
    l2part *p = &m->part[pi];
    if (!dram_can_accept(&p->ch, 1) && cache_fill_evicts_dirty(&p->tags, local))
        return -1;
    uint64_t victim;
    if (cache_fill(&p->tags, local, dirty, &victim)) {
        l2_dram_push(m, p, victim, 1, 0);
        m->st.part[pi].l2_writebacks++;
    }
    return 0;
}

/* Answer the next requester of the fill in progress; 1 if a response went. */
static int l2_fill_step(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    int idx = p->fill;
    uint64_t line = amap_line(&m->map, pi, p->mshr.line[idx]);
    if (l2_respond(m, pi, line, p->mshr.tok[(size_t)idx * p->mshr.merge + p->fill_pos]))
        return 0;
    if (++p->fill_pos == p->mshr.ntok[idx]) {
        mshr_release(&p->mshr, idx);
        p->fill = -1;
    }
    return 1;
}

/* A DRAM read returned: install the line and start answering. 1 if done. */
static int l2_fill_start(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    dram_done *d = &p->ch.done[p->ch.done_head];
    if (p->ch.done_count == 0 || d->ready > p->ch.now)
        return 0;
    int idx = (int)d->r.aux;
    if (l2_install(m, pi, p->mshr.line[idx], (p->mshr.flags[idx] & MSHR_USER) != 0))
        return 0;
    dram_req r;
    dram_pop(&p->ch, &r);
    p->fill = idx;
    p->fill_pos = 0;
    return 1;
}

/* Tag lookup of the pipe head.  Returns 1 if it completed (leaves the pipe). */
static int l2_lookup(memsys *m, uint32_t pi, const icnt_pkt *q, int resp_free)
{
    l2part *p = &m->part[pi];
    mem_part_stats *st = &m->st.part[pi];
    uint64_t local = amap_local(&m->map, q->line);
    int write = q->kind != MEM_LOAD;   /* stores and atomics dirty the line */
    int need_resp = q->kind != MEM_STORE;
    if (!need_resp || (resp_free && icnt_can_push(&m->resp, pi))) {
        if (cache_access(&p->tags, local, write)) {   /* one tag search */
            if (need_resp)
                l2_respond(m, pi, q->line, l2_token(q));
            st->l2_hits++;
            return 1;
        }
    } else if (cache_probe(&p->tags, local)) {
        return 0;                      /* hit, but the response port is full */
    }
    int idx = mshr_find(&p->mshr, local);
    if (q->kind == MEM_STORE) {
        /* write-allocate without a DRAM read (whole-line write) */
        if (idx >= 0)
            p->mshr.flags[idx] |= MSHR_USER;
        else if (l2_install(m, pi, local, 1))
            return 0;
        st->l2_misses++;
        return 1;
    }
    if (idx >= 0) {
        if (mshr_add(&p->mshr, idx, l2_token(q)))
            return 0;
    } else {
        if (mshr_full(&p->mshr) || !dram_can_accept(&p->ch, 0))
            return 0;
        idx = mshr_alloc(&p->mshr, local, p->now, 0);
        mshr_add(&p->mshr, idx, l2_token(q));
        l2_dram_push(m, p, local, 0, (uint32_t)idx);
    }
    if (write)
        p->mshr.flags[idx] |= MSHR_USER;
    st->l2_misses++;
    return 1;
}

/* One L2 cycle of partition pi: one response and one tag operation at most. */
static void l2_tick_part(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    uint64_t c = p->now;
    int resp_used = 0, tag_used = 0;
    if (p->fill < 0 && l2_fill_start(m, pi))
        tag_used = 1;
    if (p->fill >= 0)
        resp_used = l2_fill_step(m, pi);
    if (!tag_used && p->pipe_count && p->pipe[p->pipe_head].ready <= c &&
        l2_lookup(m, pi, &p->pipe[p->pipe_head].p, !resp_used)) {
        p->pipe_head = p->pipe_head + 1u == m->cfg.l2_queue ? 0 : p->pipe_head + 1u;
        p->pipe_count--;
    }
    if (p->pipe_count < m->cfg.l2_queue) {
        uint32_t i = p->pipe_head + p->pipe_count;
        if (i >= m->cfg.l2_queue)
            i -= m->cfg.l2_queue;
        if (icnt_pop(&m->req, pi, &p->pipe[i].p)) {
            p->pipe[i].ready = c + m->cfg.l2_lat;
            p->pipe_count++;
        }
    }
    p->now = c + 1u;
}

static int l2_busy(const memsys *m, uint32_t pi)
{
    const l2part *p = &m->part[pi];
    return p->pipe_count || p->fill >= 0 || p->ch.done_count ||
           icnt_out_busy(&m->req, pi);
}

void mem_tick_l2(memsys *m)
{
    for (uint32_t pi = 0; pi < m->cfg.n_parts; pi++) {
        if (l2_busy(m, pi))
            l2_tick_part(m, pi);
        else
            m->part[pi].now++;
    }
    m->st.l2_cycles++;
}

void mem_tick_dram(memsys *m)
{
    for (uint32_t pi = 0; pi < m->cfg.n_parts; pi++)
        dram_tick(&m->part[pi].ch);
    m->st.dram_cycles++;
}

/* ------------------------------------------------------------------ queries */

int mem_idle(const memsys *m)
{
    if (!icnt_empty(&m->req) || !icnt_empty(&m->resp))
        return 0;
    for (uint32_t w = 0; w < m->core_words; w++)
        if (m->mq_mask[w]) return 0;
    for (uint32_t i = 0; i < m->n_cores; i++) {
        const l1core *k = &m->core[i];
        if (k->mshr.used || k->hq_count || k->fq_count)
            return 0;
    }
    for (uint32_t i = 0; i < m->cfg.n_parts; i++) {
        const l2part *p = &m->part[i];
        if (p->pipe_count || p->fill >= 0 || p->mshr.used || dram_pending(&p->ch))
            return 0;
    }
    return 1;
}

uint32_t mem_part_of(const memsys *m, uint64_t line_addr)
{
    return amap_part(&m->map, line_addr >> m->line_shift);
}

const mem_stats *mem_get_stats(const memsys *m) { return &m->st; }

void mem_stats_reset(memsys *m)
{
    memset(&m->st, 0, sizeof m->st);
    for (uint32_t i = 0; i < m->n_cores; i++)
        m->core[i].hits = m->core[i].misses = 0;
}

uint64_t mem_core_l1_hits(const memsys *m, uint32_t core)
{
    return core < m->n_cores ? m->core[core].hits : 0;
}

uint64_t mem_core_l1_misses(const memsys *m, uint32_t core)
{
    return core < m->n_cores ? m->core[core].misses : 0;
}

void mem_kernel_begin(memsys *m)
{
    if (!m->cfg.l1_flush) return;
    for (uint32_t i = 0; i < m->n_cores; i++) cache_invalidate_all(&m->core[i].tags);
}

/* ------------------------------------------------------------------ keys */

#define MK(k, f, lo, hi, unit, h) KEY_U(mem_params, k, f, lo, hi, 0, unit, "preset", h)
static const key_def mem_rows[] = {
    MK("l1.bytes", l1_bytes, 128, 1u << 24, "bytes", "L1 data cache size per core"),
    MK("l1.assoc", l1_assoc, 1, 64, "ways", "L1 ways"),
    MK("l1.line_bytes", line_bytes, 16, 1024, "bytes", "line size of L1 and L2 (power of two)"),
    MK("l1.mshr", l1_mshr, 1, 1024, "entries", "L1 MSHR entries"),
    MK("l1.mshr_merge", l1_mshr_merge, 1, 64, "requests", "requests merged into one L1 MSHR"),
    MK("l1.lat", l1_lat, 1, 1023, "core cycles", "L1 hit latency"),
    MK("l1.miss_queue", l1_miss_queue, 1, 1024, "entries", "L1 miss queue entries"),
    MK("icnt.lat", icnt_lat, 1, 1024, "icnt cycles", "crossbar latency"),
    MK("icnt.flit_bytes", icnt_flit_bytes, 1, 1024, "bytes", "bytes per port per icnt cycle"),
    MK("icnt.queue", icnt_queue, 1, 1024, "packets", "packets buffered per port"),
    MK("l2.parts", n_parts, 1, CTL_MAX_PARTS, "partitions", "memory partitions (L2 slice + DRAM channel)"),
    MK("l2.bytes", l2_bytes, 128, 1u << 26, "bytes", "L2 slice size per partition"),
    MK("l2.assoc", l2_assoc, 1, 64, "ways", "L2 ways"),
    MK("l2.mshr", l2_mshr, 1, 1024, "entries", "L2 MSHR entries per slice"),
    MK("l2.lat", l2_lat, 1, 1023, "L2 cycles", "L2 hit latency"),
    MK("l2.queue", l2_queue, 1, 1024, "entries", "L2 request queue entries"),
    KEY_U(mem_params, "l1.flush", l1_flush, 0, 1, 0, "", "GPGPU-Sim -gpgpu_flush_l1_cache (1 in its tested configs)",
          "invalidate every L1 at each kernel launch"),
};
const key_table mem_keys = KEY_TABLE("mem", NULL, mem_rows);

void mem_params_defaults(mem_params *c)
{
    memset(c, 0, sizeof *c);
    c->l1_bytes = 16 * 1024; c->l1_assoc = 4; c->line_bytes = 128;
    c->l1_mshr = 32; c->l1_mshr_merge = 8; c->l1_lat = 30; c->l1_miss_queue = 8;
    c->icnt_lat = 4; c->icnt_flit_bytes = 32; c->icnt_queue = 8;
    c->n_parts = 2; c->l2_bytes = 128 * 1024; c->l2_assoc = 16;
    c->l2_mshr = 32; c->l2_lat = 100; c->l2_queue = 16;
    c->l1_flush = 1;    /* GPGPU-Sim's default: L1 contents do not outlive a kernel */
}
