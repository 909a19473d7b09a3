val add_line : Buffer.t -> string -> unit
val make : unit -> Buffer.t
