name = w
kernel = ../../../workloads/few_ctas.kern
kernel {
  name = t
  imitates = inline fixture
  grid = 2
  block = 64
  regs = 16
  program {
    sp r1
    bogus r2
  }
}
