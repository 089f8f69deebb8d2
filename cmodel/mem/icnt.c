/* icnt.c -- crossbar with round-robin output arbitration (see icnt.h). */
#include <stdlib.h>
#include "icnt.h"

static uint64_t icnt_bit(uint32_t i) { return (uint64_t)1 << i; }

static icnt_slot *ring_at(const icnt *x, const icnt_ring *r, uint32_t k)
{
    uint32_t i = r->head + k;
    if (i >= x->cap)
        i -= x->cap;
    return &r->buf[i];
}

static void ring_drop_head(const icnt *x, icnt_ring *r)
{
    r->head = r->head + 1u == x->cap ? 0 : r->head + 1u;
    r->count--;
}

static int icnt_alloc_rings(icnt_ring *rings, uint32_t n, uint32_t cap)
{
    for (uint32_t i = 0; i < n; i++) {
        rings[i].buf = calloc(cap, sizeof *rings[i].buf);
        if (!rings[i].buf)
            return -1;
    }
    return 0;
}

int icnt_init(icnt *x, uint32_t n_src, uint32_t n_dst, uint32_t cap, uint32_t lat)
{
    *x = (icnt){0};
    if (n_src == 0 || n_dst == 0 || n_src > ICNT_MAX_PORTS || n_dst > ICNT_MAX_PORTS || cap == 0)
        return -1;
    x->n_src = n_src;
    x->n_dst = n_dst;
    x->cap = cap;
    x->lat = lat;
    x->in = calloc(n_src, sizeof *x->in);
    x->out = calloc(n_dst, sizeof *x->out);
    x->want = calloc(n_dst, sizeof *x->want);
    x->busy_until = calloc(n_dst, sizeof *x->busy_until);
    x->rr = calloc(n_dst, sizeof *x->rr);
    if (!x->in || !x->out || !x->want || !x->busy_until || !x->rr ||
        icnt_alloc_rings(x->in, n_src, cap) || icnt_alloc_rings(x->out, n_dst, cap)) {
        icnt_free(x);
        return -1;
    }
    return 0;
}

void icnt_free(icnt *x)
{
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
    x->want[d] |= icnt_bit(src);
    x->want_outs |= icnt_bit(d);
}

int icnt_push(icnt *x, const icnt_pkt *p)
{
    icnt_ring *r = &x->in[p->src];
    if (r->count >= x->cap || p->dst >= x->n_dst)
        return -1;
    ring_at(x, r, r->count)->p = *p;
    r->count++;
    x->in_total++;
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
    ring_drop_head(x, r);
    x->out_total--;
    if (r->count == 0)
        x->out_nonempty &= ~icnt_bit(dst);
    return 1;
}

/* Round-robin pick among the inputs in `mask`, starting at input `from`. */
static uint32_t icnt_rr_pick(uint64_t mask, uint32_t from)
{
    uint64_t upper = from < 64 ? mask & (~(uint64_t)0 << from) : 0;
    return (uint32_t)__builtin_ctzll(upper ? upper : mask);
}

/* Grant one packet to output d at cycle c if the link and a slot are free.
 * Returns the granted input, or -1. */
static int icnt_grant(icnt *x, uint32_t d, uint64_t c)
{
    icnt_ring *o = &x->out[d];
    if (x->busy_until[d] > c || o->count >= x->cap)
        return -1;
    uint32_t s = icnt_rr_pick(x->want[d], x->rr[d]);
    const icnt_pkt *p = &x->in[s].buf[x->in[s].head].p;
    icnt_slot *slot = ring_at(x, o, o->count);
    slot->p = *p;
    slot->ready = c + x->lat + p->flits - 1u;
    o->count++;
    x->out_total++;
    x->out_nonempty |= icnt_bit(d);
    x->busy_until[d] = c + p->flits;
    x->flits += p->flits;
    x->rr[d] = s + 1u == x->n_src ? 0 : s + 1u;
    x->want[d] &= ~icnt_bit(s);
    if (x->want[d] == 0)
        x->want_outs &= ~icnt_bit(d);
    return (int)s;
}

void icnt_tick(icnt *x)
{
    uint64_t c = x->now;
    if (x->in_total) {
        uint64_t granted = 0;
        uint64_t outs = x->want_outs;
        while (outs) {
            uint32_t d = (uint32_t)__builtin_ctzll(outs);
            outs &= outs - 1u;
            int s = icnt_grant(x, d, c);
            if (s >= 0)
                granted |= icnt_bit((uint32_t)s);
        }
        /* New heads compete from the next cycle on. */
        while (granted) {
            uint32_t s = (uint32_t)__builtin_ctzll(granted);
            granted &= granted - 1u;
            ring_drop_head(x, &x->in[s]);
            x->in_total--;
            if (x->in[s].count)
                icnt_want_head(x, s);
        }
    }
    x->now = c + 1u;
}
