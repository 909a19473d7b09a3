module type S =
  sig
    type t
    external id : 'a -> 'a = "%identity"
    external add : int -> int -> int = "%addint"
    val zero : t
  end
module M : S
module type T = sig external length : string -> int = "%string_length" end
module F : functor (X : T) -> sig val twice : string -> int end
module G : sig val twice : string -> int end
val f : int -> int
