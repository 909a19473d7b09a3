(* Hashtbl.Make: the functorial table, with OCaml's iteration order, over a
   case-insensitive string key and over ints with a poor hash. *)
module Counter : sig
  val run : unit -> unit
end = struct
  module Caseless = struct
    type t = string
    let equal a b = String.lowercase_ascii a = String.lowercase_ascii b
    let hash s = Hashtbl.hash (String.lowercase_ascii s)
  end

  module H = Hashtbl.Make (Caseless)

  module Mod7 = Hashtbl.Make (struct
    type t = int
    let equal = ( = )
    let hash n = n mod 7
  end)

  let run () =
    let h = H.create 4 in
    List.iter
      (fun w -> H.replace h w (1 + Option.value ~default:0 (H.find_opt h w)))
      (String.split_on_char ' ' "The cat saw the Cat and THE dog saw a cat");
    H.iter (fun k v -> print_string k; print_string "="; print_int v; print_string " ") h;
    print_newline ();
    Printf.printf "length %d, mem dog %b, mem DOG %b, mem cow %b\n" (H.length h) (H.mem h "dog")
      (H.mem h "DOG") (H.mem h "cow");
    (try ignore (H.find h "cow") with Not_found -> print_endline "cow: Not_found");
    H.add h "dog" 10;
    Printf.printf "find_all dog: %s\n" (String.concat "," (List.map string_of_int (H.find_all h "dog")));
    H.remove h "DOG";
    Printf.printf "after remove: %d\n" (H.find h "dog");
    let total = H.fold (fun _ v acc -> v + acc) h 0 in
    Printf.printf "total %d\n" total;
    H.filter_map_inplace (fun _ v -> if v > 1 then Some (v * 100) else None) h;
    H.iter (fun k v -> Printf.printf "%s:%d " k v) h;
    print_newline ();
    let c = H.copy h in
    H.clear h;
    Printf.printf "cleared %d, copy %d\n" (H.length h) (H.length c);
    H.reset c;
    Printf.printf "reset %d\n" (H.length c);
    let m = Mod7.create 1 in
    for i = 0 to 99 do
      Mod7.add m (i * 3) i
    done;
    Mod7.iter (fun k v -> if v mod 9 = 0 then Printf.printf "%d->%d " k v) m;
    print_newline ();
    Seq.iter (fun (k, v) -> if k < 20 then Printf.printf "(%d,%d)" k v) (Mod7.to_seq m);
    print_newline ();
    Printf.printf "keys %d values %d\n"
      (Seq.fold_left (fun a _ -> a + 1) 0 (Mod7.to_seq_keys m))
      (Seq.fold_left ( + ) 0 (Mod7.to_seq_values m));
    let o = Mod7.of_seq (List.to_seq [ (1, "a"); (8, "b"); (1, "c") ]) in
    Mod7.add_seq o (List.to_seq [ (15, "d") ]);
    Mod7.replace_seq o (List.to_seq [ (8, "e") ]);
    Mod7.iter (fun k v -> Printf.printf "%d%s " k v) o;
    print_newline ()
end

let () = Counter.run ()
