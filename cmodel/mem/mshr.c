/* mshr.c -- MSHR table with merging (see mshr.h). */
#include <stdlib.h>
#include "mshr.h"

#define MSHR_VALID 0x80u

/* Line index: open addressing with linear probing over >= 4n slots, so
 * lookups stay O(1) with a full table; deletion by backward shift.  The keys
 * of one group (equal above the low gbits, mshr_set_group: the sectors of a
 * line) have adjacent home slots, so a probe of a line's other sectors reads
 * the host cache line that the first probe brought in.  A group's keys then
 * join a probe run together, up to 2^gbits slots at once, so the runs grow
 * faster with the load than those of scattered keys: the table is kept at
 * most a quarter full (not half), which keeps a lookup's and a deletion's
 * walk short. */
static uint32_t mshr_hash(const mshr *m, uint64_t line)
{
    uint32_t home = (uint32_t)(((line >> m->gbits) * 0x9E3779B97F4A7C15ull) >> m->hshift);
    return (home << m->gbits) | ((uint32_t)line & m->gmask);
}

void mshr_set_group(mshr *m, uint32_t gbits)
{
    if (m->used != 0 || gbits >= m->hbits)
        return;
    m->gbits = gbits;
    m->gmask = (1u << gbits) - 1u;
    m->hshift = 64u - (m->hbits - gbits);
}

static void mshr_index_add(mshr *m, uint32_t idx)
{
    uint32_t home = mshr_hash(m, m->line[idx]), h = home;
    while (m->hslot[h].idx >= 0)
        h = (h + 1u) & m->hmask;
    m->hslot[h] = (mshr_slot){ .line = m->line[idx], .idx = (int32_t)idx, .home = home };
}

static void mshr_index_del(mshr *m, uint32_t idx)
{
    uint32_t h = mshr_hash(m, m->line[idx]);
    while (m->hslot[h].idx != (int32_t)idx)
        h = (h + 1u) & m->hmask;
    /* backward-shift: move later members of the probe run into the hole */
    uint32_t hole = h;
    for (uint32_t j = (h + 1u) & m->hmask; m->hslot[j].idx >= 0; j = (j + 1u) & m->hmask) {
        uint32_t home = m->hslot[j].home;
        if (((j - home) & m->hmask) >= ((j - hole) & m->hmask)) {
            m->hslot[hole] = m->hslot[j];
            hole = j;
        }
    }
    m->hslot[hole].idx = -1;
}

int mshr_init(mshr *m, uint32_t n, uint32_t merge)
{
    return mshr_init_in(m, NULL, n, merge);
}

int mshr_init_in(mshr *m, arena *ar, uint32_t n, uint32_t merge)
{
    *m = (mshr){0};
    m->ar = ar;
    if (n == 0 || merge == 0)
        return -1;
    m->n = n;
    m->merge = merge;
    m->free_idx = arena_calloc(ar, n, sizeof *m->free_idx);
    m->line = arena_calloc(ar, n, sizeof *m->line);
    m->t_alloc = arena_calloc(ar, n, sizeof *m->t_alloc);
    m->tok = arena_calloc(ar, (size_t)n * merge, sizeof *m->tok);
    m->ntok = arena_calloc(ar, n, sizeof *m->ntok);
    m->flags = arena_calloc(ar, n, sizeof *m->flags);
    m->hbits = 1;
    while ((1u << m->hbits) < 4u * n)
        m->hbits++;
    m->hmask = (1u << m->hbits) - 1u;
    m->hshift = 64u - m->hbits;         /* no grouping until mshr_set_group */
    size_t hbytes = ((size_t)m->hmask + 1u) * sizeof *m->hslot;
    /* aligned to the host's cache line, so a group's slots share one */
    m->hslot = ar ? arena_calloc(ar, 1, hbytes)   /* (64-byte aligned) */
                  : hbytes % 64u == 0 ? aligned_alloc(64, hbytes) : malloc(hbytes);
    if (!m->free_idx || !m->line || !m->t_alloc || !m->tok || !m->ntok || !m->flags ||
        !m->hslot) {
        mshr_free(m);
        return -1;
    }
    /* Stack with entry 0 on top: allocation order 0, 1, 2, ... */
    for (uint32_t i = 0; i < n; i++)
        m->free_idx[i] = n - 1u - i;
    m->nfree = n;
    m->hlazy = ar != NULL;
    for (uint32_t i = 0; !m->hlazy && i <= m->hmask; i++)
        m->hslot[i] = (mshr_slot){ 0, -1, 0 };
    return 0;
}

void mshr_free(mshr *m)
{
    if (m->ar) {                       /* freed with its arena */
        *m = (mshr){0};
        return;
    }
    free(m->free_idx);
    free(m->line);
    free(m->t_alloc);
    free(m->tok);
    free(m->ntok);
    free(m->flags);
    free(m->hslot);
    *m = (mshr){0};
}

int mshr_find(const mshr *m, uint64_t line)
{
    if (m->used == 0)
        return -1;
    for (uint32_t h = mshr_hash(m, line); m->hslot[h].idx >= 0; h = (h + 1u) & m->hmask)
        if (m->hslot[h].line == line)
            return m->hslot[h].idx;
    return -1;
}

int mshr_alloc(mshr *m, uint64_t line, uint64_t now, uint32_t flags)
{
    if (m->nfree == 0)
        return -1;
    if (m->hlazy) {
        for (uint32_t h = 0; h <= m->hmask; h++)
            m->hslot[h] = (mshr_slot){ 0, -1, 0 };
        m->hlazy = 0;
    }
    uint32_t i = m->free_idx[--m->nfree];
    m->line[i] = line;
    m->t_alloc[i] = now;
    m->ntok[i] = 0;
    m->flags[i] = (uint8_t)(MSHR_VALID | (flags & (MSHR_NOMERGE | MSHR_USER)));
    m->used++;
    if (!(flags & MSHR_NOMERGE))
        mshr_index_add(m, i);
    return (int)i;
}

int mshr_has_room(const mshr *m, int idx)
{
    return m->ntok[idx] < m->merge;
}

int mshr_add(mshr *m, int idx, uint32_t token)
{
    if (!mshr_has_room(m, idx))
        return -1;
    m->tok[(size_t)idx * m->merge + m->ntok[idx]++] = token;
    return 0;
}

void mshr_release(mshr *m, int idx)
{
    if (!(m->flags[idx] & MSHR_NOMERGE))
        mshr_index_del(m, (uint32_t)idx);
    m->flags[idx] = 0;
    m->ntok[idx] = 0;
    m->free_idx[m->nfree++] = (uint32_t)idx;
    m->used--;
}
