/* cache.h -- set-associative tag array with true LRU, per-sector valid and
 * dirty bits.
 *
 * Used by the per-core L1 data caches (clean lines only) and the per-partition
 * L2 slices (write-back: dirty bits, dirty victims reported on fill).  Holds
 * tags only; the model carries no data.  Lines are line numbers (byte address
 * / line size, or a partition-local index for L2); set = line % sets.
 *
 * A line holds `sectors` sectors (1 = an unsectored cache), each with its own
 * valid and dirty bit, as GPGPU-Sim's sector_cache_block (gpu-cache.h) does for
 * its 'S' caches: a line is present when any sector is valid; an access names
 * the sectors it needs by a mask (bit i = sector i).  The whole-line calls
 * (cache_access, cache_fill) use every sector.
 */
#ifndef CACHE_H
#define CACHE_H

#include <stdint.h>
#include "arena.h"

#define CACHE_MAX_SECTORS 32

/* Outcome of cache_lookup (GPGPU-Sim's tag_array::probe: HIT, SECTOR_MISS, MISS). */
enum cache_outcome { CACHE_MISS = 0, CACHE_HIT = 1, CACHE_SECTOR_MISS = 2 };

/* A slot of the tag index: the way and its tag side by side, so a probe reads
 * the slot and not the way's tag too (key 0: an empty slot). */
typedef struct cache_slot {
    uint64_t key;        /* line + 1, the way's tag */
    int32_t  way;
    uint32_t home;       /* the line's home slot (cache_hash), for deletion */
} cache_slot;

typedef struct cache {
    uint32_t  sets, assoc;
    uint32_t  set_mask;  /* sets - 1 if sets is a power of two, else 0 */
    uint32_t  full;      /* mask of every sector of a line */
    uint64_t  clock;     /* LRU stamp source: bumped on every touch (without the index) */
    uint64_t *tag;       /* [sets*assoc] line + 1; 0 = invalid way */
    uint64_t *stamp;     /* [sets*assoc] last touch; smallest = LRU (without the index) */
    uint32_t *valid;     /* [sets*assoc] sectors present (0 for an invalid way) */
    uint32_t *dirty;     /* [sets*assoc] sectors written (L2 write-back) */
    /* Tag index of the highly associative caches (assoc > CACHE_INDEX_ASSOC,
     * e.g. GPGPU-Sim's 96- to 512-way L1s and 16-way L2 slices): line -> way
     * by open addressing, so a lookup does not scan the set.  NULL otherwise. */
    cache_slot *hslot;   /* [hmask+1] */
    uint32_t  hmask, hbits;
    /* With the tag index, each set's valid ways in LRU order, so a fill does
     * not scan the set for its victim either: a circular doubly linked list
     * per set through [sets*assoc + sets] links, the last `sets` entries the
     * sets' heads (next of a head = the set's LRU way, prev = its MRU way);
     * and the number of valid ways per set (the invalid ways of a set are
     * always its last ones: a fill takes the first invalid way, and ways are
     * invalidated only all at once).  NULL without the index. */
    uint32_t *lnext, *lprev;
    uint32_t *nvalid;    /* [sets] */
    arena    *ar;        /* the arrays' arena (freed with it), or NULL: calloc'd */
    uint32_t  filled;    /* a fill since creation or the last cache_invalidate_all (the
                          * only writer of the tags): 0 = every way invalid, as created;
                          * the sets' list heads are set by the first fill */
} cache;

#define CACHE_INDEX_ASSOC 8

/* Geometry: bytes / (assoc * line_bytes) sets, at least one; `sectors`
 * (1..CACHE_MAX_SECTORS) per line.  Allocates.  Returns 0, or -1 if the
 * geometry does not divide or allocation fails.  cache_init: one sector. */
int  cache_init_sectors(cache *c, uint32_t bytes, uint32_t assoc, uint32_t line_bytes,
                        uint32_t sectors);
int  cache_init(cache *c, uint32_t bytes, uint32_t assoc, uint32_t line_bytes);
/* cache_init_sectors with the arrays carved from arena `ar` (NULL: calloc). */
int  cache_init_in(cache *c, arena *ar, uint32_t bytes, uint32_t assoc, uint32_t line_bytes,
                   uint32_t sectors);
/* Invalidate every way (a clean cache: no write-back is implied). */
void cache_invalidate_all(cache *c);
void cache_free(cache *c);

/* Look up the sectors `mask` of `line`: CACHE_HIT when all are valid (the
 * line becomes MRU; a write marks them dirty), CACHE_SECTOR_MISS when the line
 * is present without all of them, CACHE_MISS when it is absent (nothing
 * changes on a miss: allocation is the caller's decision via cache_fill). */
int  cache_lookup(cache *c, uint64_t line, uint32_t mask, int write);

/* Whole line: 1 on hit (all sectors valid), else 0 (cache_lookup). */
int  cache_access(cache *c, uint64_t line, int write);

/* Presence tests without touching LRU state: valid sectors of `line` (0 when
 * absent); any sector present; any sector dirty. */
uint32_t cache_valid(const cache *c, uint64_t line);
int  cache_probe(const cache *c, uint64_t line);
int  cache_is_dirty(const cache *c, uint64_t line);

/* Would filling `line` now evict a dirty line?  (For back-pressure checks.) */
int  cache_fill_evicts_dirty(const cache *c, uint64_t line);

/* Make the sectors `mask` of `line` valid (and `dirty_mask` of them dirty),
 * as MRU.  A present line gains the sectors; an absent one takes the set's
 * invalid way or else its LRU way.  Returns 1 and *victim = the evicted line,
 * *victim_dirty = its dirty sectors (either pointer may be NULL) if that line
 * had dirty sectors (a write-back), else 0. */
int  cache_fill_mask(cache *c, uint64_t line, uint32_t mask, uint32_t dirty_mask,
                     uint64_t *victim, uint32_t *victim_dirty);

/* Whole line: every sector valid, dirty if `dirty` (cache_fill_mask). */
int  cache_fill(cache *c, uint64_t line, int dirty, uint64_t *victim);

#endif
