name = w
kernel {
  name = t
  grid = 2
