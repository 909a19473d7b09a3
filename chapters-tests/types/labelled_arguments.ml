(* stage: typed *)
let with_default o = Option.value o ~default:0
let with_default2 o = Option.value ~default:"none" o
let protect f = Fun.protect ~finally:(fun () -> print_endline "done") f
let protect2 f = Fun.protect f ~finally:ignore
