(* A signature's `type t = string` does not admit a module whose t is int. *)
module type S = sig type t val x : t end
module M : S with type t = string = struct type t = int let x = 3 end
