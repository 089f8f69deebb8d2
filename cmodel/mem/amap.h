/* amap.h -- address mapping: line number -> memory partition, partition-local
 * line index, DRAM bank and row (gpu-model.md: "Address mapping spreads
 * lines over partitions and banks").
 *
 * Lines are taken in groups of n_parts consecutive lines; group g maps its
 * lines onto the partitions by a rotation that depends on a hash of g, so
 * consecutive lines always land on n_parts different partitions, strided
 * streams do not pile onto one partition, and local index = g (a bijection
 * per partition).  Within the channel, lines_per_row = row_bytes / line_bytes
 * consecutive local lines share a row (row-buffer locality for streams); row
 * chunk r goes to bank (r + r / banks) % banks, row r / banks.
 */
#ifndef AMAP_H
#define AMAP_H

#include <stdint.h>

typedef struct amap {
    uint32_t n_parts, banks, lines_per_row;
    uint32_t part_shift;   /* log2(n_parts) if a power of two, else 0xff */
} amap;

/* 0, or -1 if a count is zero or row_bytes < line_bytes. */
int amap_init(amap *a, uint32_t n_parts, uint32_t line_bytes, uint32_t row_bytes,
              uint32_t banks);

uint32_t amap_part(const amap *a, uint64_t line);
uint64_t amap_local(const amap *a, uint64_t line);
/* Inverse: the line number of local index `local` in partition `part`. */
uint64_t amap_line(const amap *a, uint32_t part, uint64_t local);
/* Bank and row of a partition-local line index. */
void amap_bank_row(const amap *a, uint64_t local, uint32_t *bank, uint32_t *row);

#endif
