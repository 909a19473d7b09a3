let s = "\o477"
