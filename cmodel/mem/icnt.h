/* icnt.h -- crossbar interconnect, one instance per direction (seed 000
 * Table 1: "1 Crossbar/Direction", 16B channel width).
 *
 * n_src inputs, each a bounded FIFO of packets; n_dst outputs, each a bounded
 * FIFO of delivered packets (slots are reserved at grant, so in-flight packets
 * count).  Every icnt cycle each idle output grants the head packet of one
 * input that targets it, round-robin from the input after the last winner; a
 * packet of F flits occupies its output for F cycles (one flit per output per
 * cycle) and can be popped icnt_lat + F - 1 cycles after its grant.  An input
 * sends at most one packet per cycle (head-of-line order).  A full input
 * refuses pushes; a full output stops granting (back-pressure).
 */
#ifndef ICNT_H
#define ICNT_H

#include <stdint.h>
#include "arena.h"

#define ICNT_MAX_PORTS 256                     /* port numbers are 8 bits */
#define ICNT_WORDS     ((ICNT_MAX_PORTS + 63) / 64) /* words of a port bit set */

typedef struct icnt_pkt {
    uint64_t line;     /* line address (payload) */
    uint32_t aux;      /* sender's tag (e.g. L1 MSHR index) */
    uint32_t mask;     /* sectors of the line (L2 sectors; 1 when unsectored) */
    uint32_t t0;       /* core cycle of the access (low 32 bits; statistics) */
    uint8_t  src, dst; /* input and output port */
    uint8_t  kind;     /* enum mem_kind */
    uint8_t  flits;    /* >= 1 */
} icnt_pkt;

typedef struct icnt_slot {
    icnt_pkt p;
    uint64_t ready;    /* icnt cycle from which it can be popped */
} icnt_slot;

typedef struct icnt_ring {
    icnt_slot *buf;    /* [cap] */
    uint32_t   head, count, cap;
} icnt_ring;

typedef struct icnt {
    uint32_t   n_src, n_dst, lat;   /* each ring holds its own capacity */
    uint64_t   now;          /* icnt cycles ticked */
    uint32_t   in_total;     /* packets waiting in inputs */
    uint32_t   out_total;    /* packets in outputs (in flight or delivered) */
    uint64_t   flits;        /* flits granted, cumulative */
    uint32_t   src_words;    /* words of a set of inputs: (n_src + 63) / 64 */
    uint32_t   dst_words;    /* words of a set of outputs */
    uint64_t   want_outs[ICNT_WORDS];    /* outputs some input head targets */
    uint64_t   out_nonempty[ICNT_WORDS]; /* outputs holding packets */
    uint64_t   in_full[ICNT_WORDS];      /* inputs with no room (icnt_can_push is 0) */
    icnt_ring *in, *out;     /* [n_src], [n_dst] */
    uint64_t  *want;         /* [n_dst][src_words] inputs whose head targets the output */
    uint64_t  *busy_until;   /* [n_dst] first cycle the output link is free */
    uint32_t  *rr;           /* [n_dst] input to favour next */
    arena     *ar;           /* the arrays' arena (freed with it), or NULL: calloc'd */
} icnt;

/* Ports 1..ICNT_MAX_PORTS, cap >= 1 packets per input and per output.
 * 0, or -1 on bad sizes or allocation failure. */
int  icnt_init(icnt *x, uint32_t n_src, uint32_t n_dst, uint32_t cap, uint32_t lat);
/* The same with in_cap >= 1 packets per input and cap per output. */
int  icnt_init2(icnt *x, uint32_t n_src, uint32_t n_dst, uint32_t in_cap, uint32_t cap,
                uint32_t lat);
/* icnt_init2 with the arrays carved from arena `ar` (NULL: calloc). */
int  icnt_init_in(icnt *x, arena *ar, uint32_t n_src, uint32_t n_dst, uint32_t in_cap,
                  uint32_t cap, uint32_t lat);
void icnt_free(icnt *x);

/* Flits of a packet of `bytes` bytes on a link of flit_bytes per cycle. */
uint32_t icnt_flits(uint32_t bytes, uint32_t flit_bytes);

/* Room in input `src`? */
static inline int icnt_can_push(const icnt *x, uint32_t src)
{
    return x->in[src].count < x->in[src].cap;
}
/* Has the head of output dst arrived? */
static inline int icnt_can_pop(const icnt *x, uint32_t dst)
{
    const icnt_ring *r = &x->out[dst];
    return r->count && r->buf[r->head].ready <= x->now;
}
/* Queue p at input p->src: 0, or -1 if that input is full. */
int  icnt_push(icnt *x, const icnt_pkt *p);
/* Head of output dst if it has arrived (ready <= now): 1 and *p, else 0. */
int  icnt_pop(icnt *x, uint32_t dst, icnt_pkt *p);
/* One icnt cycle of arbitration and transfer. */
void icnt_tick(icnt *x);

static inline int icnt_empty(const icnt *x) { return x->in_total + x->out_total == 0; }

/* Does output dst hold packets (in flight or delivered)? */
static inline int icnt_out_busy(const icnt *x, uint32_t dst)
{
    return (x->out_nonempty[dst >> 6] >> (dst & 63)) & 1u;
}

#endif
