(* stage: lambda *)
(* A record of floats only is a flat float array; so is a float array. *)
type point = { x : float; mutable y : float }
let move p dy = p.y <- p.y +. dy; p.x
let make x = { x; y = 0.5 }
let floats a = [| a; 2.0 |]
let ints a = [| a; 2 |]
let empty : int array = [||]
let get (a : float array) i = a.(i)
