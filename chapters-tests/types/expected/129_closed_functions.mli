val main : unit -> unit
