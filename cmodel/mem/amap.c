/* amap.c -- address mapping (see amap.h). */
#include <stdio.h>
#include <string.h>
#include "amap.h"

/* ------------------------------------------------------------ ctasim's map */

int amap_init(amap *a, uint32_t n_parts, uint32_t line_bytes, uint32_t row_bytes,
              uint32_t banks)
{
    *a = (amap){0};
    if (n_parts == 0 || line_bytes == 0 || banks == 0 || row_bytes < line_bytes)
        return -1;
    a->kind = AMAP_CTASIM;
    a->nsub = 1;
    a->n_parts = n_parts;
    a->banks = banks;
    a->lines_per_row = row_bytes / line_bytes;
    a->part_shift = (n_parts & (n_parts - 1u)) == 0 ? (uint32_t)__builtin_ctz(n_parts) : 0xffu;
    a->line_shift = (uint32_t)__builtin_ctz(line_bytes);
    return 0;
}

/* Rotation of group g: high bits of a Fibonacci (multiplicative) hash. */
static uint32_t amap_rot(const amap *a, uint64_t g)
{
    return (uint32_t)(((g * 0x9E3779B97F4A7C15ull) >> 40) % a->n_parts);
}

static uint32_t amap_hash_part(const amap *a, uint64_t line)
{
    if (a->part_shift != 0xffu) {
        uint64_t g = line >> a->part_shift;
        uint32_t rot = (uint32_t)((g * 0x9E3779B97F4A7C15ull) >> 40);
        return (uint32_t)((line + rot) & (a->n_parts - 1u));
    }
    uint64_t g = line / a->n_parts;
    uint32_t off = (uint32_t)(line % a->n_parts);
    return (uint32_t)((off + amap_rot(a, g)) % a->n_parts);
}

/* ------------------------------------------------------------ GPGPU-Sim's map */

/* The runs of mask; -1 if it has more than the table holds. */
static int amap_runs_of(amap_runs *r, uint64_t mask)
{
    uint32_t pos = 0;
    r->n = 0;
    while (mask) {
        if (r->n == sizeof r->lo)
            return -1;
        uint32_t lo = (uint32_t)__builtin_ctzll(mask);
        uint64_t m = mask >> lo;
        uint32_t len = (~m == 0) ? 64u - lo : (uint32_t)__builtin_ctzll(~m);
        uint64_t ones = len == 64 ? ~0ull : (1ull << len) - 1u;
        r->lo[r->n] = (uint8_t)lo;
        r->pos[r->n] = (uint8_t)pos;
        r->ones[r->n++] = ones;
        mask &= ~(ones << lo);
        pos += len;
    }
    return 0;
}

/* addrdec.cc addrdec_packbits: the bits of val under the mask whose runs are
 * r, packed from bit 0. */
static uint64_t amap_pack(const amap_runs *r, uint64_t val)
{
    uint64_t v = 0;
    for (uint32_t k = 0; k < r->n; k++)
        v |= ((val >> r->lo[k]) & r->ones[k]) << r->pos[k];
    return v;
}

/* hashing.cc ipoly_hash_function: output bit i = parity(high & tap[i]) ^
 * index bit i.  Taps are IPOLY(5), IPOLY(37) and IPOLY(67) for 16, 32 and 64
 * sets (Rau, ISCA 1991; equations as GPGPU-Sim lists them). */
#define B(n) (1ull << (n))
static const uint64_t amap_ipoly16[4] = {
    B(11) | B(10) | B(9) | B(8) | B(6) | B(4) | B(3) | B(0),
    B(12) | B(8) | B(7) | B(6) | B(5) | B(3) | B(1) | B(0),
    B(9) | B(8) | B(7) | B(6) | B(4) | B(2) | B(1),
    B(10) | B(9) | B(8) | B(7) | B(5) | B(3) | B(2),
};
static const uint64_t amap_ipoly32[5] = {
    B(13) | B(12) | B(11) | B(10) | B(9) | B(6) | B(5) | B(3) | B(0),
    B(14) | B(13) | B(12) | B(11) | B(10) | B(7) | B(6) | B(4) | B(1),
    B(14) | B(10) | B(9) | B(8) | B(7) | B(6) | B(3) | B(2) | B(0),
    B(11) | B(10) | B(9) | B(8) | B(7) | B(4) | B(3) | B(1),
    B(12) | B(11) | B(10) | B(9) | B(8) | B(5) | B(4) | B(2),
};
static const uint64_t amap_ipoly64[6] = {
    B(18) | B(17) | B(16) | B(15) | B(12) | B(10) | B(6) | B(5) | B(0),
    B(15) | B(13) | B(12) | B(11) | B(10) | B(7) | B(5) | B(1) | B(0),
    B(16) | B(14) | B(13) | B(12) | B(11) | B(8) | B(6) | B(2) | B(1),
    B(17) | B(15) | B(14) | B(13) | B(12) | B(9) | B(7) | B(3) | B(2),
    B(18) | B(16) | B(15) | B(14) | B(13) | B(10) | B(8) | B(4) | B(3),
    B(17) | B(16) | B(15) | B(14) | B(11) | B(9) | B(5) | B(4),
};
#undef B

static uint32_t amap_ipoly(uint64_t high, uint32_t index, uint32_t n)
{
    const uint64_t *tap = n == 16 ? amap_ipoly16 : n == 32 ? amap_ipoly32 : amap_ipoly64;
    uint32_t bits = (uint32_t)__builtin_ctz(n), r = 0;
    for (uint32_t i = 0; i < bits; i++)
        r |= (((uint32_t)__builtin_parityll(high & tap[i])) ^ ((index >> i) & 1u)) << i;
    return r;
}

/* GPGPU-Sim's -gpgpu_memory_partition_indexing 4 draws rand() once per
 * 2^(S - log2 sub) B chunk at its first touch (srand(1)); a fixed hash of the
 * chunk address (splitmix64's finalizer) gives the same uniform, independent
 * choice per chunk without a table, and the same one in every run. */
static uint64_t amap_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

typedef struct amap_dec {
    uint64_t rest;      /* byte address with the channel digit removed */
    uint64_t high;      /* addrdec.cc rest_of_addr_high_bits */
    uint32_t digit;     /* channel before hashing */
    uint32_t bk;        /* bank bits before bank hashing */
} amap_dec;

static uint64_t amap_low(uint32_t s) { return (1ull << s) - 1u; }

/* addrdec.cc addrdec_tlx, the part that does not hash. */
static void amap_decode(const amap *a, uint64_t line, amap_dec *o)
{
    uint64_t addr = line << a->line_shift, up = addr >> a->chip_s;
    if (!a->gap) {
        o->digit = (uint32_t)(up & (a->n_parts - 1u));
        o->rest = (addr & amap_low(a->chip_s)) | ((up >> a->log2ch) << a->chip_s);
        o->high = addr >> (a->chip_s + a->log2ch + a->log2sub);
    } else {
        o->digit = (uint32_t)(up % a->n_parts);
        o->high = up / a->n_parts;
        o->rest = (addr & amap_low(a->chip_s)) | (o->high << a->chip_s);
    }
    o->bk = (uint32_t)amap_pack(&a->bk_runs, o->rest);
}

/* addrdec.cc addrdec_tlx: the global sub-partition (channel x nsub + sub) of
 * a line.  Unhashed and XOR-hashed channels take the sub-partition from the
 * bank's low bits; IPOLY hashes channel and those bits together; random draws
 * the sub-partition. */
static uint32_t amap_gsim_slice(const amap *a, uint64_t line)
{
    amap_dec d;
    amap_decode(a, line, &d);
    uint32_t nsub_all = a->n_parts * a->nsub, sub, low = d.bk & (a->nsub - 1u);
    switch (a->pidx) {
    case AMAP_PIDX_XOR:
        return (d.digit ^ (uint32_t)(d.high & (a->n_parts - 1u))) * a->nsub + low;
    case AMAP_PIDX_IPOLY:
        sub = amap_ipoly(d.high, d.digit * a->nsub + low, a->ipoly_n);
        return a->gap ? sub % nsub_all : sub;
    case AMAP_PIDX_RANDOM:
        return (uint32_t)((amap_mix((line << a->line_shift) >> (a->chip_s - a->log2sub)) >> 32) %
                          nsub_all);
    default:
        return d.digit * a->nsub + low;
    }
}

static uint64_t amap_gsim_local(const amap *a, uint64_t line)
{
    amap_dec d;
    amap_decode(a, line, &d);
    return (d.rest >> a->line_shift) | ((uint64_t)d.digit << AMAP_DIGIT_SHIFT);
}

static uint64_t amap_gsim_line(const amap *a, uint64_t local)
{
    uint64_t digit = local >> AMAP_DIGIT_SHIFT;
    uint64_t rest = (local & amap_low(AMAP_DIGIT_SHIFT)) << a->line_shift;
    uint64_t up = rest >> a->chip_s, addr;
    if (!a->gap)
        addr = (((up << a->log2ch) | digit) << a->chip_s) | (rest & amap_low(a->chip_s));
    else
        addr = ((up * a->n_parts + digit) << a->chip_s) | (rest & amap_low(a->chip_s));
    return addr >> a->line_shift;
}

/* dram.cc dram_req_t: the bank, hashed with the row as -dram_bnk_indexing_policy says. */
static void amap_gsim_bank_row(const amap *a, uint64_t local, uint32_t *bank, uint32_t *row)
{
    uint64_t rest = (local & amap_low(AMAP_DIGIT_SHIFT)) << a->line_shift;
    uint32_t bk = (uint32_t)amap_pack(&a->bk_runs, rest);
    uint32_t r = (uint32_t)amap_pack(&a->row_runs, rest);
    if (a->bidx == AMAP_BIDX_XOR)
        bk ^= r & (a->banks - 1u);
    else if (a->bidx == AMAP_BIDX_IPOLY)
        bk = amap_ipoly(r, bk, a->banks);
    *bank = bk;
    *row = r;
}

/* ------------------------------------------------------------ set-up */

#define WHY(...) do { snprintf(why, whylen, __VA_ARGS__); return -1; } while (0)

static int amap_is_pow2(uint32_t v) { return v && (v & (v - 1u)) == 0; }

static uint32_t amap_log2(uint32_t v) { return 31u - (uint32_t)__builtin_clz(v); }

/* addrdec.cc addrdec_parseoption: "dramid@S;" then 64 mask characters from
 * bit 63 down ('.', '|' and ' ' ignored). */
static int amap_parse(amap *a, const char *s, uint64_t *col, char *why, size_t whylen)
{
    if (strncmp(s, "dramid@", 7) != 0)
        WHY("amap.mapping must be ctasim or GPGPU-Sim's dramid@S;MASK (amap.mapping)");
    const char *p = s + 7;
    uint32_t start = 0;
    for (; *p >= '0' && *p <= '9' && start < 100; p++) start = start * 10u + (uint32_t)(*p - '0');
    if (p == s + 7 || *p != ';' || start > 48)
        WHY("amap.mapping: dramid@S needs a bit position 0..48 and ';' (amap.mapping)");
    a->chip_s = start;
    int ofs = 63;
    uint64_t bk = 0, row = 0, c = 0;
    for (p++; *p; p++) {
        uint64_t bit = ofs >= 0 ? 1ull << ofs : 0;
        switch (*p) {
        case 'B': case 'b': bk |= bit; break;
        case 'R': case 'r': row |= bit; break;
        case 'C': case 'c': case 'S': case 's': c |= bit; break;
        case '0': break;
        case '.': case '|': case ' ': continue;
        case 'D': case 'd':
            WHY("amap.mapping: channel bits (D) in the mask; give dramid@S instead (amap.mapping)");
        default:
            WHY("amap.mapping: invalid mask character '%c' (amap.mapping)", *p);
        }
        ofs--;
    }
    if (ofs != -1)
        WHY("amap.mapping: the mask has %d bit positions, not 64 (amap.mapping)", 63 - ofs);
    a->bk_mask = bk;
    a->row_mask = row;
    *col = c;
    return 0;
}

/* Checks of a parsed GPGPU-Sim map against the rest of the configuration. */
static int amap_check_gsim(const amap *a, uint64_t col, uint32_t line_bytes, uint32_t row_bytes,
                           char *why, size_t whylen)
{
    uint32_t nb = (uint32_t)__builtin_popcountll(a->bk_mask);
    uint32_t nc = (uint32_t)__builtin_popcountll(col);
    if (nb > 31 || (1u << nb) != a->banks)
        WHY("amap.mapping has %u bank bits but dram.banks = %u (amap.mapping, dram.banks)", nb, a->banks);
    if (nc > 31 || (1u << nc) != row_bytes)
        WHY("amap.mapping has %u column bits (rows of 2^%u B) but dram.row_bytes = %u "
            "(amap.mapping, dram.row_bytes)", nc, nc, row_bytes);
    if (__builtin_popcountll(a->row_mask) > 32)
        WHY("amap.mapping has more than 32 row bits (amap.mapping)");
    uint64_t inline_bits = (uint64_t)line_bytes - 1u;
    if (((a->bk_mask | a->row_mask) & inline_bits) || a->chip_s < a->line_shift)
        WHY("amap.mapping: channel, bank and row bits must lie above the line offset "
            "(bit %u) (amap.mapping, l1.line_bytes)", a->line_shift);
    if (!amap_is_pow2(a->nsub) || a->banks % a->nsub)
        WHY("amap.sub_parts = %u must be a power of two dividing dram.banks "
            "(amap.sub_parts, dram.banks)", a->nsub);
    if (a->pidx == AMAP_PIDX_XOR && a->gap)
        WHY("amap.part_index = xor needs a power-of-two l2.parts (amap.part_index, l2.parts)");
    if (a->pidx == AMAP_PIDX_IPOLY && a->ipoly_n != 16 && a->ipoly_n != 32 && a->ipoly_n != 64)
        WHY("amap.part_index = ipoly needs 16, 32 or 64 sub-partitions (l2.parts rounded up to a "
            "power of two x amap.sub_parts = %u) (amap.part_index, l2.parts, amap.sub_parts)",
            a->ipoly_n);
    if (a->pidx == AMAP_PIDX_RANDOM && a->chip_s < a->log2sub)
        WHY("amap.part_index = random needs dramid@S >= log2(amap.sub_parts) "
            "(amap.part_index, amap.mapping)");
    if (a->bidx == AMAP_BIDX_IPOLY && a->banks != 16 && a->banks != 32 && a->banks != 64)
        WHY("amap.bank_index = ipoly needs 16, 32 or 64 banks (amap.bank_index, dram.banks)");
    return 0;
}

static int amap_is_ctasim(const amap_params *p)
{
    return !p || p->mapping[0] == '\0' || strcmp(p->mapping, "ctasim") == 0;
}

int amap_init_params(amap *a, const amap_params *p, uint32_t n_parts, uint32_t line_bytes,
                     uint32_t row_bytes, uint32_t banks, char *why, size_t whylen)
{
    if (amap_init(a, n_parts, line_bytes, row_bytes, banks) < 0 || !amap_is_pow2(line_bytes))
        WHY("address map needs partitions, banks, a power-of-two line and rows >= a line "
            "(l2.parts, dram.banks, l1.line_bytes, dram.row_bytes)");
    a->nsub = p && p->sub_parts ? p->sub_parts : 1u;
    a->log2sub = amap_is_pow2(a->nsub) ? amap_log2(a->nsub) : 0;
    if ((uint64_t)n_parts * a->nsub > AMAP_MAX_SLICES)
        WHY("l2.parts x amap.sub_parts = %llu L2 slices, more than the crossbar's %u ports "
            "(l2.parts, amap.sub_parts)", (unsigned long long)n_parts * a->nsub, AMAP_MAX_SLICES);
    if (amap_is_ctasim(p)) {
        if (p && (p->part_index || p->bank_index))
            WHY("amap.part_index and amap.bank_index hash a GPGPU-Sim map: "
                "set amap.mapping to one (amap.part_index, amap.bank_index, amap.mapping)");
        if (!amap_is_pow2(a->nsub))
            WHY("amap.sub_parts = %u must be a power of two (amap.sub_parts)", a->nsub);
        a->sub_mask = a->nsub - 1u;   /* ctasim's map: the local index's low bits */
        return 0;
    }
    a->kind = AMAP_GSIM;
    a->gap = !amap_is_pow2(n_parts);
    a->log2ch = amap_log2(n_parts);
    a->pidx = p->part_index;
    a->bidx = p->bank_index;
    uint32_t np2 = a->gap ? 2u << a->log2ch : n_parts;
    a->ipoly_n = np2 * a->nsub;
    uint64_t col;
    if (amap_parse(a, p->mapping, &col, why, whylen) < 0) return -1;
    if (amap_check_gsim(a, col, line_bytes, row_bytes, why, whylen) < 0) return -1;
    /* at most 6 bank bits and 32 row bits (checked), so at most 32 runs each */
    if (amap_runs_of(&a->bk_runs, a->bk_mask) < 0 || amap_runs_of(&a->row_runs, a->row_mask) < 0)
        WHY("amap.mapping: more than 32 runs of bank or row bits (amap.mapping)");
    /* addrdec.cc sub_partition_id_mask: the lowest log2(nsub) bank bits */
    uint64_t bk = a->bk_mask;
    for (uint32_t i = 0; i < a->log2sub; i++, bk &= bk - 1u)
        a->sub_mask |= bk & (~bk + 1u);
    a->sub_mask >>= a->line_shift;
    return 0;
}

/* ------------------------------------------------------------ queries */

uint32_t amap_part(const amap *a, uint64_t line)
{
    if (a->kind == AMAP_GSIM) return amap_gsim_slice(a, line) >> a->log2sub;
    return amap_hash_part(a, line);
}

uint32_t amap_slice(const amap *a, uint64_t line)
{
    if (a->kind == AMAP_GSIM) return amap_gsim_slice(a, line);
    if (a->nsub == 1u) return amap_hash_part(a, line);
    return amap_hash_part(a, line) * a->nsub + (uint32_t)(amap_local(a, line) & a->sub_mask);
}

/* The sub-partition bits leave the key's low AMAP_DIGIT_SHIFT bits one at a
 * time (highest first) and sit just below bit AMAP_DIGIT_SHIFT. */
uint64_t amap_slice_key(const amap *a, uint64_t local)
{
    if (!a->sub_mask) return local;
    uint64_t high = local & ~amap_low(AMAP_DIGIT_SHIFT), v = local & amap_low(AMAP_DIGIT_SHIFT);
    uint32_t sub = 0, i = a->log2sub;
    for (uint64_t m = a->sub_mask; m; m &= ~(1ull << (63 - __builtin_clzll(m)))) {
        uint32_t b = 63u - (uint32_t)__builtin_clzll(m);
        sub |= (uint32_t)((v >> b) & 1u) << --i;
        v = (v & amap_low(b)) | ((v >> (b + 1u)) << b);
    }
    return high | ((uint64_t)sub << (AMAP_DIGIT_SHIFT - a->log2sub)) | v;
}

uint64_t amap_slice_local(const amap *a, uint64_t key)
{
    if (!a->sub_mask) return key;
    uint32_t top = AMAP_DIGIT_SHIFT - a->log2sub, i = 0;
    uint64_t high = key & ~amap_low(AMAP_DIGIT_SHIFT), v = key & amap_low(top);
    uint32_t sub = (uint32_t)((key >> top) & (a->nsub - 1u));
    for (uint64_t m = a->sub_mask; m; m &= m - 1u, i++) {
        uint32_t b = (uint32_t)__builtin_ctzll(m);
        uint64_t bit = (sub >> i) & 1u;
        v = (v & amap_low(b)) | (bit << b) | ((v >> b) << (b + 1u));
    }
    return high | v;
}

uint64_t amap_local(const amap *a, uint64_t line)
{
    if (a->kind == AMAP_GSIM) return amap_gsim_local(a, line);
    return a->part_shift != 0xffu ? line >> a->part_shift : line / a->n_parts;
}

uint64_t amap_line(const amap *a, uint32_t part, uint64_t local)
{
    if (a->kind == AMAP_GSIM) return amap_gsim_line(a, local);
    uint32_t off = (part + a->n_parts - amap_rot(a, local)) % a->n_parts;
    return local * a->n_parts + off;
}

void amap_bank_row(const amap *a, uint64_t local, uint32_t *bank, uint32_t *row)
{
    if (a->kind == AMAP_GSIM) {
        amap_gsim_bank_row(a, local, bank, row);
        return;
    }
    uint64_t chunk = local / a->lines_per_row;
    uint64_t r = chunk / a->banks;
    *bank = (uint32_t)((chunk + r) % a->banks);
    *row = (uint32_t)r;
}

/* ------------------------------------------------------------------ keys */

static const char *const amap_pidx_names[] = { "none", "xor", "ipoly", "random", NULL };
static const char *const amap_bidx_names[] = { "none", "xor", "ipoly", NULL };
static const key_def amap_rows[] = {
    KEY_S(amap_params, "amap.mapping", mapping,
          "project choice (ctasim); GPGPU-Sim -gpgpu_mem_addr_mapping, e.g. SM6_TITANX gpgpusim.config",
          "address map: ctasim (hashed line interleave) or GPGPU-Sim's dramid@S;MASK"),
    KEY_E(amap_params, "amap.part_index", part_index, amap_pidx_names,
          "GPGPU-Sim -gpgpu_memory_partition_indexing (default 0 = none)",
          "channel hashing of a GPGPU-Sim map: none, xor, ipoly, random"),
    KEY_U(amap_params, "amap.sub_parts", sub_parts, 1, 64, 0, "sub-partitions",
          "GPGPU-Sim -gpgpu_n_sub_partition_per_mchannel (default 1)",
          "L2 slices (sub-partitions) per channel, each with its own l2.* tags, MSHRs and queue, "
          "sharing the channel's DRAM (power of two)"),
    KEY_E(amap_params, "amap.bank_index", bank_index, amap_bidx_names,
          "GPGPU-Sim -dram_bnk_indexing_policy (default 0 = none)",
          "bank hashing of a GPGPU-Sim map: none, xor (with the row), ipoly"),
};
const key_table amap_keys = KEY_TABLE("amap", NULL, amap_rows);

void amap_params_defaults(amap_params *p)
{
    memset(p, 0, sizeof *p);
    snprintf(p->mapping, sizeof p->mapping, "ctasim");
    p->sub_parts = 1;
}
