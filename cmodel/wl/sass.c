/* sass.c -- SASS opcode table (see sass.h and docs/traces.md).
 *
 * Sources of the opcode lists: the SASS instruction set reference of NVIDIA's
 * CUDA binary utilities (Pascal sm_6x, Volta sm_70, Turing sm_75, Ampere
 * sm_8x, Hopper sm_90, Blackwell sm_100/sm_120) as used by the Accel-Sim
 * tracer; the class of each opcode is this
 * project's choice for its timing classes (kern.h), documented in
 * docs/traces.md.  Entries are sorted by name (strcmp order) for bsearch;
 * a unit test checks the order.
 */
#include <stdlib.h>
#include <string.h>
#include "kern.h"
#include "infile.h"
#include "sass.h"

static const sass_entry sass_table[] = {
    {"ACQBULK",     IC_SP  , 0           , "HB"},
    {"ATOM",        IC_ATOM, SASS_GENERIC, "PVTAHB"},
    {"ATOMG",       IC_ATOM, 0           , "PVTAHB"},
    {"ATOMS",       IC_SLD , 0           , "PVTAHB"},
    {"B2R",         IC_SP  , 0           , "PVTAHB"},
    {"BAR",         IC_BAR , 0           , "PVTAHB"},
    {"BFE",         IC_SP  , 0           , "P"},
    {"BFI",         IC_SP  , 0           , "P"},
    {"BGMMA",       IC_SP  , 0           , "H"},
    {"BMMA",        IC_SP  , 0           , "TAHB"},
    {"BMOV",        IC_BRA , 0           , "PVTAHB"},
    {"BMSK",        IC_SP  , 0           , "PVTAHB"},
    {"BPT",         IC_BRA , 0           , "PVTAHB"},
    {"BRA",         IC_BRA , 0           , "PVTAHB"},
    {"BREAK",       IC_BRA , 0           , "PVTAHB"},
    {"BREV",        IC_SP  , 0           , "PVTAHB"},
    {"BRK",         IC_BRA , 0           , "P"},
    {"BRX",         IC_BRA , 0           , "PVTAHB"},
    {"BRXU",        IC_BRA , 0           , "TAHB"},
    {"BSSY",        IC_BRA , 0           , "PVTAHB"},
    {"BSYNC",       IC_BRA , 0           , "PVTAHB"},
    {"CAL",         IC_BRA , 0           , "P"},
    {"CALL",        IC_BRA , 0           , "PVTAHB"},
    {"CCTL",        IC_SP  , 0           , "PVTAHB"},
    {"CCTLL",       IC_SP  , 0           , "PVTAHB"},
    {"CCTLT",       IC_SP  , 0           , "PVTAHB"},
    {"CGAERRBAR",   IC_SP  , 0           , "HB"},
    {"CONT",        IC_BRA , 0           , "P"},
    {"CREDUX",      IC_SP  , 0           , "B"},
    {"CS2R",        IC_SP  , 0           , "PVTAHB"},
    {"CSET",        IC_SP  , 0           , "P"},
    {"CSETP",       IC_SP  , 0           , "P"},
    {"CSMTEST",     IC_SP  , 0           , "PVTAHB"},
    {"CTASIM_HINT", IC_HINT, 0           , "-"},
    {"DADD",        IC_DP  , 0           , "PVTAHB"},
    {"DEPBAR",      IC_SP  , 0           , "PVTAHB"},
    {"DFMA",        IC_DP  , 0           , "PVTAHB"},
    {"DMMA",        IC_DP  , 0           , "AHB"},
    {"DMNMX",       IC_DP  , 0           , "P"},
    {"DMUL",        IC_DP  , 0           , "PVTAHB"},
    {"DSET",        IC_DP  , 0           , "P"},
    {"DSETP",       IC_DP  , 0           , "PVTAHB"},
    {"ELECT",       IC_SP  , 0           , "HB"},
    {"ENDCOLLECTIVE", IC_BRA , 0           , "HB"},
    {"ERRBAR",      IC_SP  , 0           , "PVTAHB"},
    {"EXIT",        IC_EXIT, 0           , "PVTAHB"},
    {"F2F",         IC_SP  , 0           , "PVTAHB"},
    {"F2FP",        IC_SP  , 0           , "AHB"},
    {"F2I",         IC_SP  , 0           , "PVTAHB"},
    {"F2IP",        IC_SP  , 0           , "AHB"},
    {"FADD",        IC_SP  , 0           , "PVTAHB"},
    {"FADD2",       IC_SP  , 0           , "B"},
    {"FADD32I",     IC_SP  , 0           , "PVTAHB"},
    {"FCHK",        IC_SP  , 0           , "PVTAHB"},
    {"FCMP",        IC_SP  , 0           , "P"},
    {"FENCE",       IC_SP  , 0           , "HB"},
    {"FFMA",        IC_SP  , 0           , "PVTAHB"},
    {"FFMA2",       IC_SP  , 0           , "B"},
    {"FFMA32I",     IC_SP  , 0           , "PVTAHB"},
    {"FLO",         IC_SP  , 0           , "PVTAHB"},
    {"FMNMX",       IC_SP  , 0           , "PVTAHB"},
    {"FMNMX3",      IC_SP  , 0           , "B"},
    {"FMUL",        IC_SP  , 0           , "PVTAHB"},
    {"FMUL2",       IC_SP  , 0           , "B"},
    {"FMUL32I",     IC_SP  , 0           , "PVTAHB"},
    {"FRND",        IC_SP  , 0           , "PVTAHB"},
    {"FSEL",        IC_SP  , 0           , "PVTAHB"},
    {"FSET",        IC_SP  , 0           , "PVTAHB"},
    {"FSETP",       IC_SP  , 0           , "PVTAHB"},
    {"FSWZADD",     IC_SP  , 0           , "PVTAHB"},
    {"GETLMEMBASE", IC_SP  , 0           , "PVTAHB"},
    {"HADD2",       IC_SP  , 0           , "PVTAHB"},
    {"HADD2_32I",   IC_SP  , 0           , "VTAHB"},
    {"HFMA2",       IC_SP  , 0           , "PVTAHB"},
    {"HFMA2_32I",   IC_SP  , 0           , "VTAHB"},
    {"HGMMA",       IC_SP  , 0           , "H"},
    {"HMMA",        IC_SP  , 0           , "VTAHB"},
    {"HMNMX2",      IC_SP  , 0           , "AHB"},
    {"HMUL2",       IC_SP  , 0           , "PVTAHB"},
    {"HMUL2_32I",   IC_SP  , 0           , "VTAHB"},
    {"HSET2",       IC_SP  , 0           , "PVTAHB"},
    {"HSETP2",      IC_SP  , 0           , "PVTAHB"},
    {"I2F",         IC_SP  , 0           , "PVTAHB"},
    {"I2FP",        IC_SP  , 0           , "AHB"},
    {"I2I",         IC_SP  , 0           , "PVTAHB"},
    {"I2IP",        IC_SP  , 0           , "PVTAHB"},
    {"IABS",        IC_SP  , 0           , "PVTAHB"},
    {"IADD",        IC_SP  , 0           , "PVTAHB"},
    {"IADD3",       IC_SP  , 0           , "PVTAHB"},
    {"IADD32I",     IC_SP  , 0           , "PVTAHB"},
    {"ICMP",        IC_SP  , 0           , "P"},
    {"IDP",         IC_SP  , 0           , "PVTAHB"},
    {"IDP4A",       IC_SP  , 0           , "PVTAHB"},
    {"IGMMA",       IC_SP  , 0           , "H"},
    {"IMAD",        IC_SP  , 0           , "PVTAHB"},
    {"IMADSP",      IC_SP  , 0           , "P"},
    {"IMMA",        IC_SP  , 0           , "PVTAHB"},
    {"IMNMX",       IC_SP  , 0           , "PVTAHB"},
    {"IMUL",        IC_SP  , 0           , "PVTAHB"},
    {"IMUL32I",     IC_SP  , 0           , "PVTAHB"},
    {"ISCADD",      IC_SP  , 0           , "PVTAHB"},
    {"ISCADD32I",   IC_SP  , 0           , "PVTAHB"},
    {"ISET",        IC_SP  , 0           , "P"},
    {"ISETP",       IC_SP  , 0           , "PVTAHB"},
    {"JCAL",        IC_BRA , 0           , "P"},
    {"JMP",         IC_BRA , 0           , "PVTAHB"},
    {"JMX",         IC_BRA , 0           , "PVTAHB"},
    {"JMXU",        IC_BRA , 0           , "TAHB"},
    {"KILL",        IC_BRA , 0           , "PVTAHB"},
    {"LD",          IC_GLD , SASS_GENERIC, "PVTAHB"},
    {"LDC",         IC_SP  , 0           , "PVTAHB"},
    {"LDG",         IC_GLD , 0           , "PVTAHB"},
    {"LDGDEPBAR",   IC_SP  , 0           , "AHB"},
    {"LDGMC",       IC_ATOM, 0           , "HB"},
    {"LDGSTS",      IC_GLD , 0           , "AHB"},
    {"LDL",         IC_GLD , SASS_LOCAL  , "PVTAHB"},
    {"LDS",         IC_SLD , 0           , "PVTAHB"},
    {"LDSM",        IC_SLD , 0           , "TAHB"},
    {"LDTM",        IC_SP  , 0           , "B"},
    {"LEA",         IC_SP  , 0           , "PVTAHB"},
    {"LEPC",        IC_SP  , 0           , "PVTAHB"},
    {"LOP",         IC_SP  , 0           , "PVTAHB"},
    {"LOP3",        IC_SP  , 0           , "PVTAHB"},
    {"LOP32I",      IC_SP  , 0           , "PVTAHB"},
    {"MATCH",       IC_SP  , 0           , "PVTAHB"},
    {"MEMBAR",      IC_SP  , 0           , "PVTAHB"},
    {"MOV",         IC_SP  , 0           , "PVTAHB"},
    {"MOV32I",      IC_SP  , 0           , "PVTAHB"},
    {"MOVM",        IC_SP  , 0           , "TAHB"},
    {"MUFU",        IC_SFU , 0           , "PVTAHB"},
    {"NANOSLEEP",   IC_BRA , 0           , "PVTAHB"},
    {"NOP",         IC_SP  , 0           , "PVTAHB"},
    {"P2R",         IC_SP  , 0           , "PVTAHB"},
    {"PBK",         IC_BRA , 0           , "P"},
    {"PCNT",        IC_BRA , 0           , "P"},
    {"PEXIT",       IC_BRA , 0           , "P"},
    {"PLOP3",       IC_SP  , 0           , "PVTAHB"},
    {"PMTRIG",      IC_SP  , 0           , "PVTAHB"},
    {"POPC",        IC_SP  , 0           , "PVTAHB"},
    {"PRET",        IC_BRA , 0           , "P"},
    {"PRMT",        IC_SP  , 0           , "PVTAHB"},
    {"PSET",        IC_SP  , 0           , "P"},
    {"PSETP",       IC_SP  , 0           , "PVTAHB"},
    {"QGMMA",       IC_SP  , 0           , "H"},
    {"QSPC",        IC_SP  , 0           , "PVTAHB"},
    {"R2B",         IC_SP  , 0           , "PVTAHB"},
    {"R2P",         IC_SP  , 0           , "PVTAHB"},
    {"R2UR",        IC_SP  , 0           , "TAHB"},
    {"RED",         IC_ATOM, 0           , "PVTAHB"},
    {"REDAS",       IC_SLD , 0           , "HB"},
    {"REDG",        IC_ATOM, 0           , "HB"},
    {"REDUX",       IC_SP  , 0           , "AHB"},
    {"RET",         IC_BRA , 0           , "PVTAHB"},
    {"RPCMOV",      IC_BRA , 0           , "PVTAHB"},
    {"RRO",         IC_SP  , 0           , "P"},
    {"RTT",         IC_BRA , 0           , "PVTAHB"},
    {"S2R",         IC_SP  , 0           , "PVTAHB"},
    {"S2UR",        IC_SP  , 0           , "TAHB"},
    {"SEL",         IC_SP  , 0           , "PVTAHB"},
    {"SETCTAID",    IC_SP  , 0           , "PVTAHB"},
    {"SETLMEMBASE", IC_SP  , 0           , "PVTAHB"},
    {"SGXT",        IC_SP  , 0           , "PVTAHB"},
    {"SHF",         IC_SP  , 0           , "PVTAHB"},
    {"SHFL",        IC_SP  , 0           , "PVTAHB"},
    {"SHL",         IC_SP  , 0           , "PTAHB"},
    {"SHR",         IC_SP  , 0           , "PVTAHB"},
    {"SSY",         IC_BRA , 0           , "P"},
    {"ST",          IC_GST , SASS_GENERIC, "PVTAHB"},
    {"STAS",        IC_SST , 0           , "HB"},
    {"STG",         IC_GST , 0           , "PVTAHB"},
    {"STL",         IC_GST , SASS_LOCAL  , "PVTAHB"},
    {"STS",         IC_SST , 0           , "PVTAHB"},
    {"STSM",        IC_SST , 0           , "HB"},
    {"STTM",        IC_SP  , 0           , "B"},
    {"SUATOM",      IC_SP  , 0           , "TAHB"},
    {"SULD",        IC_SP  , 0           , "TAHB"},
    {"SUQUERY",     IC_SP  , 0           , "AHB"},
    {"SURED",       IC_SP  , 0           , "TAHB"},
    {"SUST",        IC_SP  , 0           , "TAHB"},
    {"SYNC",        IC_BRA , 0           , "P"},
    {"SYNCS",       IC_SP  , 0           , "HB"},
    {"TEX",         IC_SP  , 0           , "PVTAHB"},
    {"TEXS",        IC_SP  , 0           , "P"},
    {"TLD",         IC_SP  , 0           , "PVTAHB"},
    {"TLD4",        IC_SP  , 0           , "PVTAHB"},
    {"TLD4S",       IC_SP  , 0           , "P"},
    {"TLDS",        IC_SP  , 0           , "P"},
    {"TMML",        IC_SP  , 0           , "PVTAHB"},
    {"TXD",         IC_SP  , 0           , "PVTAHB"},
    {"TXQ",         IC_SP  , 0           , "PVTAHB"},
    {"UBLKCP",      IC_SP  , 0           , "HB"},
    {"UBLKPF",      IC_SP  , 0           , "HB"},
    {"UBLKRED",     IC_SP  , 0           , "HB"},
    {"UBMSK",       IC_SP  , 0           , "TAHB"},
    {"UBREV",       IC_SP  , 0           , "TAHB"},
    {"UCGABAR_ARV", IC_SP  , 0           , "HB"},
    {"UCGABAR_WAIT", IC_BAR , 0           , "HB"},
    {"UCLEA",       IC_SP  , 0           , "TAHB"},
    {"UF2FP",       IC_SP  , 0           , "AHB"},
    {"UFLO",        IC_SP  , 0           , "TAHB"},
    {"UGETNEXTWORKID", IC_SP  , 0           , "B"},
    {"UIADD3",      IC_SP  , 0           , "TAHB"},
    {"UIMAD",       IC_SP  , 0           , "TAHB"},
    {"UIMNMX",      IC_SP  , 0           , "HB"},
    {"UISETP",      IC_SP  , 0           , "TAHB"},
    {"ULDC",        IC_SP  , 0           , "TAHB"},
    {"ULEA",        IC_SP  , 0           , "TAHB"},
    {"ULOP",        IC_SP  , 0           , "TAHB"},
    {"ULOP3",       IC_SP  , 0           , "TAHB"},
    {"ULOP32I",     IC_SP  , 0           , "TAHB"},
    {"UMEMSETS",    IC_SP  , 0           , "B"},
    {"UMOV",        IC_SP  , 0           , "TAHB"},
    {"UP2UR",       IC_SP  , 0           , "TAHB"},
    {"UPLOP3",      IC_SP  , 0           , "TAHB"},
    {"UPOPC",       IC_SP  , 0           , "TAHB"},
    {"UPRMT",       IC_SP  , 0           , "TAHB"},
    {"UPSETP",      IC_SP  , 0           , "TAHB"},
    {"UR2UP",       IC_SP  , 0           , "TAHB"},
    {"USEL",        IC_SP  , 0           , "TAHB"},
    {"USETMAXREG",  IC_SP  , 0           , "HB"},
    {"USGXT",       IC_SP  , 0           , "TAHB"},
    {"USHF",        IC_SP  , 0           , "TAHB"},
    {"USHL",        IC_SP  , 0           , "TAHB"},
    {"USHR",        IC_SP  , 0           , "TAHB"},
    {"UTCBAR",      IC_SP  , 0           , "B"},
    {"UTCCP",       IC_SP  , 0           , "B"},
    {"UTCHMMA",     IC_SP  , 0           , "B"},
    {"UTCIMMA",     IC_SP  , 0           , "B"},
    {"UTCQMMA",     IC_SP  , 0           , "B"},
    {"UTCSHIFT",    IC_SP  , 0           , "B"},
    {"UTMACCTL",    IC_SP  , 0           , "HB"},
    {"UTMACMDFLUSH", IC_SP  , 0           , "HB"},
    {"UTMALDG",     IC_SP  , 0           , "HB"},
    {"UTMAPF",      IC_SP  , 0           , "HB"},
    {"UTMAREDG",    IC_SP  , 0           , "HB"},
    {"UTMASTG",     IC_SP  , 0           , "HB"},
    {"UVIADD",      IC_SP  , 0           , "B"},
    {"VABSDIFF",    IC_SP  , 0           , "PVTAHB"},
    {"VABSDIFF4",   IC_SP  , 0           , "PVTAHB"},
    {"VADD",        IC_SP  , 0           , "P"},
    {"VHMNMX",      IC_SP  , 0           , "HB"},
    {"VIADD",       IC_SP  , 0           , "HB"},
    {"VIADDMNMX",   IC_SP  , 0           , "HB"},
    {"VIMNMX",      IC_SP  , 0           , "HB"},
    {"VIMNMX3",     IC_SP  , 0           , "HB"},
    {"VMNMX",       IC_SP  , 0           , "P"},
    {"VOTE",        IC_SP  , 0           , "PVTAHB"},
    {"VOTEU",       IC_SP  , 0           , "TAHB"},
    {"VOTE_VTG",    IC_SP  , 0           , "PVTAHB"},
    {"WARPGROUP",   IC_SP  , 0           , "HB"},
    {"WARPGROUPSET", IC_SP  , 0           , "HB"},
    {"WARPSYNC",    IC_BRA , 0           , "PVTAHB"},
    {"XMAD",        IC_SP  , 0           , "P"},
    {"YIELD",       IC_BRA , 0           , "PVTAHB"},
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
 *  - BAR.ARV (arrive) does not wait for the other warps: an ALU slot;
 *  - NOP.CTASIM_HINT is ctasim's region-p hint (a NOP to other readers). */
static int sass_refine(const char *base, const char *opcode, int cls)
{
    int is_conv = !strcmp(base, "F2F") || !strcmp(base, "F2I") || !strcmp(base, "I2F") ||
                  !strcmp(base, "FRND");
    if (is_conv && sass_has_modifier(opcode, "F64"))
        return IC_DP;
    if (!strcmp(base, "BAR") && sass_has_modifier(opcode, "ARV"))
        return IC_SP;
    if (!strcmp(base, "NOP") && sass_has_modifier(opcode, "CTASIM_HINT"))
        return IC_HINT;   /* ctasim's region-p hint as trace_write writes it */
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

int sass_index(const char *opcode)
{
    char base[SASS_NAME_MAX];
    if (!sass_base(opcode, base, sizeof base))
        return -1;
    const sass_entry *e = bsearch(base, sass_table, SASS_NTABLE, sizeof sass_table[0], sass_cmp);
    return e ? (int)(e - sass_table) : -1;
}

/* Family letter of a "-binary version" (sm_XY -> XY); 0 if not known. */
char sass_family(int binary_version)
{
    static const struct { int lo, hi; char fam; } fams[] = {
        { 60, 62, 'P' }, { 70, 72, 'V' }, { 75, 75, 'T' }, { 80, 89, 'A' },
        { 90, 90, 'H' }, { 100, 121, 'B' },
    };
    for (unsigned i = 0; i < sizeof fams / sizeof fams[0]; i++)
        if (binary_version >= fams[i].lo && binary_version <= fams[i].hi)
            return fams[i].fam;
    return 0;
}

void sass_unknown_add(sass_unknown *u, const char *opcode, int with_addrs)
{
    char raw[SASS_NAME_MAX], base[SASS_NAME_MAX];
    u->total++;
    u->total_addrs += with_addrs ? 1u : 0u;
    if (!sass_base(opcode, raw, sizeof raw)) {
        u->other++;
        return;
    }
    text_safe(raw, base, sizeof base);     /* printed later: control bytes as \xNN */
    uint32_t i = 0;
    while (i < u->n && strcmp(u->name[i], base))
        i++;
    if (i == SASS_UNKNOWN_MAX) {
        u->other++;
        return;
    }
    if (i == u->n) {
        memcpy(u->name[u->n], base, strlen(base) + 1);
        u->n++;
    }
    u->count[i]++;
    u->addrs[i] += with_addrs ? 1u : 0u;
}

void sass_unknown_print(const sass_unknown *u, const char *prefix, FILE *out)
{
    for (uint32_t i = 0; i < u->n; i++)
        fprintf(out, "%sunknown SASS opcode %s executed %llu times, timed as SP; %llu of them "
                     "carried addresses, dropped (no memory traffic)\n",
                prefix, u->name[i], (unsigned long long)u->count[i], (unsigned long long)u->addrs[i]);
    if (u->other)
        fprintf(out, "%s%llu more executions of unknown SASS opcodes not listed by name\n",
                prefix, (unsigned long long)u->other);
}
