val rev_string : string -> string
val count_char : char -> string -> int
