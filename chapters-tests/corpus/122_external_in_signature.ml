module type S = sig
  type t
  external id : 'a -> 'a = "%identity"
  external add : int -> int -> int = "%addint"
  val zero : t
end
module M : S = struct
  type t = int
  external id : 'a -> 'a = "%identity"
  external add : int -> int -> int = "%addint"
  let zero = 0
end
module type T = sig external length : string -> int = "%string_length" end
module F (X : T) = struct let twice s = X.length s * 2 end
module G = F (struct external length : string -> int = "%string_length" end)
let () = print_int (M.id 3 + M.add 1 2 + G.twice "abc"); print_newline ()
let f = M.add 10
let () = print_int (f 5); print_newline ()
