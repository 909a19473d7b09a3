(* stage: cmm opt=0 *)
(* String length from the header and the padding byte; a bounds check on
   the tagged index, compared unsigned. *)
let last (s : string) = s.[String.length s - 1]
