let c = '\q'
