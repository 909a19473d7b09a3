val log : string list ref
val note : string -> unit
val with_resource : string -> (unit -> 'a) -> 'a
