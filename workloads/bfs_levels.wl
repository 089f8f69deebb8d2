# bfs_levels.wl -- a level-synchronous graph traversal: one irregular kernel
# launch per frontier level, with a small bookkeeping kernel between.
name     = bfs_levels
imitates = BFS (seed 002 Table 1: 8 kernels, type II; seed 003 Table 2: 20 kernels, 2,560 CTAs of 512 threads, 3 CTAs per core)
kernel = gather_irregular.kern x2
kernel {
  name     = frontier_swap
  imitates = the short mask-update kernel launched between BFS levels
  grid     = 32
  block    = 256
  regs     = 8
  seed     = 32
  region mask 1M shared
  program {
    gld r1 mask stream
    if 20% {
      gst mask stream r1
    }
  }
}
kernel = gather_irregular.kern
