(* error: In this definition, expected parameter variances are not satisfied. *)
type +'a sink = 'a -> unit
