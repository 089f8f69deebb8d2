/* mshr.h -- miss status holding registers: one entry per outstanding line,
 * merging later misses to the same line into the entry up to a limit of
 * tokens (gpu-model.md "Memory": MSHRs with merging; seed 000 Table 1:
 * 64 MSHRs per core).  Used by L1 (tokens = the core's access tokens) and by
 * L2 (tokens = encoded requesters).  Fixed capacity, free list, no allocation
 * after mshr_init.
 */
#ifndef MSHR_H
#define MSHR_H

#include <stdint.h>
#include "arena.h"

#define MSHR_NOMERGE 0x1u   /* entry accepts no merges (atomics) */
#define MSHR_USER    0x2u   /* free for the owner (L2: dirty on fill) */

/* A slot of the line index: the entry and its line side by side, so a probe
 * reads one place per slot. */
typedef struct mshr_slot {
    uint64_t line;
    int32_t  idx;         /* entry, -1 empty */
    uint32_t home;        /* the line's home slot (mshr_hash), for deletion */
} mshr_slot;

typedef struct mshr {
    uint32_t  n, merge;   /* entries, tokens per entry */
    uint32_t  used;       /* valid entries */
    uint32_t  nfree;
    uint32_t *free_idx;   /* [n] stack of free entry indices */
    uint64_t *line;       /* [n] */
    uint64_t *t_alloc;    /* [n] owner's clock at allocation */
    uint32_t *tok;        /* [n*merge] */
    uint32_t *ntok;       /* [n] */
    uint8_t  *flags;      /* [n] bit 7 = valid, plus MSHR_* */
    mshr_slot *hslot;     /* [hmask+1] line index of mergeable entries */
    uint32_t  hmask, hbits;
    uint32_t  gbits;      /* keys equal above these low bits hash to adjacent slots */
    uint32_t  gmask, hshift; /* (1 << gbits) - 1; 64 - (hbits - gbits) */
    arena    *ar;         /* the arrays' arena (freed with it), or NULL: calloc'd */
    uint32_t  hlazy;      /* the index's slots are set empty at the first mshr_alloc (an
                           * arena's zero pages stay unwritten until then; mshr_find
                           * reads no slot while no entry is used) */
} mshr;

/* n entries of `merge` tokens each (both >= 1).  0, or -1 on bad sizes or
 * allocation failure. */
int  mshr_init(mshr *m, uint32_t n, uint32_t merge);
/* mshr_init with the arrays carved from arena `ar` (NULL: calloc). */
int  mshr_init_in(mshr *m, arena *ar, uint32_t n, uint32_t merge);
void mshr_free(mshr *m);

/* Lines that differ only in their low gbits bits (the sectors of one cache
 * line) get adjacent slots of the line index, for the host cache's sake: it
 * changes no answer.  Only while no entry is valid; ignored when the index has
 * no more than gbits bits. */
void mshr_set_group(mshr *m, uint32_t gbits);

/* Entry for `line` that accepts merges, or -1. */
int  mshr_find(const mshr *m, uint64_t line);

/* Allocate an entry for `line` at time `now` with `flags`; -1 if full. */
int  mshr_alloc(mshr *m, uint64_t line, uint64_t now, uint32_t flags);

/* Add a token to entry `idx`: 0, or -1 if the entry already has `merge`. */
int  mshr_add(mshr *m, int idx, uint32_t token);

/* 1 if entry idx can take one more token. */
int  mshr_has_room(const mshr *m, int idx);

static inline int mshr_full(const mshr *m) { return m->nfree == 0; }

/* Free entry idx (its tokens are the caller's to deliver first). */
void mshr_release(mshr *m, int idx);

#endif
