/* icnt.c -- crossbar with round-robin output arbitration (see icnt.h). */
#include <stdlib.h>
#include "bits.h"
#include "icnt.h"

static inline uint64_t *want_of(const icnt *x, uint32_t d) { return &x->want[(size_t)d * x->src_words]; }

static int none_set(const uint64_t *m, uint32_t words)
{
    for (uint32_t w = 0; w < words; w++)
        if (m[w]) return 0;
    return 1;
}

static icnt_slot *ring_at(const icnt_ring *r, uint32_t k)
{
    uint32_t i = r->head + k;
    if (i >= r->cap)
        i -= r->cap;
    return &r->buf[i];
}

static void ring_drop_head(icnt_ring *r)
{
    r->head = r->head + 1u == r->cap ? 0 : r->head + 1u;
    r->count--;
}

static int icnt_alloc_rings(arena *ar, icnt_ring *rings, uint32_t n, uint32_t cap)
{
    for (uint32_t i = 0; i < n; i++) {
        rings[i].buf = arena_calloc(ar, cap, sizeof *rings[i].buf);
        rings[i].cap = cap;
        if (!rings[i].buf)
            return -1;
    }
    return 0;
}

int icnt_init(icnt *x, uint32_t n_src, uint32_t n_dst, uint32_t cap, uint32_t lat)
{
    return icnt_init2(x, n_src, n_dst, cap, cap, lat);
}

int icnt_init2(icnt *x, uint32_t n_src, uint32_t n_dst, uint32_t in_cap, uint32_t cap,
               uint32_t lat)
{
    return icnt_init_in(x, NULL, n_src, n_dst, in_cap, cap, lat);
}

int icnt_init_in(icnt *x, arena *ar, uint32_t n_src, uint32_t n_dst, uint32_t in_cap,
                 uint32_t cap, uint32_t lat)
{
    *x = (icnt){0};
    x->ar = ar;
    if (n_src == 0 || n_dst == 0 || n_src > ICNT_MAX_PORTS || n_dst > ICNT_MAX_PORTS ||
        cap == 0 || in_cap == 0)
        return -1;
    x->n_src = n_src;
    x->n_dst = n_dst;
    x->src_words = (n_src + 63u) / 64u;
    x->dst_words = (n_dst + 63u) / 64u;
    x->lat = lat;
    x->in = arena_calloc(ar, n_src, sizeof *x->in);
    x->out = arena_calloc(ar, n_dst, sizeof *x->out);
    x->want = arena_calloc(ar, (size_t)n_dst * x->src_words, sizeof *x->want);
    x->busy_until = arena_calloc(ar, n_dst, sizeof *x->busy_until);
    x->rr = arena_calloc(ar, n_dst, sizeof *x->rr);
    if (!x->in || !x->out || !x->want || !x->busy_until || !x->rr ||
        icnt_alloc_rings(ar, x->in, n_src, in_cap) || icnt_alloc_rings(ar, x->out, n_dst, cap)) {
        icnt_free(x);
        return -1;
    }
    return 0;
}

void icnt_free(icnt *x)
{
    if (x->ar) {                       /* freed with its arena */
        *x = (icnt){0};
        return;
    }
    for (uint32_t i = 0; x->in && i < x->n_src; i++)
        free(x->in[i].buf);
    for (uint32_t i = 0; x->out && i < x->n_dst; i++)
        free(x->out[i].buf);
    free(x->in);
    free(x->out);
    free(x->want);
    free(x->busy_until);
    free(x->rr);
    *x = (icnt){0};
}

uint32_t icnt_flits(uint32_t bytes, uint32_t flit_bytes)
{
    uint32_t f = (bytes + flit_bytes - 1u) / flit_bytes;
    return f ? f : 1u;
}

/* Input src's head now targets its dst: register the request. */
static void icnt_want_head(icnt *x, uint32_t src)
{
    uint32_t d = x->in[src].buf[x->in[src].head].p.dst;
    bits_set(want_of(x, d), src);
    bits_set(x->want_outs, d);
}

int icnt_push(icnt *x, const icnt_pkt *p)
{
    icnt_ring *r = &x->in[p->src];
    if (r->count >= r->cap || p->dst >= x->n_dst)
        return -1;
    ring_at(r, r->count)->p = *p;
    r->count++;
    x->in_total++;
    if (r->count == r->cap)
        bits_set(x->in_full, p->src);
    if (r->count == 1)
        icnt_want_head(x, p->src);
    return 0;
}

int icnt_pop(icnt *x, uint32_t dst, icnt_pkt *p)
{
    icnt_ring *r = &x->out[dst];
    if (!icnt_can_pop(x, dst))
        return 0;
    *p = r->buf[r->head].p;
    ring_drop_head(r);
    x->out_total--;
    if (r->count == 0)
        bits_clr(x->out_nonempty, dst);
    return 1;
}

/* Round-robin pick among the inputs in `mask` (not empty), the first at or
 * after input `from`, else the first.  (bits_rr_next of bits.h gives the same
 * first pick, but checks for an empty set and a range end the grant does not
 * need: measured slower on this path, every granted packet.) */
static uint32_t icnt_rr_pick(const uint64_t *mask, uint32_t words, uint32_t from)
{
    uint32_t w0 = from >> 6;
    if (w0 < words) {
        uint64_t upper = mask[w0] & (~(uint64_t)0 << (from & 63));
        if (upper) return (w0 << 6) + (uint32_t)__builtin_ctzll(upper);
        for (uint32_t w = w0 + 1; w < words; w++)
            if (mask[w]) return (w << 6) + (uint32_t)__builtin_ctzll(mask[w]);
    }
    for (uint32_t w = 0;; w++)
        if (mask[w]) return (w << 6) + (uint32_t)__builtin_ctzll(mask[w]);
}

/* Grant one packet to output d at cycle c if the link and a slot are free.
 * Returns the granted input, or -1. */
static int icnt_grant(icnt *x, uint32_t d, uint64_t c)
{
    icnt_ring *o = &x->out[d];
    if (x->busy_until[d] > c || o->count >= o->cap)
        return -1;
    uint64_t *want = want_of(x, d);
    uint32_t s = icnt_rr_pick(want, x->src_words, x->rr[d]);
    const icnt_pkt *p = &x->in[s].buf[x->in[s].head].p;
    icnt_slot *slot = ring_at(o, o->count);
    slot->p = *p;
    slot->ready = c + x->lat + p->flits - 1u;
    o->count++;
    x->out_total++;
    bits_set(x->out_nonempty, d);
    x->busy_until[d] = c + p->flits;
    x->flits += p->flits;
    x->rr[d] = s + 1u == x->n_src ? 0 : s + 1u;
    bits_clr(want, s);
    if (none_set(want, x->src_words))
        bits_clr(x->want_outs, d);
    return (int)s;
}

void icnt_tick(icnt *x)
{
    uint64_t c = x->now;
    if (x->in_total) {
        uint64_t granted[ICNT_WORDS];
        for (uint32_t w = 0; w < x->src_words; w++) granted[w] = 0;
        for (uint32_t w = 0; w < x->dst_words; w++) {
            uint64_t outs = x->want_outs[w];
            while (outs) {
                uint32_t d = (w << 6) + (uint32_t)__builtin_ctzll(outs);
                outs &= outs - 1u;
                int s = icnt_grant(x, d, c);
                if (s >= 0)
                    bits_set(granted, (uint32_t)s);
            }
        }
        /* New heads compete from the next cycle on. */
        for (uint32_t w = 0; w < x->src_words; w++) {
            x->in_full[w] &= ~granted[w];     /* each granted input drops its head */
            while (granted[w]) {
                uint32_t s = (w << 6) + (uint32_t)__builtin_ctzll(granted[w]);
                granted[w] &= granted[w] - 1u;
                ring_drop_head(&x->in[s]);
                x->in_total--;
                if (x->in[s].count)
                    icnt_want_head(x, s);
            }
        }
    }
    x->now = c + 1u;
}
