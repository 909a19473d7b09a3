let f p = match p with (Some d, _) | (_, Some d) when d > 10 -> "big" | _ -> "small"
let g = function
  | (Some d, Some e) | (Some e, Some d) when d > e -> 1
  | _ -> 0
let h = function
  | (Some d, None) | (None, Some d) when d > 1 -> d
  | _ -> 0
let k = function
  | (Some d, _) -> d
  | (Some d, _) | (_, Some d) when d > 1 -> d
  | _ -> 0
let m = function
  | (Some d, _) | (_, Some d) when true -> d
  | _ -> 0
let n = function
  | [x; y] | [y; x; _] when x > y -> x - y
  | _ -> 0
