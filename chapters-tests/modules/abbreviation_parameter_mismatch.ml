(* The equation must hold for every value of the parameter: OCaml does
   not let 'a be int to make the two agree. *)
module M : sig type 'a t = int list end = struct type 'a t = 'a list end
