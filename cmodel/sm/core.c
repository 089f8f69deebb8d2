/* core.c -- one GPU core (SM).  See core.h.
 *
 * Per cycle, stages are processed back to front so an instruction moves at
 * most one stage per cycle:
 *   completions (timing wheel, memory tokens) -> EX_LDST sends lines ->
 *   OCEX_j -> EX_j -> OC_j -> OCEX_j -> IDOC_j -> OC_j -> issue -> fetch.
 * Warp readiness is kept in 64-bit masks updated on events, so the schedulers
 * are bit operations, not scans of every warp.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core.h"
#include "coal.h"
#include "wsched.h"
#include "arena.h"
#include "bits.h"

#define WHEEL      1024u        /* timing wheel slots (max latency < WHEEL) */
#define WPOOL      4096u        /* wheel entries per core */
#define NREC       128u         /* LDST records (memory instructions in flight) */
#define NIL16      0xffffu
#define MAXSLOT    16u          /* slots per component (units <= 15) */
#define END_PC     0xffffffffu  /* pc of the implicit exit at the end of a warp's stream */

enum ptype { PT_SP = 0, PT_SFU = 1, PT_LDST = 2, PT_NONE = 3 };

typedef struct token {          /* an instruction between issue and EX */
    uint16_t warp;
    uint8_t  cls;
    uint8_t  grp;               /* group of the slot it occupies */
    uint8_t  dst[KERN_MAX_DST];
    uint8_t  ndst;
    uint8_t  pad;
    uint16_t rec;               /* LDST record, or NIL16 */
    uint32_t ready;             /* OC: cycle operands are collected (low 32 bits) */
    uint64_t issued;            /* the cycle it issued (core.lat_from = issue) */
} token;

typedef struct stage {          /* IDOC_j, OC_j or OCEX_j: a small FIFO (its count: st_n) */
    token    t[MAXSLOT];
} stage;

typedef struct exunit {
    uint64_t busy_until;        /* SP/SFU/LDST-shared: unit busy while now < busy_until */
    uint16_t rec;               /* LDST global: record being sent, NIL16 if none */
    uint8_t  next;              /* next line to send */
} exunit;

typedef struct ldrec {          /* a global memory instruction in flight */
    uint16_t warp;
    uint8_t  cls;
    uint8_t  nlines;
    uint8_t  left;              /* lines not yet completed */
    uint8_t  ndst;
    uint8_t  dst[KERN_MAX_DST];
    uint16_t next_free;
} ldrec;                        /* its lines are in core.rec_line: the records stay dense */

typedef struct wentry {
    uint16_t warp, next;
    uint8_t  dst[KERN_MAX_DST];
    uint8_t  ndst;
    uint8_t  ldst;              /* a shared-memory instruction in EX_LDST (a J job) */
} wentry;

typedef struct warp {
    uint64_t pend[4];           /* scoreboard: registers with a write in flight */
    uint64_t gpend[4];          /* ... of which a global load / atomic */
    kcursor  cur;
    uint32_t inflight;          /* issued, not completed */
    uint32_t memout;            /* LDST records outstanding */
    uint16_t wid;               /* warp index within its CTA */
    uint8_t  slot;              /* CTA slot */
    uint8_t  at_bar;
    uint8_t  fetch_done;        /* stream ended (EXIT fetched) */
    uint8_t  ib_head, ib_n;
    uint64_t ibreg[2][4];       /* registers ib[i] reads or writes (head_hazard's set) */
    inst     ib[2];
    /* the type_mask bit set for the warp while its ready bit is (after ib: a
     * launch's clearing of the fields before ib leaves it) */
    uint8_t  rtype;
} warp;

typedef struct ctaslot {
    uint64_t warps;             /* mask of warp slots */
    uint64_t seq;               /* launch order */
    uint64_t wake;              /* launch.cta_lat: its warps fetch from this cycle (0: awake) */
    uint64_t retire_at;         /* launch.cta_retire: the slot frees at this cycle */
    uint32_t cta;
    uint32_t nlive;             /* warps not finished */
    uint32_t nbar;              /* live warps waiting at the barrier */
    uint8_t  used;
    uint8_t  retiring;          /* every warp done, the slot not yet free (launch.cta_retire) */
} ctaslot;

struct core {
    /* What a frozen core's cycle reads and writes, in one host cache line
     * (a core's structure starts a mapping of its own, arena_map): every
     * core is visited every cycle outside a jump. */
    memsys  *mem;
    uint64_t now;
    uint32_t id;
    uint32_t moved;             /* this cycle's moves: stage transfers, issues, fetches, sends */
    uint8_t  mem_blocked;       /* this cycle an EX_LDST unit could not send: memory back-pressure */
    /* Skipping a quiescent span (docs/performance.md "Skipping idle work"):
     * the cycles before q_until repeat the signals and statistics of the
     * quiescent cycle that set it, unless the memory system completes one
     * of the core's accesses first. */
    uint8_t  skip_on;
    uint8_t  q_ldst;            /* the frozen core retries sends (EX_LDST units hold accesses) */
    uint8_t  q_sig_out;         /* the seam's ctl_core_in holds q_sig's fields (the core
                                   wrote them and has not stepped since; the seam's own
                                   fields, req and l1_miss, it clears itself) */
    uint8_t  ls_refused;        /* ldst_send's last sends were all refused, no unit loaded since */
    uint64_t q_until;           /* 0: stepping */
    uint64_t q_n;               /* skipped cycles whose statistics are not yet added */
    uint64_t q_epoch;           /* the L1 side's epoch of the last refused sends (mem_l1_epoch) */

    const sm_params *cfg;
    kern    *k;
    uint32_t access_bytes;      /* coalescing unit: memory line or L1 sector */
    uint32_t ibuf_depth;        /* cfg->ibuf_depth (read at every warp_eval) */
    uint32_t ports;             /* accesses one EX_LDST unit offers the L1 per cycle */
    uint32_t n_max, limit;
    uint32_t resident, paused_n;
    uint16_t accepts;           /* the seam's accepts_work */

    ctaslot  cs[CORE_MAX_CTAS];
    uint64_t used_mask;         /* warp slots in use (resident, not finished) */
    uint32_t n_used;            /* popcount(used_mask), set where used_mask changes */
    uint32_t warp_slots;        /* core.max_warps, or max_threads / 32 */
    uint64_t live_mask;         /* warps that have not issued EXIT */
    uint64_t ready_mask;        /* head instruction issuable (scoreboard, barrier) */
    uint64_t memblk_mask;       /* head instruction waits on a global load */
    uint64_t type_mask[4];      /* head instruction pipeline type */
    uint64_t global_mask;       /* ready, head instruction a global access (needs an LDST record) */
    uint64_t fetch_mask;        /* ibuf has room and stream not ended */
    uint64_t paused_mask;       /* warps of paused CTAs */
    uint64_t sleep_mask;        /* warps of blocks still launching (launch.cta_lat) */
    uint32_t n_retiring;        /* CTA slots retiring (launch.cta_retire) */
    uint32_t ldst_jobs;         /* J: memory instructions that entered EX_LDST, not yet committed */
    uint64_t age[CORE_MAX_WARPS]; /* CTA launch seq << 6 | warp in CTA */
    uint32_t fetch_rr;

    wsched_state sch[8];
    uint64_t sched_warps[8];    /* warps each scheduler serves */
    uint64_t sched_free[8];     /* core.sched_init: cycle the scheduler may pick again */

    stage    st[CTL_NCOMP];     /* IDOC/OC/OCEX used; index by component */
    /* the tokens of st[i], and of those, the tokens in each group: kept
     * beside each other (every stepped cycle reads them for the room of the
     * stages and the signals; the stages' token arrays lie far apart) */
    uint8_t  st_n[CTL_NCOMP];
    uint8_t  st_occ[2][CTL_NCOMP];
    uint8_t  units[CTL_NCOMP];  /* cfg->units, and the lower group's slots of each */
    uint8_t  g0[CTL_NCOMP];     /* component (ceil(units / 2)): read every stepped cycle */
    exunit   ex[3][MAXSLOT];    /* EX_SP, EX_SFU, EX_LDST units */
    /* ex_busy's counts of type t, computed at cycle exb_from and the same up
     * to exb_until (the first unit to become free by its busy_until);
     * exb_until = 0 after a unit of the type changes (ex_touch) */
    uint64_t exb_from[3], exb_until[3];
    uint8_t  exb_busy[3], exb_busy1[3];

    uint16_t wheel[WHEEL];
    uint64_t wheel_bits[WHEEL / 64]; /* slots holding entries */
    uint32_t wheel_sum;         /* bit i: word i of wheel_bits is not 0 */
    uint16_t wfree;             /* free entries given back, LIFO; then whi..WPOOL-1 in order */
    uint16_t whi;               /* entries never taken: written only when first used */
    ldrec    rec[NREC];
    uint16_t rfree;

    core_stats s;
    /* The busy slot sums of the stepped cycles not yet added to s.busy:
     * sig->busy read as two 8-byte words (components 0-7, 8-15; 14 and 15
     * are sch_busy's, never added) and split into even and odd bytes, each
     * summed in a 16-bit lane; added to s.busy every BUSY_BATCH cycles
     * (stepped ones, and skipped spans short enough to fit; 255 x
     * BUSY_BATCH fits 16 bits) and when s is read. */
    uint64_t busy_acc[4];
    uint32_t busy_n;

    /* the rest of a quiescent span's state (above: q_until, q_n, q_epoch) */
    uint8_t  q_dep_wait;
    uint32_t q_sched_stalls;
    uint64_t ls_epoch;          /* the L1 side's epoch of ldst_send's refused sends */
    ctl_core_in q_sig;

    /* the large arrays last: the fields above share a few host pages, and a
     * page of these is first written (allocated by the host) when used */
    warp     w[CORE_MAX_WARPS];
    wentry   wpool[WPOOL];
    uint64_t rec_line[NREC][COAL_MAX_LINES]; /* the lines of rec[i] (read only by ldst_send) */
};
_Static_assert(offsetof(struct core, q_epoch) + sizeof(uint64_t) <= 64,
               "a frozen core's cycle reads one host cache line");

static const int comp_idoc[3] = { CTL_IDOC_SP, CTL_IDOC_SFU, CTL_IDOC_LDST };
static const int comp_oc[3]   = { CTL_OC_SP, CTL_OC_SFU, CTL_OC_LDST };
static const int comp_ocex[3] = { CTL_OCEX_SP, CTL_OCEX_SFU, CTL_OCEX_LDST };
static const int comp_ex[3]   = { CTL_EX_SP, CTL_EX_SFU, CTL_EX_LDST };

static int ptype_of(int cls)
{
    switch (cls) {
    case IC_SP: case IC_DP: case IC_BRA: return PT_SP;
    case IC_SFU: return PT_SFU;
    case IC_SLD: case IC_SST: case IC_GLD: case IC_GST: case IC_ATOM: return PT_LDST;
    default: return PT_NONE;
    }
}

/* The execution unit an instruction class issues to, for core.dual_issue's
 * different-unit rule (GPGPU-Sim shader.cc scheduler_unit::cycle,
 * exec_unit_type_t): SP, DP, SFU, memory.  Branches, barriers and exits run
 * on ctasim's SP pipeline (ptype_of), as GPGPU-Sim's do without INT or
 * specialized units, so they pair as SP; Accel-Sim's Volta+ opcode map gives
 * BRA a specialized unit of its own (correlate.sh -specialized_unit_1), which
 * ctasim does not model (docs/units/wsched.md, "Dual issue"). */
enum { XU_SP, XU_DP, XU_SFU, XU_MEM };
static int exec_unit_of(int cls)
{
    switch (cls) {
    case IC_DP: return XU_DP;
    case IC_SFU: return XU_SFU;
    case IC_SLD: case IC_SST: case IC_GLD: case IC_GST: case IC_ATOM: return XU_MEM;
    default: return XU_SP;
    }
}

static int is_global(int cls) { return cls == IC_GLD || cls == IC_GST || cls == IC_ATOM; }

/* ---------------------------------------------------------------- create */

core *core_create(const sm_params *cfg, uint32_t access_bytes, uint32_t id, memsys *mem,
                  char *err, unsigned errlen)
{
    if (cfg->max_warps > CORE_MAX_WARPS || cfg->max_ctas > CORE_MAX_CTAS) {
        snprintf(err, errlen, "core: max_warps %u / max_ctas %u exceed %u / %u",
                 cfg->max_warps, cfg->max_ctas, CORE_MAX_WARPS, CORE_MAX_CTAS);
        return NULL;
    }
    for (int i = 0; i < IC_NCLASS; i++)
        if (cfg->lat[i] + (ptype_of(i) <= PT_SFU ? cfg->wb_cycles : 0) >= WHEEL) {
            snprintf(err, errlen, "core: latency %u (+ wb_cycles %u) of class %d must be below %u",
                     cfg->lat[i], cfg->wb_cycles, i, WHEEL);
            return NULL;
        }
    for (int i = 0; i < CTL_NCOMP; i++)
        if (cfg->units[i] == 0 || cfg->units[i] >= MAXSLOT) {
            snprintf(err, errlen, "core: component %d has %u units (1..%u)", i,
                     cfg->units[i], MAXSLOT - 1);
            return NULL;
        }
    if (cfg->n_sched == 0 || cfg->n_sched > 8) {
        snprintf(err, errlen, "core: %u warp schedulers (1..8)", cfg->n_sched);
        return NULL;
    }
    core *c = arena_map(sizeof *c);   /* large, mostly unwritten in a short run */
    if (!c) { snprintf(err, errlen, "core: out of memory"); return NULL; }
    c->cfg = cfg;
    c->warp_slots = cfg->max_warps ? cfg->max_warps : cfg->max_threads / 32;
    for (int i = 0; i < CTL_NCOMP; i++) {
        c->units[i] = (uint8_t)cfg->units[i];
        c->g0[i] = (uint8_t)(cfg->units[i] / 2 + (cfg->units[i] & 1u));
    }
    c->access_bytes = access_bytes;
    c->ibuf_depth = cfg->ibuf_depth;
    c->ports = mem ? mem_l1_ports(mem) : 1u;
    c->id = id;
    c->mem = mem;
    c->accepts = (uint16_t)((1u << CTL_NCOMP) - 1);
    for (unsigned i = 0; i < WHEEL; i++) c->wheel[i] = NIL16;
    c->wfree = NIL16;           /* the entries from whi up are free, not yet listed */
    c->whi = 0;
    for (unsigned i = 0; i < NREC; i++) c->rec[i].next_free = (uint16_t)(i + 1 < NREC ? i + 1 : NIL16);
    c->rfree = 0;
    for (int t = 0; t < 3; t++)
        for (unsigned u = 0; u < MAXSLOT; u++) c->ex[t][u].rec = NIL16;
    core_set_accepts(c, c->accepts);
    return c;
}

void core_destroy(core *c) { arena_unmap(c, sizeof *c); }

/* ------------------------------------------------------------ statistics */

#define BUSY_BATCH 256u
#define BUSY_LANES 0x00FF00FF00FF00FFull
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "busy_acc reads bytes as words");
_Static_assert(CTL_NCOMP <= 16 && offsetof(ctl_core_in, busy) + 16 <= sizeof(ctl_core_in),
               "sig->busy is read as two 8-byte words");

/* The packed busy sums (busy_acc) into s.busy. */
static void busy_flush(core *c)
{
    for (int i = 0; i < CTL_NCOMP; i++) {
        uint64_t word = c->busy_acc[(i >> 3) * 2 + (i & 1)];
        c->s.busy[i] += (word >> (16 * ((i & 7) >> 1))) & 0xFFFFu;
    }
    for (int j = 0; j < 4; j++) c->busy_acc[j] = 0;
    c->busy_n = 0;
}

/* Add n cycles of the per-cycle statistics of signals sig (n = 1 for a
 * stepped cycle, the span's length for a skipped one: the same sums). */
static inline __attribute__((always_inline)) void stats_add(core *c, const ctl_core_in *sig, uint8_t dep_wait, uint32_t sched_stalls,
                      uint64_t n)
{
    if (!(c->resident || c->used_mask)) return;
    core_stats *s = &c->s;
    s->cycles += n;
    s->issued += n * sig->issued;
    s->stalled += n * sig->stalled;
    s->idle += n * sig->idle;
    s->dep_wait += n * dep_wait;
    s->sched_stalls += n * sched_stalls;
    s->mem_wait += n * sig->mem_wait;
    s->active += n * sig->active;
    if (n <= BUSY_BATCH - c->busy_n) {
        /* the packed sums (busy_acc), n cycles at once: each lane gains at
         * most 255 x n, and busy_n + n cycles stay within BUSY_BATCH */
        uint64_t lo, hi;
        memcpy(&lo, (const unsigned char *)sig + offsetof(ctl_core_in, busy), 8);
        memcpy(&hi, (const unsigned char *)sig + offsetof(ctl_core_in, busy) + 8, 8);
        c->busy_acc[0] += (lo & BUSY_LANES) * n;
        c->busy_acc[1] += ((lo >> 8) & BUSY_LANES) * n;
        c->busy_acc[2] += (hi & BUSY_LANES) * n;
        c->busy_acc[3] += ((hi >> 8) & BUSY_LANES) * n;
        c->busy_n += (uint32_t)n;
        if (c->busy_n == BUSY_BATCH) busy_flush(c);
    } else
        for (int i = 0; i < CTL_NCOMP; i++) s->busy[i] += n * sig->busy[i];
    if (c->paused_n) s->paused_cycles += n;
    if (c->used_mask) {
        s->warps_live += n * (uint64_t)c->n_used;
        s->warp_slots += n * c->warp_slots;
    }
}

/* The skipped cycles' statistics, added now (the state they depend on is
 * the quiescent one: anything that changes it wakes the core first). */
static void skip_flush(core *c)
{
    if (!c->q_n) return;
    stats_add(c, &c->q_sig, c->q_dep_wait, c->q_sched_stalls, c->q_n);
    c->q_n = 0;
}

/* Something outside the core changes its state: stop skipping. */
static void core_wake(core *c)
{
    skip_flush(c);
    c->q_until = 0;
}

void core_set_skip(core *c, int on)
{
    core_wake(c);
    c->skip_on = on != 0;
}

/* --------------------------------------------------------------- masks */

/* Schedulers in the gated group (upper half) stop when SCH is tuned down;
 * their warps are served by the scheduler of the lower half they map onto. */
static void sched_map(core *c)
{
    uint32_t ns = c->cfg->n_sched;
    int sch_full = (c->accepts >> CTL_SCH) & 1u;
    uint32_t half = ns / 2 ? ns / 2 : 1;
    for (uint32_t s = 0; s < 8; s++) c->sched_warps[s] = 0;
    for (uint32_t w = 0; w < CORE_MAX_WARPS; w++) {
        uint32_t s = w % ns;
        if (!sch_full && ns > 1 && s >= half) s -= half;
        c->sched_warps[s] |= 1ull << w;
    }
}

void core_set_accepts(core *c, uint16_t accepts_work)
{
    if (accepts_work != c->accepts) core_wake(c);
    uint16_t old = c->accepts;
    c->accepts = accepts_work;
    if (((old ^ accepts_work) >> CTL_SCH) & 1u || c->sched_warps[0] == 0)
        sched_map(c);
}

/* Slots of component comp that may take new work now. */
static inline uint32_t comp_room(const core *c, int comp)
{
    return ((c->accepts >> comp) & 1u) ? c->units[comp] : c->g0[comp];
}

static inline uint32_t grp_size0(const core *c, int comp)
{
    return c->g0[comp];
}

/* The head instruction reads or writes a register with a write in flight;
 * *on_global: one of them a global load's or atomic's. */
static int head_hazard(const warp *w, int *on_global)
{
    const uint64_t *regs = w->ibreg[w->ib_head];
    uint64_t haz = 0, glob = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t h = regs[i] & w->pend[i];
        haz |= h;
        glob |= h & w->gpend[i];
    }
    *on_global = glob != 0;
    return haz != 0;
}

/* The register set of a fetched instruction (KERN_REG_NONE is no register). */
static void inst_regs(const inst *in, uint64_t *regs)
{
    for (int i = 0; i < 4; i++) regs[i] = 0;
    for (unsigned i = 0; i < in->nsrc; i++)
        if (in->src[i] != KERN_REG_NONE) bits_set(regs, in->src[i]);
    for (unsigned i = 0; i < in->ndst; i++)
        if (in->dst[i] != KERN_REG_NONE) bits_set(regs, in->dst[i]);
}

/* Recompute warp wi's ready / memory-blocked / type / fetch bits. */
static void warp_eval(core *c, uint32_t wi)
{
    uint64_t b = 1ull << wi;
    warp *w = &c->w[wi];
    if (c->ready_mask & b) {    /* (the type and global bits are set only with ready) */
        c->ready_mask &= ~b;
        c->type_mask[w->rtype] &= ~b;
        c->global_mask &= ~b;
    }
    c->memblk_mask &= ~b;
    c->fetch_mask &= ~b;
    if (!(c->live_mask & b) || (c->sleep_mask & b)) return;
    if (!w->fetch_done && w->ib_n < c->ibuf_depth) c->fetch_mask |= b;
    if (w->ib_n == 0 || w->at_bar) return;
    const inst *in = &w->ib[w->ib_head];
    int on_global;
    if (head_hazard(w, &on_global)) {
        if (on_global) c->memblk_mask |= b;
        return;
    }
    c->ready_mask |= b;
    w->rtype = (uint8_t)ptype_of(in->cls);
    c->type_mask[w->rtype] |= b;
    if (is_global(in->cls)) c->global_mask |= b;
}

/* ------------------------------------------------------------- CTA slots */

static void update_paused(core *c)
{
    /* CTA pausing (seed 000 Sec. 4.1): the max(0, r - n) most recently
     * assigned CTAs are paused; their warps get the lowest priority. */
    uint32_t np = c->resident > c->limit ? c->resident - c->limit : 0;
    uint32_t chosen = 0;
    c->paused_mask = 0;
    c->paused_n = np;
    for (uint32_t i = 0; i < np; i++) {
        int youngest = -1;
        for (uint32_t s = 0; s < CORE_MAX_CTAS; s++) {
            if (!c->cs[s].used || c->cs[s].retiring || ((chosen >> s) & 1u)) continue;
            if (youngest < 0 || c->cs[s].seq > c->cs[youngest].seq) youngest = (int)s;
        }
        if (youngest < 0) break;
        chosen |= 1u << youngest;
        c->paused_mask |= c->cs[youngest].warps;
    }
}

void core_set_limit(core *c, uint32_t n)
{
    if (n == c->limit) return;
    core_wake(c);
    c->limit = n;
    update_paused(c);
}

void core_kernel_begin(core *c, kern *k, uint32_t n_max)
{
    core_wake(c);
    c->k = k;
    c->n_max = n_max;
    c->limit = n_max;
    c->paused_n = 0;
    c->paused_mask = 0;
    for (uint32_t s = 0; s < c->cfg->n_sched; s++) wsched_reset(&c->sch[s]);
}

int core_has_room(const core *c)
{
    return c->k && c->resident < c->limit && c->resident < c->n_max &&
           c->resident < c->cfg->max_ctas;
}

int core_launch_cta(core *c, uint32_t cta, uint64_t seq, char *err, unsigned errlen)
{
    uint32_t slot = 0;
    while (slot < CORE_MAX_CTAS && c->cs[slot].used) slot++;
    uint32_t nw = c->k->warps_per_cta;
    if (slot == CORE_MAX_CTAS || (uint32_t)__builtin_popcountll(~c->used_mask) < nw) {
        snprintf(err, errlen, "core %u: no room for CTA %u", c->id, cta);
        return -1;
    }
    core_wake(c);
    if (c->k->ops->cta_begin && c->k->ops->cta_begin(c->k, cta, err, errlen) < 0) return -1;
    ctaslot *cs = &c->cs[slot];
    memset(cs, 0, sizeof *cs);
    cs->used = 1;
    cs->cta = cta;
    cs->seq = seq;
    cs->nlive = nw;
    uint32_t wid = 0;
    for (uint32_t wi = 0; wi < CORE_MAX_WARPS && wid < nw; wi++) {
        if (c->used_mask & (1ull << wi)) continue;
        warp *w = &c->w[wi];
        memset(w, 0, offsetof(warp, ib));
        w->ib_n = 0;
        w->ib_head = 0;
        w->wid = (uint16_t)wid;
        w->slot = (uint8_t)slot;
        c->age[wi] = (seq << 6) | wid;
        cs->warps |= 1ull << wi;
        c->used_mask |= 1ull << wi;
        c->live_mask |= 1ull << wi;
        warp_eval(c, wi);
        wid++;
    }
    c->n_used = (uint32_t)__builtin_popcountll(c->used_mask);
    if (c->cfg->launch.cta_lat) {
        /* launch.cta_lat: dispatched in this cycle, its warps fetch first
         * cta_lat cycles after they would have (the cycle after dispatch) */
        cs->wake = c->now + 1 + c->cfg->launch.cta_lat;
        c->sleep_mask |= cs->warps;
        for (uint64_t m = cs->warps; m; m &= m - 1) warp_eval(c, (uint32_t)__builtin_ctzll(m));
    }
    c->resident++;
    c->s.ctas_issued++;
    update_paused(c);
    return 0;
}

/* launch.cta_lat: blocks whose launch is over wake their warps. */
static void wake_ctas(core *c, uint64_t now)
{
    for (uint32_t s = 0; s < CORE_MAX_CTAS; s++) {
        ctaslot *cs = &c->cs[s];
        if (!cs->used || !cs->wake || cs->wake > now) continue;
        cs->wake = 0;
        c->sleep_mask &= ~cs->warps;
        for (uint64_t m = cs->warps; m; m &= m - 1) warp_eval(c, (uint32_t)__builtin_ctzll(m));
    }
}

/* The slot frees: the CTA counts as finished, another may take it. */
static void cta_free(core *c, uint32_t slot, ctl_core_in *sig)
{
    ctaslot *cs = &c->cs[slot];
    cs->used = 0;
    cs->retiring = 0;
    c->resident--;
    c->s.ctas_finished++;
    if (sig->cta_done < 3) sig->cta_done++;
    update_paused(c);
}

/* launch.cta_retire: retiring slots whose time has come free. */
static void retire_ctas(core *c, uint64_t now, ctl_core_in *sig)
{
    for (uint32_t s = 0; s < CORE_MAX_CTAS && c->n_retiring; s++) {
        ctaslot *cs = &c->cs[s];
        if (!cs->retiring || cs->retire_at > now) continue;
        c->n_retiring--;
        cta_free(c, s, sig);
    }
}

static void cta_finish(core *c, uint32_t slot, ctl_core_in *sig)
{
    ctaslot *cs = &c->cs[slot];
    if (c->k->ops->cta_end) c->k->ops->cta_end(c->k, cs->cta);
    c->used_mask &= ~cs->warps;
    c->n_used = (uint32_t)__builtin_popcountll(c->used_mask);
    cs->warps = 0;
    if (c->cfg->launch.cta_retire) {
        /* the slot stays taken cta_retire cycles: a block placed in the
         * cycle it would have freed comes cta_retire cycles later */
        cs->retiring = 1;
        cs->retire_at = c->now + c->cfg->launch.cta_retire;
        c->n_retiring++;
        return;
    }
    cta_free(c, slot, sig);
}

/* A warp that issued EXIT finishes once nothing of it is in flight. */
static void warp_try_finish(core *c, uint32_t wi, ctl_core_in *sig)
{
    warp *w = &c->w[wi];
    uint64_t b = 1ull << wi;
    if (!(c->used_mask & b) || (c->live_mask & b) || w->inflight || w->memout) return;
    ctaslot *cs = &c->cs[w->slot];
    cs->warps &= ~b;
    c->used_mask &= ~b;
    c->n_used--;                /* b was in used_mask */
    c->paused_mask &= ~b;
    if (--cs->nlive == 0) cta_finish(c, w->slot, sig);
}

/* Barrier: release when every live warp of the CTA waits at it. */
static void barrier_check(core *c, uint32_t slot)
{
    ctaslot *cs = &c->cs[slot];
    uint64_t live = cs->warps & c->live_mask;
    uint32_t nlive = (uint32_t)__builtin_popcountll(live);
    if (cs->nbar == 0 || cs->nbar < nlive) return;
    cs->nbar = 0;
    for (uint64_t m = live; m; m &= m - 1) {
        uint32_t wi = (uint32_t)__builtin_ctzll(m);
        c->w[wi].at_bar = 0;
        warp_eval(c, wi);
    }
}

/* ------------------------------------------------------------ completion */

static void release_regs(warp *w, const uint8_t *dst, unsigned ndst)
{
    for (unsigned i = 0; i < ndst; i++) {
        if (dst[i] == KERN_REG_NONE) continue;
        bits_clr(w->pend, dst[i]);
        bits_clr(w->gpend, dst[i]);
    }
}

static int wheel_add(core *c, uint64_t when, uint16_t wi, const uint8_t *dst, unsigned ndst,
                     int ldst)
{
    uint16_t e;
    if (c->wfree != NIL16) {
        e = c->wfree;
        c->wfree = c->wpool[e].next;
    } else if (c->whi < WPOOL) {
        e = c->whi++;
    } else {
        return -1;
    }
    wentry *we = &c->wpool[e];
    we->warp = wi;
    we->ndst = (uint8_t)ndst;
    we->ldst = (uint8_t)ldst;
    for (unsigned i = 0; i < ndst; i++) we->dst[i] = dst[i];
    uint32_t slot = (uint32_t)(when % WHEEL);
    we->next = c->wheel[slot];
    c->wheel[slot] = e;
    c->wheel_bits[slot >> 6] |= 1ull << (slot & 63);
    c->wheel_sum |= 1u << (slot >> 6);
    return 0;
}

static void complete_inst(core *c, uint32_t wi, const uint8_t *dst, unsigned ndst, ctl_core_in *sig)
{
    warp *w = &c->w[wi];
    release_regs(w, dst, ndst);
    w->inflight--;
    warp_eval(c, wi);
    warp_try_finish(c, wi, sig);
}

/* Completions due at `now`; returns 1 if there were any. */
static int drain_wheel(core *c, uint64_t now, ctl_core_in *sig)
{
    uint32_t slot = (uint32_t)(now % WHEEL);
    uint16_t e = c->wheel[slot];
    if (e == NIL16) return 0;
    c->wheel[slot] = NIL16;
    c->wheel_bits[slot >> 6] &= ~(1ull << (slot & 63));
    if (!c->wheel_bits[slot >> 6]) c->wheel_sum &= ~(1u << (slot >> 6));
    while (e != NIL16) {
        wentry *we = &c->wpool[e];
        uint16_t next = we->next;
        if (we->ldst) c->ldst_jobs--;
        complete_inst(c, we->warp, we->dst, we->ndst, sig);
        we->next = c->wfree;
        c->wfree = e;
        e = next;
    }
    return 1;
}

/* Memory completions of `now`; returns 1 if there were any. */
static int drain_mem(core *c, uint64_t now, ctl_core_in *sig)
{
    uint32_t tok;
    int any = 0;
    while (mem_pop_done(c->mem, c->id, now, &tok)) {
        any = 1;
        ldrec *r = &c->rec[tok];
        if (--r->left) continue;
        uint32_t wi = r->warp;
        warp *w = &c->w[wi];
        w->memout--;
        c->ldst_jobs--;         /* the global access commits */
        r->next_free = c->rfree;
        c->rfree = (uint16_t)tok;
        complete_inst(c, wi, r->dst, r->ndst, sig);
    }
    return any;
}

/* ------------------------------------------------------------- pipeline */

static inline __attribute__((always_inline)) void stage_push(core *c, int comp, const token *t)
{
    stage *s = &c->st[comp];
    token tk = *t;
    tk.grp = c->st_occ[0][comp] < grp_size0(c, comp) ? 0 : 1;
    c->st_occ[tk.grp][comp]++;
    s->t[c->st_n[comp]++] = tk;
}

static inline __attribute__((always_inline)) void stage_remove(core *c, int comp, uint32_t i)
{
    stage *s = &c->st[comp];
    c->st_occ[s->t[i].grp][comp]--;
    uint32_t n = c->st_n[comp];
    for (uint32_t j = i + 1; j < n; j++)   /* a few tokens: no memmove call */
        s->t[j - 1] = s->t[j];
    c->st_n[comp] = (uint8_t)(n - 1u);
}

static inline int stage_has_room(const core *c, int comp)
{
    uint32_t g0 = grp_size0(c, comp);
    if (c->st_occ[0][comp] < g0) return 1;
    if (!((c->accepts >> comp) & 1u)) return 0;
    return c->st_occ[1][comp] < c->units[comp] - g0;
}

/* An EX unit of type t changes (busy_until or rec): ex_busy counts anew. */
static inline void ex_touch(core *c, int t) { c->exb_until[t] = 0; }

/* A free EX unit of type t (lower group first), or -1. */
static int ex_free_unit(const core *c, int t, uint64_t now)
{
    int comp = comp_ex[t];
    uint32_t lim = comp_room(c, comp);
    for (uint32_t i = 0; i < lim; i++) {
        const exunit *e = &c->ex[t][i];
        if (e->busy_until <= now && e->rec == NIL16) return (int)i;
    }
    return -1;
}

static uint32_t lanes_cycles(uint32_t lanes)
{
    return lanes >= 32 ? 1 : (32 + lanes - 1) / lanes;
}

/* EX_LDST units holding a global memory instruction send its accesses, up
 * to `ports` a cycle (one without L1 banks; with banks, as GPGPU-Sim's
 * ldst_unit::process_memory_access_queue_l1cache, up to l1_banks, stopping at
 * the first the L1 refuses: a bank conflict serialises the rest). */
static void ldst_send(core *c, uint64_t now)
{
    /* Every unit's first access refused last time, no unit loaded since and
     * the L1 side unchanged: the same accesses are refused again, and counted
     * again (docs/performance.md "Skipping idle work", stepped cores). */
    if (c->ls_refused && mem_l1_epoch(c->mem, c->id) == c->ls_epoch) {
        mem_refused_again(c->mem, c->id);
        c->mem_blocked = 1;
        return;
    }
    uint32_t u = c->units[CTL_EX_LDST], tried = 0, taken = 0;
    for (uint32_t i = 0; i < u; i++) {
        exunit *e = &c->ex[PT_LDST][i];
        if (e->rec == NIL16) continue;
        ldrec *r = &c->rec[e->rec];
        int kind = r->cls == IC_GLD ? MEM_LOAD : r->cls == IC_GST ? MEM_STORE : MEM_ATOMIC;
        tried++;
        for (uint32_t k = 0; k < c->ports; k++) {
            int res = mem_access(c->mem, c->id, c->rec_line[e->rec][e->next], kind, e->rec, now);
            if (res == MEM_STALL) { c->mem_blocked = 1; break; }
            taken++;
            c->s.l1_lines++;
            c->moved++;
            if (++e->next == r->nlines) {
                e->rec = NIL16;
                e->busy_until = now + 1;
                ex_touch(c, PT_LDST);
                break;
            }
        }
    }
    /* (a refused access leaves the epoch as it was) */
    c->ls_refused = c->skip_on && tried && !taken;
    if (c->ls_refused) c->ls_epoch = mem_l1_epoch(c->mem, c->id);
}

/* The cycle a result releases the scoreboard (core.lat_from): ex, lat (+ wb
 * for EX_SP / EX_SFU) after its unit takes it; issue, lat after it issued --
 * the stages between issue and EX and the writeback overlap lat, as a
 * dependent-issue microbenchmark measures it -- but not before the cycle
 * after EX entry. */
static uint64_t result_at(const core *c, const token *tk, uint64_t now, uint32_t wb)
{
    const sm_params *cfg = c->cfg;
    if (cfg->lat_from == LAT_FROM_ISSUE) {
        uint64_t t = tk->issued + cfg->lat[tk->cls];
        return t > now ? t : now + 1;
    }
    return now + cfg->lat[tk->cls] + wb;
}

/* OCEX_j -> EX_j */
static void ocex_to_ex(core *c, int t, uint64_t now, ctl_core_in *sig)
{
    stage *s = &c->st[comp_ocex[t]];
    while (c->st_n[comp_ocex[t]]) {
        token *tk = &s->t[0];
        int u = ex_free_unit(c, t, now);
        if (u < 0) return;
        exunit *e = &c->ex[t][u];
        const sm_params *cfg = c->cfg;
        ex_touch(c, t);
        if (t == PT_LDST) {
            /* lambda and J count the same jobs (controllers.md 5, seed 004
             * Sec. 2.2): a memory instruction -- global, local, shared or
             * atomic -- from its entry into EX_LDST until it commits. */
            if (tk->rec != NIL16) {
                e->rec = tk->rec;
                e->next = 0;
                c->ls_refused = 0;
            } else {            /* shared memory */
                if (wheel_add(c, result_at(c, tk, now, 0), tk->warp, tk->dst, tk->ndst, 1) < 0) return;
                e->busy_until = now + cfg->ii[tk->cls];
            }
            if (sig->ldst_enter < 7) sig->ldst_enter++;
            c->ldst_jobs++;
        } else {
            /* The result is written lat + wb_cycles after the unit takes the
             * instruction.  GPGPU-Sim (shader.cc) adds two stages after a
             * pipelined_simd_unit's latency: pipelined_simd_unit::cycle()
             * moves the last pipeline register into the EX_WB register, and
             * shader_core_ctx::writeback() releases the scoreboard from it one
             * cycle later (docs/decisions.md, "Pipeline depth"). */
            uint32_t lanes = t == PT_SP ? cfg->simt_lanes : cfg->sfu_lanes;
            uint32_t occ = cfg->ii[tk->cls] * lanes_cycles(lanes);
            if (wheel_add(c, result_at(c, tk, now, cfg->wb_cycles), tk->warp, tk->dst, tk->ndst,
                          0) < 0)
                return;
            e->busy_until = now + (occ ? occ : 1);
        }
        stage_remove(c, comp_ocex[t], 0);
        c->moved++;
    }
}

/* OC_j -> OCEX_j: any collector whose operands are ready, oldest first. */
static void oc_to_ocex(core *c, int t, uint64_t now)
{
    stage *s = &c->st[comp_oc[t]];
    for (uint32_t i = 0; i < c->st_n[comp_oc[t]];) {
        if (s->t[i].ready <= (uint32_t)now && stage_has_room(c, comp_ocex[t])) {
            stage_push(c, comp_ocex[t], &s->t[i]);
            stage_remove(c, comp_oc[t], i);
            c->moved++;
        } else {
            i++;
        }
    }
}

static void idoc_to_oc(core *c, int t, uint64_t now)
{
    stage *s = &c->st[comp_idoc[t]];
    while (c->st_n[comp_idoc[t]] && stage_has_room(c, comp_oc[t])) {
        token tk = s->t[0];
        tk.ready = (uint32_t)(now + c->cfg->oc_cycles);
        stage_remove(c, comp_idoc[t], 0);
        stage_push(c, comp_oc[t], &tk);
        c->moved++;
    }
}

/* ---------------------------------------------------------------- issue */

static void ibuf_pop(core *c, uint32_t wi)
{
    warp *w = &c->w[wi];
    w->ib_head ^= 1u;
    w->ib_n--;
    if (c->cfg->ibuf_depth == 1) w->ib_head = 0;
}

/* Issue warp wi's head instruction; returns its pipeline type, or -1 when
 * the head was the end of the warp's stream (the warp retired, nothing issued). */
static int issue(core *c, uint32_t s, uint32_t wi, ctl_core_in *sig)
{
    c->moved++;
    warp *w = &c->w[wi];
    inst *in = &w->ib[w->ib_head];
    int t = ptype_of(in->cls);
    wsched_issued(&c->sch[s], (int)c->cfg->sched, wi, in->cls);
    if (in->cls == IC_EXIT && in->pc == END_PC) {
        /* End of the warp's stream: the warp retires (not an instruction).
         * An EXIT inside the stream (traces: lanes leaving early) is an
         * ordinary instruction below. */
        ibuf_pop(c, wi);
        c->live_mask &= ~(1ull << wi);
        warp_eval(c, wi);
        barrier_check(c, w->slot);
        warp_try_finish(c, wi, sig);
        return -1;
    }
    uint32_t lanes = bits_popcount32(in->mask);
    c->s.warp_insts++;
    c->s.thread_insts += lanes;
    c->s.class_insts[in->cls]++;
    c->s.class_threads[in->cls] += lanes;
    if (in->cls == IC_SLD || in->cls == IC_SST) {
        c->s.smem_accesses++;
        c->s.smem_conflicts += coal_bank_conflicts(in);
    }
    sig->thread_insts = (uint8_t)(sig->thread_insts + lanes > 127 ? 127 : sig->thread_insts + lanes);
    if (lanes > sig->max_lanes) sig->max_lanes = (uint8_t)lanes;

    if (t == PT_NONE) {
        if (in->cls == IC_BAR) {
            w->at_bar = 1;
            c->cs[w->slot].nbar++;
            ibuf_pop(c, wi);
            warp_eval(c, wi);
            barrier_check(c, w->slot);
        } else {                /* HINT (consumed by the scheduler), EXIT */
            ibuf_pop(c, wi);
            warp_eval(c, wi);
        }
        return t;
    }

    token tk;
    memset(&tk, 0, sizeof tk);
    tk.warp = (uint16_t)wi;
    tk.issued = c->now;
    tk.cls = in->cls;
    tk.ndst = in->ndst;
    tk.rec = NIL16;
    for (unsigned i = 0; i < in->ndst; i++) {
        tk.dst[i] = in->dst[i];
        if (in->dst[i] == KERN_REG_NONE) continue;
        bits_set(w->pend, in->dst[i]);
        if (in->cls == IC_GLD || in->cls == IC_ATOM) bits_set(w->gpend, in->dst[i]);
    }
    if (is_global(in->cls)) {
        uint16_t ri = c->rfree;
        ldrec *r = &c->rec[ri];
        c->rfree = r->next_free;
        r->warp = (uint16_t)wi;
        r->cls = in->cls;
        r->ndst = in->ndst;
        memcpy(r->dst, in->dst, sizeof r->dst);
        r->nlines = (uint8_t)coal_lines(in, c->access_bytes, c->rec_line[ri]);
        r->left = r->nlines;
        tk.rec = ri;
        if (r->nlines == 0) {   /* no active lane: nothing to send */
            r->nlines = 1;
            r->left = 1;
            c->rec_line[ri][0] = 0;
        }
        w->memout++;
    }
    w->inflight++;
    stage_push(c, comp_idoc[t], &tk);
    ibuf_pop(c, wi);
    warp_eval(c, wi);
    return t;
}

/* Pipeline types that can take an issue this cycle. */
static uint64_t issuable_mask(const core *c)
{
    uint64_t m = c->type_mask[PT_NONE];
    if (stage_has_room(c, CTL_IDOC_SP)) m |= c->type_mask[PT_SP];
    if (stage_has_room(c, CTL_IDOC_SFU)) m |= c->type_mask[PT_SFU];
    if (stage_has_room(c, CTL_IDOC_LDST) && c->rfree != NIL16) m |= c->type_mask[PT_LDST];
    else if (stage_has_room(c, CTL_IDOC_LDST))
        m |= c->type_mask[PT_LDST] & ~c->global_mask;  /* no LDST record free: shared memory may go */
    return m;
}

/* core.sched_init: the cycles a scheduler spends initiating an instruction of
 * class cls on its unit, the unit's initiation interval ii x 32/lanes.  Seed
 * 001 Sec. 4.3: "It takes 2 cycles to initiate pipeline execution of a ready
 * instruction"; Sec. 4.6.2: "2 cycles to initiate a ready instruction to the
 * SP and Load/Store function units, and 8 cycles to the SFU" (16-core ALU and
 * LSU, 4-core SFU: Table 4-1's throughputs 2 and 8).  At least one cycle. */
static uint32_t init_cycles(const sm_params *cfg, int cls)
{
    uint32_t lanes = ptype_of(cls) == PT_SFU ? cfg->sfu_lanes : cfg->simt_lanes;
    uint32_t n = cfg->ii[cls] * lanes_cycles(lanes);
    return n ? n : 1;
}

/* SCH busy by the issued instruction's type (4 bits; PT_NONE counts as SP). */
static void sch_busy_count(ctl_core_in *sig, int t)
{
    int k = t == PT_NONE ? PT_SP : t;
    if (sig->sch_busy[k] < 15) sig->sch_busy[k]++;
}

/* core.dual_issue: after warp wi issued an instruction of class cls0, its
 * next one issues in the same cycle if it is ready (its operands free of the
 * first's result: the scoreboard), its stage has room and it goes to another
 * execution unit (GPGPU-Sim scheduler_unit::cycle: up to
 * gpgpu_max_insn_issue_per_warp = 2 in order from the warp's ibuffer, with
 * gpgpu_dual_issue_diff_exec_units the second on a different unit). */
static void issue_second(core *c, uint32_t s, uint32_t wi, int cls0, ctl_core_in *sig,
                         int *n_issued)
{
    uint64_t b = 1ull << wi;
    if (!(c->ready_mask & b))
        return;
    const warp *w = &c->w[wi];
    int cls = w->ib[w->ib_head].cls;
    if (exec_unit_of(cls) == exec_unit_of(cls0) || (cls == IC_EXIT && w->ib[w->ib_head].pc == END_PC))
        return;
    if (!(issuable_mask(c) & b))
        return;
    int t = issue(c, s, wi, sig);
    (*n_issued)++;
    if (c->cfg->sched_init) c->sched_free[s] += init_cycles(c->cfg, cls);
    sch_busy_count(sig, t);
}

/* Ready warps that could not issue are "stalled" (structural) unless what
 * blocks them is memory back-pressure: a global memory instruction whose
 * LDST path is full while EX_LDST cannot send to the memory system.  Those
 * warps wait on memory (controllers.md: mem_wait "whether or not the
 * pipeline is stalled"), so they join memblk for the cycle's class. */
static void issue_stage(core *c, ctl_core_in *sig, uint64_t *blocked_ready, int *n_issued,
                        uint32_t *sched_stalls)
{
    uint32_t ns = c->cfg->n_sched;
    int sch_full = (c->accepts >> CTL_SCH) & 1u;
    uint32_t active_sched = (!sch_full && ns > 1) ? ns / 2 : ns;
    /* issuable_mask, the same for every scheduler until one issues */
    uint64_t issuable = 0;
    int issuable_ok = 0;
    for (uint32_t s = 0; s < active_sched; s++) {
        uint64_t mine = c->sched_warps[s];
        /* still initiating its last instruction: busy, not a stall (seed 001
         * Sec. 4.3 counts a stall only when no ready instruction is found) */
        if (c->now < c->sched_free[s]) continue;
        wsched_waiting(&c->sch[s], (int)c->cfg->sched, c->memblk_mask & mine);
        /* seed 001 Figs. 4-6: a stall cycle is counted per scheduler that
         * serves a live warp and issues nothing this cycle */
        int stall = (c->live_mask & mine) != 0;
        uint64_t cand = c->ready_mask & mine;
        if (!cand) { *sched_stalls += (uint32_t)stall; continue; }
        if (!issuable_ok) {
            issuable = issuable_mask(c);
            issuable_ok = 1;
        }
        uint64_t ok = cand & issuable;
        if (!ok) { *blocked_ready |= cand; *sched_stalls += (uint32_t)stall; continue; }
        /* Paused CTAs' warps issue only when no unpaused warp can
         * (seed 000 Sec. 4.1); among them the oldest first. */
        uint64_t unpaused = ok & ~c->paused_mask;
        int wi;
        if (unpaused)
            wi = wsched_pick(&c->sch[s], (int)c->cfg->sched, unpaused,
                            c->live_mask & mine & ~c->paused_mask, c->age);
        else
            wi = wsched_oldest(ok, c->age);
        if (wi < 0) { *sched_stalls += (uint32_t)stall; continue; }
        int cls = c->w[wi].ib[c->w[wi].ib_head].cls;
        int t = issue(c, s, (uint32_t)wi, sig);
        issuable_ok = 0;
        if (t < 0) {                    /* a retirement takes no issue slot */
            s--;
            continue;
        }
        (*n_issued)++;
        if (c->cfg->sched_init) c->sched_free[s] = c->now + init_cycles(c->cfg, cls);
        sch_busy_count(sig, t);
        if (c->cfg->dual_issue)
            issue_second(c, s, (uint32_t)wi, cls, sig, n_issued);
    }
}

/* ---------------------------------------------------------------- fetch */

static int fetch_stage(core *c, ctl_core_in *sig, char *err, unsigned errlen)
{
    uint32_t width = comp_room(c, CTL_IFID);
    uint32_t n = 0;
    while (n < width && c->fetch_mask) {
        /* round-robin over warps needing instructions */
        uint64_t m = c->fetch_mask;
        uint64_t hi = m & ~((2ull << (c->fetch_rr & 63)) - 1);
        if (c->fetch_rr >= 63) hi = 0;
        uint32_t wi = (uint32_t)__builtin_ctzll(hi ? hi : m);
        c->fetch_rr = wi;
        warp *w = &c->w[wi];
        uint32_t slot = (w->ib_head + w->ib_n) & 1u;
        if (c->cfg->ibuf_depth == 1) slot = 0;
        inst *in = &w->ib[slot];
        int r = c->k->ops->fetch(c->k, c->cs[w->slot].cta, w->wid, &w->cur, in, err, errlen);
        if (r < 0) return -1;
        if (r == 0) {           /* end of stream: the implicit exit */
            memset(in, 0, offsetof(inst, addr));
            in->cls = IC_EXIT;
            in->pc = END_PC;
            w->fetch_done = 1;
        }
        inst_regs(in, w->ibreg[slot]);
        w->ib_n++;
        c->s.fetches++;
        n++;
        warp_eval(c, wi);
    }
    sig->busy[CTL_IFID] = (uint8_t)n;
    c->moved += n;
    return 0;
}

/* ---------------------------------------------------------------- cycle */

/* Every blocked ready warp waits for a pipeline type whose EX units are all
 * busy executing (no free unit in the groups that take work). */
static int exec_bound(const core *c, uint64_t blocked, uint64_t now)
{
    for (int t = 0; t < 3; t++)
        if ((blocked & c->type_mask[t]) && ex_free_unit(c, t, now) >= 0) return 0;
    return (blocked & c->type_mask[PT_NONE]) == 0;
}

/* Busy units of type t at cycle now (working, or holding accesses to send);
 * exb_busy1[t], those of its upper group.  The counts of the last stepped cycle
 * hold until a unit changes (ex_touch) or the first unit counted only by its
 * busy_until becomes free: before that every unit is busy or free as it was. */
static inline __attribute__((always_inline)) uint32_t ex_busy(core *c, int t, uint64_t now)
{
    int comp = comp_ex[t];
    if (now < c->exb_from[t] || now >= c->exb_until[t]) {
        uint32_t u = c->units[comp], g0 = grp_size0(c, comp), busy = 0, busy1 = 0;
        uint64_t until = UINT64_MAX;
        for (uint32_t i = 0; i < u; i++) {
            const exunit *e = &c->ex[t][i];
            if (e->rec != NIL16) {
                busy++;
                if (i >= g0) busy1++;
            } else if (e->busy_until > now) {
                busy++;
                if (i >= g0) busy1++;
                if (e->busy_until < until) until = e->busy_until;
            }
        }
        c->exb_from[t] = now;
        c->exb_until[t] = until;
        c->exb_busy[t] = (uint8_t)busy;
        c->exb_busy1[t] = (uint8_t)busy1;
    }
    return c->exb_busy[t];
}

static uint64_t min_after(uint64_t m, uint64_t v, uint64_t now) { return v > now && v < m ? v : m; }

/* The first cycle after `now` in which a comparison with the cycle that the
 * core makes changes its outcome (a timing wheel completion, an EX unit or a
 * scheduler becoming free, operands collected, a block waking or retiring),
 * UINT64_MAX if none. */
/* The distance 1 .. WHEEL - 1 from now's slot to the first slot after it
 * holding an entry, in the wheel's order; 0 if none: the rest of now's word,
 * then the first other word holding one (wheel_sum, rotated to start after
 * now's word), then the part of now's word before now's slot. */
static uint32_t wheel_next(const core *c, uint64_t now)
{
    enum { NW = WHEEL / 64 };
    _Static_assert(NW >= 2 && NW <= 32 && WHEEL % 64 == 0, "wheel_sum holds a bit per word");
    uint32_t s0 = (uint32_t)((now + 1) % WHEEL), w0 = s0 >> 6, slot;
    uint64_t bits = c->wheel_bits[w0] >> (s0 & 63);
    if (bits) return 1u + (uint32_t)__builtin_ctzll(bits);
    uint32_t sum = c->wheel_sum & ~(1u << w0);
    uint32_t rot = (uint32_t)(((uint64_t)sum >> (w0 + 1)) | ((uint64_t)sum << (NW - 1 - w0))) &
                   ((1u << NW) - 1u);
    if (rot) {
        uint32_t w = (w0 + 1u + (uint32_t)__builtin_ctz(rot)) % NW;
        slot = w * 64u + (uint32_t)__builtin_ctzll(c->wheel_bits[w]);
    } else if (c->wheel_bits[w0]) {
        slot = w0 * 64u + (uint32_t)__builtin_ctzll(c->wheel_bits[w0]);
    } else {
        return 0;
    }
    uint32_t d = (slot + WHEEL - s0) % WHEEL + 1u;
    return d < WHEEL ? d : 0;
}

static uint64_t skip_until(const core *c, uint64_t now)
{
    uint64_t e = UINT64_MAX;
    /* the wheel's entries are due within WHEEL - 1 cycles: the first slot
     * holding one after now's is the next completion */
    uint32_t d = wheel_next(c, now);
    if (d) e = now + d;
    /* the EX units: ex_busy's exb_until, the first busy_until after its
     * count's cycle among the units holding no record (one holding a record
     * took it free, at a busy_until not after now), counted at now by the
     * stepped cycle that calls this (core_step) */
    for (int t = 0; t < 3; t++)
        e = min_after(e, c->exb_until[t], now);
    for (uint32_t s = 0; s < c->cfg->n_sched; s++) e = min_after(e, c->sched_free[s], now);
    for (int t = 0; t < 3; t++) {      /* operands collected (low 32 bits of the cycle) */
        const stage *st = &c->st[comp_oc[t]];
        for (uint32_t i = 0; i < c->st_n[comp_oc[t]]; i++)
            if (st->t[i].ready > (uint32_t)now)
                e = min_after(e, now + (st->t[i].ready - (uint32_t)now), now);
    }
    /* a block waking holds warps in sleep_mask, a retiring one counts in n_retiring */
    for (uint32_t s = 0; (c->sleep_mask || c->n_retiring) && s < CORE_MAX_CTAS; s++) {
        const ctaslot *cs = &c->cs[s];
        if (!cs->used) continue;
        if (cs->wake) e = min_after(e, cs->wake, now);
        if (cs->retiring) e = min_after(e, cs->retire_at, now);
    }
    return e;
}

/* The empty bits of the nine stages' upper groups (components IDOC_SP ..
 * OCEX_LDST) from their token counts occ1[] (each below 128): a byte's high
 * bit after adding 0x7f is set where the count is not 0; the multiplication
 * gathers the eight high bits of a word into its top byte, byte k's to bit k. */
static inline uint16_t stages_upper_empty(const uint8_t *occ1)
{
    uint64_t w;
    memcpy(&w, occ1 + CTL_IDOC_SP, 8);
    uint64_t busy = ((w + 0x7f7f7f7f7f7f7f7full) >> 7) & 0x0101010101010101ull;
    uint32_t bits = (uint32_t)((busy * 0x0102040810204080ull) >> 56) |
                    ((uint32_t)(occ1[CTL_OCEX_LDST] != 0) << 8);
    return (uint16_t)((~bits & 0x1ffu) << CTL_IDOC_SP);
}

/* 1 if an EX_LDST unit holds accesses to send. */
static int ldst_pending(const core *c)
{
    for (uint32_t i = 0; i < c->cfg->units[CTL_EX_LDST]; i++)
        if (c->ex[PT_LDST][i].rec != NIL16) return 1;
    return 0;
}

static int core_step(core *c, uint64_t now, ctl_core_in *sig, int frozen, char *err,
                     unsigned errlen);

int core_cycle(core *c, uint64_t now, ctl_core_in *sig, char *err, unsigned errlen)
{
    /* A frozen core (docs/performance.md "Skipping idle work"): its last
     * cycle moved nothing, and before q_until no event of a known cycle is
     * due.  Its cycle repeats the frozen one unless memory completes one of
     * its accesses or takes one it retries: the retries are made (the memory
     * system counts them, mem_refused_again when its L1 side has not changed
     * since: the same refusals); when one is taken the cycle goes on as usual. */
    int frozen = now < c->q_until && !mem_done_ready(c->mem, c->id, now);
    c->now = now;
    c->mem_blocked = 0;
    c->moved = 0;
    if (frozen) {
        if (c->q_ldst) {
            uint64_t epoch = mem_l1_epoch(c->mem, c->id);
            if (epoch == c->q_epoch) {
                mem_refused_again(c->mem, c->id);
            } else {
                ldst_send(c, now);
                c->q_epoch = epoch;
            }
        }
        if (!c->moved) {
            if (!c->q_sig_out) {
                *sig = c->q_sig;
                c->q_sig_out = 1;
            }
            c->q_n++;
            return 0;
        }
    }
    return core_step(c, now, sig, frozen, err, errlen);
}

/* The cycle stepped (after a frozen core's sends, when one was taken). */
static __attribute__((noinline)) int core_step(core *c, uint64_t now, ctl_core_in *sig, int frozen,
                                               char *err, unsigned errlen)
{
    core_wake(c);
    memset(sig, 0, sizeof *sig);   /* req is the CTA scheduler's (gpu/seam.c) */
    c->q_sig_out = 0;

    int events = 0;
    if (!frozen) {              /* (a frozen core has none of these due) */
        uint32_t n_retiring = c->n_retiring;
        uint64_t sleeping = c->sleep_mask;
        if (c->n_retiring) retire_ctas(c, now, sig);
        if (c->sleep_mask) wake_ctas(c, now);
        events = drain_wheel(c, now, sig);
        events |= drain_mem(c, now, sig);
        events |= n_retiring != c->n_retiring || sleeping != c->sleep_mask;
    }

    if (c->used_mask) {         /* warps finish only with nothing in flight */
        if (!frozen) ldst_send(c, now);
        /* A type whose three stages are empty moves nothing: its moves take
         * tokens only from its own stages, so the counts read here hold at
         * each type's turn.  The nine counts lie adjacent (IDOC, OC, OCEX of
         * SP, SFU, LDST): byte t of `any` is nonzero where type t holds one. */
        _Static_assert(CTL_IDOC_SFU == CTL_IDOC_SP + 1 && CTL_IDOC_LDST == CTL_IDOC_SP + 2 &&
                       CTL_OC_SP == CTL_IDOC_SP + 3 && CTL_OCEX_SP == CTL_IDOC_SP + 6 &&
                       CTL_OCEX_LDST == CTL_IDOC_SP + 8, "the nine stages by type");
        uint64_t w;
        memcpy(&w, &c->st_n[CTL_IDOC_SP], 8);
        uint64_t x = w | w >> 24 | w >> 48;
        uint32_t any = (uint32_t)(x & 0xffffu) | ((uint32_t)(((x >> 16) & 0xffu) | c->st_n[CTL_OCEX_LDST]) << 16);
        for (int t = 0; t < 3; t++) {
            if (!((any >> (8 * t)) & 0xffu))
                continue;
            ocex_to_ex(c, t, now, sig);
            oc_to_ocex(c, t, now);
            idoc_to_oc(c, t, now);
        }
    }

    uint64_t blocked = 0;
    int n_issued = 0;
    uint32_t sched_stalls = 0;
    issue_stage(c, sig, &blocked, &n_issued, &sched_stalls);
    if (fetch_stage(c, sig, err, errlen) < 0) return -1;

    /* The four exclusive classes of controllers.md. */
    uint64_t live = c->live_mask;
    uint64_t on_mem = c->memblk_mask;
    if (c->mem_blocked) on_mem |= blocked & c->type_mask[PT_LDST];
    sig->issued = n_issued > 0;
    sig->mem_wait = !n_issued && live && (on_mem & live) == live;
    sig->stalled = !n_issued && !sig->mem_wait && blocked != 0;
    /* idle (seed 000 Sec. 4.1, C_idle): nothing to execute -- every warp of
     * the core has finished, or none was ever placed.  Live warps waiting on
     * ALU results or a barrier are threads to execute: such a cycle is
     * dep_wait, neither idle nor mem_wait (controllers.md 1, revised). */
    sig->idle = !n_issued && !live;
    uint8_t dep_wait = !sig->issued && !sig->stalled && !sig->mem_wait && !sig->idle;
    /* N_act (seed 000 Sec. 4.2): the core is doing useful work at full rate --
     * it issued, or its only blocker is execution units busy executing earlier
     * instructions.  Seed 000 counts compute-bound applications as active
     * (Type-C: RACT > 66 %), which an issue-slot count alone cannot give when a
     * warp occupies a unit for several cycles.  See docs/decisions.md. */
    sig->active = sig->issued || (sig->stalled && exec_bound(c, blocked, now));
    sig->drained = c->resident == 0;

    /* Busy slot counts and empty bits of the gateable (upper) groups. */
    uint16_t empty = (uint16_t)((1u << CTL_IFID) | (1u << CTL_SCH));
    sig->busy[CTL_SCH] = (uint8_t)(n_issued > 15 ? 15 : n_issued);   /* 4 bits; dual issue: up to 2 x n_sched */
    /* the nine stages (components IDOC_SP .. OCEX_LDST, adjacent), from the
     * counts kept beside each other */
    _Static_assert(CTL_OCEX_LDST - CTL_IDOC_SP == 8, "the nine stages are adjacent");
    memcpy(&sig->busy[CTL_IDOC_SP], &c->st_n[CTL_IDOC_SP], 9);
    empty |= stages_upper_empty(c->st_occ[1]);
    sig->busy[CTL_EX_SP] = (uint8_t)ex_busy(c, PT_SP, now);
    sig->busy[CTL_EX_SFU] = (uint8_t)ex_busy(c, PT_SFU, now);
    sig->busy[CTL_EX_LDST] = (uint8_t)ex_busy(c, PT_LDST, now);
    empty |= (uint16_t)(((c->exb_busy1[PT_SP] == 0) << CTL_EX_SP) |
                        ((c->exb_busy1[PT_SFU] == 0) << CTL_EX_SFU) |
                        ((c->exb_busy1[PT_LDST] == 0) << CTL_EX_LDST));
    sig->empty = empty;
    sig->mem_warps = (uint8_t)(c->ldst_jobs > 127 ? 127 : c->ldst_jobs);

    stats_add(c, sig, dep_wait, sched_stalls, 1);
    /* A cycle with no event that moved nothing changed no state but the
     * statistics: the cycles up to the next event repeat it (frozen). */
    if (c->skip_on && !events && !c->moved) {
        c->q_sig = *sig;
        c->q_sig_out = 1;
        c->q_dep_wait = dep_wait;
        c->q_sched_stalls = sched_stalls;
        c->q_until = skip_until(c, now);
        c->q_epoch = mem_l1_epoch(c->mem, c->id);
        c->q_ldst = c->used_mask && ldst_pending(c);
    }
    return 1;
}

uint32_t core_resident(const core *c) { return c->resident; }
uint64_t core_thread_insts(const core *c) { return c->s.thread_insts; }
uint32_t core_paused(const core *c) { return c->paused_n; }

int core_cta_paused(const core *c, uint32_t cta)
{
    for (uint32_t s = 0; s < CORE_MAX_CTAS; s++)
        if (c->cs[s].used && c->cs[s].cta == cta)
            return (c->paused_mask & c->cs[s].warps) ? 1 : 0;
    return -1;
}
const core_stats *core_get_stats(core *c)
{
    skip_flush(c);
    busy_flush(c);
    return &c->s;
}
void core_stats_reset(core *c)
{
    skip_flush(c);
    busy_flush(c);
    memset(&c->s, 0, sizeof c->s);
}

int core_quiet(const core *c)
{
    if (c->used_mask) return 0;
    for (int i = 0; i < CTL_NCOMP; i++) if (c->st_n[i]) return 0;
    for (int t = 0; t < 3; t++)
        for (uint32_t u = 0; u < c->cfg->units[comp_ex[t]]; u++)
            if (c->ex[t][u].rec != NIL16 || c->ex[t][u].busy_until > c->now) return 0;
    return 1;
}

/* ---------------------------------------------------------------- params */

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* What one CTA of k takes of a core: whole warps (a CTA of 48 threads holds
 * 64 thread slots) and their registers, as GPGPU-Sim allocates them. */
typedef struct cta_need {
    uint32_t warps, slots, max_warps;
    uint64_t regs;
} cta_need;

static cta_need need_of(const sm_params *cfg, const kern *k)
{
    cta_need n;
    n.warps = (k->cta_threads + 31) / 32;
    n.slots = n.warps * 32;
    n.max_warps = cfg->max_warps ? cfg->max_warps : cfg->max_threads / 32;
    n.regs = (uint64_t)k->regs_per_thread * n.slots;
    return n;
}

/* N = most CTAs of k resident on one core (seed 000 Sec. 2: limited by
 * threads, shared memory and registers, and a hardware cap). */
uint32_t sm_ctas_per_core(const sm_params *cfg, const kern *k)
{
    if (k->cta_threads == 0) return 0;
    cta_need d = need_of(cfg, k);
    uint32_t n = cfg->max_ctas;
    n = min_u32(n, cfg->max_threads / d.slots);
    n = min_u32(n, d.max_warps / d.warps);
    if (d.regs) n = min_u32(n, (uint32_t)(cfg->regs / d.regs));
    if (k->smem_per_cta) n = min_u32(n, cfg->smem_bytes / k->smem_per_cta);
    return n;
}

const char *sm_misfit(const sm_params *cfg, const kern *k, char *buf, size_t len)
{
    if (sm_ctas_per_core(cfg, k) > 0) return NULL;
    cta_need d = need_of(cfg, k);
    if (d.slots > cfg->max_threads)
        snprintf(buf, len, "%u threads > core.max_threads = %u", d.slots, cfg->max_threads);
    else if (d.warps > d.max_warps)
        snprintf(buf, len, "%u warps > core.max_warps = %u", d.warps, d.max_warps);
    else if (d.regs > cfg->regs)
        snprintf(buf, len, "%llu registers > core.regs = %u", (unsigned long long)d.regs, cfg->regs);
    else if (k->smem_per_cta > cfg->smem_bytes)
        snprintf(buf, len, "%u B shared memory > core.smem_bytes = %u", k->smem_per_cta,
                 cfg->smem_bytes);
    else
        snprintf(buf, len, "core.max_ctas = %u", cfg->max_ctas);
    return buf;
}

static const char *const sched_names[] = { "lrr", "grr", "gto", "oldest", "simplep", "regionp", NULL };
static const char *const lat_from_names[] = { "ex", "issue", NULL };

#define SK(k, f, lo, hi, unit, h) KEY_U(sm_params, k, f, lo, hi, 0, unit, "preset", h)
/* Latencies stay below the core model's timing wheel (1024 slots). */
#define LAT(k, i) KEY_U(sm_params, "lat." k, lat[i], 0, 1023, 0, "core cycles", \
                        "seed 001 Table 4-1", "result latency")
#define II(k, i) KEY_U(sm_params, "ii." k, ii[i], 0, 255, 0, "cycles", \
                       "seed 001 Table 4-1", "unit busy cycles per 32/lanes-cycle pass")
/* The RTL holds a component's slot count in 4 bits (ctl_cfg.units). */
#define UNIT(k, i) KEY_U(sm_params, "units." k, units[i], 0, 15, 4, "slots", \
                         "seed 004 Fig. 3", "slots of the component, both groups (even)")

static const key_def sm_rows[] = {
    /* the count travels to the units in cfg_n_cores_i (CTL_CORES_BITS) */
    KEY_U(sm_params, "core.count", n_cores, 1, CTL_MAX_CORES, CTL_CORES_BITS, "cores", "preset",
          "cores (SMs)"),
    SK("core.max_threads", max_threads, 32, 2048, "threads", "threads per core (multiple of 32)"),
    SK("core.max_ctas", max_ctas, 1, 32, "CTAs", "CTA cap per core"),
    SK("core.max_warps", max_warps, 0, 64, "warps", "warps per core; 0 = max_threads/32"),
    SK("core.regs", regs, 1, 1u << 20, "registers", "32-bit registers per core"),
    SK("core.smem_bytes", smem_bytes, 0, 1u << 20, "bytes", "shared memory per core"),
    SK("core.simt_lanes", simt_lanes, 1, 32, "lanes", "thread lanes of one EX_SP unit"),
    SK("core.sfu_lanes", sfu_lanes, 1, 32, "lanes", "thread lanes of one EX_SFU unit"),
    SK("core.n_sched", n_sched, 1, 8, "schedulers", "warp schedulers per core"),
    KEY_E(sm_params, "core.sched", sched, sched_names, "seed 001 Ch. 4", "warp scheduling policy"),
    KEY_U(sm_params, "core.sched_init", sched_init, 0, 1, 0, "flag",
          "0: GPGPU-Sim issues every cycle; 1: seed 001 Sec. 4.3 / 4.6.2 (2 cycles to initiate to "
          "SP and LDST, 8 to SFU)",
          "a scheduler is busy ii x 32/lanes cycles issuing an instruction (no stall counted)"),
    KEY_U(sm_params, "core.dual_issue", dual_issue, 0, 1, 0, "flag",
          "0: the papers' schedulers, one instruction a cycle; GPGPU-Sim "
          "-gpgpu_max_insn_issue_per_warp 2 with -gpgpu_dual_issue_diff_exec_units 1 (its default "
          "and every tested config's): 1",
          "a scheduler may issue the picked warp's next instruction in the same cycle when it is "
          "ready and goes to another execution unit (SP, DP, SFU, memory)"),
    KEY_E(sm_params, "core.lat_from", lat_from, lat_from_names,
          "ex: GPGPU-Sim (shader.cc: the latency runs in the unit's pipeline, after operand "
          "collection); issue: silicon dependent-issue microbenchmarks (hwcalib/)",
          "lat.* counts from EX entry (then core.wb_cycles; a dependent issues 2 + max(1, "
          "oc_cycles) + lat + wb_cycles after its producer) or from issue (a dependent issues "
          "lat cycles after its producer, at least 3 + max(1, oc_cycles))"),
    SK("core.ibuf_depth", ibuf_depth, 1, 8, "instructions", "decoded instructions buffered per warp"),
    SK("core.oc_cycles", oc_cycles, 0, 255, "core cycles", "cycles an operand collector holds an instruction"),
    KEY_U(sm_params, "core.wb_cycles", wb_cycles, 0, 15, 0, "core cycles",
          "0: the papers' latencies include writeback; GPGPU-Sim 4.2 shader.cc fixes 2 "
          "(pipelined_simd_unit::cycle to EX_WB, then writeback())",
          "EX_SP/EX_SFU result to scoreboard release, after lat"),
    UNIT("ifid", CTL_IFID), UNIT("sch", CTL_SCH),
    UNIT("idoc_sp", CTL_IDOC_SP), UNIT("idoc_sfu", CTL_IDOC_SFU), UNIT("idoc_ldst", CTL_IDOC_LDST),
    UNIT("oc_sp", CTL_OC_SP), UNIT("oc_sfu", CTL_OC_SFU), UNIT("oc_ldst", CTL_OC_LDST),
    UNIT("ocex_sp", CTL_OCEX_SP), UNIT("ocex_sfu", CTL_OCEX_SFU), UNIT("ocex_ldst", CTL_OCEX_LDST),
    UNIT("ex_sp", CTL_EX_SP), UNIT("ex_sfu", CTL_EX_SFU), UNIT("ex_ldst", CTL_EX_LDST),
    LAT("sp", IC_SP), LAT("sfu", IC_SFU), LAT("dp", IC_DP), LAT("sld", IC_SLD),
    LAT("sst", IC_SST), LAT("gld", IC_GLD), LAT("gst", IC_GST), LAT("atom", IC_ATOM),
    LAT("bar", IC_BAR), LAT("bra", IC_BRA), LAT("hint", IC_HINT), LAT("exit", IC_EXIT),
    II("sp", IC_SP), II("sfu", IC_SFU), II("dp", IC_DP), II("sld", IC_SLD),
    II("sst", IC_SST), II("gld", IC_GLD), II("gst", IC_GST), II("atom", IC_ATOM),
    II("bar", IC_BAR), II("bra", IC_BRA), II("hint", IC_HINT), II("exit", IC_EXIT),
    KEY_U(sm_params, "launch.kernel_lat", launch.kernel_lat, 0, 1000000, 0, "core cycles",
          "0: off (the papers); GPGPU-Sim -gpgpu_kernel_launch_latency; silicon: hwcalib empty kernel",
          "from a kernel's first cycle to its first block dispatch (counted in its cycles)"),
    KEY_U(sm_params, "launch.kernel_cta_lat", launch.kernel_cta_lat, 0, 100000, 0, "core cycles",
          "0: off; GPGPU-Sim -gpgpu_TB_launch_latency (gpu-sim.cc: kernel latency + blocks x this, "
          "before the first block)",
          "cycles per block of the kernel added to launch.kernel_lat"),
    KEY_U(sm_params, "launch.gpu_cta_interval", launch.gpu_cta_interval, 0, 100000000, 0,
          "1/1000 core cycles", "0: no limit (one block per SM per cycle); silicon: hwcalib block "
          "launch rate",
          "the front end hands out at most one block every this many thousandths of a cycle, GPU-wide"),
    KEY_U(sm_params, "launch.sm_cta_interval", launch.sm_cta_interval, 0, 100000, 0, "core cycles",
          "0: no limit; silicon: hwcalib block launch rate per SM",
          "at most one block to one SM every this many cycles"),
    KEY_U(sm_params, "launch.cta_lat", launch.cta_lat, 0, 100000, 0, "core cycles",
          "0: off; silicon: hwcalib block launch latency",
          "from a block's dispatch until its warps fetch"),
    KEY_U(sm_params, "launch.cta_retire", launch.cta_retire, 0, 100000, 0, "core cycles",
          "0: off; silicon: hwcalib block retirement",
          "from a block's last warp finishing until its slot takes another block"),
};
const key_table sm_keys = KEY_TABLE("sm", "rtl/ctl_top.sv", sm_rows);

void sm_params_defaults(sm_params *c)
{
    memset(c, 0, sizeof *c);
    c->n_cores = 4; c->max_threads = 1024; c->max_ctas = 8; c->max_warps = 32;
    c->regs = 32768; c->smem_bytes = 48 * 1024;
    c->simt_lanes = 16; c->sfu_lanes = 4;
    c->n_sched = 2; c->sched = SCHED_GTO; c->ibuf_depth = 2; c->oc_cycles = 1;
    for (int i = 0; i < CTL_NCOMP; i++) c->units[i] = 2;
    /* seed 001 Table 4-1: latency 24 / pass 2 cycles on 16 lanes for ALU
     * classes, SFU 48 / 8 cycles on 4 lanes, double 48, shared 30, global 600
     * (global accesses are timed by the memory system; lat is unused there). */
    static const uint32_t lat[IC_NCLASS] = { 24, 48, 48, 30, 30, 600, 600, 600, 24, 24, 0, 24 };
    static const uint32_t ii[IC_NCLASS] = { 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1 };
    memcpy(c->lat, lat, sizeof lat);
    memcpy(c->ii, ii, sizeof ii);
}

/* ---------------------------------------------------------------- GPU-wide jumps */

uint64_t core_frozen_until(const core *c) { return c->q_ldst ? 0 : c->q_until; }

void core_repeat(core *c, uint64_t n, uint64_t last)
{
    c->now = last;
    c->mem_blocked = 0;
    c->moved = 0;
    c->q_n += n;                /* what n frozen core_cycle calls count */
}
