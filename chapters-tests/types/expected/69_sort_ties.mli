val calls : int ref
val by_key : 'a * 'b -> 'a * 'c -> int
val checksum : (int * int) list -> int
