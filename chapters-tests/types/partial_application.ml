(* stage: typed *)
(* Parameters left out before given ones: OCaml builds a function of them. *)
let value_or_zero = Option.value ~default:0
let in_pipeline o = o |> Option.value ~default:""
let protect_later f = Fun.protect f
let empty_default = Option.value ~default:[]
