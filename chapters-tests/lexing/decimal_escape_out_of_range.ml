let s = "caf\300"
