/* coal.h -- memory coalescer: a warp's lane addresses -> the lines it touches.
 *
 * A global memory instruction becomes one memory request per distinct line
 * touched by its active lanes (gpu-model.md "Memory"; seed 000 Table 1 lists
 * "Memory Coalescing").  Lines are reported as line-aligned byte addresses
 * (addr & ~(line_bytes-1)), which is what mem_access() takes as line_addr.
 */
#ifndef COAL_H
#define COAL_H

#include <stdint.h>
#include "kern.h"

/* Most lines one warp instruction can touch: 32 lanes, each straddling two. */
#define COAL_MAX_LINES 64

/* Unique line addresses touched by the active lanes of `in` (bit i of
 * in->mask = lane i active), in first-touch order (lane 0 upwards; a lane's
 * first line before its second).  An access of in->bytes bytes (0 is taken as
 * 1) that crosses a line boundary touches both lines.  line_bytes must be a
 * power of two >= 16 (so one access of <= 16 bytes touches at most two lines).
 * lines_out must hold COAL_MAX_LINES entries.  Returns the number of lines. */
uint32_t coal_lines(const inst *in, uint32_t line_bytes, uint64_t *lines_out);

/* Shared-memory banks (the 32 banks of 4-byte words of every GPU the papers
 * and GPGPU-Sim's tested configs model). */
#define COAL_SMEM_BANKS 32
#define COAL_SMEM_WORD  4

/* Bank-conflict cycles of one shared-memory warp instruction: the most
 * distinct words any one bank must serve, minus one (lanes reading the same
 * word share one access).  0 for a conflict-free access. */
uint32_t coal_bank_conflicts(const inst *in);

#endif
