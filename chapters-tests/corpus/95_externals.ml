(* A program's own external declarations, naming primitives the compiler
   knows ("%addint", "%identity", ...) and functions of its runtime. *)

external add : int -> int -> int = "%addint"
external ( +! ) : int -> int -> int = "%addint"
external id : 'a -> 'a = "%identity"
external char_code : char -> int = "%identity"
external first : 'a * 'b -> 'a = "%field0"
external length : 'a array -> int = "%array_length"
external unsafe_get : 'a array -> int -> 'a = "%array_unsafe_get"
external sqrt : float -> float = "caml_sqrt_float"
external string_length : string -> int = "%string_length"
external equal : 'a -> 'a -> bool = "%equal"
external raise_it : exn -> 'a = "%raise"

let () = print_int (add 40 2); print_newline ()
let () = print_int (1 +! 2 +! 3); print_newline ()
let () = print_string (id "identity"); print_newline ()
let () = print_int (char_code 'A'); print_newline ()
let () = print_string (first ("pair", 0)); print_newline ()
let a = [| 10; 20; 30 |]
let () = print_int (length a + unsafe_get a 2); print_newline ()
let () = print_float (sqrt 2.); print_newline ()
let () = print_int (string_length "seven!!"); print_newline ()
let () = print_string (if equal [1; 2] [1; 2] then "equal" else "different"); print_newline ()

(* A primitive used as a value is a function. *)
let () = print_int (List.fold_left add 0 [1; 2; 3; 4]); print_newline ()
let plus_ten = add 10
let () = print_int (plus_ten 5); print_newline ()

(* Arguments of a primitive are evaluated right to left. *)
let () =
  print_int (add (print_string "left "; 1) (print_string "right "; 2));
  print_newline ()

module M = struct
  external neg : int -> int = "%negint"
  let twice_neg x = neg (neg x)
end
let () = print_int (M.neg 5 + M.twice_neg 7); print_newline ()

exception Stop of int
let () = try raise_it (Stop 3) with Stop n -> print_int n; print_newline ()
