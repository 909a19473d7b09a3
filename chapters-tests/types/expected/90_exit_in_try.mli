val flag : bool ref
val g : unit -> 'a
val direct : unit -> unit
val as_argument : unit -> unit
val through_a_function : unit -> unit
val in_a_branch : bool -> unit
