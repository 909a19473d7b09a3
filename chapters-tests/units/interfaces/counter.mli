(** A counter whose representation is hidden. *)
type t

val make : int -> t
val incr : t -> unit
val get : t -> int

type colour = Red | Green
val name : colour -> string

exception Overflow of int

module Show : sig
  type v = t
  val show : v -> string
end
