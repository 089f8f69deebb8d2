/* arena.h -- zeroed blocks carved from large anonymous mappings, freed all
 * at once (docs/performance.md "Short runs").
 *
 * The memory system's many arrays (tags, MSHRs, crossbar rings, DRAM
 * queues) are sized by the configuration and mostly untouched in a short
 * run.  calloc clears each one (and writes a header beside it), so the host
 * allocates every page at start-up; carved from mappings of zero pages, an
 * array costs a page only once it is written.  arena_calloc(NULL, ...) is
 * plain calloc, so a structure initialised without an arena is freed as
 * before; one made in an arena is freed by arena_free (its own free
 * function, seeing its arena pointer set, leaves its blocks alone). */
#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>

typedef struct arena_chunk arena_chunk;

typedef struct arena {
    arena_chunk *chunks;   /* the mappings, newest first */
    size_t used, cap;      /* bytes carved from / held by the newest */
} arena;

/* n x size zeroed bytes, 64-byte aligned; NULL if out of memory (or n x size
 * overflows).  With a == NULL: calloc(n, size). */
void *arena_calloc(arena *a, size_t n, size_t size);

/* Unmap every chunk; the arena is empty again. */
void arena_free(arena *a);

/* One large zeroed block in a mapping of its own (zero pages until written),
 * for a structure that lives apart from any arena; NULL if out of memory.
 * calloc would clear it, and does whenever glibc serves it from the heap:
 * after a large block is freed (liblzma's dictionary, say) glibc raises the
 * size it maps instead, so a block of this size may come from the heap.
 * Freed with arena_unmap and the same size. */
void *arena_map(size_t bytes);
void arena_unmap(void *p, size_t bytes);

#endif
