(* The Flambeau prelude: the part of OCaml's standard library that
   Flambeau programs may use, written in the source language itself.

   Everything the library cannot express in OCaml is an [external] whose
   primitive name is the one OCaml's own standard library uses ("%addint",
   "caml_ml_output", ...), so this file is also a valid OCaml program and
   can be tested against the real standard library. The functions follow
   OCaml 4.13's stdlib.ml, list.ml, array.ml, string.ml, bytes.ml, char.ml,
   option.ml, fun.ml and int64.ml, wherever the order of evaluation or the
   algorithm is observable. *)

(* --- Exceptions ---------------------------------------------------------- *)

external raise : exn -> 'a = "%raise"
external raise_notrace : exn -> 'a = "%raise_notrace"

let failwith s = raise (Failure s)
let invalid_arg s = raise (Invalid_argument s)

exception Exit

(* --- Comparisons ---------------------------------------------------------- *)

external ( = ) : 'a -> 'a -> bool = "%equal"
external ( <> ) : 'a -> 'a -> bool = "%notequal"
external ( < ) : 'a -> 'a -> bool = "%lessthan"
external ( > ) : 'a -> 'a -> bool = "%greaterthan"
external ( <= ) : 'a -> 'a -> bool = "%lessequal"
external ( >= ) : 'a -> 'a -> bool = "%greaterequal"
external compare : 'a -> 'a -> int = "%compare"

let min a b = if a <= b then a else b
let max a b = if a >= b then a else b

external ( == ) : 'a -> 'a -> bool = "%eq"
external ( != ) : 'a -> 'a -> bool = "%noteq"

(* --- Booleans and functions ---------------------------------------------- *)

external not : bool -> bool = "%boolnot"
external ( && ) : bool -> bool -> bool = "%sequand"
external ( || ) : bool -> bool -> bool = "%sequor"

external ( |> ) : 'a -> ('a -> 'b) -> 'b = "%revapply"
external ( @@ ) : ('a -> 'b) -> 'a -> 'b = "%apply"

external ignore : 'a -> unit = "%ignore"
external fst : 'a * 'b -> 'a = "%field0"
external snd : 'a * 'b -> 'b = "%field1"

(* --- Integers ---------------------------------------------------------------- *)

external ( ~- ) : int -> int = "%negint"
external ( ~+ ) : int -> int = "%identity"
external ( + ) : int -> int -> int = "%addint"
external ( - ) : int -> int -> int = "%subint"
external ( * ) : int -> int -> int = "%mulint"
external ( / ) : int -> int -> int = "%divint"
external ( mod ) : int -> int -> int = "%modint"
external ( land ) : int -> int -> int = "%andint"
external ( lor ) : int -> int -> int = "%orint"
external ( lxor ) : int -> int -> int = "%xorint"
external ( lsl ) : int -> int -> int = "%lslint"
external ( lsr ) : int -> int -> int = "%lsrint"
external ( asr ) : int -> int -> int = "%asrint"

let succ n = n + 1
let pred n = n - 1
let abs x = if x >= 0 then x else -x
let lnot x = x lxor (-1)
let max_int = (-1) lsr 1
let min_int = max_int + 1

(* --- Floats ------------------------------------------------------------------ *)

external ( ~-. ) : float -> float = "%negfloat"
external ( ~+. ) : float -> float = "%identity"
external ( +. ) : float -> float -> float = "%addfloat"
external ( -. ) : float -> float -> float = "%subfloat"
external ( *. ) : float -> float -> float = "%mulfloat"
external ( /. ) : float -> float -> float = "%divfloat"
external ( ** ) : float -> float -> float = "caml_power_float"
external sqrt : float -> float = "caml_sqrt_float"
external exp : float -> float = "caml_exp_float"
external log : float -> float = "caml_log_float"
external sin : float -> float = "caml_sin_float"
external cos : float -> float = "caml_cos_float"
external tan : float -> float = "caml_tan_float"
external floor : float -> float = "caml_floor_float"
external ceil : float -> float = "caml_ceil_float"
external mod_float : float -> float -> float = "caml_fmod_float"
external abs_float : float -> float = "%absfloat"
external float : int -> float = "%floatofint"
external float_of_int : int -> float = "%floatofint"
external truncate : float -> int = "%intoffloat"
external int_of_float : float -> int = "%intoffloat"

external float_of_bits : int64 -> float = "caml_int64_float_of_bits"

let infinity = float_of_bits 0x7F_F0_00_00_00_00_00_00L
let neg_infinity = float_of_bits 0xFF_F0_00_00_00_00_00_00L
let nan = float_of_bits 0x7F_F0_00_00_00_00_00_01L
let max_float = float_of_bits 0x7F_EF_FF_FF_FF_FF_FF_FFL
let min_float = float_of_bits 0x00_10_00_00_00_00_00_00L
let epsilon_float = float_of_bits 0x3C_B0_00_00_00_00_00_00L

(* --- Strings ------------------------------------------------------------------ *)

(* A string is built by creating it, filling it in place, and never touching
   it again: these externals are typed at [string] rather than [bytes]. *)
external string_length : string -> int = "%string_length"
external string_create : int -> string = "caml_create_bytes"
external string_unsafe_get : string -> int -> char = "%string_unsafe_get"
external string_unsafe_set : string -> int -> char -> unit = "%bytes_unsafe_set"
external string_blit : string -> int -> string -> int -> int -> unit = "caml_blit_string"
external string_fill : string -> int -> int -> char -> unit = "caml_fill_bytes"

let ( ^ ) s1 s2 =
  let l1 = string_length s1 and l2 = string_length s2 in
  let s = string_create (l1 + l2) in
  string_blit s1 0 s 0 l1;
  string_blit s2 0 s l1 l2;
  s

external format_int : string -> int -> string = "caml_format_int"
external format_float : string -> float -> string = "caml_format_float"

let string_of_int n = format_int "%d" n

external int_of_string : string -> int = "caml_int_of_string"

let string_of_bool b = if b then "true" else "false"

(* "%.12g" reads back as an integer when it has no '.', no exponent and is
   not inf or nan: then a '.' is added. *)
let valid_float_lexem s =
  let l = string_length s in
  let rec loop i =
    if i >= l then s ^ "."
    else
      match string_unsafe_get s i with
      | '0' .. '9' | '-' -> loop (i + 1)
      | _ -> s
  in
  loop 0

let string_of_float f = valid_float_lexem (format_float "%.12g" f)

(* --- Lists ------------------------------------------------------------------- *)

let rec ( @ ) l1 l2 = match l1 with [] -> l2 | hd :: tl -> hd :: (tl @ l2)

(* --- References -------------------------------------------------------------- *)

type 'a ref = { mutable contents : 'a }

external ref : 'a -> 'a ref = "%makemutable"
external ( ! ) : 'a ref -> 'a = "%field0"
external ( := ) : 'a ref -> 'a -> unit = "%setfield0"
external incr : int ref -> unit = "%incr"
external decr : int ref -> unit = "%decr"

(* --- Output -------------------------------------------------------------------- *)

type out_channel

external open_descriptor_out : int -> out_channel = "caml_ml_open_descriptor_out"
external flush : out_channel -> unit = "caml_ml_flush"
external output_char : out_channel -> char -> unit = "caml_ml_output_char"
external unsafe_output_string : out_channel -> string -> int -> int -> unit = "caml_ml_output"

let stdout = open_descriptor_out 1
let stderr = open_descriptor_out 2

let output_string oc s = unsafe_output_string oc s 0 (string_length s)

let print_char c = output_char stdout c
let print_string s = output_string stdout s
let print_int i = output_string stdout (string_of_int i)
let print_float f = output_string stdout (string_of_float f)
let print_endline s = output_string stdout s; output_char stdout '\n'; flush stdout
let print_newline () = output_char stdout '\n'; flush stdout

let prerr_char c = output_char stderr c
let prerr_string s = output_string stderr s
let prerr_int i = output_string stderr (string_of_int i)
let prerr_float f = output_string stderr (string_of_float f)
let prerr_endline s = output_string stderr s; output_char stderr '\n'; flush stderr
let prerr_newline () = output_char stderr '\n'; flush stderr

external sys_exit : int -> 'a = "caml_sys_exit"

(* OCaml's [exit] runs [at_exit], whose only job here is [flush_all]:
   stdout, then stderr. *)
let exit retcode = flush stdout; flush stderr; sys_exit retcode

(* --- Char --------------------------------------------------------------------- *)

module Char = struct
  external code : char -> int = "%identity"
  external unsafe_chr : int -> char = "%identity"

  let chr n = if n < 0 || n > 255 then invalid_arg "Char.chr" else unsafe_chr n

  let lowercase_ascii c =
    match c with 'A' .. 'Z' -> unsafe_chr (code c + 32) | _ -> c

  let uppercase_ascii c =
    match c with 'a' .. 'z' -> unsafe_chr (code c - 32) | _ -> c
end

(* --- String ------------------------------------------------------------------- *)

module String = struct
  external length : string -> int = "%string_length"
  external get : string -> int -> char = "%string_safe_get"
  external unsafe_get : string -> int -> char = "%string_unsafe_get"
  external equal : string -> string -> bool = "caml_string_equal"

  let compare (x : string) (y : string) = compare x y

  let make n c =
    let s = string_create n in
    string_fill s 0 n c;
    s

  let sub s ofs len =
    if ofs < 0 || len < 0 || ofs > length s - len then invalid_arg "String.sub / Bytes.sub"
    else begin
      let r = string_create len in
      string_blit s ofs r 0 len;
      r
    end

  let iter f s =
    for i = 0 to length s - 1 do
      f (unsafe_get s i)
    done

  (* The total length, failing as OCaml does when it overflows. *)
  let rec sum_lengths acc seplen l =
    match l with
    | [] -> acc
    | [ hd ] -> length hd + acc
    | hd :: tl ->
        let n = length hd + seplen + acc in
        if n >= acc then sum_lengths n seplen tl else invalid_arg "String.concat"

  let rec unsafe_blits dst pos sep seplen l =
    match l with
    | [] -> dst
    | [ hd ] ->
        string_blit hd 0 dst pos (length hd);
        dst
    | hd :: tl ->
        string_blit hd 0 dst pos (length hd);
        string_blit sep 0 dst (pos + length hd) seplen;
        unsafe_blits dst (pos + length hd + seplen) sep seplen tl

  let concat sep l =
    match l with
    | [] -> ""
    | _ ->
        let seplen = length sep in
        unsafe_blits (string_create (sum_lengths 0 seplen l)) 0 sep seplen l
end

(* --- List --------------------------------------------------------------------- *)

module List = struct
  let rec length_aux len l = match l with [] -> len | _ :: l -> length_aux (len + 1) l

  let length l = length_aux 0 l

  let hd l = match l with [] -> failwith "hd" | a :: _ -> a

  let tl l = match l with [] -> failwith "tl" | _ :: l -> l

  let nth l n =
    if n < 0 then invalid_arg "List.nth"
    else
      let rec nth_aux l n =
        match l with [] -> failwith "nth" | a :: l -> if n = 0 then a else nth_aux l (n - 1)
      in
      nth_aux l n

  let append l1 l2 = l1 @ l2

  let rec rev_append l1 l2 = match l1 with [] -> l2 | a :: l -> rev_append l (a :: l2)

  let rev l = rev_append l []

  (* Both versions call [f] on 0, 1, ..., len - 1 in order; above 10_000
     elements OCaml builds the list backwards to save stack. *)
  let rec init_tailrec_aux acc i n f =
    if i >= n then acc else init_tailrec_aux (f i :: acc) (i + 1) n f

  let rec init_aux i n f =
    if i >= n then []
    else
      let r = f i in
      r :: init_aux (i + 1) n f

  let init len f =
    if len < 0 then invalid_arg "List.init"
    else if len > 10_000 then rev (init_tailrec_aux [] 0 len f)
    else init_aux 0 len f

  let rec flatten l = match l with [] -> [] | l :: r -> l @ flatten r

  let concat l = flatten l

  let rec map f l =
    match l with
    | [] -> []
    | a :: l ->
        let r = f a in
        r :: map f l

  let rec mapi_aux i f l =
    match l with
    | [] -> []
    | a :: l ->
        let r = f i a in
        r :: mapi_aux (i + 1) f l

  let mapi f l = mapi_aux 0 f l

  let rev_map f l =
    let rec rmap_f accu l = match l with [] -> accu | a :: l -> rmap_f (f a :: accu) l in
    rmap_f [] l

  let rec iter f l = match l with [] -> () | a :: l -> f a; iter f l

  let rec iteri_aux i f l = match l with [] -> () | a :: l -> f i a; iteri_aux (i + 1) f l

  let iteri f l = iteri_aux 0 f l

  let rec fold_left f accu l = match l with [] -> accu | a :: l -> fold_left f (f accu a) l

  let rec fold_right f l accu = match l with [] -> accu | a :: l -> f a (fold_right f l accu)

  let rec map2 f l1 l2 =
    match (l1, l2) with
    | [], [] -> []
    | a1 :: l1, a2 :: l2 ->
        let r = f a1 a2 in
        r :: map2 f l1 l2
    | _, _ -> invalid_arg "List.map2"

  let rec iter2 f l1 l2 =
    match (l1, l2) with
    | [], [] -> ()
    | a1 :: l1, a2 :: l2 -> f a1 a2; iter2 f l1 l2
    | _, _ -> invalid_arg "List.iter2"

  let rec for_all p l = match l with [] -> true | a :: l -> p a && for_all p l

  let rec exists p l = match l with [] -> false | a :: l -> p a || exists p l

  (* Membership and association use the structural [compare], so that
     [mem nan [nan]] is true, as in OCaml. *)
  let rec mem x l = match l with [] -> false | a :: l -> compare a x = 0 || mem x l

  let rec assoc x l =
    match l with [] -> raise Not_found | (a, b) :: l -> if compare a x = 0 then b else assoc x l

  let rec assoc_opt x l =
    match l with [] -> None | (a, b) :: l -> if compare a x = 0 then Some b else assoc_opt x l

  let rec find p l = match l with [] -> raise Not_found | x :: l -> if p x then x else find p l

  let rec find_opt p l = match l with [] -> None | x :: l -> if p x then Some x else find_opt p l

  let filter p l =
    let rec find accu l =
      match l with [] -> rev accu | x :: l -> if p x then find (x :: accu) l else find accu l
    in
    find [] l

  let partition p l =
    let rec part yes no l =
      match l with
      | [] -> (rev yes, rev no)
      | x :: l -> if p x then part (x :: yes) no l else part yes (x :: no) l
    in
    part [] [] l

  let rec split l =
    match l with
    | [] -> ([], [])
    | (x, y) :: l ->
        let rx, ry = split l in
        (x :: rx, y :: ry)

  let rec combine l1 l2 =
    match (l1, l2) with
    | [], [] -> []
    | a1 :: l1, a2 :: l2 -> (a1, a2) :: combine l1 l2
    | _, _ -> invalid_arg "List.combine"

  (* OCaml's merge sort: runs of 2 and 3 sorted directly, halves sorted in
     alternating directions and merged with [rev_merge]/[rev_merge_rev]. The
     comparisons it makes, hence the result on ties, are OCaml's. *)
  let stable_sort cmp l =
    let rec rev_merge l1 l2 accu =
      match (l1, l2) with
      | [], l2 -> rev_append l2 accu
      | l1, [] -> rev_append l1 accu
      | h1 :: t1, h2 :: t2 ->
          if cmp h1 h2 <= 0 then rev_merge t1 l2 (h1 :: accu) else rev_merge l1 t2 (h2 :: accu)
    in
    let rec rev_merge_rev l1 l2 accu =
      match (l1, l2) with
      | [], l2 -> rev_append l2 accu
      | l1, [] -> rev_append l1 accu
      | h1 :: t1, h2 :: t2 ->
          if cmp h1 h2 > 0 then rev_merge_rev t1 l2 (h1 :: accu)
          else rev_merge_rev l1 t2 (h2 :: accu)
    in
    let rec sort n l =
      match (n, l) with
      | 2, x1 :: x2 :: tl ->
          let s = if cmp x1 x2 <= 0 then [ x1; x2 ] else [ x2; x1 ] in
          (s, tl)
      | 3, x1 :: x2 :: x3 :: tl ->
          let s =
            if cmp x1 x2 <= 0 then
              if cmp x2 x3 <= 0 then [ x1; x2; x3 ]
              else if cmp x1 x3 <= 0 then [ x1; x3; x2 ]
              else [ x3; x1; x2 ]
            else if cmp x1 x3 <= 0 then [ x2; x1; x3 ]
            else if cmp x2 x3 <= 0 then [ x2; x3; x1 ]
            else [ x3; x2; x1 ]
          in
          (s, tl)
      | n, l ->
          let n1 = n asr 1 in
          let n2 = n - n1 in
          let s1, l2 = rev_sort n1 l in
          let s2, tl = rev_sort n2 l2 in
          (rev_merge_rev s1 s2 [], tl)
    and rev_sort n l =
      match (n, l) with
      | 2, x1 :: x2 :: tl ->
          let s = if cmp x1 x2 > 0 then [ x1; x2 ] else [ x2; x1 ] in
          (s, tl)
      | 3, x1 :: x2 :: x3 :: tl ->
          let s =
            if cmp x1 x2 > 0 then
              if cmp x2 x3 > 0 then [ x1; x2; x3 ]
              else if cmp x1 x3 > 0 then [ x1; x3; x2 ]
              else [ x3; x1; x2 ]
            else if cmp x1 x3 > 0 then [ x2; x1; x3 ]
            else if cmp x2 x3 > 0 then [ x2; x3; x1 ]
            else [ x3; x2; x1 ]
          in
          (s, tl)
      | n, l ->
          let n1 = n asr 1 in
          let n2 = n - n1 in
          let s1, l2 = sort n1 l in
          let s2, tl = sort n2 l2 in
          (rev_merge s1 s2 [], tl)
    in
    let len = length l in
    if len < 2 then l else fst (sort len l)

  let sort cmp l = stable_sort cmp l
end

(* --- Array --------------------------------------------------------------------- *)

module Array = struct
  external length : 'a array -> int = "%array_length"
  external get : 'a array -> int -> 'a = "%array_safe_get"
  external set : 'a array -> int -> 'a -> unit = "%array_safe_set"
  external unsafe_get : 'a array -> int -> 'a = "%array_unsafe_get"
  external unsafe_set : 'a array -> int -> 'a -> unit = "%array_unsafe_set"
  external make : int -> 'a -> 'a array = "caml_make_vect"
  external create : int -> 'a -> 'a array = "caml_make_vect"

  (* OCaml implements the next three in C; these loops do the same thing
     element by element. [create] makes a flat float array when the first
     element is a float, as [caml_array_sub] would. *)
  let unsafe_sub a ofs len =
    if len = 0 then [||]
    else begin
      let r = create len (unsafe_get a ofs) in
      for i = 1 to len - 1 do
        unsafe_set r i (unsafe_get a (ofs + i))
      done;
      r
    end

  (* Copies correctly when source and destination overlap, like memmove. *)
  let unsafe_blit a1 ofs1 a2 ofs2 len =
    if ofs1 < ofs2 then
      for i = len - 1 downto 0 do
        unsafe_set a2 (ofs2 + i) (unsafe_get a1 (ofs1 + i))
      done
    else
      for i = 0 to len - 1 do
        unsafe_set a2 (ofs2 + i) (unsafe_get a1 (ofs1 + i))
      done

  let unsafe_fill a ofs len v =
    for i = ofs to ofs + len - 1 do
      unsafe_set a i v
    done

  let init l f =
    if l = 0 then [||]
    else if l < 0 then invalid_arg "Array.init"
    else begin
      let res = create l (f 0) in
      for i = 1 to pred l do
        unsafe_set res i (f i)
      done;
      res
    end

  let copy a =
    let l = length a in
    if l = 0 then [||] else unsafe_sub a 0 l

  let append a1 a2 =
    let l1 = length a1 in
    if l1 = 0 then copy a2
    else if length a2 = 0 then unsafe_sub a1 0 l1
    else begin
      let l2 = length a2 in
      let r = create (l1 + l2) (unsafe_get a1 0) in
      unsafe_blit a1 0 r 0 l1;
      unsafe_blit a2 0 r l1 l2;
      r
    end

  let sub a ofs len =
    if ofs < 0 || len < 0 || ofs > length a - len then invalid_arg "Array.sub"
    else unsafe_sub a ofs len

  let fill a ofs len v =
    if ofs < 0 || len < 0 || ofs > length a - len then invalid_arg "Array.fill"
    else unsafe_fill a ofs len v

  let blit a1 ofs1 a2 ofs2 len =
    if len < 0 || ofs1 < 0 || ofs1 > length a1 - len || ofs2 < 0 || ofs2 > length a2 - len then
      invalid_arg "Array.blit"
    else unsafe_blit a1 ofs1 a2 ofs2 len

  let iter f a =
    for i = 0 to length a - 1 do
      f (unsafe_get a i)
    done

  let iteri f a =
    for i = 0 to length a - 1 do
      f i (unsafe_get a i)
    done

  let map f a =
    let l = length a in
    if l = 0 then [||]
    else begin
      let r = create l (f (unsafe_get a 0)) in
      for i = 1 to l - 1 do
        unsafe_set r i (f (unsafe_get a i))
      done;
      r
    end

  let mapi f a =
    let l = length a in
    if l = 0 then [||]
    else begin
      let r = create l (f 0 (unsafe_get a 0)) in
      for i = 1 to l - 1 do
        unsafe_set r i (f i (unsafe_get a i))
      done;
      r
    end

  let fold_left f x a =
    let r = ref x in
    for i = 0 to length a - 1 do
      r := f !r (unsafe_get a i)
    done;
    !r

  let fold_right f a x =
    let r = ref x in
    for i = length a - 1 downto 0 do
      r := f (unsafe_get a i) !r
    done;
    !r

  let to_list a =
    let rec tolist i res = if i < 0 then res else tolist (i - 1) (unsafe_get a i :: res) in
    tolist (length a - 1) []

  let rec list_length accu l = match l with [] -> accu | _ :: t -> list_length (succ accu) t

  let of_list l =
    match l with
    | [] -> [||]
    | hd :: tl ->
        let a = create (list_length 0 l) hd in
        let rec fill i l = match l with [] -> a | hd :: tl -> unsafe_set a i hd; fill (i + 1) tl in
        fill 1 tl

  (* OCaml's heap sort, with a ternary heap: the sequence of comparisons, so
     the order of equal elements, is OCaml's. *)
  exception Bottom of int

  let sort cmp a =
    let maxson l i =
      let i31 = i + i + i + 1 in
      let x = ref i31 in
      if i31 + 2 < l then begin
        if cmp (get a i31) (get a (i31 + 1)) < 0 then x := i31 + 1;
        if cmp (get a !x) (get a (i31 + 2)) < 0 then x := i31 + 2;
        !x
      end
      else if i31 + 1 < l && cmp (get a i31) (get a (i31 + 1)) < 0 then i31 + 1
      else if i31 < l then i31
      else raise (Bottom i)
    in
    let rec trickledown l i e =
      let j = maxson l i in
      if cmp (get a j) e > 0 then begin
        set a i (get a j);
        trickledown l j e
      end
      else set a i e
    in
    let trickle l i e = try trickledown l i e with Bottom i -> set a i e in
    let rec bubbledown l i =
      let j = maxson l i in
      set a i (get a j);
      bubbledown l j
    in
    let bubble l i = try bubbledown l i with Bottom i -> i in
    let rec trickleup i e =
      let father = (i - 1) / 3 in
      assert (i <> father);
      if cmp (get a father) e < 0 then begin
        set a i (get a father);
        if father > 0 then trickleup father e else set a 0 e
      end
      else set a i e
    in
    let l = length a in
    for i = ((l + 1) / 3) - 1 downto 0 do
      trickle l i (get a i)
    done;
    for i = l - 1 downto 2 do
      let e = get a i in
      set a i (get a 0);
      trickleup (bubble i 0) e
    done;
    if l > 1 then begin
      let e = get a 1 in
      set a 1 (get a 0);
      set a 0 e
    end
end

(* --- Option --------------------------------------------------------------------- *)

module Option = struct
  let value o ~default = match o with Some v -> v | None -> default
  let get o = match o with Some v -> v | None -> invalid_arg "option is None"
  let map f o = match o with None -> None | Some v -> Some (f v)
  let is_none o = match o with None -> true | Some _ -> false
  let is_some o = match o with None -> false | Some _ -> true
end

(* --- Fun ---------------------------------------------------------------------------- *)

module Fun = struct
  exception Finally_raised of exn

  (* Using [Fun] links OCaml's Printexc, which changes how an uncaught
     exception is reported; the lowering records that on the program
     (observable::UncaughtPrinter) rather than here. *)
  let protect ~(finally : unit -> unit) work =
    let finally_no_exn () = try finally () with e -> raise (Finally_raised e) in
    let result = try work () with work_exn -> finally_no_exn (); raise work_exn in
    finally_no_exn ();
    result
end

(* --- Boxed integers ------------------------------------------------------------------- *)

module Int64 = struct
  external neg : int64 -> int64 = "%int64_neg"
  external add : int64 -> int64 -> int64 = "%int64_add"
  external sub : int64 -> int64 -> int64 = "%int64_sub"
  external mul : int64 -> int64 -> int64 = "%int64_mul"
  external div : int64 -> int64 -> int64 = "%int64_div"
  external rem : int64 -> int64 -> int64 = "%int64_mod"
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
  external format : string -> int64 -> string = "caml_int64_format"
  external of_string : string -> int64 = "caml_int64_of_string"

  let zero = 0L
  let one = 1L
  let minus_one = -1L
  let max_int = 0x7FFFFFFFFFFFFFFFL
  let min_int = 0x8000000000000000L
  let to_string n = format "%d" n
  let compare (x : int64) (y : int64) = compare x y
  let equal (x : int64) (y : int64) = compare x y = 0
end

module Int32 = struct
  external neg : int32 -> int32 = "%int32_neg"
  external add : int32 -> int32 -> int32 = "%int32_add"
  external sub : int32 -> int32 -> int32 = "%int32_sub"
  external mul : int32 -> int32 -> int32 = "%int32_mul"
  external div : int32 -> int32 -> int32 = "%int32_div"
  external rem : int32 -> int32 -> int32 = "%int32_mod"
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
  external format : string -> int32 -> string = "caml_int32_format"
  external of_string : string -> int32 = "caml_int32_of_string"

  let zero = 0l
  let one = 1l
  let minus_one = -1l
  let max_int = 0x7FFFFFFFl
  let min_int = 0x80000000l
  let to_string n = format "%d" n
  let compare (x : int32) (y : int32) = compare x y
  let equal (x : int32) (y : int32) = compare x y = 0
end

module Nativeint = struct
  external neg : nativeint -> nativeint = "%nativeint_neg"
  external add : nativeint -> nativeint -> nativeint = "%nativeint_add"
  external sub : nativeint -> nativeint -> nativeint = "%nativeint_sub"
  external mul : nativeint -> nativeint -> nativeint = "%nativeint_mul"
  external div : nativeint -> nativeint -> nativeint = "%nativeint_div"
  external rem : nativeint -> nativeint -> nativeint = "%nativeint_mod"
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
  external format : string -> nativeint -> string = "caml_nativeint_format"
  external of_string : string -> nativeint = "caml_nativeint_of_string"

  let zero = 0n
  let one = 1n
  let minus_one = -1n
  let max_int = 0x7FFFFFFFFFFFFFFFn
  let min_int = 0x8000000000000000n
  let to_string n = format "%d" n
  let compare (x : nativeint) (y : nativeint) = compare x y
  let equal (x : nativeint) (y : nativeint) = compare x y = 0
end
