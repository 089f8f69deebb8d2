/* tracez.h -- the newest Accel-Sim tracer's binary .tracez kernel file, read
 * as a stream of text segments equal to the .traceg form of the same kernel
 * (trace.c parses them with its line parser).
 *
 * File layout (all integers little-endian):
 *   kernel header text, NUL-terminated ("-key = value" lines)
 *   u32 dict_size, u32 subchunk_insts, dict_size bytes of zstd dictionary
 *   per warp: u32 inst_count, u32 num_subchunks, then per sub-chunk
 *             u32 comp_size and comp_size bytes of one zstd frame (with its
 *             content size) holding that many instruction lines
 *   index: u32 num_tbs; per thread block 11 u32 (tb id x,y,z, cluster id
 *          x,y,z, cluster cta x,y,z, cluster rank, warp_count); per warp
 *          u32 inst_count, u32 num_subchunks, u64 offset of the warp's data,
 *          num_subchunks u32 instruction counts
 *   u64 offset of the index (the last 8 bytes)
 * Memory held: the dictionary and one sub-chunk (compressed and decoded). */
#ifndef CTASIM_TRACEZ_H
#define CTASIM_TRACEZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct tz_src tz_src;

/* One piece of the text form.  off: the file byte offset the text comes from;
 * exact: 1 if text byte i is file byte off + i (the header), 0 if the whole
 * segment stands for the record or sub-chunk at off. */
typedef struct tz_seg {
    const uint8_t *data;
    size_t         len;
    uint64_t       off;
    int            exact;
} tz_seg;

/* Read the header, the dictionary and the index position of the open file f
 * (not owned).  Errors are "PATH:@OFFSET: problem". */
int  tz_open(tz_src **out, FILE *f, const char *path, char *err, size_t errlen);
/* Next non-empty segment: 1, 0 at the end of the kernel, -1 error. */
int  tz_next(tz_src *z, tz_seg *seg, char *err, size_t errlen);
void tz_close(tz_src *z);

#endif
