exception E of string * int
