module M :
  sig type t = X | Y of int type r = { fld : int; other : string; } end
val f : M.t -> int
val g : M.t
val h : M.r -> int
val make : unit -> M.r
