type t = { mutable n : int; limit : int }

let make limit = { n = 0; limit }

exception Overflow of int

let check c = if c.n > c.limit then raise (Overflow c.n)

let incr c = c.n <- c.n + 1; check c
let get c = c.n

type colour = Red | Green
let name = function Red -> "red" | Green -> "green"

module Show = struct
  type v = t
  let show c = Printf.sprintf "<%d/%d>" c.n c.limit
end
