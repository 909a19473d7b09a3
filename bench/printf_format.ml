(* Formatting with Printf: sprintf with integer, float and string
   conversions, widths and precisions, in a loop; the output is a checksum
   of the text, then a few lines printed with printf. *)
let names = [| "alpha"; "beta"; "gamma"; "delta" |]

let () =
  let total = ref 0 and sum = ref 0 in
  for i = 1 to 100_000 do
    let s =
      Printf.sprintf "%6d|%-8s|%8.3f|%x|%+d" i names.(i land 3)
        (float_of_int i /. 7.) (i * 31) (i - 50_000)
    in
    total := !total + String.length s;
    sum := (!sum * 31 + Char.code (String.get s (i mod String.length s))) land 0xFFFFFF
  done;
  Printf.printf "%d characters, checksum %06x\n" !total !sum;
  for i = 1 to 5 do
    Printf.printf "%3d %-6s %10.4e %S\n" i names.(i land 3) (1. /. float_of_int i) names.(i land 3)
  done
