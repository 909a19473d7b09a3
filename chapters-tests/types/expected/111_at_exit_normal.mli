val register : string -> unit
