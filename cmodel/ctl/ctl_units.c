/* ctl_units.c -- the registry of control units (ctl_unit.h): the units of
 * seam/seam.yaml's `units:` list (CTL_UNITS_X of ctl_seam.h, generated), in
 * CTL_U_* bit order; adding a unit is its line there (docs/adding-a-unit.md). */
#include <string.h>
#include "ctl_ref.h"
#include "ctl_unit.h"

#define CTL_UNIT_REF(u) &u##_unit,
const ctl_unit *const ctl_units[CTL_NUNITS] = { CTL_UNITS_X(CTL_UNIT_REF) };

/* Every unit's register table, NULL-terminated (ctl_ref.h). */
#define CTL_UNIT_KEYS(u) &u##_keys,
const key_table *const ctl_key_tables[] = { CTL_UNITS_X(CTL_UNIT_KEYS) NULL };

const ctl_unit *ctl_unit_named(const char *name, size_t len)
{
    for (int i = 0; i < CTL_NUNITS; i++)
        if (strlen(ctl_units[i]->name) == len && !strncmp(name, ctl_units[i]->name, len))
            return ctl_units[i];
    return NULL;
}
