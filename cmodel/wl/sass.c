/* sass.c -- SASS opcode table (see sass.h and docs/traces.md).
 *
 * Sources of the opcode lists: the SASS instruction set reference of NVIDIA's
 * CUDA binary utilities (Pascal sm_6x, Volta sm_70, Turing sm_75, Ampere
 * sm_8x) as used by the Accel-Sim tracer; the class of each opcode is this
 * project's choice for its timing classes (kern.h), documented in
 * docs/traces.md.  Entries are sorted by name (strcmp order) for bsearch;
 * a unit test checks the order.
 */
#include <stdlib.h>
#include <string.h>
#include "kern.h"
#include "sass.h"

static const sass_entry sass_table[] = {
    {"ATOM",        IC_ATOM, SASS_GENERIC, "PVTA"},
    {"ATOMG",       IC_ATOM, 0           , "PVTA"},
    {"ATOMS",       IC_SLD , 0           , "PVTA"},
    {"B2R",         IC_SP  , 0           , "PVTA"},
    {"BAR",         IC_BAR , 0           , "PVTA"},
    {"BFE",         IC_SP  , 0           , "P"},
    {"BFI",         IC_SP  , 0           , "P"},
    {"BMMA",        IC_SP  , 0           , "TA"},
    {"BMOV",        IC_BRA , 0           , "PVTA"},
    {"BMSK",        IC_SP  , 0           , "PVTA"},
    {"BPT",         IC_BRA , 0           , "PVTA"},
    {"BRA",         IC_BRA , 0           , "PVTA"},
    {"BREAK",       IC_BRA , 0           , "PVTA"},
    {"BREV",        IC_SP  , 0           , "PVTA"},
    {"BRK",         IC_BRA , 0           , "P"},
    {"BRX",         IC_BRA , 0           , "PVTA"},
    {"BRXU",        IC_BRA , 0           , "TA"},
    {"BSSY",        IC_BRA , 0           , "PVTA"},
    {"BSYNC",       IC_BRA , 0           , "PVTA"},
    {"CAL",         IC_BRA , 0           , "P"},
    {"CALL",        IC_BRA , 0           , "PVTA"},
    {"CCTL",        IC_SP  , 0           , "PVTA"},
    {"CCTLL",       IC_SP  , 0           , "PVTA"},
    {"CCTLT",       IC_SP  , 0           , "PVTA"},
    {"CONT",        IC_BRA , 0           , "P"},
    {"CS2R",        IC_SP  , 0           , "PVTA"},
    {"CSET",        IC_SP  , 0           , "P"},
    {"CSETP",       IC_SP  , 0           , "P"},
    {"CSMTEST",     IC_SP  , 0           , "PVTA"},
    {"CTASIM_HINT", IC_HINT, 0           , "-"},
    {"DADD",        IC_DP  , 0           , "PVTA"},
    {"DEPBAR",      IC_SP  , 0           , "PVTA"},
    {"DFMA",        IC_DP  , 0           , "PVTA"},
    {"DMMA",        IC_DP  , 0           , "A"},
    {"DMNMX",       IC_DP  , 0           , "P"},
    {"DMUL",        IC_DP  , 0           , "PVTA"},
    {"DSET",        IC_DP  , 0           , "P"},
    {"DSETP",       IC_DP  , 0           , "PVTA"},
    {"ERRBAR",      IC_SP  , 0           , "PVTA"},
    {"EXIT",        IC_EXIT, 0           , "PVTA"},
    {"F2F",         IC_SP  , 0           , "PVTA"},
    {"F2FP",        IC_SP  , 0           , "A"},
    {"F2I",         IC_SP  , 0           , "PVTA"},
    {"F2IP",        IC_SP  , 0           , "A"},
    {"FADD",        IC_SP  , 0           , "PVTA"},
    {"FADD32I",     IC_SP  , 0           , "PVTA"},
    {"FCHK",        IC_SP  , 0           , "PVTA"},
    {"FCMP",        IC_SP  , 0           , "P"},
    {"FFMA",        IC_SP  , 0           , "PVTA"},
    {"FFMA32I",     IC_SP  , 0           , "PVTA"},
    {"FLO",         IC_SP  , 0           , "PVTA"},
    {"FMNMX",       IC_SP  , 0           , "PVTA"},
    {"FMUL",        IC_SP  , 0           , "PVTA"},
    {"FMUL32I",     IC_SP  , 0           , "PVTA"},
    {"FRND",        IC_SP  , 0           , "PVTA"},
    {"FSEL",        IC_SP  , 0           , "PVTA"},
    {"FSET",        IC_SP  , 0           , "PVTA"},
    {"FSETP",       IC_SP  , 0           , "PVTA"},
    {"FSWZADD",     IC_SP  , 0           , "PVTA"},
    {"GETLMEMBASE", IC_SP  , 0           , "PVTA"},
    {"HADD2",       IC_SP  , 0           , "PVTA"},
    {"HADD2_32I",   IC_SP  , 0           , "VTA"},
    {"HFMA2",       IC_SP  , 0           , "PVTA"},
    {"HFMA2_32I",   IC_SP  , 0           , "VTA"},
    {"HMMA",        IC_SP  , 0           , "VTA"},
    {"HMNMX2",      IC_SP  , 0           , "A"},
    {"HMUL2",       IC_SP  , 0           , "PVTA"},
    {"HMUL2_32I",   IC_SP  , 0           , "VTA"},
    {"HSET2",       IC_SP  , 0           , "PVTA"},
    {"HSETP2",      IC_SP  , 0           , "PVTA"},
    {"I2F",         IC_SP  , 0           , "PVTA"},
    {"I2FP",        IC_SP  , 0           , "A"},
    {"I2I",         IC_SP  , 0           , "PVTA"},
    {"I2IP",        IC_SP  , 0           , "PVTA"},
    {"IABS",        IC_SP  , 0           , "PVTA"},
    {"IADD",        IC_SP  , 0           , "PVTA"},
    {"IADD3",       IC_SP  , 0           , "PVTA"},
    {"IADD32I",     IC_SP  , 0           , "PVTA"},
    {"ICMP",        IC_SP  , 0           , "P"},
    {"IDP",         IC_SP  , 0           , "PVTA"},
    {"IDP4A",       IC_SP  , 0           , "PVTA"},
    {"IMAD",        IC_SP  , 0           , "PVTA"},
    {"IMADSP",      IC_SP  , 0           , "P"},
    {"IMMA",        IC_SP  , 0           , "PVTA"},
    {"IMNMX",       IC_SP  , 0           , "PVTA"},
    {"IMUL",        IC_SP  , 0           , "PVTA"},
    {"IMUL32I",     IC_SP  , 0           , "PVTA"},
    {"ISCADD",      IC_SP  , 0           , "PVTA"},
    {"ISCADD32I",   IC_SP  , 0           , "PVTA"},
    {"ISET",        IC_SP  , 0           , "P"},
    {"ISETP",       IC_SP  , 0           , "PVTA"},
    {"JCAL",        IC_BRA , 0           , "P"},
    {"JMP",         IC_BRA , 0           , "PVTA"},
    {"JMX",         IC_BRA , 0           , "PVTA"},
    {"JMXU",        IC_BRA , 0           , "TA"},
    {"KILL",        IC_BRA , 0           , "PVTA"},
    {"LD",          IC_GLD , SASS_GENERIC, "PVTA"},
    {"LDC",         IC_SP  , 0           , "PVTA"},
    {"LDG",         IC_GLD , 0           , "PVTA"},
    {"LDGDEPBAR",   IC_SP  , 0           , "A"},
    {"LDGSTS",      IC_GLD , 0           , "A"},
    {"LDL",         IC_GLD , 0           , "PVTA"},
    {"LDS",         IC_SLD , 0           , "PVTA"},
    {"LDSM",        IC_SLD , 0           , "TA"},
    {"LEA",         IC_SP  , 0           , "PVTA"},
    {"LEPC",        IC_SP  , 0           , "PVTA"},
    {"LOP",         IC_SP  , 0           , "PVTA"},
    {"LOP3",        IC_SP  , 0           , "PVTA"},
    {"LOP32I",      IC_SP  , 0           , "PVTA"},
    {"MATCH",       IC_SP  , 0           , "PVTA"},
    {"MEMBAR",      IC_SP  , 0           , "PVTA"},
    {"MOV",         IC_SP  , 0           , "PVTA"},
    {"MOV32I",      IC_SP  , 0           , "PVTA"},
    {"MOVM",        IC_SP  , 0           , "TA"},
    {"MUFU",        IC_SFU , 0           , "PVTA"},
    {"NANOSLEEP",   IC_BRA , 0           , "PVTA"},
    {"NOP",         IC_SP  , 0           , "PVTA"},
    {"P2R",         IC_SP  , 0           , "PVTA"},
    {"PBK",         IC_BRA , 0           , "P"},
    {"PCNT",        IC_BRA , 0           , "P"},
    {"PEXIT",       IC_BRA , 0           , "P"},
    {"PLOP3",       IC_SP  , 0           , "PVTA"},
    {"PMTRIG",      IC_SP  , 0           , "PVTA"},
    {"POPC",        IC_SP  , 0           , "PVTA"},
    {"PRET",        IC_BRA , 0           , "P"},
    {"PRMT",        IC_SP  , 0           , "PVTA"},
    {"PSET",        IC_SP  , 0           , "P"},
    {"PSETP",       IC_SP  , 0           , "PVTA"},
    {"QSPC",        IC_SP  , 0           , "PVTA"},
    {"R2B",         IC_SP  , 0           , "PVTA"},
    {"R2P",         IC_SP  , 0           , "PVTA"},
    {"R2UR",        IC_SP  , 0           , "TA"},
    {"RED",         IC_ATOM, 0           , "PVTA"},
    {"REDUX",       IC_SP  , 0           , "A"},
    {"RET",         IC_BRA , 0           , "PVTA"},
    {"RPCMOV",      IC_BRA , 0           , "PVTA"},
    {"RRO",         IC_SP  , 0           , "P"},
    {"RTT",         IC_BRA , 0           , "PVTA"},
    {"S2R",         IC_SP  , 0           , "PVTA"},
    {"S2UR",        IC_SP  , 0           , "TA"},
    {"SEL",         IC_SP  , 0           , "PVTA"},
    {"SETCTAID",    IC_SP  , 0           , "PVTA"},
    {"SETLMEMBASE", IC_SP  , 0           , "PVTA"},
    {"SGXT",        IC_SP  , 0           , "PVTA"},
    {"SHF",         IC_SP  , 0           , "PVTA"},
    {"SHFL",        IC_SP  , 0           , "PVTA"},
    {"SHL",         IC_SP  , 0           , "PTA"},
    {"SHR",         IC_SP  , 0           , "PVTA"},
    {"SSY",         IC_BRA , 0           , "P"},
    {"ST",          IC_GST , SASS_GENERIC, "PVTA"},
    {"STG",         IC_GST , 0           , "PVTA"},
    {"STL",         IC_GST , 0           , "PVTA"},
    {"STS",         IC_SST , 0           , "PVTA"},
    {"SUATOM",      IC_SP  , 0           , "TA"},
    {"SULD",        IC_SP  , 0           , "TA"},
    {"SUQUERY",     IC_SP  , 0           , "A"},
    {"SURED",       IC_SP  , 0           , "TA"},
    {"SUST",        IC_SP  , 0           , "TA"},
    {"SYNC",        IC_BRA , 0           , "P"},
    {"TEX",         IC_SP  , 0           , "PVTA"},
    {"TEXS",        IC_SP  , 0           , "P"},
    {"TLD",         IC_SP  , 0           , "PVTA"},
    {"TLD4",        IC_SP  , 0           , "PVTA"},
    {"TLD4S",       IC_SP  , 0           , "P"},
    {"TLDS",        IC_SP  , 0           , "P"},
    {"TMML",        IC_SP  , 0           , "PVTA"},
    {"TXD",         IC_SP  , 0           , "PVTA"},
    {"TXQ",         IC_SP  , 0           , "PVTA"},
    {"UBMSK",       IC_SP  , 0           , "TA"},
    {"UBREV",       IC_SP  , 0           , "TA"},
    {"UCLEA",       IC_SP  , 0           , "TA"},
    {"UF2FP",       IC_SP  , 0           , "A"},
    {"UFLO",        IC_SP  , 0           , "TA"},
    {"UIADD3",      IC_SP  , 0           , "TA"},
    {"UIMAD",       IC_SP  , 0           , "TA"},
    {"UISETP",      IC_SP  , 0           , "TA"},
    {"ULDC",        IC_SP  , 0           , "TA"},
    {"ULEA",        IC_SP  , 0           , "TA"},
    {"ULOP",        IC_SP  , 0           , "TA"},
    {"ULOP3",       IC_SP  , 0           , "TA"},
    {"ULOP32I",     IC_SP  , 0           , "TA"},
    {"UMOV",        IC_SP  , 0           , "TA"},
    {"UP2UR",       IC_SP  , 0           , "TA"},
    {"UPLOP3",      IC_SP  , 0           , "TA"},
    {"UPOPC",       IC_SP  , 0           , "TA"},
    {"UPRMT",       IC_SP  , 0           , "TA"},
    {"UPSETP",      IC_SP  , 0           , "TA"},
    {"UR2UP",       IC_SP  , 0           , "TA"},
    {"USEL",        IC_SP  , 0           , "TA"},
    {"USGXT",       IC_SP  , 0           , "TA"},
    {"USHF",        IC_SP  , 0           , "TA"},
    {"USHL",        IC_SP  , 0           , "TA"},
    {"USHR",        IC_SP  , 0           , "TA"},
    {"VABSDIFF",    IC_SP  , 0           , "PVTA"},
    {"VABSDIFF4",   IC_SP  , 0           , "PVTA"},
    {"VADD",        IC_SP  , 0           , "P"},
    {"VMNMX",       IC_SP  , 0           , "P"},
    {"VOTE",        IC_SP  , 0           , "PVTA"},
    {"VOTEU",       IC_SP  , 0           , "TA"},
    {"VOTE_VTG",    IC_SP  , 0           , "PVTA"},
    {"WARPSYNC",    IC_BRA , 0           , "PVTA"},
    {"XMAD",        IC_SP  , 0           , "P"},
    {"YIELD",       IC_BRA , 0           , "PVTA"},
};

#define SASS_NTABLE (sizeof sass_table / sizeof sass_table[0])

unsigned sass_table_size(void) { return (unsigned)SASS_NTABLE; }

const sass_entry *sass_table_entry(unsigned i)
{
    return i < SASS_NTABLE ? &sass_table[i] : NULL;
}

static const char *const sass_class_names[IC_NCLASS] = {
    "SP", "SFU", "DP", "SLD", "SST", "GLD", "GST", "ATOM", "BAR", "BRA", "HINT", "EXIT"
};

const char *sass_class_name(int cls)
{
    return cls >= 0 && cls < IC_NCLASS ? sass_class_names[cls] : "?";
}

/* Copy the base opcode (up to the first '.') into buf; 0 if it does not fit. */
static int sass_base(const char *opcode, char *buf, size_t bufsize)
{
    size_t n = strcspn(opcode, ".");
    if (n == 0 || n >= bufsize)
        return 0;
    memcpy(buf, opcode, n);
    buf[n] = '\0';
    return 1;
}

/* 1 if the '.'-separated modifier list of opcode contains mod exactly. */
static int sass_has_modifier(const char *opcode, const char *mod)
{
    size_t mlen = strlen(mod);
    const char *p = strchr(opcode, '.');
    while (p) {
        p++;
        size_t n = strcspn(p, ".");
        if (n == mlen && memcmp(p, mod, n) == 0)
            return 1;
        p = strchr(p, '.');
    }
    return 0;
}

static int sass_cmp(const void *key, const void *elem)
{
    return strcmp((const char *)key, ((const sass_entry *)elem)->name);
}

/* Modifiers that change the class:
 *  - conversions with an F64 operand (F2F.F64.F32, F2I.F64, I2F.F64, FRND.F64)
 *    run on the double-precision path;
 *  - BAR.ARV (arrive) does not wait for the other warps: an ALU slot. */
static int sass_refine(const char *base, const char *opcode, int cls)
{
    int is_conv = !strcmp(base, "F2F") || !strcmp(base, "F2I") || !strcmp(base, "I2F") ||
                  !strcmp(base, "FRND");
    if (is_conv && sass_has_modifier(opcode, "F64"))
        return IC_DP;
    if (!strcmp(base, "BAR") && sass_has_modifier(opcode, "ARV"))
        return IC_SP;
    return cls;
}

int sass_class(const char *opcode, unsigned *flags)
{
    char base[SASS_NAME_MAX];
    *flags = 0;
    if (!sass_base(opcode, base, sizeof base))
        return -1;
    const sass_entry *e = bsearch(base, sass_table, SASS_NTABLE, sizeof sass_table[0], sass_cmp);
    if (!e)
        return -1;
    *flags = e->flags;
    return sass_refine(base, opcode, e->cls);
}

void sass_unknown_add(sass_unknown *u, const char *opcode)
{
    char base[SASS_NAME_MAX];
    u->total++;
    if (!sass_base(opcode, base, sizeof base)) {
        u->other++;
        return;
    }
    for (uint32_t i = 0; i < u->n; i++) {
        if (!strcmp(u->name[i], base)) {
            u->count[i]++;
            return;
        }
    }
    if (u->n == SASS_UNKNOWN_MAX) {
        u->other++;
        return;
    }
    memcpy(u->name[u->n], base, strlen(base) + 1);
    u->count[u->n] = 1;
    u->n++;
}

void sass_unknown_print(const sass_unknown *u, const char *prefix, FILE *out)
{
    for (uint32_t i = 0; i < u->n; i++)
        fprintf(out, "%sunknown SASS opcode %s executed %llu times (as SP, or GLD with addresses)\n",
                prefix, u->name[i], (unsigned long long)u->count[i]);
    if (u->other)
        fprintf(out, "%s%llu more executions of unknown SASS opcodes not listed by name\n",
                prefix, (unsigned long long)u->other);
}
