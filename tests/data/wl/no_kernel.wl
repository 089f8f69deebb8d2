# only a name
name = w
