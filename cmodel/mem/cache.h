/* cache.h -- set-associative tag array with true LRU and dirty bits.
 *
 * Used by the per-core L1 data caches (clean lines only) and the per-partition
 * L2 slices (write-back: dirty bits, dirty victims reported on fill).  Holds
 * tags only; the model carries no data.  Lines are line numbers (byte address
 * / line size, or a partition-local index for L2); set = line % sets.
 */
#ifndef CACHE_H
#define CACHE_H

#include <stdint.h>

typedef struct cache {
    uint32_t  sets, assoc;
    uint32_t  set_mask;  /* sets - 1 if sets is a power of two, else 0 */
    uint64_t  clock;     /* LRU stamp source: bumped on every touch */
    uint64_t *tag;       /* [sets*assoc] line + 1; 0 = invalid way */
    uint64_t *stamp;     /* [sets*assoc] last touch; smallest = LRU */
    uint8_t  *dirty;     /* [sets*assoc] */
} cache;

/* Geometry: bytes / (assoc * line_bytes) sets, at least one.  Allocates.
 * Returns 0, or -1 if the geometry does not divide or allocation fails. */
int  cache_init(cache *c, uint32_t bytes, uint32_t assoc, uint32_t line_bytes);
/* Invalidate every way (a clean cache: no write-back is implied). */
void cache_invalidate_all(cache *c);
void cache_free(cache *c);

/* Access: 1 on hit (line becomes MRU; a write marks it dirty), 0 on miss
 * (nothing changes: allocation is the caller's decision via cache_fill). */
int  cache_access(cache *c, uint64_t line, int write);

/* Presence test without touching LRU state. */
int  cache_probe(const cache *c, uint64_t line);
int  cache_is_dirty(const cache *c, uint64_t line);

/* Would filling `line` now evict a dirty line?  (For back-pressure checks.) */
int  cache_fill_evicts_dirty(const cache *c, uint64_t line);

/* Insert `line` as MRU (dirty if `dirty`), evicting the set's invalid way or
 * else its LRU way.  Returns 1 and *victim = evicted line if that line was
 * dirty (a write-back), else 0.  A line already present is just touched. */
int  cache_fill(cache *c, uint64_t line, int dirty, uint64_t *victim);

#endif
