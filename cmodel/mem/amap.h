/* amap.h -- address mapping: line number -> memory partition, partition-local
 * line index, DRAM bank and row (gpu-model.md: "Address mapping spreads
 * lines over partitions and banks").  Two maps (keys amap.*, docs/memory.md):
 *
 * ctasim's own (amap.mapping = ctasim, the default): lines are taken in
 * groups of n_parts consecutive lines; group g maps its lines onto the
 * partitions by a rotation that depends on a hash of g, so consecutive lines
 * always land on n_parts different partitions, strided streams do not pile
 * onto one partition, and local index = g (a bijection per partition).
 * Within the channel, lines_per_row = row_bytes / line_bytes consecutive
 * local lines share a row (row-buffer locality for streams); row chunk r
 * goes to bank (r + r / banks) % banks, row r / banks.
 *
 * GPGPU-Sim's (amap.mapping = its -gpgpu_mem_addr_mapping string
 * "dramid@S;MASK", read as addrdec.cc does): MASK names, from bit 63 down,
 * which address bits are row (R), bank (B), column (C) and burst (S, also
 * column); the channel is inserted at bit S (a power-of-two channel count:
 * log2(n) bits there, the mask's bits from S up move above them) or, for
 * other counts, is (addr >> S) mod n with the rest of the address
 * (addr >> S) / n.  Then -gpgpu_memory_partition_indexing (amap.part_index)
 * may hash the channel (hashing.cc: XOR, IPOLY; or a random draw per chunk)
 * and -dram_bnk_indexing_policy (amap.bank_index) the bank.  The
 * partition-local index is the address with the channel digit removed
 * (GPGPU-Sim's partition address), with that digit kept above bit
 * AMAP_DIGIT_SHIFT so it stays unique when hashing folds channels together.
 */
#ifndef AMAP_H
#define AMAP_H

#include <stddef.h>
#include <stdint.h>
#include "keys.h"

/* -gpgpu_memory_partition_indexing: 0 none, 1 XOR, 2 IPOLY, 4 random
 * (3 PAE is not an addrdec.cc case: GPGPU-Sim asserts; refused here). */
enum amap_part_index { AMAP_PIDX_NONE = 0, AMAP_PIDX_XOR, AMAP_PIDX_IPOLY, AMAP_PIDX_RANDOM };
/* -dram_bnk_indexing_policy: 0 linear, 1 XOR with the row, 2 IPOLY. */
enum amap_bank_index { AMAP_BIDX_NONE = 0, AMAP_BIDX_XOR, AMAP_BIDX_IPOLY };

#define AMAP_MAPPING_LEN  128
#define AMAP_DIGIT_SHIFT  50   /* local index: channel digit above this bit */
#define AMAP_MAX_SLICES   256  /* channels x sub-partitions: crossbar ports */

/* Parameters (keys amap.*; table amap_keys in amap.c).  Part of mem_params. */
typedef struct amap_params {
    char     mapping[AMAP_MAPPING_LEN];  /* "ctasim" ("" too) or "dramid@S;MASK" */
    uint32_t part_index;                 /* enum amap_part_index */
    uint32_t sub_parts;                  /* L2 slices (sub-partitions) per channel; 0 = 1 */
    uint32_t bank_index;                 /* enum amap_bank_index */
} amap_params;

extern const key_table amap_keys;

/* ctasim's map, no hashing. */
void amap_params_defaults(amap_params *p);

enum { AMAP_CTASIM = 0, AMAP_GSIM };

/* A bit mask as its runs of contiguous ones, so that packing the bits of a
 * value under it (addrdec.cc addrdec_packbits) takes one shift and mask per
 * run instead of one per bit. */
typedef struct amap_runs {
    uint32_t n;
    uint8_t lo[32], pos[32];   /* a run's lowest bit; where it lands */
    uint64_t ones[32];         /* a run's ones, shifted down to bit 0 */
} amap_runs;

typedef struct amap {
    uint32_t kind;
    uint32_t n_parts, banks, lines_per_row;
    uint32_t part_shift;   /* log2(n_parts) if a power of two, else 0xff */
    /* GPGPU-Sim map */
    uint32_t line_shift;   /* log2(line_bytes) */
    uint32_t chip_s;       /* dramid@S */
    uint32_t gap;          /* n_parts is not a power of two */
    uint32_t log2ch, log2sub, nsub;
    uint32_t pidx, bidx, ipoly_n;
    uint64_t bk_mask, row_mask;   /* over the address with the channel removed */
    amap_runs bk_runs, row_runs;  /* the same masks as runs */
    uint64_t sub_mask;     /* local-index bits naming the sub-partition (GPGPU-Sim's
                            * sub_partition_id_mask >> line_shift); 0 with nsub = 1 */
} amap;

/* ctasim's map.  0, or -1 if a count is zero or row_bytes < line_bytes. */
int amap_init(amap *a, uint32_t n_parts, uint32_t line_bytes, uint32_t row_bytes,
              uint32_t banks);

/* The map p names (NULL: ctasim's).  0, or -1 with the reason in why (one
 * sentence naming the keys involved; the registry prefixes where). */
int amap_init_params(amap *a, const amap_params *p, uint32_t n_parts, uint32_t line_bytes,
                     uint32_t row_bytes, uint32_t banks, char *why, size_t whylen);

uint32_t amap_part(const amap *a, uint64_t line);
uint64_t amap_local(const amap *a, uint64_t line);
/* Inverse: the line number of local index `local` in partition `part`. */
uint64_t amap_line(const amap *a, uint32_t part, uint64_t local);
/* L2 slice (GPGPU-Sim's global sub-partition id, channel x sub_parts + sub)
 * of a line; the channel is amap_slice / sub_parts.  = amap_part with one
 * sub-partition. */
uint32_t amap_slice(const amap *a, uint64_t line);
/* Slice key of a partition-local index: the index with the sub-partition
 * bits taken out (GPGPU-Sim's partition_address, which l2_cache_config::
 * set_index uses, so the set index has no bits that are constant within a
 * slice) and kept above them so the key stays unique; its inverse.  The
 * identity with one sub-partition. */
uint64_t amap_slice_key(const amap *a, uint64_t local);
uint64_t amap_slice_local(const amap *a, uint64_t key);
/* Bank and row of a partition-local line index. */
void amap_bank_row(const amap *a, uint64_t local, uint32_t *bank, uint32_t *row);

#endif
