/* wsched.c -- warp scheduling policies.  See wsched.h. */
#include "wsched.h"
#include "sm_params.h"
#include "kern.h"

void wsched_reset(wsched_state *s)
{
    s->last = -1;
    s->prio = -1;
    s->shift = 0;
    s->prio_age = 0;
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

/* The warp of m with the smallest age above `after` (ages are unique), or
 * the oldest of m when none is younger: age order, circular. */
static int next_by_age(uint64_t m, const uint64_t *age, uint64_t after, int inclusive)
{
    int best = -1;
    for (uint64_t x = m; x; x &= x - 1) {
        int w = __builtin_ctzll(x);
        int later = inclusive ? age[w] >= after : age[w] > after;
        if (later && (best < 0 || age[w] < age[best])) best = w;
    }
    return best >= 0 ? best : wsched_oldest(m, age);
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
        /* Seed 001 Sec. 4.4: "the oldest first is still applied from the
         * warp which owns the priority": candidates in age order starting at
         * the priority warp (then younger ones, then wrapping to the oldest).
         * The priority passes to the next warp in age order on a shift, and
         * when the priority warp has exited. */
        if (live) {
            if (s->prio < 0)
                s->prio = wsched_oldest(live, age);
            else if (!((live >> s->prio) & 1u))
                s->prio = next_by_age(live, age, s->prio_age, 0);
            if (s->shift) {
                s->prio = next_by_age(live, age, age[s->prio], 0);
                s->shift = 0;
            }
            s->prio_age = age[s->prio];
        }
        if (s->prio < 0) return wsched_oldest(cand, age);
        return next_by_age(cand, age, s->prio_age, 1);
    }
    }
}

void wsched_issued(wsched_state *s, int policy, uint32_t wi, int cls)
{
    s->last = (int32_t)wi;
    if ((int32_t)wi == s->prio && policy == SCHED_REGIONP && cls == IC_HINT)
        s->shift = 1;
}

void wsched_waiting(wsched_state *s, int policy, uint64_t memwait)
{
    if (policy == SCHED_SIMPLEP && s->prio >= 0 && ((memwait >> s->prio) & 1u))
        s->shift = 1;
}
