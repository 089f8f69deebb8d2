/* amap.c -- address mapping (see amap.h). */
#include "amap.h"

int amap_init(amap *a, uint32_t n_parts, uint32_t line_bytes, uint32_t row_bytes,
              uint32_t banks)
{
    *a = (amap){0};
    if (n_parts == 0 || line_bytes == 0 || banks == 0 || row_bytes < line_bytes)
        return -1;
    a->n_parts = n_parts;
    a->banks = banks;
    a->lines_per_row = row_bytes / line_bytes;
    a->part_shift = (n_parts & (n_parts - 1u)) == 0 ? (uint32_t)__builtin_ctz(n_parts) : 0xffu;
    return 0;
}

/* Rotation of group g: high bits of a Fibonacci (multiplicative) hash. */
static uint32_t amap_rot(const amap *a, uint64_t g)
{
    return (uint32_t)(((g * 0x9E3779B97F4A7C15ull) >> 40) % a->n_parts);
}

uint32_t amap_part(const amap *a, uint64_t line)
{
    if (a->part_shift != 0xffu) {
        uint64_t g = line >> a->part_shift;
        uint32_t rot = (uint32_t)((g * 0x9E3779B97F4A7C15ull) >> 40);
        return (uint32_t)((line + rot) & (a->n_parts - 1u));
    }
    uint64_t g = line / a->n_parts;
    uint32_t off = (uint32_t)(line % a->n_parts);
    return (uint32_t)((off + amap_rot(a, g)) % a->n_parts);
}

uint64_t amap_local(const amap *a, uint64_t line)
{
    return a->part_shift != 0xffu ? line >> a->part_shift : line / a->n_parts;
}

uint64_t amap_line(const amap *a, uint32_t part, uint64_t local)
{
    uint32_t off = (part + a->n_parts - amap_rot(a, local)) % a->n_parts;
    return local * a->n_parts + off;
}

void amap_bank_row(const amap *a, uint64_t local, uint32_t *bank, uint32_t *row)
{
    uint64_t chunk = local / a->lines_per_row;
    uint64_t r = chunk / a->banks;
    *bank = (uint32_t)((chunk + r) % a->banks);
    *row = (uint32_t)r;
}
