exception Parse_error of string * int * float
exception Other
val parse : string -> int
