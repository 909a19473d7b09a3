type name = string
type expr =
    Num of int
  | Var of name
  | Add of expr * expr
  | Mul of expr * expr
  | Block of stmt list * expr
and stmt = Assign of name * expr | Print of expr
type env = (name * int) list
type ('a, 'b) either = Left of 'a | Right of 'b
val eval : env -> expr -> int
val exec : env -> stmt -> env
val exec_all : env -> stmt list -> env
val size_e : expr -> int
val size_s : stmt -> int
val partition : ('a, 'b) either list -> 'a list * 'b list
