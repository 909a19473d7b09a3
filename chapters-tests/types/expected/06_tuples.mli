val swap : 'a * 'b -> 'b * 'a
val divmod : int -> int -> int * int
val add_pair : int * int -> int * int -> int * int
val minmax : int list -> int * int
val print_pair : int * int -> unit
