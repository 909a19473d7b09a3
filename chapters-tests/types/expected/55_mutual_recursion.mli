type expr =
    Num of int
  | Add of expr * expr
  | Mul of expr * expr
  | Neg of expr
  | Let of string * expr * expr
  | Var of string
val eval : (string * int) list -> expr -> int
val eval_mul : (string * int) list -> expr -> expr -> int
val lookup : (string * int) list -> string -> int
val is_even : int -> bool
val is_odd : int -> bool
val a : int -> int
val b : int -> int
val c : int -> int
val to_string : expr -> string
