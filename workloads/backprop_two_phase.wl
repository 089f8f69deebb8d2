# backprop_two_phase.wl -- two kernels in sequence with opposite types: a
# compute-heavy layer forward pass, then a bandwidth-bound weight update.
name     = backprop_two_phase
imitates = back propagation (seed 002 Table 1: BP-I type I then BPII type II; seed 003 Table 2: 2 kernels, 256 CTAs of 256 threads; seed 001 Table 4-3 backprop: 8 warps per CTA, 2 loads in 2 regions)
kernel {
  name     = bp_forward
  imitates = BP-I, the type-I layer-forward kernel of seed 002 Table 1
  grid     = 256
  block    = 256
  regs     = 20
  smem     = 2K
  seed     = 31
  region inputs  4M shared
  region weights 8M shared
  program {
    gld r1 inputs stream
    gld r2 weights stream
    hint
    sst smem stream r1
    bar
    loop 8 {
      sld r3 smem reuse
      sp  r4 r3 r2 r4 x4
    }
    bar
    sfu r5 r4
    gst inputs stream r5
  }
}
kernel = stream_copy.kern       # BPII: adjust weights, streaming, type II
