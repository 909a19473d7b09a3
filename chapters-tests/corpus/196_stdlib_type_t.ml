(* The type t of the library's modules, as OCaml 4.13 declares them:
   each is an abbreviation, and an annotation keeps its name in the
   signature. *)

let greet (name : String.t) : String.t = "hello " ^ name
let code (c : Char.t) : Int.t = Char.code c
let half (x : Float.t) = x /. 2.
let total (l : int List.t) = List.fold_left ( + ) 0 l
let first (a : string Array.t) = a.(0)
let default (o : int Option.t) = Option.value o ~default:0
let wide (x : Int64.t) : Int32.t = Int64.to_int32 x
let native (x : Nativeint.t) = Nativeint.add x 1n
let bytes (b : Bytes.t) = Bytes.length b
let table : (string, int) Hashtbl.t = Hashtbl.create 8
let result (r : (int, string) Result.t) = match r with Ok x -> x | Error _ -> 0
let describe (e : Printexc.t) = Printexc.to_string e
let force (l : int Lazy.t) = Lazy.force l
let buffer (b : Buffer.t) = Buffer.contents b
let stack : int Stack.t = Stack.create ()
let queue : int Queue.t = Queue.create ()
let numbers : int Seq.t = List.to_seq [ 1; 2; 3 ]

let () =
  Hashtbl.replace table "a" 1;
  Stack.push 4 stack;
  Queue.push 5 queue;
  let b = Buffer.create 4 in
  Buffer.add_string b "buf";
  print_endline (greet "world");
  Printf.printf "%d %g %d %s %d\n" (code 'a') (half 3.) (total [ 1; 2 ])
    (first [| "x" |]) (default (Some 7));
  Printf.printf "%ld %nd %d %d %d\n" (wide 9L) (native 2n) (bytes (Bytes.of_string "abc"))
    (Hashtbl.find table "a") (result (Ok 6));
  Printf.printf "%s %d %s %d %d %d\n" (describe Not_found) (force (lazy 8)) (buffer b)
    (Stack.top stack) (Queue.peek queue) (Seq.fold_left ( + ) 0 numbers)
