(* evaluation order as ocamlopt does it: arguments of known and unknown calls, tuples, records (declared vs written field order), constructors, lists, arrays, binary operators, {e with ...}, string concatenation, for bounds *)
type r = { a : int; b : int; c : int }
type t = K of int * int * int

let log = ref []
let t name v = log := name :: !log; v
let flush_log label = print_string label; print_string ": "; print_string (String.concat " " (List.rev !log)); print_newline (); log := []

let f3 x y z = x + y + z
let g = ref f3

let () =
  ignore (f3 (t "x" 1) (t "y" 2) (t "z" 3)); flush_log "known call";
  ignore (!g (t "x" 1) (t "y" 2) (t "z" 3)); flush_log "unknown call";
  ignore ((t "fn" f3) (t "x" 1) (t "y" 2) (t "z" 3)); flush_log "computed fn";
  ignore (t "a" 1, t "b" 2, t "c" 3); flush_log "tuple";
  ignore { a = t "a" 1; b = t "b" 2; c = t "c" 3 }; flush_log "record";
  ignore { c = t "c" 3; a = t "a" 1; b = t "b" 2 }; flush_log "record written c a b";
  let base = { a = 0; b = 0; c = 0 } in
  ignore { (t "base" base) with c = t "c" 3; a = t "a" 1 }; flush_log "with";
  ignore (K (t "1" 1, t "2" 2, t "3" 3)); flush_log "constructor";
  ignore [t "h" 1; t "m" 2; t "l" 3]; flush_log "list";
  ignore (t "hd" 1 :: t "tl" []); flush_log "cons";
  ignore [| t "0" 0; t "1" 1; t "2" 2 |]; flush_log "array";
  ignore (t "l" 1 + t "r" 2); flush_log "plus";
  ignore (t "l" 1.0 *. t "r" 2.0); flush_log "fmul";
  ignore (t "l" "a" ^ t "r" "b"); flush_log "concat";
  ignore (t "l" [1] @ t "r" [2]); flush_log "append";
  ignore (t "l" 1 < t "r" 2); flush_log "compare";
  ignore (compare (t "l" 1) (t "r" 2)); flush_log "compare fn";
  ignore (t "l" false && t "r" true); flush_log "and";
  ignore (t "l" true || t "r" true); flush_log "or";
  for i = t "start" 1 to t "stop" 0 do () done; flush_log "for";
  let x = t "let1" 1 in let y = t "let2" 2 in ignore (x + y); flush_log "lets";
  let r = ref 0 in r := t "rhs" 5; ignore (t "arr" [| 0 |]).(t "idx" 0); flush_log "assign/index";
  let a = [| 0; 0 |] in (t "arr" a).(t "idx" 1) <- t "v" 9; flush_log "array set";
  ignore (Some (t "s" 1), None, (t "p1" 1, t "p2" 2)); flush_log "nested";
  ignore (List.map (fun x -> t (string_of_int x) x) [1; 2; 3]); flush_log "List.map";
  ignore (Array.init 3 (fun i -> t (string_of_int i) i)); flush_log "Array.init";
  ignore (List.init 3 (fun i -> t (string_of_int i) i)); flush_log "List.init";
  print_int (f3 (t "x" 1) (let _ = t "mid" () in 10) (t "z" 100)); print_newline (); flush_log "mixed"
