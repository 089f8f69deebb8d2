// vtop_ports.h -- the port packing shared by the model shims of cosim/vmodel/
// (vtop_model.cpp: the whole rtl/ctl_top.sv; vunits_model.cpp: each unit on
// its own): Verilated packed ports filled and read field by field, LSB first,
// core c's field at [c*W +: W] exactly as the mapping table of ctl_top.sv says,
// and the one-eval rising edge.  Header-only, included by the shims alone.
#ifndef VTOP_PORTS_H
#define VTOP_PORTS_H

#include <cstddef>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <utility>
#include "verilated.h"
#include "ctl_seam.h"
#include "vtop_api.h"

namespace vtop_ports {

inline uint32_t mask_bits(uint32_t v, unsigned width)
{
    return (uint32_t)(v & ((1ull << width) - 1u));
}

// Words of the widest packed port: core_busy_i, CTL_MAX_CORES * 14 * 4 bits.
constexpr unsigned MAX_PORT_WORDS = (CTL_MAX_CORES * CTL_NCOMP * 4 + 31) / 32 + 2;
static_assert(CTL_MAX_PARTS * 3 <= CTL_MAX_CORES * CTL_NCOMP * 4, "dram_busy_i fits the writer");

// Appends fields of <= 32 bits, LSB first, to an array of 32-bit words.
struct bit_writer {
    uint32_t word[MAX_PORT_WORDS];
    unsigned n_words;
    uint64_t acc;
    unsigned used;
    bit_writer() : n_words(0), acc(0), used(0) {}
    void put(uint32_t v, unsigned width)
    {
        acc |= (uint64_t)mask_bits(v, width) << used;
        used += width;
        if (used >= 32) {
            word[n_words++] = (uint32_t)acc;
            acc >>= 32;
            used -= 32;
        }
    }
    // Write the partial last word (its upper bits belong to unused cores: 0).
    void flush()
    {
        if (used) word[n_words++] = (uint32_t)acc;
        acc = 0;
        used = 0;
    }
    // The written words, then zeros (unused cores) up to the port's width.
    template <std::size_t W>
    void store(VlWide<W> &port) const
    {
        for (std::size_t i = 0; i < W; i++) port.at(i) = i < n_words ? word[i] : 0u;
    }
    template <typename T>
    typename std::enable_if<std::is_integral<T>::value>::type store(T &port) const
    {
        uint64_t v = 0;
        for (unsigned i = 0; i < n_words && i < 2; i++) v |= (uint64_t)word[i] << (32 * i);
        port = (T)v;
    }
};

// Reads fields of <= 32 bits, LSB first, from an array of 32-bit words.
struct bit_reader {
    uint32_t scalar[2];  // the words of a port of <= 64 bits
    const uint32_t *word;
    uint64_t acc;
    unsigned avail;
    template <std::size_t W>
    explicit bit_reader(const VlWide<W> &port) : scalar{0, 0}, word(port.data()), acc(0), avail(0)
    {
    }
    template <typename T,
              typename = typename std::enable_if<std::is_integral<T>::value>::type>
    explicit bit_reader(T port)
        : scalar{(uint32_t)(uint64_t)port, (uint32_t)((uint64_t)port >> 32)}, word(scalar),
          acc(0), avail(0)
    {
    }
    bit_reader(const bit_reader &) = delete;  // word may point into scalar
    uint32_t get(unsigned width)
    {
        if (avail < width) {
            acc |= (uint64_t)(*word++) << avail;
            avail += 32;
        }
        uint32_t v = mask_bits((uint32_t)acc, width);
        acc >>= width;
        avail -= width;
        return v;
    }
};

inline int32_t sign_extend(uint32_t v, unsigned width)
{
    uint32_t sign = 1u << (width - 1);
    v = mask_bits(v, width);
    return (v & sign) ? (int32_t)(v - sign) - (int32_t)sign : (int32_t)v;
}

// Writes one field of <= 32 bits at bit `pos` of a packed port, the other
// bits as they are: a core's fields rewritten in place (a step that writes
// only the cores whose inputs changed, vunits_model.cpp).
template <std::size_t W>
void put_at(VlWide<W> &port, unsigned pos, uint32_t v, unsigned width)
{
    unsigned i = pos >> 5, sh = pos & 31u;
    uint64_t m = ((1ull << width) - 1u) << sh, x = (uint64_t)mask_bits(v, width) << sh;
    uint64_t cur = port.at(i) | (i + 1 < W ? (uint64_t)port.at(i + 1) << 32 : 0u);
    cur = (cur & ~m) | x;
    port.at(i) = (uint32_t)cur;
    if (i + 1 < W) port.at(i + 1) = (uint32_t)(cur >> 32);
}
template <typename T>
typename std::enable_if<std::is_integral<T>::value>::type put_at(T &port, unsigned pos, uint32_t v,
                                                                  unsigned width)
{
    uint64_t m = ((1ull << width) - 1u) << pos;
    port = (T)(((uint64_t)port & ~m) | ((uint64_t)mask_bits(v, width) << pos));
}

// The bytes of each of `ports`, one after the other, copied to raw; returns
// their count (a unit's outputs compared with their last read, vunits_model.cpp).
inline std::size_t copy_bytes(unsigned char *) { return 0; }
template <typename T, typename... Ts>
std::size_t copy_bytes(unsigned char *raw, const T &port, const Ts &...ports)
{
    std::memcpy(raw, &port, sizeof port);
    return sizeof port + copy_bytes(raw + sizeof port, ports...);
}

// Bit c of dirty: core c's inputs changed since the last step (null: all did).
inline bool core_dirty(const uint64_t *dirty, uint32_t c)
{
    return !dirty || ((dirty[c >> 6] >> (c & 63u)) & 1u);
}

// One bit per core of a NumCores-bit port (any width): bit c = field of core c.
template <typename T, typename F>
void put_core_bits(T &port, const ctl_in *in, uint32_t n, F field)
{
    bit_writer w;
    for (uint32_t c = 0; c < n; c++) w.put(field(in->core[c]), 1);
    w.flush();
    w.store(port);
}

// Reset then hold: the asynchronous active-low reset pulse of every unit.
template <class M>
void reset_pulse(M &m)
{
    m.clk_i = 0;
    m.rst_ni = 1;
    m.eval();
    m.rst_ni = 0;
    m.eval();
    m.rst_ni = 1;
    m.eval();
}

// One rising edge on the inputs already set: one eval settles them with the
// clock low, a second raises the clock.  The assertions (rtl/ctasim_assert.svh,
// Verilated with --assert) that read $past() or $stable() read sampled values,
// which are the values before an eval: inputs changed in the eval that raises
// the clock would be sampled stale.  A model whose checks read no sampled
// value (no __Vsampled variable: scripts/vtop-build.sh tells the shim) takes
// rising_edge_once instead.
template <class M>
void rising_edge(M &m)
{
    m.rst_ni = 1;
    m.clk_i = 0;
    m.eval();
    m.clk_i = 1;
    m.eval();
}

// One rising edge in one eval().  Verilator 5 runs the input-combinational
// region ("ico") on the first iteration of every eval(), so the two evals of
// rising_edge evaluate the combinational logic of every core twice per cycle.
// Verilator detects a posedge by comparing clk_i with its copy from the last
// eval (__Vtrigrprev__TOP__clk_i in the root of 5.x); clearing that copy and
// evaluating once with clk_i = 1 and the new inputs gives the same edge: ico
// settles the combinational logic on the new inputs, then the posedge's
// nonblocking region updates the registers and the checks read the values
// before it.  Where the member does not exist (another Verilator), the step
// falls back to two evals.
template <class R, class = void>
struct edge_prev {
    static constexpr bool has_prev = false;
    static void clear(R *) {}
};
template <class R>
struct edge_prev<R, decltype((void)std::declval<R &>().__Vtrigrprev__TOP__clk_i)> {
    static constexpr bool has_prev = true;
    static void clear(R *r) { r->__Vtrigrprev__TOP__clk_i = 0; }
};

template <class M>
void rising_edge_once(M &m)
{
    using R = typename std::remove_pointer<decltype(m.rootp)>::type;
    if (!edge_prev<R>::has_prev) {
        rising_edge(m);
        return;
    }
    m.rst_ni = 1;
    edge_prev<R>::clear(m.rootp);
    m.clk_i = 1;
    m.eval();
}

// The waveform calls of a model without tracing compiled in (vtop_api.h).
inline void nofst_close(vtop_model *) {}
inline int nofst_open(vtop_model *, const char *path, uint64_t, uint64_t, char *err, size_t errlen)
{
    std::snprintf(err, errlen, "%s: this model has no tracing compiled in (--fst)", path);
    return -1;
}
inline int nofst_fault(const vtop_model *) { return 0; }
inline int nofst_valid(const char *) { return 0; }

} // namespace vtop_ports

#endif
