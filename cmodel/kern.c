/* kern.c -- kernel helpers shared by every instruction source. */
#include "kern.h"
#include "cfg.h"

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* N = most CTAs of k resident on one core (seed 000 Sec. 2: limited by
 * threads, shared memory and registers, and a hardware cap).  Threads and
 * registers are allocated per whole warp (a CTA of 48 threads holds 64
 * thread slots), as GPGPU-Sim does. */
uint32_t kern_ctas_per_core(const kern *k, const struct gpu_cfg *cfg)
{
    if (k->cta_threads == 0) return 0;
    uint32_t warps = (k->cta_threads + 31) / 32;
    uint32_t slots = warps * 32;
    uint32_t max_warps = cfg->max_warps ? cfg->max_warps : cfg->max_threads / 32;
    uint32_t n = cfg->max_ctas;
    n = min_u32(n, cfg->max_threads / slots);
    n = min_u32(n, max_warps / warps);
    if (k->regs_per_thread) {
        uint64_t regs = (uint64_t)k->regs_per_thread * slots;
        n = min_u32(n, (uint32_t)(cfg->regs / regs));
    }
    if (k->smem_per_cta) n = min_u32(n, cfg->smem_bytes / k->smem_per_cta);
    return n;
}
