(* stage: lambda *)
(* `let exception` creates a new identity each time it is evaluated. *)
let find p l =
  let exception Found of int in
  try List.iter (fun x -> if p x then raise (Found x)) l; None
  with Found x -> Some x
