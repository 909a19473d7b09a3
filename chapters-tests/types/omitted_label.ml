(* error: This application omits the labelled argument ~finally *)
let f = Fun.protect (fun () -> 1)
