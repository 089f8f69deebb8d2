/* mem.c -- the memory system: per-core L1 + MSHRs + miss queue, a request
 * and a response crossbar, L2 slices + MSHRs (amap.sub_parts per channel, one
 * crossbar port each), a DRAM channel per partition shared by its slices.
 * Contract in mem.h; design decisions in docs/memory.md.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mem.h"
#include "cache.h"
#include "mshr.h"
#include "icnt.h"
#include "dram.h"
#include "amap.h"
#include "bits.h"


/* An L2 MSHR token names the requester: core, kind and L1 MSHR index. */
#define TOK_CORE_SHIFT 24          /* core: 8 bits (CTL_MAX_CORES < 256) */
#define TOK_KIND_SHIFT 22
#define TOK_IDX_MASK   0x3fffffu

typedef struct hit_ent {
    uint64_t ready;      /* core cycle the token completes */
    uint32_t token;
} hit_ent;

/* An access waiting in an L1 bank's latency queue (l1_lat_on_miss). */
typedef struct lq_ent {
    uint64_t unit;       /* access unit number (addr >> unit_shift) */
    uint64_t t_in;       /* core cycle it entered */
    uint32_t token;
    uint32_t kind;
} lq_ent;

/* One L1 bank: its latency queue (a ring of l1_lat entries when
 * l1_lat_on_miss) and the cycle it last took an access. */
typedef struct l1bank {
    lq_ent  *q;
    uint32_t head, count;
    uint64_t last_in;    /* core cycle + 1 of the last access taken; 0 = never */
    /* the head refused at the tags at L1 epoch rx_epoch - 1 (0: not refused
     * since it became the head), and the reason counters that refusal added
     * (l1_fail_mshr, _merge, _mq) */
    uint64_t rx_epoch;
    uint8_t  rx_rf[3];
    /* the head, a load, refused at L1 rs_epoch - 1 with its sector absent for
     * want of a token slot or an MSHR entry (l1_fail_mshr); 0: not */
    uint64_t rs_epoch;
} l1bank;

typedef struct l1core {
    cache     tags;
    mshr      mshr;
    uint8_t  *resp_left; /* [l1_mshr] responses an entry still waits for */
    l1bank   *bank;      /* [l1_banks] */
    uint32_t  lq_banks;  /* banks with a non-empty latency queue */
    uint64_t  lq_due;    /* no latency-queue head reaches the tags before this cycle */
    /* the slice of the last line queued (sl_line = line + 1; 0: none): the
     * sectors of a line are queued one after another, amap_slice once */
    uint64_t  sl_line;
    uint32_t  sl_slice;
    icnt_pkt *mq;        /* [l1_miss_queue] miss queue ring */
    uint32_t  mq_head, mq_count;
    hit_ent  *hitq;      /* [hq_cap] hits and accepted stores, ready in order */
    uint32_t  hq_head, hq_count, hq_cap;
    uint32_t *fillq;     /* [fq_cap] tokens completed by fills */
    uint32_t  fq_head, fq_count, fq_cap;
    uint32_t  tok_live;  /* tokens in MSHRs + fillq (<= fq_cap) */
    uint64_t  wb_now;    /* core cycle of wb_n */
    uint32_t  wb_n;      /* fill tokens of loads popped in cycle wb_now (l1_fill_wb) */
    uint64_t  hits, misses;
    /* a refused access changes nothing but counters: the outcome of the same
     * access again is the same until the L1 side's state changes (epoch) */
    uint64_t  epoch;     /* changes of the state an access's outcome depends on */
    /* changes of the state on which a load refused for want of a token slot
     * or an MSHR entry depends: a slot freed (tok_live decreases), an MSHR
     * entry released, the tags changed */
    uint64_t  rs_epoch;
    uint64_t  rf_now;    /* core cycle of the refusals counted in rf */
    uint32_t  rf[5];     /* that cycle's counts: stalls, fail mshr / merge / mq, bank conflicts */
    uint64_t  rf_owed;   /* cycles that refused rf again, not yet added to the statistics */
} l1core;

/* A fillq entry of a store: its token is not counted by l1_fill_wb. */
#define FQ_UNCOUNTED 0x80000000u

typedef struct l2_ent {
    icnt_pkt p;
    uint64_t ready;      /* L2 cycle of the tag lookup */
} l2_ent;

/* One L2 slice: GPGPU-Sim's memory_sub_partition (l2cache.cc), its own
 * tags, MSHRs and request queue, one tag lookup per L2 cycle; the slices of
 * a channel share its DRAM (memory_partition_unit).  The L2 keys of a slice
 * are slice keys (amap_slice_key of the partition-local index). */
typedef struct l2part {
    cache    tags;
    mshr     mshr;
    dram    *ch;         /* the channel's DRAM, shared by its slices */
    l2_ent  *pipe;       /* [l2_queue] */
    uint32_t pipe_head, pipe_count;
    l2_ent  *rop;        /* [rop_cap] l2_rop_stage: requests in their l2_lat delay */
    uint32_t rop_head, rop_count, rop_cap;
    int      fill;       /* MSHR entry whose responses are being sent, or -1 */
    uint32_t fill_pos;   /* next token of that entry to answer */
    uint64_t now;        /* L2 cycles ticked */
    /* the slice key of the last line looked up (lk_line = line + 1; 0: none):
     * a head is looked up once per sector, and again while refused */
    uint64_t lk_line, lk_local;
} l2part;

struct memsys {
    mem_params cfg;
    dram_params dram;
    uint32_t n_cores;
    amap     map;
    uint32_t line_shift;
    uint32_t unit_shift;     /* log2 of the access unit (L1 sector, or line) */
    uint32_t spl1_shift;     /* log2 of L1 sectors per line */
    uint32_t spl2_shift;     /* log2 of L2 sectors per line */
    uint32_t s2_shift;       /* log2 of the L2 sector (or line) */
    uint32_t resp_n;         /* responses per L1 request: L1 unit / L2 sector, at least 1 */
    uint32_t rf_why;         /* the reason counter (l1core.rf index 1..4) the last refusal
                              * added to, set beside it: a refusal adds to at most one */
    uint32_t bank_shift;     /* log2 of l1_bank_bytes */
    uint8_t  req_flits[3], resp_flits[3];  /* by kind; resp 0 = none */
    icnt     req, resp;
    uint64_t mq_mask[ICNT_WORDS]; /* cores with a non-empty miss queue */
    uint64_t lq_mask[ICNT_WORDS]; /* cores with a non-empty L1 latency queue */
    uint64_t done_mask[ICNT_WORDS]; /* cores with a non-empty hit or fill queue */
    uint64_t miss_new[ICNT_WORDS];  /* cores whose L1 miss count changed (mem_take_miss_cores) */
    uint32_t core_words; /* words of a set of cores: (n_cores + 63) / 64 */
    uint64_t core_now;   /* core cycle of the last mem_tick_core */
    l1core  *core;       /* [n_cores] */
    l2part  *part;       /* [n_slices] L2 slices, channel-major */
    dram    *chan;       /* [n_parts] DRAM channels */
    uint32_t n_slices;   /* n_parts x sub-partitions per channel */
    uint32_t sub_shift;  /* log2 of sub-partitions per channel */
    uint64_t core_clock; /* core cycles ticked: the clock dram.latency counts in */
    /* the clock domains' idle skipping (mem_set_skip): the slices and channels
     * that work, and the cycle counts an idle one takes up when it next works */
    int      skip;       /* 1: only those visited; 0: every slice and channel */
    uint64_t l2_now;     /* L2 cycles ticked (every slice's now) */
    uint64_t dram_now;   /* DRAM cycles ticked (every channel's now) */
    uint64_t dram_lat;   /* core_clock at the last DRAM cycle (every channel's lat_now) */
    uint64_t slice_q[ICNT_WORDS];  /* slices with a queued, delayed or filling request */
    uint64_t chan_run[ICNT_WORDS]; /* channels with requests queued or in their latency stage */
    uint64_t chan_done[ICNT_WORDS]; /* channels holding returned reads (done_count) */
    uint32_t slice_words, chan_words; /* words of a set of slices, of channels */
    mem_stats st;
    char why[MEM_WHY];   /* why mem_create_why failed */
    arena    ar;         /* every array above and of the caches, MSHRs, crossbars, channels */
};

/* ------------------------------------------------------------------ create */

/* The reason mem_create_why() reports, "problem (key)"; nothing is printed
 * (a refusal is one line, written by the caller).  errno is left as the
 * failed call set it (ENOMEM for an allocation). */
static int mem_bad(char *why, const char *problem, const char *key)
{
    int e = errno;
    snprintf(why, MEM_WHY, "%s (%s)", problem, key);
    errno = e;
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

/* A sector size: 0 (unsectored) or a power of two from 16 B (one lane access
 * touches at most two units) to the line, at most CACHE_MAX_SECTORS a line. */
static int mem_bad_sector(uint32_t s, uint32_t line)
{
    return s && (!mem_is_pow2(s) || s < 16 || s > line || line / s > CACHE_MAX_SECTORS);
}

static int mem_check_l1_extra(const mem_params *c, char *why)
{
    if (mem_bad_sector(c->l1_sector_bytes, c->line_bytes))
        return mem_bad(why, "must be 0 or a power of two 16..line_bytes, at most 32 a line",
                       "l1_sector_bytes");
    if (mem_bad_sector(c->l2_sector_bytes, c->line_bytes))
        return mem_bad(why, "must be 0 or a power of two 16..line_bytes, at most 32 a line",
                       "l2_sector_bytes");
    if (c->l1_banks > 32 || (c->l1_banks && !mem_is_pow2(c->l1_banks)))
        return mem_bad(why, "must be 0 or a power of two up to 32", "l1_banks");
    if (c->l1_banks && !mem_is_pow2(c->l1_bank_bytes))
        return mem_bad(why, "must be a power of two", "l1_bank_bytes");
    if (c->l1_lat_on_miss && c->l1_banks == 0)
        return mem_bad(why, "the latency queue is per bank: needs l1_banks >= 1", "l1_lat_on_miss");
    return 0;
}

static int mem_check_cfg(const mem_params *c, const dram_params *d, uint32_t n_cores, char *why)
{
    if (n_cores == 0 || n_cores > CTL_MAX_CORES)
        return mem_bad(why, "must be 1..CTL_MAX_CORES", "n_cores");
    if (c->n_parts == 0 || c->n_parts > CTL_MAX_PARTS)
        return mem_bad(why, "must be 1..CTL_MAX_PARTS", "n_parts");
    if (!mem_is_pow2(c->line_bytes) || c->line_bytes < 16)
        return mem_bad(why, "must be a power of two >= 16", "line_bytes");
    if (mem_check_l1_extra(c, why))
        return -1;
    if (c->l1_mshr == 0 || c->l1_mshr > TOK_IDX_MASK)
        return mem_bad(why, "must be 1..4194303", "l1_mshr");
    if (c->l1_mshr_merge == 0)
        return mem_bad(why, "must be >= 1", "l1_mshr_merge");
    if (c->l1_miss_queue == 0)
        return mem_bad(why, "must be >= 1", "l1_miss_queue");
    if (c->icnt_flit_bytes == 0)
        return mem_bad(why, "must be >= 1", "icnt_flit_bytes");
    if (c->icnt_queue == 0)
        return mem_bad(why, "must be >= 1", "icnt_queue");
    if (icnt_flits(MEM_HDR_BYTES + c->line_bytes, c->icnt_flit_bytes) > 255)
        return mem_bad(why, "a line packet needs more than 255 flits", "icnt_flit_bytes");
    if (c->l2_mshr == 0)
        return mem_bad(why, "must be >= 1", "l2_mshr");
    if (c->l2_queue == 0)
        return mem_bad(why, "must be >= 1", "l2_queue");
    if (d->dram_banks == 0 || d->dram_banks > 64)
        return mem_bad(why, "must be 1..64", "dram_banks");
    if (d->dram_queue < 2)
        return mem_bad(why, "must be >= 2", "dram_queue");
    if (d->dram_bus_bytes == 0)
        return mem_bad(why, "must be >= 1", "dram_bus_bytes");
    if (d->dram_row_bytes < c->line_bytes)
        return mem_bad(why, "must be >= line_bytes", "dram_row_bytes");
    if (d->dram_sched != DRAM_FRFCFS && d->dram_sched != DRAM_FCFS)
        return mem_bad(why, "must be frfcfs or fcfs", "dram_sched");
    return 0;
}

static int mem_init_banks(memsys *m, l1core *k)
{
    const mem_params *c = &m->cfg;
    if (c->l1_banks == 0)
        return 0;
    k->bank = arena_calloc(&m->ar, c->l1_banks, sizeof *k->bank);
    if (!k->bank)
        return mem_bad(m->why, "out of memory", "l1_banks");
    for (uint32_t b = 0; c->l1_lat_on_miss && b < c->l1_banks; b++) {
        k->bank[b].q = arena_calloc(&m->ar, c->l1_lat, sizeof *k->bank[b].q);
        if (!k->bank[b].q)
            return mem_bad(m->why, "out of memory", "l1_banks");
    }
    return 0;
}

static int mem_init_core(memsys *m, l1core *k)
{
    const mem_params *c = &m->cfg;
    if (cache_init_in(&k->tags, &m->ar, c->l1_bytes, c->l1_assoc, c->line_bytes, 1u << m->spl1_shift))
        return mem_bad(m->why, "L1 geometry does not divide into sets", "l1_bytes");
    if (mshr_init_in(&k->mshr, &m->ar, c->l1_mshr, c->l1_mshr_merge))
        return mem_bad(m->why, "cannot allocate L1 MSHRs", "l1_mshr");
    mshr_set_group(&k->mshr, m->spl1_shift);     /* a line's sectors side by side */
    /* Hit port backlog: four accesses (or one per bank) per cycle over the
     * hit latency. */
    uint32_t per = c->l1_banks > 4 ? c->l1_banks : 4u;
    k->hq_cap = mem_pow2_at_least(per * (c->l1_lat + 1u) < 64u ? 64u : per * (c->l1_lat + 1u));
    k->fq_cap = c->l1_mshr * c->l1_mshr_merge;
    k->mq = arena_calloc(&m->ar, c->l1_miss_queue, sizeof *k->mq);
    k->hitq = arena_calloc(&m->ar, k->hq_cap, sizeof *k->hitq);
    k->fillq = arena_calloc(&m->ar, k->fq_cap, sizeof *k->fillq);
    k->resp_left = arena_calloc(&m->ar, c->l1_mshr, sizeof *k->resp_left);
    if (!k->mq || !k->hitq || !k->fillq || !k->resp_left)
        return mem_bad(m->why, "out of memory", "l1_miss_queue");
    return mem_init_banks(m, k);
}

static int mem_init_part(memsys *m, l2part *p, dram *ch)
{
    const mem_params *c = &m->cfg;
    p->fill = -1;
    p->ch = ch;
    if (cache_init_in(&p->tags, &m->ar, c->l2_bytes, c->l2_assoc, c->line_bytes, 1u << m->spl2_shift))
        return mem_bad(m->why, "L2 geometry does not divide into sets", "l2_bytes");
    if (mshr_init_in(&p->mshr, &m->ar, c->l2_mshr, c->l1_mshr_merge))
        return mem_bad(m->why, "cannot allocate L2 MSHRs", "l2_mshr");
    mshr_set_group(&p->mshr, m->spl2_shift);     /* (l2_key: sector in the low bits) */
    p->pipe = arena_calloc(&m->ar, c->l2_queue, sizeof *p->pipe);
    if (!p->pipe)
        return mem_bad(m->why, "out of memory", "l2_queue");
    /* at most one request enters the delay per L2 cycle and each leaves
     * after l2_lat cycles unless the queue behind it is full, which stops
     * entries too: l2_lat + 1 slots hold every request in the delay */
    p->rop_cap = c->l2_rop_stage ? c->l2_lat + 1u : 0u;
    p->rop = c->l2_rop_stage ? arena_calloc(&m->ar, p->rop_cap, sizeof *p->rop) : NULL;
    if (c->l2_rop_stage && !p->rop)
        return mem_bad(m->why, "out of memory", "l2_lat");
    return 0;
}

static uint32_t mem_log2(uint32_t v) { return (uint32_t)__builtin_ctz(v); }

/* Sector geometry: an unsectored cache has one sector of line_bytes. */
static void mem_set_geometry(memsys *m)
{
    const mem_params *c = &m->cfg;
    uint32_t s1 = c->l1_sector_bytes ? c->l1_sector_bytes : c->line_bytes;
    uint32_t s2 = c->l2_sector_bytes ? c->l2_sector_bytes : c->line_bytes;
    m->line_shift = mem_log2(c->line_bytes);
    m->unit_shift = mem_log2(s1);
    m->s2_shift = mem_log2(s2);
    m->spl1_shift = m->line_shift - m->unit_shift;
    m->spl2_shift = m->line_shift - m->s2_shift;
    m->resp_n = s1 > s2 ? s1 / s2 : 1u;
    m->bank_shift = c->l1_banks ? mem_log2(c->l1_bank_bytes) : 0;
}

/* Packets carry the access unit: a store the unit's bytes, a response the
 * smaller of the L1 unit and the L2 sector (one response per L2 sector when
 * the L1 unit spans several; GPGPU-Sim's breakdown_request_to_sector_requests
 * in l2cache.cc).  Unsectored: the line, as before sectors existed. */
static void mem_set_packet_sizes(memsys *m)
{
    uint32_t fb = m->cfg.icnt_flit_bytes;
    uint32_t ub = 1u << m->unit_shift;
    uint32_t rb = 1u << (m->unit_shift < m->s2_shift ? m->unit_shift : m->s2_shift);
    m->req_flits[MEM_LOAD] = (uint8_t)icnt_flits(MEM_HDR_BYTES, fb);
    m->req_flits[MEM_ATOMIC] = (uint8_t)icnt_flits(MEM_HDR_BYTES, fb);
    m->req_flits[MEM_STORE] = (uint8_t)icnt_flits(MEM_HDR_BYTES + ub, fb);
    m->resp_flits[MEM_LOAD] = (uint8_t)icnt_flits(MEM_HDR_BYTES + rb, fb);
    m->resp_flits[MEM_ATOMIC] = (uint8_t)icnt_flits(MEM_HDR_BYTES + rb, fb);
    /* GPGPU-Sim's WRITE_ACK carries the control bytes only (shader.h
     * WRITE_PACKET_SIZE 8; gpu-sim.cc pushes get_ctrl_size() for writes) */
    m->resp_flits[MEM_STORE] = m->cfg.l2_write_ack ? (uint8_t)icnt_flits(MEM_HDR_BYTES, fb) : 0;
}

memsys *mem_create(const mem_params *cfg, const dram_params *dp, uint32_t n_cores)
{
    char why[MEM_WHY];
    return mem_create_why(cfg, dp, n_cores, why);
}

memsys *mem_create_why(const mem_params *cfg, const dram_params *dp, uint32_t n_cores,
                       char why[MEM_WHY])
{
    if (mem_check_cfg(cfg, dp, n_cores, why))
        return NULL;
    memsys *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(why, MEM_WHY, "out of memory");
        return NULL;
    }
    m->cfg = *cfg;
    m->dram = *dp;
    m->n_cores = n_cores;
    m->core_words = (n_cores + 63u) / 64u;
    m->skip = 1;
    mem_set_geometry(m);
    mem_set_packet_sizes(m);
    int bad = amap_init_params(&m->map, &cfg->map, cfg->n_parts, cfg->line_bytes,
                               dp->dram_row_bytes, dp->dram_banks, m->why, sizeof m->why) != 0;
    /* a crossbar port per slice (GPGPU-Sim: one icnt node per sub-partition) */
    m->sub_shift = bad ? 0 : m->map.log2sub;
    m->n_slices = cfg->n_parts << m->sub_shift;
    m->slice_words = (m->n_slices + 63u) / 64u;
    m->chan_words = (cfg->n_parts + 63u) / 64u;
    uint32_t in_q = cfg->icnt_in_queue ? cfg->icnt_in_queue : cfg->icnt_queue;
    bad = bad || icnt_init_in(&m->req, &m->ar, n_cores, m->n_slices, in_q, cfg->icnt_queue,
                              cfg->icnt_lat);
    bad = bad || icnt_init_in(&m->resp, &m->ar, m->n_slices, n_cores, in_q, cfg->icnt_queue,
                              cfg->icnt_lat);
    m->core = arena_calloc(&m->ar, n_cores, sizeof *m->core);
    m->part = arena_calloc(&m->ar, m->n_slices, sizeof *m->part);
    m->chan = arena_calloc(&m->ar, cfg->n_parts, sizeof *m->chan);
    if (!bad && (!m->core || !m->part || !m->chan))
        bad = mem_bad(m->why, "out of memory", "n_cores, n_parts") != 0;
    if (bad && !m->why[0])
        snprintf(m->why, sizeof m->why, "out of memory (icnt_queue)");
    for (uint32_t i = 0; !bad && i < n_cores; i++)
        bad = mem_init_core(m, &m->core[i]) != 0;
    for (uint32_t i = 0; !bad && i < cfg->n_parts; i++)
        if (dram_init_in(&m->chan[i], &m->ar, &m->dram, cfg->line_bytes, &m->st.part[i]))
            bad = mem_bad(m->why, "cannot set up DRAM channel", "dram_queue") != 0;
    for (uint32_t i = 0; !bad && i < m->n_slices; i++)
        bad = mem_init_part(m, &m->part[i], &m->chan[i >> m->sub_shift]) != 0;
    if (bad) {
        int e = errno;
        snprintf(why, MEM_WHY, "%s", m->why);
        mem_destroy(m);
        errno = e;
        return NULL;
    }
    return m;
}

void mem_destroy(memsys *m)
{
    if (!m)
        return;
    /* every array is in the arena (the caches', MSHRs', crossbars' and
     * channels' own free functions leave arena blocks alone) */
    arena_free(&m->ar);
    free(m);
}

/* ------------------------------------------------------------------ L1 side */

static int mq_full(const memsys *m, const l1core *k)
{
    return k->mq_count >= m->cfg.l1_miss_queue;
}

/* Line number, and sector bit within it, of access unit u. */
static uint64_t unit_line(const memsys *m, uint64_t u) { return u >> m->spl1_shift; }
static uint32_t unit_bit(const memsys *m, uint64_t u)
{
    return 1u << (uint32_t)(u & ((1u << m->spl1_shift) - 1u));
}

/* L2 sectors access unit u covers (1 when L2 is unsectored). */
static uint32_t unit_l2_mask(const memsys *m, uint64_t u)
{
    if (m->spl2_shift == 0)
        return 1u;
    uint32_t off = (uint32_t)(u & ((1u << m->spl1_shift) - 1u)) << m->unit_shift;
    uint32_t first = off >> m->s2_shift;
    uint64_t n = m->resp_n;
    return (uint32_t)(((1ull << n) - 1u) << first);
}

/* Queue a request of access unit u, made by an access at core cycle t0. */
static void mq_push(memsys *m, uint32_t core, uint64_t u, int kind, uint32_t aux, uint64_t t0)
{
    l1core *k = &m->core[core];
    uint32_t i = k->mq_head + k->mq_count;
    if (i >= m->cfg.l1_miss_queue)
        i -= m->cfg.l1_miss_queue;
    uint64_t line = unit_line(m, u);
    if (k->sl_line != line + 1u) {
        k->sl_line = line + 1u;
        k->sl_slice = amap_slice(&m->map, line);
    }
    k->mq[i] = (icnt_pkt){
        .line = line, .aux = aux, .mask = unit_l2_mask(m, u), .t0 = (uint32_t)t0,
        .src = (uint8_t)core,
        .dst = (uint8_t)k->sl_slice, .kind = (uint8_t)kind,
        .flits = m->req_flits[kind],
    };
    k->mq_count++;
    m->mq_mask[core >> 6] |= (uint64_t)1 << (core & 63);
}

static int hitq_full(const l1core *k) { return k->hq_count >= k->hq_cap; }

/* Core `core` has a completion queued (its done_mask bit, read by mem_done_ready). */
static inline void done_mark(memsys *m, uint32_t core)
{
    m->done_mask[core >> 6] |= (uint64_t)1 << (core & 63);
}

static void hitq_push(memsys *m, uint32_t core, l1core *k, uint64_t ready, uint32_t token)
{
    k->hitq[(k->hq_head + k->hq_count) & (k->hq_cap - 1u)] = (hit_ent){ ready, token };
    k->hq_count++;
    done_mark(m, core);
}

/* Some sector of u's line other than u has an MSHR (in flight): GPGPU-Sim
 * would have allocated the line at that miss ('m' allocate-on-miss) and
 * count this one as a SECTOR_MISS. */
static int l1_line_pending(const memsys *m, const l1core *k, uint64_t u)
{
    uint64_t first = unit_line(m, u) << m->spl1_shift;
    for (uint64_t v = first; v < first + (1u << m->spl1_shift); v++)
        if (v != u && mshr_find(&k->mshr, v) >= 0)
            return 1;
    return 0;
}

/* Load miss: merge into the unit's MSHR or allocate one and queue a read.
 * A refusal is counted by its reason (GPGPU-Sim's reservation fails).
 * present: whether u's line is in the tags (the lookup's CACHE_SECTOR_MISS),
 * or -1 when the caller did not look (then it is probed here). */
static int mem_load_miss(memsys *m, uint32_t core, uint64_t u, uint32_t token, uint64_t now,
                         uint64_t t0, int present)
{
    l1core *k = &m->core[core];
    if (k->tok_live >= k->fq_cap) {    /* every token slot taken: MSHR pressure */
        m->st.l1_fail_mshr++;
        m->rf_why = 1;
        return MEM_STALL;
    }
    int idx = mshr_find(&k->mshr, u);
    if (idx >= 0) {
        if (mshr_add(&k->mshr, idx, token)) {
            m->st.l1_fail_merge++;
            m->rf_why = 2;
            return MEM_STALL;
        }
        m->st.l1_mshr_merges++;
    } else {
        if (mshr_full(&k->mshr) || mq_full(m, k)) {
            if (mshr_full(&k->mshr)) { m->st.l1_fail_mshr++; m->rf_why = 1; }
            else { m->st.l1_fail_mq++; m->rf_why = 3; }
            return MEM_STALL;
        }
        if (m->spl1_shift &&
            ((present >= 0 ? present : cache_probe(&k->tags, unit_line(m, u))) ||
             l1_line_pending(m, k, u)))
            m->st.l1_sector_misses++;
        idx = mshr_alloc(&k->mshr, u, now, 0);
        mshr_add(&k->mshr, idx, token);
        k->resp_left[idx] = (uint8_t)m->resp_n;
        mq_push(m, core, u, MEM_LOAD, (uint32_t)idx, t0);
    }
    k->tok_live++;
    k->misses++;
    m->miss_new[core >> 6] |= (uint64_t)1 << (core & 63);
    m->st.l1_misses++;
    m->st.loads++;
    return MEM_MISS;
}

/* A load (made at core cycle t0) looked up at core cycle now; a hit
 * completes `delay` cycles later. */
static int mem_load(memsys *m, uint32_t core, uint64_t u, uint32_t token, uint64_t now,
                    uint32_t delay, uint64_t t0)
{
    l1core *k = &m->core[core];
    uint64_t line = unit_line(m, u);
    uint32_t bit = unit_bit(m, u);
    if (hitq_full(k))                  /* rare: keep LRU untouched on a stall */
        return (cache_valid(&k->tags, line) & bit) ? MEM_STALL
                                                   : mem_load_miss(m, core, u, token, now, t0, -1);
    int look = cache_lookup(&k->tags, line, bit, 0);
    if (look != CACHE_HIT)
        return mem_load_miss(m, core, u, token, now, t0, look == CACHE_SECTOR_MISS);
    hitq_push(m, core, k, now + delay, token);
    k->hits++;
    m->st.l1_hits++;
    m->st.loads++;
    return MEM_HIT;
}

/* Write-through, no write-allocate: a present sector is updated (MRU), the
 * write goes to L2 in any case; the warp sees an L1 hit once queued, `delay`
 * cycles later.  With l2_write_ack the request carries the token to the L2
 * slice, whose acknowledgement brings it back (GPGPU-Sim: shd_warp_t::
 * inc_store_req at the access, store_ack when the WRITE_ACK arrives; the warp
 * cannot exit before, shd_warp_t::stores_done); the token holds a fill-queue
 * slot meanwhile. */
static int mem_store(memsys *m, uint32_t core, uint64_t u, uint32_t token, uint64_t now,
                     uint32_t delay, uint64_t t0)
{
    l1core *k = &m->core[core];
    int acked = m->cfg.l2_write_ack != 0;
    if (mq_full(m, k) || (acked ? k->tok_live >= k->fq_cap : hitq_full(k)))
        return MEM_STALL;
    /* the store writes through either way; a hit is counted (GPGPU-Sim's
     * GLOBAL_ACC_W HIT of the L1D, --stats-format gpgpusim) */
    if (cache_lookup(&k->tags, unit_line(m, u), unit_bit(m, u), 0) == CACHE_HIT)
        m->st.l1_st_hits++;
    mq_push(m, core, u, MEM_STORE, acked ? token : 0, t0);
    if (acked)
        k->tok_live++;
    else
        hitq_push(m, core, k, now + delay, token);
    m->st.stores++;
    return acked ? MEM_MISS : MEM_HIT;
}

/* Atomics bypass L1 (and its banks and latency queue, as GPGPU-Sim's
 * ldst_unit::memory_cycle sends them straight to the interconnect): a
 * private (non-merging) MSHR entry holds the token. */
static int mem_atomic(memsys *m, uint32_t core, uint64_t u, uint32_t token, uint64_t now)
{
    l1core *k = &m->core[core];
    if (mshr_full(&k->mshr) || mq_full(m, k) || k->tok_live >= k->fq_cap)
        return MEM_STALL;
    int idx = mshr_alloc(&k->mshr, u, now, MSHR_NOMERGE);
    mshr_add(&k->mshr, idx, token);
    k->resp_left[idx] = (uint8_t)m->resp_n;
    mq_push(m, core, u, MEM_ATOMIC, (uint32_t)idx, now);
    k->tok_live++;
    m->st.atomics++;
    return MEM_MISS;
}

/* The tag lookup at core cycle now of a load or store made at t0. */
static int mem_lookup(memsys *m, uint32_t core, uint64_t u, int kind, uint32_t token,
                      uint64_t now, uint32_t delay, uint64_t t0)
{
    return kind == MEM_LOAD ? mem_load(m, core, u, token, now, delay, t0)
                            : mem_store(m, core, u, token, now, delay, t0);
}

/* Bank of an access: address bits above the interleaving granularity
 * (GPGPU-Sim's l1d_cache_config::set_bank with its default linear
 * -gpgpu_l1_banks_hashing_function 0). */
static uint32_t l1_bank_of(const memsys *m, uint64_t u)
{
    return (uint32_t)(((u << m->unit_shift) >> m->bank_shift) & (m->cfg.l1_banks - 1u));
}

/* l1_lat_on_miss: the access enters its bank's latency queue (GPGPU-Sim's
 * ldst_unit::process_memory_access_queue_l1cache puts it in the last stage of
 * l1_latency_queue[bank], or counts a bank conflict when that stage is taken:
 * by an access of this cycle, or by a queue backed up behind a refused head). */
static int l1_enqueue(memsys *m, uint32_t core, uint64_t u, int kind, uint32_t token,
                      uint64_t now)
{
    l1core *k = &m->core[core];
    uint32_t b = l1_bank_of(m, u);
    l1bank *q = &k->bank[b];
    if (q->count >= m->cfg.l1_lat || q->last_in == now + 1u) {
        m->st.l1_bank_conflicts++;
        m->rf_why = 4;
        return MEM_STALL;
    }
    uint32_t i = q->head + q->count;
    if (i >= m->cfg.l1_lat)
        i -= m->cfg.l1_lat;
    q->q[i] = (lq_ent){ .unit = u, .t_in = now, .token = token, .kind = (uint32_t)kind };
    if (q->count == 0 && now + m->cfg.l1_lat < k->lq_due)   /* a new head */
        k->lq_due = now + m->cfg.l1_lat;
    q->count++;
    q->last_in = now + 1u;
    k->lq_banks |= 1u << b;
    m->lq_mask[core >> 6] |= (uint64_t)1 << (core & 63);
    return MEM_MISS;
}

/* Banks without a latency queue: one access per bank per core cycle; an
 * access whose bank is taken this cycle is refused (a bank conflict). */
static int l1_banked(memsys *m, uint32_t core, uint64_t u, int kind, uint32_t token,
                     uint64_t now)
{
    l1bank *q = &m->core[core].bank[l1_bank_of(m, u)];
    if (q->last_in == now + 1u) {
        m->st.l1_bank_conflicts++;
        m->rf_why = 4;
        return MEM_STALL;
    }
    int r = mem_lookup(m, core, u, kind, token, now, m->cfg.l1_lat, now);
    if (r != MEM_STALL)
        q->last_in = now + 1u;
    return r;
}

/* The refusals owed by mem_refused_again, added: rf times the cycles. */
static void rf_settle(memsys *m, l1core *k)
{
    uint64_t n = k->rf_owed;
    m->st.l1_stalls += n * k->rf[0];
    m->st.l1_fail_mshr += n * k->rf[1];
    m->st.l1_fail_merge += n * k->rf[2];
    m->st.l1_fail_mq += n * k->rf[3];
    m->st.l1_bank_conflicts += n * k->rf[4];
    k->rf_owed = 0;
}

void mem_settle(memsys *m)
{
    for (uint32_t i = 0; i < m->n_cores; i++)
        if (m->core[i].rf_owed) rf_settle(m, &m->core[i]);
}

int mem_access(memsys *m, uint32_t core, uint64_t addr, int kind,
               uint32_t token, uint64_t now)
{
    if (core >= m->n_cores || kind < MEM_LOAD || kind > MEM_ATOMIC || (token & FQ_UNCOUNTED))
        return -1;
    l1core *k = &m->core[core];
    m->rf_why = 0;
    uint64_t u = addr >> m->unit_shift;
    int r;
    if (kind == MEM_ATOMIC)
        r = mem_atomic(m, core, u, token, now);
    else if (m->cfg.l1_lat_on_miss)
        r = l1_enqueue(m, core, u, kind, token, now);
    else if (m->cfg.l1_banks)
        r = l1_banked(m, core, u, kind, token, now);
    else
        r = mem_lookup(m, core, u, kind, token, now, m->cfg.l1_lat, now);
    if (r != MEM_STALL) {
        k->epoch++;
        return r;
    }
    m->st.l1_stalls++;
    if (k->rf_owed) rf_settle(m, k);
    if (k->rf_now != now) {
        k->rf_now = now;
        memset(k->rf, 0, sizeof k->rf);
    }
    k->rf[0]++;
    if (m->rf_why)
        k->rf[m->rf_why]++;
    return r;
}

uint64_t mem_l1_epoch(const memsys *m, uint32_t core) { return m->core[core].epoch; }

void mem_refused_again(memsys *m, uint32_t core)
{
    m->core[core].rf_owed++;   /* added by rf_settle, before rf changes or is read */
}

/* The heads of core's latency queues that reach the tags at core cycle t
 * (entered at t - l1_lat or earlier): a hit completes at t, a miss takes its
 * MSHR and miss-queue slot at t, a refused head stays and blocks its bank
 * (GPGPU-Sim's ldst_unit::L1_latency_queue_cycle; an entry advances one
 * stage a cycle, so entry i reaches the tags at max(t_in + l1_lat, the cycle
 * after entry i-1 left)). */
static void l1_latency_cycle(memsys *m, uint32_t core, uint64_t t)
{
    l1core *k = &m->core[core];
    if (t < k->lq_due)          /* every head still on its way */
        return;
    uint32_t banks = k->lq_banks;
    uint64_t due = UINT64_MAX;  /* the next lq_due: the heads' arrivals, t + 1 for a refused one */
    while (banks) {
        uint32_t b = (uint32_t)__builtin_ctz(banks);
        banks &= banks - 1u;
        l1bank *q = &k->bank[b];
        const lq_ent *e = &q->q[q->head];
        if (e->t_in + m->cfg.l1_lat > t) {
            if (e->t_in + m->cfg.l1_lat < due)
                due = e->t_in + m->cfg.l1_lat;
            continue;
        }
        if (t + 1u < due)       /* refused (below), or the next head's turn */
            due = t + 1u;
        if (q->rx_epoch == k->epoch + 1u) {
            /* refused before at this epoch: a lookup's outcome depends only on
             * the core's L1 state, every change of which changes the epoch,
             * and a refusal changes nothing but its counters: refused again */
            m->st.l1_fail_mshr += q->rx_rf[0];
            m->st.l1_fail_merge += q->rx_rf[1];
            m->st.l1_fail_mq += q->rx_rf[2];
            continue;
        }
        if (q->rs_epoch == k->rs_epoch + 1u) {
            /* a load, its sector absent, refused for want of a token slot
             * (tok_live >= fq_cap) or of an MSHR entry (none for its unit, all
             * taken): refused so again until a slot or an entry frees or the
             * tags change (no entry is taken meanwhile: that takes a slot and
             * a free entry) */
            m->st.l1_fail_mshr++;
            m->rf_why = 1;
            continue;
        }
        uint64_t f0 = m->st.l1_fail_mshr, f1 = m->st.l1_fail_merge, f2 = m->st.l1_fail_mq;
        if (mem_lookup(m, core, e->unit, (int)e->kind, e->token, t, 0, e->t_in) == MEM_STALL) {
            q->rx_epoch = k->epoch + 1u;
            q->rx_rf[0] = (uint8_t)(m->st.l1_fail_mshr - f0);
            q->rx_rf[1] = (uint8_t)(m->st.l1_fail_merge - f1);
            q->rx_rf[2] = (uint8_t)(m->st.l1_fail_mq - f2);
            /* a load counted as l1_fail_mshr alone was refused so, its
             * sector absent (a present one is refused only with a full hit
             * queue, uncounted) */
            if (e->kind == MEM_LOAD && q->rx_rf[0] == 1 && q->rx_rf[1] == 0 && q->rx_rf[2] == 0)
                q->rs_epoch = k->rs_epoch + 1u;
            continue;
        }
        q->rx_epoch = 0;
        q->rs_epoch = 0;
        q->head = q->head + 1u == m->cfg.l1_lat ? 0 : q->head + 1u;
        k->epoch++;
        if (--q->count == 0)
            k->lq_banks &= ~(1u << b);
        else if (q->q[q->head].t_in + m->cfg.l1_lat < due)
            due = q->q[q->head].t_in + m->cfg.l1_lat;
    }
    k->lq_due = due;
    if (k->lq_banks == 0)
        m->lq_mask[core >> 6] &= ~((uint64_t)1 << (core & 63));
}

/* Core `core`'s hit and fill queues both empty: its done_mask bit cleared. */
static void done_unmark(memsys *m, uint32_t core, const l1core *k)
{
    if (!k->fq_count && !k->hq_count) m->done_mask[core >> 6] &= ~((uint64_t)1 << (core & 63));
}

int mem_pop_done(memsys *m, uint32_t core, uint64_t now, uint32_t *token)
{
    l1core *k = &m->core[core];
    if (k->wb_now != now) {
        k->wb_now = now;
        k->wb_n = 0;
    }
    /* GPGPU-Sim shader.cc ldst_unit::writeback: one L1D response (L1D->next_access,
     * each access merged into an MSHR separately) per core cycle; a load hit
     * releases its register in L1_latency_queue_cycle and a store ack in
     * ldst_unit::fill, neither through that port. */
    uint32_t head = k->fq_count ? k->fillq[k->fq_head] : 0;
    if (k->fq_count && (!m->cfg.l1_fill_wb || (head & FQ_UNCOUNTED) || k->wb_n < m->cfg.l1_fill_wb)) {
        if (!(head & FQ_UNCOUNTED))
            k->wb_n++;
        *token = head & ~FQ_UNCOUNTED;
        k->fq_head = k->fq_head + 1u == k->fq_cap ? 0 : k->fq_head + 1u;
        k->fq_count--;
        k->tok_live--;
        k->epoch++;
        k->rs_epoch++;
        done_unmark(m, core, k);
        return 1;
    }
    if (k->hq_count && k->hitq[k->hq_head].ready <= now) {
        *token = k->hitq[k->hq_head].token;
        k->hq_head = (k->hq_head + 1u) & (k->hq_cap - 1u);
        k->hq_count--;
        k->epoch++;
        done_unmark(m, core, k);
        return 1;
    }
    return 0;
}

/* (a core's done_mask bit, read by every frozen core every cycle, saves a
 * look at its queues, in a structure of its own, while both are empty) */
int mem_done_ready(const memsys *m, uint32_t core, uint64_t now)
{
    if (!((m->done_mask[core >> 6] >> (core & 63)) & 1u)) return 0;
    const l1core *k = &m->core[core];
    return k->fq_count || (k->hq_count && k->hitq[k->hq_head].ready <= now);
}

/* Append a completed token (a slot was reserved: tok_live <= fq_cap). */
/* (the caller marks the core, done_mark) */
static void fillq_push(l1core *k, uint32_t tok)
{
    uint32_t slot = k->fq_head + k->fq_count;
    if (slot >= k->fq_cap)
        slot -= k->fq_cap;
    k->fillq[slot] = tok;
    k->fq_count++;
}

/* A response reached core `core`: once the entry has all its responses
 * (one per L2 sector its unit spans), fill L1 (loads: the unit's sector) and
 * complete the tokens (GPGPU-Sim's baseline_cache::fill, pending_read). */
static void mem_core_fill(memsys *m, uint32_t core, const icnt_pkt *p, uint64_t now)
{
    l1core *k = &m->core[core];
    k->epoch++;
    if (p->kind == MEM_STORE) {        /* l2_write_ack: the store's own token */
        fillq_push(k, p->aux | FQ_UNCOUNTED);
        done_mark(m, core);
        return;
    }
    int idx = (int)p->aux;
    if (--k->resp_left[idx])
        return;
    uint64_t u = k->mshr.line[idx];
    if (p->kind == MEM_LOAD)
        cache_fill_mask(&k->tags, unit_line(m, u), unit_bit(m, u), 0, NULL, NULL);
    k->rs_epoch++;              /* the tags and the MSHRs change */
    m->st.roundtrip_sum += now - k->mshr.t_alloc[idx];
    m->st.roundtrip_n++;
    const uint32_t *tok = &k->mshr.tok[(size_t)idx * k->mshr.merge];
    for (uint32_t i = 0; i < k->mshr.ntok[idx]; i++)
        fillq_push(k, tok[i]);
    if (k->mshr.ntok[idx]) done_mark(m, core);
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
    k->epoch++;
    if (--k->mq_count == 0)
        m->mq_mask[core >> 6] &= ~((uint64_t)1 << (core & 63));
}

/* End of core cycle now: fills, miss-queue injection, then the latency
 * queues' tag lookups of cycle now + 1 (so a miss found there is injected
 * in cycle now + 1, as one made by mem_access at now + 1 would be). */
void mem_tick_core(memsys *m, uint64_t now)
{
    m->core_now = now;
    m->core_clock = now + 1u;
    for (uint32_t w = 0; w < m->core_words; w++) {
        /* a core whose miss queue waits for a full crossbar input, with no
         * response and no latency queue, does nothing this cycle */
        uint64_t active = (m->mq_mask[w] & ~m->req.in_full[w]) | m->lq_mask[w] |
                          m->resp.out_nonempty[w];
        while (active) {
            uint32_t c = (w << 6) + (uint32_t)__builtin_ctzll(active);
            active &= active - 1u;
            icnt_pkt p;
            if (icnt_can_pop(&m->resp, c) && icnt_pop(&m->resp, c, &p))
                mem_core_fill(m, c, &p, now);
            mem_core_inject(m, c);
            if (m->lq_mask[w] >> (c & 63) & 1u)
                l1_latency_cycle(m, c, now + 1u);
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

/* L2 MSHR key of sector s of partition-local line `local` (the local line
 * itself when L2 is unsectored: GPGPU-Sim keys MSHRs by mshr_addr, the
 * sector address of an 'S' cache). */
static uint64_t l2_key(const memsys *m, uint64_t local, uint32_t s)
{
    return (local << m->spl2_shift) | s;
}

/* Bytes a DRAM request for `sectors` of a line moves: 0 (the line) when it
 * is every sector. */
static uint16_t l2_dram_bytes(const memsys *m, uint32_t sectors)
{
    uint32_t n = bits_popcount32(sectors);
    return n >= (1u << m->spl2_shift) ? 0 : (uint16_t)(n << m->s2_shift);
}

/* Queue a response for requester token `tok` of `line`: 0, or -1 if full. */
static int l2_respond(memsys *m, uint32_t pi, uint64_t line, uint32_t tok)
{
    uint32_t kind = (tok >> TOK_KIND_SHIFT) & 3u;
    icnt_pkt r = {
        .line = line, .aux = tok & TOK_IDX_MASK, .mask = 0, .src = (uint8_t)pi,
        .dst = (uint8_t)(tok >> TOK_CORE_SHIFT), .kind = (uint8_t)kind,
        .flits = m->resp_flits[kind],
    };
    return icnt_push(&m->resp, &r);
}

/* Statistics of slice pi's channel (the slices of a channel count together). */
static mem_part_stats *l2_stats(memsys *m, uint32_t pi) { return &m->st.part[pi >> m->sub_shift]; }

/* DRAM tag of a read: the slice that asked and its MSHR entry (GPGPU-Sim's
 * mem_fetch sub_partition id routes the return, l2cache.cc dram_cycle). */
#define L2_AUX_SLICE_SHIFT 16u
#define L2_AUX_IDX_MASK    0xffffu

/* Queue a DRAM request for slice key `key` moving `bytes` (0 = the line):
 * 0, or -1 if refused. */
static int l2_dram_push(memsys *m, uint32_t pi, uint64_t key, int write, uint32_t idx,
                        uint16_t bytes)
{
    uint64_t local = amap_slice_local(&m->map, key);
    dram_req r = { .addr = local, .aux = (pi << L2_AUX_SLICE_SHIFT) | idx,
                   .write = (uint8_t)write, .bytes = bytes };
    uint32_t bank;
    amap_bank_row(&m->map, local, &bank, &r.row);
    r.bank = (uint16_t)bank;
    if (dram_push(m->part[pi].ch, &r))
        return -1;
    uint64_t n = bytes ? bytes : m->cfg.line_bytes;
    if (write) l2_stats(m, pi)->dram_wr_bytes += n;
    else l2_stats(m, pi)->dram_rd_bytes += n;
    return 0;
}

/* Make sectors `mask` of `local` valid in the L2 tags (`dirty` of them
 * dirty); a victim's dirty sectors become one DRAM write.  Returns -1
 * (nothing done) if that write cannot be queued. */
static int l2_install(memsys *m, uint32_t pi, uint64_t local, uint32_t mask, uint32_t dirty)
{
    l2part *p = &m->part[pi];
    if (!dram_can_accept(p->ch, 1) && cache_fill_evicts_dirty(&p->tags, local))
        return -1;
    uint64_t victim;
    uint32_t vdirty = 0;
    if (cache_fill_mask(&p->tags, local, mask, dirty, &victim, &vdirty)) {
        l2_dram_push(m, pi, victim, 1, 0, l2_dram_bytes(m, vdirty));
        l2_stats(m, pi)->l2_writebacks++;
    }
    return 0;
}

/* Answer the next requester of the fill in progress; 1 if a response went. */
static int l2_fill_step(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    int idx = p->fill;
    uint64_t local = amap_slice_local(&m->map, p->mshr.line[idx] >> m->spl2_shift);
    uint64_t line = amap_line(&m->map, pi >> m->sub_shift, local);
    if (l2_respond(m, pi, line, p->mshr.tok[(size_t)idx * p->mshr.merge + p->fill_pos]))
        return 0;
    if (++p->fill_pos == p->mshr.ntok[idx]) {
        mshr_release(&p->mshr, idx);
        p->fill = -1;
    }
    return 1;
}

/* The channel's oldest returned read is slice pi's (the slices of a channel
 * take its returns in order). */
static int l2_done_mine(const l2part *p, uint32_t pi)
{
    const dram *ch = p->ch;
    return ch->done_count && ch->done[ch->done_head].r.aux >> L2_AUX_SLICE_SHIFT == pi;
}

/* A DRAM read returned: install the sector and start answering. 1 if done. */
static int l2_fill_start(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    dram_done *d = &p->ch->done[p->ch->done_head];
    if (!l2_done_mine(p, pi) || !dram_head_ready(p->ch))
        return 0;
    int idx = (int)(d->r.aux & L2_AUX_IDX_MASK);
    uint64_t key = p->mshr.line[idx];
    uint32_t bit = 1u << (uint32_t)(key & ((1u << m->spl2_shift) - 1u));
    if (l2_install(m, pi, key >> m->spl2_shift, bit, (p->mshr.flags[idx] & MSHR_USER) ? bit : 0))
        return 0;
    dram_req r;
    dram_pop(p->ch, &r);
    p->fill = idx;
    p->fill_pos = 0;
    return 1;
}

/* The line of a miss to sector s is present or has another sector in
 * flight (GPGPU-Sim: the line is allocated, so the probe says SECTOR_MISS).
 * present: whether the line is in the tags, as the caller's lookup found,
 * or -1 when it did not tell (then it is probed here). */
static int l2_line_known(const memsys *m, const l2part *p, uint64_t local, uint32_t s,
                         int present)
{
    if (present >= 0 ? present : cache_probe(&p->tags, local))
        return 1;
    for (uint32_t o = 0; o < (1u << m->spl2_shift); o++)
        if (o != s && mshr_find(&p->mshr, l2_key(m, local, o)) >= 0)
            return 1;
    return 0;
}

/* A store was performed: with l2_write_ack, its acknowledgement (the
 * requester's token in aux) goes back to the core (room checked by l2_store). */
static void l2_store_ack(memsys *m, uint32_t pi, const icnt_pkt *q)
{
    if (!m->cfg.l2_write_ack)
        return;
    icnt_pkt r = {
        .line = q->line, .aux = q->aux, .mask = 0, .src = (uint8_t)pi, .dst = q->src,
        .kind = MEM_STORE, .flits = m->resp_flits[MEM_STORE],
    };
    icnt_push(&m->resp, &r);
}

/* Store: write-allocate without a DRAM read (it writes whole sectors);
 * sectors with a read in flight are marked so their fill installs dirty.
 * Returns 1 if it completed. */
static int l2_store(memsys *m, uint32_t pi, const icnt_pkt *q, uint64_t local, int resp_free)
{
    l2part *p = &m->part[pi];
    mem_part_stats *st = l2_stats(m, pi);
    /* l2_write_ack: GPGPU-Sim's cache_cycle takes the head only while
     * L2_icnt_queue has room (output_full), and answers the write there */
    if (m->cfg.l2_write_ack && !(resp_free && icnt_can_push(&m->resp, pi)))
        return 0;
    if (cache_lookup(&p->tags, local, q->mask, 1) == CACHE_HIT) {
        st->l2_hits++;
        st->l2_st_hits++;
        l2_store_ack(m, pi, q);
        return 1;
    }
    uint32_t install = 0;
    for (uint32_t left = q->mask; left; left &= left - 1u) {
        uint32_t s = (uint32_t)__builtin_ctz(left);
        int idx = mshr_find(&p->mshr, l2_key(m, local, s));
        if (idx >= 0)
            p->mshr.flags[idx] |= MSHR_USER;
        else
            install |= 1u << s;
    }
    if (install && l2_install(m, pi, local, install, install))
        return 0;
    st->l2_misses++;
    st->l2_st_misses++;
    l2_store_ack(m, pi, q);
    return 1;
}

/* Load or atomic lookup of sector s (the lowest left in q->mask).  Returns 1
 * if that sector is done (answered, or waiting in an MSHR). */
static int l2_read_sector(memsys *m, uint32_t pi, const icnt_pkt *q, uint64_t local,
                          uint32_t s, int resp_free)
{
    l2part *p = &m->part[pi];
    mem_part_stats *st = l2_stats(m, pi);
    uint32_t bit = 1u << s;
    int write = q->kind == MEM_ATOMIC;   /* atomics dirty the line */
    int present = -1;                  /* the line in the tags (-1: not known) */
    if (resp_free && icnt_can_push(&m->resp, pi)) {
        int look = cache_lookup(&p->tags, local, bit, write);   /* one tag search */
        if (look == CACHE_HIT) {
            l2_respond(m, pi, q->line, l2_token(q));
            st->l2_hits++;
            return 1;
        }
        present = look == CACHE_SECTOR_MISS;
    } else {
        uint32_t valid = cache_valid(&p->tags, local);
        if (valid & bit)
            return 0;                  /* hit, but the response port is full */
        if (valid)
            present = 1;
    }
    uint64_t key = l2_key(m, local, s);
    int idx = mshr_find(&p->mshr, key);
    if (idx >= 0) {
        if (mshr_add(&p->mshr, idx, l2_token(q))) {
            st->l2_fail_merge++;
            return 0;
        }
        st->l2_mshr_merges++;
    } else {
        if (mshr_full(&p->mshr) || !dram_can_accept(p->ch, 0)) {
            if (mshr_full(&p->mshr)) st->l2_fail_mshr++;
            else st->l2_fail_mq++;
            return 0;
        }
        if (m->spl2_shift && l2_line_known(m, p, local, s, present))
            st->l2_sector_misses++;
        idx = mshr_alloc(&p->mshr, key, p->now, 0);
        mshr_add(&p->mshr, idx, l2_token(q));
        l2_dram_push(m, pi, local, 0, (uint32_t)idx, l2_dram_bytes(m, bit));
    }
    if (write)
        p->mshr.flags[idx] |= MSHR_USER;
    st->l2_misses++;
    return 1;
}

/* Tag lookup of the pipe head: a store at once, a load or atomic one L2
 * sector per call (GPGPU-Sim breaks a request spanning several sectors into
 * one request per sector).  Returns 1 if the head completed (leaves the pipe). */
static int l2_lookup(memsys *m, uint32_t pi, icnt_pkt *q, int resp_free)
{
    l2part *p = &m->part[pi];
    if (p->lk_line != q->line + 1u) {
        p->lk_line = q->line + 1u;
        p->lk_local = amap_slice_key(&m->map, amap_local(&m->map, q->line));
    }
    uint64_t local = p->lk_local;
    if (q->kind == MEM_STORE)
        return l2_store(m, pi, q, local, resp_free);
    uint32_t s = (uint32_t)__builtin_ctz(q->mask);
    if (!l2_read_sector(m, pi, q, local, s, resp_free))
        return 0;
    q->mask &= q->mask - 1u;
    return q->mask == 0;
}

/* Append a request to the slice's queue (ready for its tag lookup at L2 cycle
 * `ready`). */
static void l2_pipe_push(memsys *m, l2part *p, const icnt_pkt *q, uint64_t ready)
{
    uint32_t i = p->pipe_head + p->pipe_count;
    if (i >= m->cfg.l2_queue)
        i -= m->cfg.l2_queue;
    p->pipe[i] = (l2_ent){ .p = *q, .ready = ready };
    p->pipe_count++;
}

/* l2_rop_stage: the request whose delay ends moves into the queue when it
 * has room (GPGPU-Sim's ROP delay queue m_rop, l2cache.cc
 * memory_sub_partition::cache_cycle; here before the lookup, so an idle
 * request is looked up l2_lat cycles after it arrived with either setting). */
static void l2_rop_advance(memsys *m, l2part *p, uint64_t c)
{
    if (p->rop_count == 0 || p->rop[p->rop_head].ready > c || p->pipe_count >= m->cfg.l2_queue)
        return;
    l2_pipe_push(m, p, &p->rop[p->rop_head].p, c);
    p->rop_head = p->rop_head + 1u == p->rop_cap ? 0 : p->rop_head + 1u;
    p->rop_count--;
}

/* Room for a request from the crossbar: in the queue, or with
 * l2_rop_stage, in the delay stage while the queue is not full (GPGPU-Sim
 * pops the icnt into m_rop unless icnt_L2_queue is full). */
static int l2_can_take(const memsys *m, const l2part *p)
{
    return p->pipe_count < m->cfg.l2_queue && (!m->cfg.l2_rop_stage || p->rop_count < p->rop_cap);
}

/* One L2 cycle of partition pi: one response and one tag operation at most. */
static void l2_tick_part(memsys *m, uint32_t pi)
{
    l2part *p = &m->part[pi];
    uint64_t c = p->now;
    int resp_used = 0, tag_used = 0;
    if (p->rop_count)
        l2_rop_advance(m, p, c);
    /* l2_fill_port, l2_lookup_resp: GPGPU-Sim's cache_cycle installs a DRAM
     * return through the fill port (fill_port_free) and looks up a request
     * through the data port (data_port_free) in the same cycle, each 32 B
     * one cycle (dl2 data port width 32), and both responses enter
     * L2_icnt_queue, which the crossbar drains (l2cache.cc, gpu-cache.cc
     * bandwidth_management) */
    if (p->fill < 0 && l2_fill_start(m, pi))
        tag_used = !m->cfg.l2_fill_port;
    if (p->fill >= 0)
        resp_used = l2_fill_step(m, pi) && !m->cfg.l2_lookup_resp;
    if (!tag_used && p->pipe_count && p->pipe[p->pipe_head].ready <= c &&
        l2_lookup(m, pi, &p->pipe[p->pipe_head].p, !resp_used)) {
        p->pipe_head = p->pipe_head + 1u == m->cfg.l2_queue ? 0 : p->pipe_head + 1u;
        p->pipe_count--;
    }
    icnt_pkt q;
    if (l2_can_take(m, p) && icnt_pop(&m->req, pi, &q)) {
        if (m->cfg.l2_rop_stage) {
            uint32_t i = p->rop_head + p->rop_count;
            if (i >= p->rop_cap)
                i -= p->rop_cap;
            p->rop[i] = (l2_ent){ .p = q, .ready = c + m->cfg.l2_lat };
            p->rop_count++;
        } else {
            l2_pipe_push(m, p, &q, c + m->cfg.l2_lat);
        }
        /* GPGPU-Sim's icnt2mem latency: the access's cycle to its arrival
         * at the partition (memlatstat_icnt2mem_pop), in core cycles */
        m->st.icnt2mem_sum += (uint32_t)(m->core_now + 1u - q.t0);
        m->st.icnt2mem_n++;
    }
    p->now = c + 1u;
}

static inline int l2_busy(const memsys *m, uint32_t pi)
{
    const l2part *p = &m->part[pi];
    return p->pipe_count || p->rop_count || p->fill >= 0 || l2_done_mine(p, pi) ||
           icnt_out_busy(&m->req, pi);
}

/* Requests queued or in the latency stage: a DRAM cycle of the channel
 * works (a slice's cycle may add some, a DRAM cycle only take them away). */
static inline int mem_chan_runs(const dram *d) { return d->count || d->lat_n; }

/* One L2 cycle (L2 cycle c) of slice pi, which is busy: its channel takes up
 * the DRAM clock it would hold had it been ticked every DRAM cycle (an idle
 * channel's tick advances only those two counters: dram_tick). */
static void l2_tick_busy(memsys *m, uint32_t pi, uint64_t c)
{
    l2part *p = &m->part[pi];
    p->ch->now = m->dram_now;
    p->ch->lat_now = m->dram_lat;
    p->now = c;
    l2_tick_part(m, pi);
    uint64_t b = (uint64_t)1 << (pi & 63u);
    if (p->pipe_count || p->rop_count || p->fill >= 0)
        m->slice_q[pi >> 6] |= b;
    else
        m->slice_q[pi >> 6] &= ~b;
    uint32_t ci = pi >> m->sub_shift;
    uint64_t cb = (uint64_t)1 << (ci & 63u);
    if (mem_chan_runs(p->ch))
        m->chan_run[ci >> 6] |= cb;
    if (p->ch->done_count)             /* (fixed: a read returns at its push) */
        m->chan_done[ci >> 6] |= cb;
    else
        m->chan_done[ci >> 6] &= ~cb;
}

/* The slices an L2 cycle may find busy (l2_busy): a request queued, delayed
 * or filling, a packet at its crossbar output, or returned reads in its
 * channel (the channel's oldest may be its own). */
static void l2_candidates(const memsys *m, uint64_t *set, uint32_t words)
{
    if (m->sub_shift == 0) {           /* a slice per channel: the same numbers */
        for (uint32_t w = 0; w < words; w++)
            set[w] = m->slice_q[w] | m->req.out_nonempty[w] | m->chan_done[w];
        return;
    }
    if (m->sub_shift == 1) {           /* two slices per channel: each bit doubled */
        for (uint32_t w = 0; w < words; w++) {
            uint64_t x = (m->chan_done[w >> 1] >> ((w & 1u) * 32u)) & 0xffffffffu;
            x = (x | x << 16) & 0x0000ffff0000ffffull;
            x = (x | x << 8) & 0x00ff00ff00ff00ffull;
            x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
            x = (x | x << 2) & 0x3333333333333333ull;
            x = (x | x << 1) & 0x5555555555555555ull;
            set[w] = m->slice_q[w] | m->req.out_nonempty[w] | x | x << 1;
        }
        return;
    }
    for (uint32_t w = 0; w < words; w++)
        set[w] = m->slice_q[w] | m->req.out_nonempty[w];
    for (uint32_t w = 0; w < m->chan_words; w++)
        for (uint64_t d = m->chan_done[w]; d; d &= d - 1u) {
            uint32_t ci = (w << 6) + (uint32_t)__builtin_ctzll(d);
            for (uint32_t pi = ci << m->sub_shift; pi < (ci + 1u) << m->sub_shift; pi++)
                set[pi >> 6] |= (uint64_t)1 << (pi & 63u);
        }
}

/* A set of the first n members (every slice or channel: skip = 0). */
static void mem_all(uint64_t *set, uint32_t n, uint32_t words)
{
    for (uint32_t w = 0; w < words; w++)
        set[w] = n >= (w + 1u) * 64u ? ~(uint64_t)0 : ((uint64_t)1 << (n - w * 64u)) - 1u;
}

void mem_tick_l2(memsys *m)
{
    uint64_t c = m->l2_now;
    uint64_t set[ICNT_WORDS];
    uint32_t words = m->slice_words;
    if (m->skip)
        l2_candidates(m, set, words);
    else
        mem_all(set, m->n_slices, words);
    /* in slice order: each is asked at its turn (a slice before it may have
     * taken its channel's oldest return) */
    for (uint32_t w = 0; w < words; w++)
        for (uint64_t b = set[w]; b; b &= b - 1u) {
            uint32_t pi = (w << 6) + (uint32_t)__builtin_ctzll(b);
            if (l2_busy(m, pi))
                l2_tick_busy(m, pi, c);
            else
                m->part[pi].now = c + 1u;
        }
    m->l2_now = c + 1u;
    m->st.l2_cycles++;
}

void mem_tick_dram(memsys *m)
{
    uint64_t t = m->dram_now;
    m->dram_lat = m->core_clock;
    /* with skip, only the channels with requests: an idle one's tick
     * advances its clocks alone, which l2_tick_busy sets when a slice next
     * uses it */
    uint64_t set[ICNT_WORDS];
    if (m->skip)
        memcpy(set, m->chan_run, sizeof set);
    else
        mem_all(set, m->cfg.n_parts, m->chan_words);
    for (uint32_t w = 0; w < m->chan_words; w++)
        for (uint64_t b = set[w]; b; b &= b - 1u) {
            uint32_t ci = (w << 6) + (uint32_t)__builtin_ctzll(b);
            uint64_t cb = (uint64_t)1 << (ci & 63u);
            dram *d = &m->chan[ci];
            d->now = t;
            dram_tick(d, m->core_clock);
            if (!mem_chan_runs(d))
                m->chan_run[w] &= ~cb;
            if (d->done_count)             /* (a read's data returned) */
                m->chan_done[w] |= cb;
        }
    m->dram_now = t + 1u;
    m->st.dram_cycles++;
}

void mem_set_skip(memsys *m, int skip) { m->skip = skip != 0; }

int mem_quiet(const memsys *m)
{
    if (m->req.in_total || m->req.out_total || m->resp.in_total)
        return 0;
    for (uint32_t w = 0; w < m->slice_words; w++)
        if (m->slice_q[w])
            return 0;
    for (uint32_t w = 0; w < m->chan_words; w++)
        if (m->chan_run[w] | m->chan_done[w])
            return 0;
    return 1;
}

void mem_advance(memsys *m, uint64_t n_icnt, uint64_t n_l2, uint64_t n_dram)
{
    /* icnt_tick with no input packet advances its clock only; an idle
     * slice's and channel's clocks are the domain's (l2_tick_busy) */
    m->req.now += n_icnt;
    m->resp.now += n_icnt;
    m->st.icnt_cycles += n_icnt;
    m->l2_now += n_l2;
    m->st.l2_cycles += n_l2;
    if (n_dram) {
        m->dram_now += n_dram;
        m->dram_lat = m->core_clock;
        m->st.dram_cycles += n_dram;
    }
}

/* ------------------------------------------------------------------ queries */

int mem_idle(const memsys *m)
{
    if (!icnt_empty(&m->req) || !icnt_empty(&m->resp))
        return 0;
    for (uint32_t w = 0; w < m->core_words; w++)
        if (m->mq_mask[w] || m->lq_mask[w]) return 0;
    for (uint32_t i = 0; i < m->n_cores; i++) {
        const l1core *k = &m->core[i];
        if (k->mshr.used || k->hq_count || k->fq_count)
            return 0;
    }
    for (uint32_t i = 0; i < m->n_slices; i++) {
        const l2part *p = &m->part[i];
        if (p->pipe_count || p->rop_count || p->fill >= 0 || p->mshr.used)
            return 0;
    }
    for (uint32_t i = 0; i < m->cfg.n_parts; i++) {
        /* (dram_pending, at the latency clock an idle channel takes up) */
        const dram *d = &m->chan[i];
        if (d->count || d->done_count || d->lat_n || (d->fixed && d->slot_free > m->dram_lat))
            return 0;
    }
    return 1;
}

uint32_t mem_part_of(const memsys *m, uint64_t line_addr)
{
    return amap_part(&m->map, line_addr >> m->line_shift);
}

const mem_stats *mem_get_stats(const memsys *m) { return &m->st; }

uint32_t mem_params_access_bytes(const mem_params *p)
{
    return p->l1_sector_bytes ? p->l1_sector_bytes : p->line_bytes;
}

uint32_t mem_l1_ports(const memsys *m) { return m->cfg.l1_banks ? m->cfg.l1_banks : 1u; }

void mem_stats_reset(memsys *m)
{
    memset(&m->st, 0, sizeof m->st);
    for (uint32_t i = 0; i < m->n_cores; i++)
        m->core[i].hits = m->core[i].misses = m->core[i].rf_owed = 0;
    memset(m->miss_new, 0, sizeof m->miss_new);
}

uint64_t mem_core_l1_hits(const memsys *m, uint32_t core)
{
    return core < m->n_cores ? m->core[core].hits : 0;
}

uint64_t mem_core_l1_misses(const memsys *m, uint32_t core)
{
    return core < m->n_cores ? m->core[core].misses : 0;
}

void mem_take_miss_cores(memsys *m, uint64_t *set, uint32_t words)
{
    for (uint32_t w = 0; w < words; w++) {
        set[w] = w < ICNT_WORDS ? m->miss_new[w] : 0;
        if (w < ICNT_WORDS) m->miss_new[w] = 0;
    }
}

void mem_kernel_begin(memsys *m)
{
    for (uint32_t i = 0; i < m->n_cores; i++) {
        m->core[i].epoch++;
        m->core[i].rs_epoch++;
    }
    if (!m->cfg.l1_flush) return;
    for (uint32_t i = 0; i < m->n_cores; i++) cache_invalidate_all(&m->core[i].tags);
}

/* ------------------------------------------------------------------ keys */

#define MK(k, f, lo, hi, unit, h) KEY_U(mem_params, k, f, lo, hi, 0, unit, "preset", h)
static const key_def mem_rows[] = {
    MK("l1.bytes", l1_bytes, 128, 1u << 24, "bytes", "L1 data cache size per core"),
    MK("l1.assoc", l1_assoc, 1, 1024, "ways", "L1 ways (SM6_TITANX 96, SM86_RTX3070 256, SM75_RTX2060_S 512 in one set)"),
    MK("l1.line_bytes", line_bytes, 16, 1024, "bytes", "line size of L1 and L2 (power of two)"),
    MK("l1.mshr", l1_mshr, 1, 1024, "entries", "L1 MSHR entries"),
    MK("l1.mshr_merge", l1_mshr_merge, 1, 64, "requests", "requests merged into one L1 MSHR"),
    MK("l1.lat", l1_lat, 1, 1023, "core cycles", "L1 hit latency"),
    MK("l1.miss_queue", l1_miss_queue, 1, 1024, "entries", "L1 miss queue entries"),
    MK("icnt.lat", icnt_lat, 1, 1024, "icnt cycles", "crossbar latency"),
    MK("icnt.flit_bytes", icnt_flit_bytes, 1, 1024, "bytes", "bytes per port per icnt cycle"),
    MK("icnt.queue", icnt_queue, 1, 1024, "packets", "packets buffered per port"),
    KEY_U(mem_params, "icnt.in_queue", icnt_in_queue, 0, 1024, 0, "packets",
          "0 = icnt.queue, the papers' crossbar; GPGPU-Sim's injection buffer: input_buffer_size "
          "of its -inter_config_file (256 flits in config_pascal_islip.icnt, SM6_TITANX), "
          "intersim2 interconnect_interface.cpp HasBuffer",
          "packets buffered per crossbar input, both directions (0 = icnt.queue)"),
    MK("l2.parts", n_parts, 1, CTL_MAX_PARTS, "partitions", "memory partitions (channels): DRAM channel + amap.sub_parts L2 slices each"),
    MK("l2.bytes", l2_bytes, 128, 1u << 26, "bytes", "L2 size per slice (per partition with amap.sub_parts = 1)"),
    MK("l2.assoc", l2_assoc, 1, 512, "ways", "L2 ways"),
    MK("l2.mshr", l2_mshr, 1, 1024, "entries", "L2 MSHR entries per slice"),
    MK("l2.lat", l2_lat, 1, 1023, "L2 cycles", "L2 hit latency"),
    MK("l2.queue", l2_queue, 1, 1024, "entries", "L2 request queue entries per slice"),
    KEY_U(mem_params, "l1.flush", l1_flush, 0, 1, 0, "", "GPGPU-Sim -gpgpu_flush_l1_cache (1 in its tested configs)",
          "invalidate every L1 at each kernel launch"),
    KEY_U(mem_params, "l1.banks", l1_banks, 0, 32, 0, "banks",
          "0 = the papers' L1 (no bank model); GPGPU-Sim -gpgpu_l1_banks (SM6_TITANX 2, SM7_QV100 4)",
          "L1 banks, each one access per core cycle (power of two; 0 = no bank limit)"),
    KEY_U(mem_params, "l1.bank_bytes", l1_bank_bytes, 1, 4096, 0, "bytes",
          "GPGPU-Sim -gpgpu_l1_banks_byte_interleaving (32, its default and every tested config's)",
          "L1 bank interleaving granularity (power of two)"),
    KEY_U(mem_params, "l1.sector_bytes", l1_sector_bytes, 0, 1024, 0, "bytes",
          "0 = unsectored, the papers' L1; GPGPU-Sim 'S' cache type: 32 B sectors (gpu-cache.h SECTOR_SIZE)",
          "L1 sector size: per-sector valid bits, fills and requests (0 or line_bytes = unsectored)"),
    KEY_U(mem_params, "l2.sector_bytes", l2_sector_bytes, 0, 1024, 0, "bytes",
          "0 = unsectored, the papers' L2; GPGPU-Sim 'S' cache type: 32 B sectors (gpu-cache.h SECTOR_SIZE)",
          "L2 sector size: per-sector valid bits, DRAM reads of the missing sector (0 or line_bytes = unsectored)"),
    KEY_U(mem_params, "l2.rop_stage", l2_rop_stage, 0, 1, 0, "",
          "0 = the papers' L2 (l2.queue holds requests during l2.lat); GPGPU-Sim's ROP delay "
          "queue m_rop (l2cache.cc memory_sub_partition::push) is 1",
          "l2.lat is a delay stage of its own in front of the l2.queue entries (0/1)"),
    KEY_U(mem_params, "l1.lat_on_miss", l1_lat_on_miss, 0, 1, 0, "",
          "0 = the papers' L1 (latency on hits only); GPGPU-Sim's l1_latency_queue (shader.cc) is 1",
          "every L1 access waits l1.lat in its bank's queue before the tag lookup, misses too"),
    KEY_U(mem_params, "l1.fill_wb", l1_fill_wb, 0, 64, 0, "accesses",
          "0 = no limit, the papers' model; GPGPU-Sim's ldst_unit::writeback (shader.cc) takes one "
          "L1D response a cycle: 1",
          "load accesses completed by L1 fills per core cycle, each access merged into an MSHR "
          "counted (0 = no limit)"),
    KEY_U(mem_params, "l2.write_ack", l2_write_ack, 0, 1, 0, "",
          "0 = the papers' model (a store completes for its warp once queued); GPGPU-Sim answers "
          "every store with an 8 B WRITE_ACK (l2cache.cc memory_sub_partition::cache_cycle, "
          "shader.h WRITE_PACKET_SIZE) and a warp exits only when its stores are acknowledged "
          "(shd_warp_t::stores_done): 1",
          "the L2 acknowledges each store over the response crossbar; the store completes for its "
          "warp (which cannot exit before) when the acknowledgement arrives (0/1)"),
    KEY_U(mem_params, "l2.fill_port", l2_fill_port, 0, 1, 0, "",
          "0 = the papers' L2 (one tag operation a cycle, a fill or a lookup); GPGPU-Sim installs "
          "DRAM returns through a fill port beside the data port (l2cache.cc "
          "memory_sub_partition::cache_cycle, fill_port_free / data_port_free): 1",
          "a DRAM fill installs through a port of its own: the slice's lookup of that cycle still "
          "runs (0/1)"),
    KEY_U(mem_params, "l2.lookup_resp", l2_lookup_resp, 0, 1, 0, "",
          "0 = the papers' L2 (one response a cycle); GPGPU-Sim's cache_cycle pushes a fill's "
          "response and a lookup's (hit data, write ack) into L2_icnt_queue in one cycle: 1",
          "a lookup's response (hit data or write ack) may leave in the cycle a fill's response "
          "does (0/1)"),
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
    c->l1_bank_bytes = 32;   /* GPGPU-Sim's -gpgpu_l1_banks_byte_interleaving default */
    amap_params_defaults(&c->map);
}
