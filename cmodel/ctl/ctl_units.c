/* ctl_units.c -- the registry of control units (ctl_unit.h): adding a unit is
 * its descriptor here and its key table below (in CTL_U_* bit order, which is
 * the order of seam/seam.yaml's units). */
#include <string.h>
#include "ctl_ref.h"
#include "ctl_unit.h"

const ctl_unit *const ctl_units[CTL_NUNITS] = {
    &dyncta_unit, &dyncore_unit, &claso_unit, &arcta_unit, &ucs_unit,
};

/* Every unit's register table, NULL-terminated (ctl_ref.h). */
const key_table *const ctl_key_tables[] = {
    &dyncta_keys, &dyncore_keys, &claso_keys, &arcta_keys, &ucs_keys, NULL
};

const ctl_unit *ctl_unit_named(const char *name, size_t len)
{
    for (int i = 0; i < CTL_NUNITS; i++)
        if (strlen(ctl_units[i]->name) == len && !strncmp(name, ctl_units[i]->name, len))
            return ctl_units[i];
    return NULL;
}
