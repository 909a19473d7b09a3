val trace : string -> 'a -> 'a
val show_pair : out_channel -> int * int -> unit
val pair_to_string : unit -> int * int -> string
