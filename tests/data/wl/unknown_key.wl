name = w
colour = red
