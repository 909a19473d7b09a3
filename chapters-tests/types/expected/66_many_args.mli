val f8 : int -> int -> int -> int -> int -> int -> int -> int -> int
val f12 :
  int ->
  int ->
  int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int
val f16 :
  int ->
  int ->
  int ->
  int ->
  int ->
  int ->
  int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int
val mixed :
  float ->
  int ->
  string ->
  float -> int -> float -> string -> float -> int -> float -> string
val loop12 :
  int ->
  int ->
  int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int
val nontail10 :
  int ->
  int -> int -> int -> int -> int -> int -> int -> int -> int -> int list
val ftail :
  int ->
  float ->
  float ->
  float -> float -> float -> float -> float -> float -> float -> float
val returns_fn :
  int -> int -> int -> int -> int -> int -> int -> int -> int -> int -> int
