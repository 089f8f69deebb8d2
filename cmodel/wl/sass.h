/* sass.h -- SASS opcodes (as the Accel-Sim tracer writes them) to the
 * model's instruction classes (enum iclass of kern.h).
 *
 * An opcode token is a base opcode plus '.'-separated modifiers, e.g.
 * "LDG.E.128.CONSTANT.SYS".  The class comes from the base opcode, refined by
 * the modifiers that matter (F64 conversions run as DP, BAR.ARV does not
 * wait).  Generic memory opcodes (LD, ST, ATOM) carry SASS_GENERIC: the
 * caller decides shared vs global from the address (trace.c).  The whole
 * table is printed in docs/traces.md.
 *
 * Opcodes missing from the table are counted per base name in a
 * sass_unknown (fixed size, no allocation) and reported at the end of a run.
 */
#ifndef SASS_H
#define SASS_H

#include <stdint.h>
#include <stdio.h>

#define SASS_GENERIC 1u      /* generic address space: shared or global by address */
#define SASS_LOCAL   2u      /* local memory (LDL/STL): per-thread offsets */

/* Class (enum iclass) of an opcode token; *flags gets SASS_* bits.
 * Returns -1 (flags 0) when the base opcode is not in the table. */
int sass_class(const char *opcode, unsigned *flags);

/* Index in the table (sass_table_entry) of an opcode token's base opcode,
 * -1 when it is not in the table. */
int sass_index(const char *opcode);

/* Name of an instruction class ("SP", "GLD", ...), "?" out of range. */
const char *sass_class_name(int cls);

/* Table access, for documentation and tests: entries sorted by name. */
typedef struct sass_entry {
    const char *name;    /* base opcode */
    uint8_t     cls;     /* enum iclass */
    uint8_t     flags;   /* SASS_* */
    const char *family;  /* ISA families that have it: "P" Pascal, "V" Volta, "T" Turing,
                          * "A" Ampere/Ada, "H" Hopper, "B" Blackwell */
} sass_entry;
unsigned sass_table_size(void);
const sass_entry *sass_table_entry(unsigned i);

/* Family letter (P V T A H B) of a trace's "-binary version" (sm_XY -> XY),
 * 0 for a version no family covers. */
char sass_family(int binary_version);

/* Unknown-opcode counts, per base opcode.  An unknown opcode is timed as SP;
 * addresses it carries are dropped (counted in addrs). */
#define SASS_UNKNOWN_MAX 32
#define SASS_NAME_MAX 24
typedef struct sass_unknown {
    uint32_t n;                                  /* distinct names held */
    char     name[SASS_UNKNOWN_MAX][SASS_NAME_MAX];
    uint64_t count[SASS_UNKNOWN_MAX];
    uint64_t addrs[SASS_UNKNOWN_MAX];            /* executions that carried addresses */
    uint64_t total_addrs;
    uint64_t other;                              /* executions of names beyond the table */
    uint64_t total;                              /* all unknown executions */
} sass_unknown;

void     sass_unknown_add(sass_unknown *u, const char *opcode, int with_addrs);
/* One line per name: "<prefix>unknown SASS opcode NAME executed N times, timed as SP; ...". */
void     sass_unknown_print(const sass_unknown *u, const char *prefix, FILE *out);

#endif
