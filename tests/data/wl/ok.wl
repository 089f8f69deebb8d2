name = ok
kernel = ../../../workloads/stream_copy.kern x2
kernel {
  name = tiny
  imitates = an inline kernel
  grid = 1
  block = 32
  regs = 4
  program {
    sp r1
  }
}
