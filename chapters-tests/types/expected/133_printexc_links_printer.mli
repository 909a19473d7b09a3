exception Pair of int * string
