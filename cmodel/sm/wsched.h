/* wsched.h -- warp scheduling policies (seed 001 Ch. 4; GTO of seeds 002/004).
 *
 * A scheduler picks one warp from a 64-bit candidate mask (warps whose head
 * instruction can issue this cycle).  Warp ages (CTA launch order, then warp
 * index) decide "oldest".  Policies:
 *   LRR     fine round-robin: the next candidate after the last issued warp;
 *   GRR     greedy round-robin: the last issued warp while it can issue,
 *           then the next candidate after it;
 *   GTO     greedy-then-oldest: the last issued warp while it can issue,
 *           then the oldest candidate;
 *   OLDEST  always the oldest candidate;
 *   SIMPLEP candidates in age order starting at the priority warp (oldest-
 *           first applied from it, wrapping to the oldest); the priority moves
 *           to the next live warp in age order when the priority warp waits
 *           on a global load (seed 001 Sec. 4.4: "shifted only when the warp
 *           is waiting for the long latency global load");
 *   REGIONP as SIMPLEP, but the priority moves when the priority warp issues
 *           a priority-shift hint (end of a memory region).
 */
#ifndef WSCHED_H
#define WSCHED_H

#include <stdint.h>

typedef struct wsched_state {
    int32_t last;      /* last issued warp, -1 none */
    int32_t prio;      /* SIMPLEP / REGIONP priority warp, -1 none */
    uint8_t shift;     /* priority shift pending */
    uint64_t prio_age; /* age of the priority warp (kept after it exits) */
} wsched_state;

void wsched_reset(wsched_state *s);

/* Pick from cand (non-zero).  live = warps this scheduler serves that have
 * not exited (for moving the priority); age[w] = warp age. */
int  wsched_pick(wsched_state *s, int policy, uint64_t cand, uint64_t live, const uint64_t *age);

/* Warp wi issued an instruction of class cls (enum iclass). */
void wsched_issued(wsched_state *s, int policy, uint32_t wi, int cls);

/* Before a pick: memwait = warps whose next instruction waits on a global
 * load (simple-p shifts the priority when the priority warp is one). */
void wsched_waiting(wsched_state *s, int policy, uint64_t memwait);

/* The oldest warp in cand (non-zero). */
int  wsched_oldest(uint64_t cand, const uint64_t *age);

/* First set bit of m at or after bit `from`, circularly; m non-zero. */
int  wsched_next_from(uint64_t m, uint32_t from);

#endif
