name = w
kernel = inline_error.wl
