/* ctl_cfg.c -- the control units' programmable registers at their defaults:
 * the seam's shared fields here, each unit's registers by its descriptor's
 * cfg_defaults (in its folder units/NAME/, at its paper's values). */
#include <string.h>
#include "ctl_seam.h"
#include "ctl_unit.h"

void ctl_cfg_defaults(ctl_cfg *cfg, uint32_t n_cores, uint32_t n_parts)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->n_cores = n_cores;
    cfg->n_parts = n_parts;
    for (int i = 0; i < CTL_NCOMP; i++)
        cfg->units[i] = 2;
    cfg->simt_lanes = 32;
    /* each unit's registers (ctl_unit.cfg_defaults), in registry order */
    for (int i = 0; i < CTL_NUNITS; i++)
        if (ctl_units[i]->cfg_defaults) ctl_units[i]->cfg_defaults(cfg);
}
