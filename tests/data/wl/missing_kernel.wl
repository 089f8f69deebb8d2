name = w
kernel = not_here.kern
