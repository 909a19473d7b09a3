val conv : string -> unit
