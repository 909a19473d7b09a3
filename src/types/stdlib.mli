(* The standard library as Flambeau's type checker sees it: OCaml's own
   declarations (from stdlib.mli and the modules' .mli), restricted to the
   subset of the language chapter. An [external] names the primitive OCaml
   compiles it to; a [val] is an ordinary function of the prelude or the
   runtime. The predefined types and exceptions are not here: they are built
   in (see decls.rs). *)

(* Exceptions *)
external raise : exn -> 'a = "%raise"
val invalid_arg : string -> 'a
val failwith : string -> 'a

(* Comparisons *)
external ( = ) : 'a -> 'a -> bool = "%equal"
external ( <> ) : 'a -> 'a -> bool = "%notequal"
external ( < ) : 'a -> 'a -> bool = "%lessthan"
external ( > ) : 'a -> 'a -> bool = "%greaterthan"
external ( <= ) : 'a -> 'a -> bool = "%lessequal"
external ( >= ) : 'a -> 'a -> bool = "%greaterequal"
external compare : 'a -> 'a -> int = "%compare"
val min : 'a -> 'a -> 'a
val max : 'a -> 'a -> 'a
external ( == ) : 'a -> 'a -> bool = "%eq"
external ( != ) : 'a -> 'a -> bool = "%noteq"

(* Booleans *)
external not : bool -> bool = "%boolnot"
external ( && ) : bool -> bool -> bool = "%sequand"
external ( || ) : bool -> bool -> bool = "%sequor"

(* Composition *)
external ( |> ) : 'a -> ('a -> 'b) -> 'b = "%revapply"

(* Integer arithmetic *)
external ( ~- ) : int -> int = "%negint"
external succ : int -> int = "%succint"
external pred : int -> int = "%predint"
external ( + ) : int -> int -> int = "%addint"
external ( - ) : int -> int -> int = "%subint"
external ( * ) : int -> int -> int = "%mulint"
external ( / ) : int -> int -> int = "%divint"
external ( mod ) : int -> int -> int = "%modint"
val abs : int -> int
val max_int : int
val min_int : int
external ( land ) : int -> int -> int = "%andint"
external ( lor ) : int -> int -> int = "%orint"
external ( lxor ) : int -> int -> int = "%xorint"
val lnot : int -> int
external ( lsl ) : int -> int -> int = "%lslint"
external ( lsr ) : int -> int -> int = "%lsrint"
external ( asr ) : int -> int -> int = "%asrint"

(* Floating-point arithmetic *)
external ( ~-. ) : float -> float = "%negfloat"
external ( +. ) : float -> float -> float = "%addfloat"
external ( -. ) : float -> float -> float = "%subfloat"
external ( *. ) : float -> float -> float = "%mulfloat"
external ( /. ) : float -> float -> float = "%divfloat"
external ( ** ) : float -> float -> float = "caml_power_float"
external sqrt : float -> float = "caml_sqrt_float"
external exp : float -> float = "caml_exp_float"
external log : float -> float = "caml_log_float"
external cos : float -> float = "caml_cos_float"
external sin : float -> float = "caml_sin_float"
external ceil : float -> float = "caml_ceil_float"
external floor : float -> float = "caml_floor_float"
external abs_float : float -> float = "%absfloat"
external float : int -> float = "%floatofint"
external float_of_int : int -> float = "%floatofint"
external truncate : float -> int = "%intoffloat"
external int_of_float : float -> int = "%intoffloat"
val infinity : float
val neg_infinity : float
val nan : float
val max_float : float
val min_float : float
val epsilon_float : float

(* Strings and characters *)
val ( ^ ) : string -> string -> string
val string_of_int : int -> string
external int_of_string : string -> int = "caml_int_of_string"
val string_of_float : float -> string

(* Pairs, lists, unit *)
external ignore : 'a -> unit = "%ignore"
external fst : 'a * 'b -> 'a = "%field0"
external snd : 'a * 'b -> 'b = "%field1"
val ( @ ) : 'a list -> 'a list -> 'a list

(* Output *)
val print_char : char -> unit
val print_string : string -> unit
val print_int : int -> unit
val print_float : float -> unit
val print_endline : string -> unit
val print_newline : unit -> unit
val prerr_string : string -> unit
val prerr_endline : string -> unit
val exit : int -> 'a

(* References *)
external ref : 'a -> 'a ref = "%makemutable"
external ( ! ) : 'a ref -> 'a = "%field0"
external ( := ) : 'a ref -> 'a -> unit = "%setfield0"
external incr : int ref -> unit = "%incr"
external decr : int ref -> unit = "%decr"

module List : sig
  val length : 'a list -> int
  val hd : 'a list -> 'a
  val tl : 'a list -> 'a list
  val nth : 'a list -> int -> 'a
  val rev : 'a list -> 'a list
  val init : int -> (int -> 'a) -> 'a list
  val append : 'a list -> 'a list -> 'a list
  val concat : 'a list list -> 'a list
  val flatten : 'a list list -> 'a list
  val iter : ('a -> unit) -> 'a list -> unit
  val iteri : (int -> 'a -> unit) -> 'a list -> unit
  val map : ('a -> 'b) -> 'a list -> 'b list
  val mapi : (int -> 'a -> 'b) -> 'a list -> 'b list
  val rev_map : ('a -> 'b) -> 'a list -> 'b list
  val fold_left : ('a -> 'b -> 'a) -> 'a -> 'b list -> 'a
  val fold_right : ('a -> 'b -> 'b) -> 'a list -> 'b -> 'b
  val iter2 : ('a -> 'b -> unit) -> 'a list -> 'b list -> unit
  val map2 : ('a -> 'b -> 'c) -> 'a list -> 'b list -> 'c list
  val for_all : ('a -> bool) -> 'a list -> bool
  val exists : ('a -> bool) -> 'a list -> bool
  val mem : 'a -> 'a list -> bool
  val find : ('a -> bool) -> 'a list -> 'a
  val find_opt : ('a -> bool) -> 'a list -> 'a option
  val filter : ('a -> bool) -> 'a list -> 'a list
  val partition : ('a -> bool) -> 'a list -> 'a list * 'a list
  val assoc : 'a -> ('a * 'b) list -> 'b
  val assoc_opt : 'a -> ('a * 'b) list -> 'b option
  val split : ('a * 'b) list -> 'a list * 'b list
  val combine : 'a list -> 'b list -> ('a * 'b) list
  val sort : ('a -> 'a -> int) -> 'a list -> 'a list
  val stable_sort : ('a -> 'a -> int) -> 'a list -> 'a list
end

module Array : sig
  external length : 'a array -> int = "%array_length"
  external get : 'a array -> int -> 'a = "%array_safe_get"
  external set : 'a array -> int -> 'a -> unit = "%array_safe_set"
  external make : int -> 'a -> 'a array = "caml_make_vect"
  val init : int -> (int -> 'a) -> 'a array
  val append : 'a array -> 'a array -> 'a array
  val sub : 'a array -> int -> int -> 'a array
  val copy : 'a array -> 'a array
  val fill : 'a array -> int -> int -> 'a -> unit
  val blit : 'a array -> int -> 'a array -> int -> int -> unit
  val to_list : 'a array -> 'a list
  val of_list : 'a list -> 'a array
  val iter : ('a -> unit) -> 'a array -> unit
  val iteri : (int -> 'a -> unit) -> 'a array -> unit
  val map : ('a -> 'b) -> 'a array -> 'b array
  val mapi : (int -> 'a -> 'b) -> 'a array -> 'b array
  val fold_left : ('a -> 'b -> 'a) -> 'a -> 'b array -> 'a
  val fold_right : ('b -> 'a -> 'a) -> 'b array -> 'a -> 'a
  val sort : ('a -> 'a -> int) -> 'a array -> unit
end

module String : sig
  external length : string -> int = "%string_length"
  external get : string -> int -> char = "%string_safe_get"
  val make : int -> char -> string
  val sub : string -> int -> int -> string
  val concat : string -> string list -> string
  val iter : (char -> unit) -> string -> unit
  val equal : string -> string -> bool
  val compare : string -> string -> int
end

module Char : sig
  external code : char -> int = "%identity"
  val chr : int -> char
  val lowercase_ascii : char -> char
  val uppercase_ascii : char -> char
end

module Option : sig
  val value : 'a option -> default:'a -> 'a
  val get : 'a option -> 'a
  val map : ('a -> 'b) -> 'a option -> 'b option
  val is_none : 'a option -> bool
  val is_some : 'a option -> bool
end

module Fun : sig
  val protect : finally:(unit -> unit) -> (unit -> 'a) -> 'a
end

module Int32 : sig
  val zero : int32
  val one : int32
  val minus_one : int32
  external neg : int32 -> int32 = "%int32_neg"
  external add : int32 -> int32 -> int32 = "%int32_add"
  external sub : int32 -> int32 -> int32 = "%int32_sub"
  external mul : int32 -> int32 -> int32 = "%int32_mul"
  external div : int32 -> int32 -> int32 = "%int32_div"
  external rem : int32 -> int32 -> int32 = "%int32_mod"
  val max_int : int32
  val min_int : int32
  external logand : int32 -> int32 -> int32 = "%int32_and"
  external logor : int32 -> int32 -> int32 = "%int32_or"
  external logxor : int32 -> int32 -> int32 = "%int32_xor"
  external shift_left : int32 -> int -> int32 = "%int32_lsl"
  external shift_right : int32 -> int -> int32 = "%int32_asr"
  external shift_right_logical : int32 -> int -> int32 = "%int32_lsr"
  external of_int : int -> int32 = "%int32_of_int"
  external to_int : int32 -> int = "%int32_to_int"
  external of_float : float -> int32 = "caml_int32_of_float"
  external to_float : int32 -> float = "caml_int32_to_float"
  val to_string : int32 -> string
  val compare : int32 -> int32 -> int
  val equal : int32 -> int32 -> bool
end

module Int64 : sig
  val zero : int64
  val one : int64
  val minus_one : int64
  external neg : int64 -> int64 = "%int64_neg"
  external add : int64 -> int64 -> int64 = "%int64_add"
  external sub : int64 -> int64 -> int64 = "%int64_sub"
  external mul : int64 -> int64 -> int64 = "%int64_mul"
  external div : int64 -> int64 -> int64 = "%int64_div"
  external rem : int64 -> int64 -> int64 = "%int64_mod"
  val max_int : int64
  val min_int : int64
  external logand : int64 -> int64 -> int64 = "%int64_and"
  external logor : int64 -> int64 -> int64 = "%int64_or"
  external logxor : int64 -> int64 -> int64 = "%int64_xor"
  external shift_left : int64 -> int -> int64 = "%int64_lsl"
  external shift_right : int64 -> int -> int64 = "%int64_asr"
  external shift_right_logical : int64 -> int -> int64 = "%int64_lsr"
  external of_int : int -> int64 = "%int64_of_int"
  external to_int : int64 -> int = "%int64_to_int"
  external of_float : float -> int64 = "caml_int64_of_float"
  external to_float : int64 -> float = "caml_int64_to_float"
  val to_string : int64 -> string
  val compare : int64 -> int64 -> int
  val equal : int64 -> int64 -> bool
end

module Nativeint : sig
  val zero : nativeint
  val one : nativeint
  val minus_one : nativeint
  external neg : nativeint -> nativeint = "%nativeint_neg"
  external add : nativeint -> nativeint -> nativeint = "%nativeint_add"
  external sub : nativeint -> nativeint -> nativeint = "%nativeint_sub"
  external mul : nativeint -> nativeint -> nativeint = "%nativeint_mul"
  external div : nativeint -> nativeint -> nativeint = "%nativeint_div"
  external rem : nativeint -> nativeint -> nativeint = "%nativeint_mod"
  val max_int : nativeint
  val min_int : nativeint
  external logand : nativeint -> nativeint -> nativeint = "%nativeint_and"
  external logor : nativeint -> nativeint -> nativeint = "%nativeint_or"
  external logxor : nativeint -> nativeint -> nativeint = "%nativeint_xor"
  external shift_left : nativeint -> int -> nativeint = "%nativeint_lsl"
  external shift_right : nativeint -> int -> nativeint = "%nativeint_asr"
  external shift_right_logical : nativeint -> int -> nativeint = "%nativeint_lsr"
  external of_int : int -> nativeint = "%nativeint_of_int"
  external to_int : nativeint -> int = "%nativeint_to_int"
  external of_float : float -> nativeint = "caml_nativeint_of_float"
  external to_float : nativeint -> float = "caml_nativeint_to_float"
  val to_string : nativeint -> string
  val compare : nativeint -> nativeint -> int
  val equal : nativeint -> nativeint -> bool
end
