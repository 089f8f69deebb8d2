/* arena.c -- see arena.h. */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "arena.h"

struct arena_chunk {
    arena_chunk *next;
    size_t bytes;          /* of the mapping, this header included */
};

#define ARENA_ALIGN 64u                  /* a host cache line */
#define ARENA_CHUNK ((size_t)4 << 20)    /* a mapping's least size: address space only */
#define ARENA_HDR   ((sizeof(arena_chunk) + ARENA_ALIGN - 1u) & ~(size_t)(ARENA_ALIGN - 1u))

static int arena_grow(arena *a, size_t need)
{
    size_t bytes = need + ARENA_HDR > ARENA_CHUNK ? need + ARENA_HDR : ARENA_CHUNK;
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    arena_chunk *c = p;
    c->next = a->chunks;
    c->bytes = bytes;
    a->chunks = c;
    a->used = ARENA_HDR;
    a->cap = bytes;
    return 0;
}

void *arena_calloc(arena *a, size_t n, size_t size)
{
    if (!a)
        return calloc(n, size);
    if (size && n > SIZE_MAX / 2u / size)
        return NULL;
    size_t bytes = (n * size + ARENA_ALIGN - 1u) & ~(size_t)(ARENA_ALIGN - 1u);
    if (bytes == 0)
        bytes = ARENA_ALIGN;
    if (!a->chunks || a->cap - a->used < bytes) {
        if (arena_grow(a, bytes))
            return NULL;
    }
    void *p = (char *)a->chunks + a->used;
    a->used += bytes;
    return p;
}

void arena_free(arena *a)
{
    for (arena_chunk *c = a->chunks, *next; c; c = next) {
        next = c->next;
        munmap(c, c->bytes);
    }
    *a = (arena){0};
}

void *arena_map(size_t bytes)
{
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return p == MAP_FAILED ? NULL : p;
}

void arena_unmap(void *p, size_t bytes)
{
    if (p)
        munmap(p, bytes);
}
