/* cache.c -- set-associative tag array, true LRU, sector bits (see cache.h). */
#include <stdlib.h>
#include <string.h>
#include "cache.h"

/* ---- the tag index (assoc > CACHE_INDEX_ASSOC): linear probing over >= 2x
 * the ways, deletion by backward shift (as mshr.c's line index) */

static uint32_t cache_hash(const cache *c, uint64_t line)
{
    return (uint32_t)((line * 0x9E3779B97F4A7C15ull) >> (64u - c->hbits));
}

static void cache_index_add(cache *c, size_t way)
{
    uint32_t home = cache_hash(c, c->tag[way] - 1u), h = home;
    while (c->hslot[h].key)
        h = (h + 1u) & c->hmask;
    c->hslot[h] = (cache_slot){ .key = c->tag[way], .way = (int32_t)way, .home = home };
}

static void cache_index_del(cache *c, size_t way)
{
    uint32_t h = cache_hash(c, c->tag[way] - 1u);
    while (c->hslot[h].way != (int32_t)way)
        h = (h + 1u) & c->hmask;
    uint32_t hole = h;
    for (uint32_t j = (h + 1u) & c->hmask; c->hslot[j].key; j = (j + 1u) & c->hmask) {
        uint32_t home = c->hslot[j].home;
        if (((j - home) & c->hmask) >= ((j - hole) & c->hmask)) {
            c->hslot[hole] = c->hslot[j];
            hole = j;
        }
    }
    c->hslot[hole] = (cache_slot){ .key = 0, .way = 0, .home = 0 };
}

/* Every set's LRU list empty: its head (after the ways) links to itself. */
static void cache_heads_init(cache *c)
{
    size_t ways = (size_t)c->sets * c->assoc;
    for (uint32_t s = 0; c->nvalid && s < c->sets; s++)
        c->lnext[ways + s] = c->lprev[ways + s] = (uint32_t)(ways + s);
}

/* An empty slot is all zero (key 0; its way and home are never read: a
 * probe stops at key 0), so a calloc'd index is empty without a write.  The
 * sets' LRU heads are set again by the next fill (c->filled is 0). */
static void cache_index_clear(cache *c)
{
    if (c->hslot)
        memset(c->hslot, 0, ((size_t)c->hmask + 1u) * sizeof *c->hslot);
    if (c->nvalid)
        memset(c->nvalid, 0, (size_t)c->sets * sizeof *c->nvalid);
}

/* ---- the LRU lists of the indexed caches (cache.h): the list order is the
 * order of the ways' stamps, so a list's first way is the scan's LRU way */

static void cache_lru_unlink(cache *c, size_t way)
{
    c->lnext[c->lprev[way]] = c->lnext[way];
    c->lprev[c->lnext[way]] = c->lprev[way];
}

static void cache_lru_append(cache *c, uint32_t set, size_t way)
{
    uint32_t head = c->sets * c->assoc + set;
    uint32_t mru = c->lprev[head];
    c->lnext[mru] = (uint32_t)way;
    c->lprev[way] = mru;
    c->lnext[way] = head;
    c->lprev[head] = (uint32_t)way;
}

static int cache_index_init(cache *c, size_t ways)
{
    if (c->assoc <= CACHE_INDEX_ASSOC)
        return 0;
    c->hbits = 1;
    while (((size_t)1 << c->hbits) < 2u * ways)
        c->hbits++;
    c->hmask = (1u << c->hbits) - 1u;
    /* zeroed by calloc, not written: pages of a large cache's index are
     * touched (allocated by the host) only as lines are filled */
    c->hslot = arena_calloc(c->ar, (size_t)c->hmask + 1u, sizeof *c->hslot);
    c->lnext = c->ar ? arena_calloc(c->ar, ways + c->sets, sizeof *c->lnext)
                     : malloc((ways + c->sets) * sizeof *c->lnext);
    c->lprev = c->ar ? arena_calloc(c->ar, ways + c->sets, sizeof *c->lprev)
                     : malloc((ways + c->sets) * sizeof *c->lprev);
    c->nvalid = arena_calloc(c->ar, c->sets, sizeof *c->nvalid);
    if (!c->hslot || !c->lnext || !c->lprev || !c->nvalid)
        return -1;
    return 0;                          /* the sets' heads: at the first fill */
}

int cache_init_sectors(cache *c, uint32_t bytes, uint32_t assoc, uint32_t line_bytes,
                       uint32_t sectors)
{
    return cache_init_in(c, NULL, bytes, assoc, line_bytes, sectors);
}

int cache_init_in(cache *c, arena *ar, uint32_t bytes, uint32_t assoc, uint32_t line_bytes,
                  uint32_t sectors)
{
    *c = (cache){0};
    c->ar = ar;
    if (assoc == 0 || line_bytes == 0 || sectors == 0 || sectors > CACHE_MAX_SECTORS)
        return -1;
    uint64_t set_bytes = (uint64_t)assoc * line_bytes;
    if (bytes < set_bytes || bytes % set_bytes != 0)
        return -1;
    c->sets = (uint32_t)(bytes / set_bytes);
    c->assoc = assoc;
    c->set_mask = (c->sets & (c->sets - 1u)) == 0 ? c->sets - 1u : 0;
    c->full = sectors == 32 ? 0xffffffffu : (1u << sectors) - 1u;
    size_t ways = (size_t)c->sets * assoc;
    c->tag = arena_calloc(ar, ways, sizeof *c->tag);
    c->stamp = arena_calloc(ar, ways, sizeof *c->stamp);
    c->valid = arena_calloc(ar, ways, sizeof *c->valid);
    c->dirty = arena_calloc(ar, ways, sizeof *c->dirty);
    if (!c->tag || !c->stamp || !c->valid || !c->dirty || cache_index_init(c, ways)) {
        cache_free(c);
        return -1;
    }
    return 0;
}

int cache_init(cache *c, uint32_t bytes, uint32_t assoc, uint32_t line_bytes)
{
    return cache_init_sectors(c, bytes, assoc, line_bytes, 1);
}

void cache_invalidate_all(cache *c)
{
    if (!c->filled)                    /* as created or last invalidated: nothing to clear */
        return;
    c->filled = 0;
    size_t ways = (size_t)c->sets * c->assoc;
    for (size_t i = 0; i < ways; i++) {
        c->tag[i] = 0;
        c->stamp[i] = 0;
        c->valid[i] = 0;
        c->dirty[i] = 0;
    }
    cache_index_clear(c);
}

void cache_free(cache *c)
{
    if (c->ar) {                       /* freed with its arena */
        *c = (cache){0};
        return;
    }
    free(c->tag);
    free(c->stamp);
    free(c->valid);
    free(c->dirty);
    free(c->hslot);
    free(c->lnext);
    free(c->lprev);
    free(c->nvalid);
    *c = (cache){0};
}

static uint32_t cache_set(const cache *c, uint64_t line)
{
    return (uint32_t)(c->set_mask || c->sets == 1 ? line & c->set_mask : line % c->sets);
}

static size_t cache_set_base(const cache *c, uint64_t line)
{
    return (size_t)cache_set(c, line) * c->assoc;
}

/* Way i of line's set becomes the set's MRU way: its list position with the
 * index (nothing to do when it is the MRU way already), else its stamp. */
static void cache_touch(cache *c, size_t i, uint64_t line)
{
    if (!c->hslot) {
        c->stamp[i] = ++c->clock;
        return;
    }
    uint32_t set = cache_set(c, line);
    if (c->lprev[c->sets * c->assoc + set] == (uint32_t)i)
        return;
    cache_lru_unlink(c, i);
    cache_lru_append(c, set, i);
}

/* Index of the way holding `line`, or -1. */
static long cache_find(const cache *c, uint64_t line)
{
    if (c->hslot) {
        for (uint32_t h = cache_hash(c, line); c->hslot[h].key; h = (h + 1u) & c->hmask)
            if (c->hslot[h].key == line + 1u)
                return c->hslot[h].way;
        return -1;
    }
    size_t base = cache_set_base(c, line);
    for (uint32_t w = 0; w < c->assoc; w++)
        if (c->tag[base + w] == line + 1u)
            return (long)(base + w);
    return -1;
}

/* Way to replace in line's set: the first invalid way, else the LRU way. */
static size_t cache_victim(const cache *c, uint64_t line)
{
    if (c->hslot) {
        uint32_t set = cache_set(c, line);
        if (c->nvalid[set] < c->assoc)
            return (size_t)set * c->assoc + c->nvalid[set];
        return c->lnext[c->sets * c->assoc + set];
    }
    size_t base = cache_set_base(c, line);
    size_t lru = base;
    for (uint32_t w = 0; w < c->assoc; w++) {
        size_t i = base + w;
        if (c->tag[i] == 0)
            return i;
        if (c->stamp[i] < c->stamp[lru])
            lru = i;
    }
    return lru;
}

int cache_lookup(cache *c, uint64_t line, uint32_t mask, int write)
{
    long i = cache_find(c, line);
    if (i < 0)
        return CACHE_MISS;
    if ((c->valid[i] & mask) != mask)
        return CACHE_SECTOR_MISS;
    cache_touch(c, (size_t)i, line);
    if (write)
        c->dirty[i] |= mask;
    return CACHE_HIT;
}

int cache_access(cache *c, uint64_t line, int write)
{
    return cache_lookup(c, line, c->full, write) == CACHE_HIT;
}

uint32_t cache_valid(const cache *c, uint64_t line)
{
    long i = cache_find(c, line);
    return i >= 0 ? c->valid[i] : 0;
}

int cache_probe(const cache *c, uint64_t line)
{
    return cache_find(c, line) >= 0;
}

int cache_is_dirty(const cache *c, uint64_t line)
{
    long i = cache_find(c, line);
    return i >= 0 && c->dirty[i];
}

int cache_fill_evicts_dirty(const cache *c, uint64_t line)
{
    if (cache_find(c, line) >= 0)
        return 0;
    size_t v = cache_victim(c, line);
    return c->tag[v] != 0 && c->dirty[v];
}

int cache_fill_mask(cache *c, uint64_t line, uint32_t mask, uint32_t dirty_mask,
                    uint64_t *victim, uint32_t *victim_dirty)
{
    if (!c->filled) {
        /* the first fill since creation or cache_invalidate_all: the LRU lists
         * are empty (nothing reads a head before a set holds a way) */
        c->filled = 1;
        cache_heads_init(c);
    }
    long i = cache_find(c, line);
    if (i >= 0) {
        c->valid[i] |= mask;
        c->dirty[i] |= dirty_mask;
        cache_touch(c, (size_t)i, line);
        return 0;
    }
    size_t v = cache_victim(c, line);
    int writeback = c->tag[v] != 0 && c->dirty[v];
    if (writeback && victim)
        *victim = c->tag[v] - 1u;
    if (writeback && victim_dirty)
        *victim_dirty = c->dirty[v];
    if (c->hslot && c->tag[v]) {
        cache_index_del(c, v);
        cache_lru_unlink(c, v);
    } else if (c->hslot) {
        c->nvalid[cache_set(c, line)]++;
    }
    c->tag[v] = line + 1u;
    if (c->hslot) {
        cache_index_add(c, v);
        cache_lru_append(c, cache_set(c, line), v);
    } else {
        c->stamp[v] = ++c->clock;
    }
    c->valid[v] = mask;
    c->dirty[v] = dirty_mask;
    return writeback;
}

int cache_fill(cache *c, uint64_t line, int dirty, uint64_t *victim)
{
    return cache_fill_mask(c, line, c->full, dirty ? c->full : 0, victim, NULL);
}
