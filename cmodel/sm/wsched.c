/* wsched.c -- warp scheduling policies.  See wsched.h. */
#include "wsched.h"
#include "sm_params.h"
#include "kern.h"

void wsched_reset(wsched_state *s)
{
    s->last = -1;
    s->prio = -1;
    s->shift = 0;
}

int wsched_next_from(uint64_t m, uint32_t from)
{
    uint64_t hi = from >= 64 ? 0 : m & (~0ull << from);
    return __builtin_ctzll(hi ? hi : m);
}

int wsched_oldest(uint64_t cand, const uint64_t *age)
{
    int best = __builtin_ctzll(cand);
    for (uint64_t m = cand & (cand - 1); m; m &= m - 1) {
        int w = __builtin_ctzll(m);
        if (age[w] < age[best]) best = w;
    }
    return best;
}

int wsched_pick(wsched_state *s, int policy, uint64_t cand, uint64_t live, const uint64_t *age)
{
    int last_ok = s->last >= 0 && ((cand >> s->last) & 1u);
    switch (policy) {
    case SCHED_LRR:
        return wsched_next_from(cand, (uint32_t)(s->last + 1));
    case SCHED_GRR:
        return last_ok ? s->last : wsched_next_from(cand, (uint32_t)(s->last + 1));
    case SCHED_GTO:
        return last_ok ? s->last : wsched_oldest(cand, age);
    case SCHED_OLDEST:
        return wsched_oldest(cand, age);
    case SCHED_SIMPLEP:
    case SCHED_REGIONP:
    default: {
        /* Seed 001 Sec. 4.4: oldest-first applied from the warp owning the
         * priority; the priority rotates to the next warp on a shift, and
         * when the priority warp has exited. */
        if (live) {
            if (s->prio < 0 || !((live >> s->prio) & 1u))
                s->prio = wsched_next_from(live, (uint32_t)(s->prio < 0 ? 0 : s->prio));
            if (s->shift) {
                s->prio = wsched_next_from(live, (uint32_t)(s->prio + 1));
                s->shift = 0;
            }
        }
        return wsched_next_from(cand, s->prio < 0 ? 0u : (uint32_t)s->prio);
    }
    }
}

void wsched_issued(wsched_state *s, int policy, uint32_t wi, int cls)
{
    s->last = (int32_t)wi;
    if ((int32_t)wi != s->prio) return;
    if ((policy == SCHED_SIMPLEP && cls == IC_GLD) || (policy == SCHED_REGIONP && cls == IC_HINT))
        s->shift = 1;
}
