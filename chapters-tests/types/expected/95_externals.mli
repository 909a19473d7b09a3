external add : int -> int -> int = "%addint"
external ( +! ) : int -> int -> int = "%addint"
external id : 'a -> 'a = "%identity"
external char_code : char -> int = "%identity"
external first : 'a * 'b -> 'a = "%field0"
external length : 'a array -> int = "%array_length"
external unsafe_get : 'a array -> int -> 'a = "%array_unsafe_get"
external sqrt : float -> float = "caml_sqrt_float"
external string_length : string -> int = "%string_length"
external equal : 'a -> 'a -> bool = "%equal"
external raise_it : exn -> 'a = "%raise"
val a : int array
val plus_ten : int -> int
module M :
  sig external neg : int -> int = "%negint" val twice_neg : int -> int end
exception Stop of int
