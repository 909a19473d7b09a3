val repeat : string -> int -> string
val split_on : char -> string -> string list
val reverse : string -> string
val pad_left : int -> string -> string
val to_hex : int -> string
