val eval_a : int -> int -> float
val mult : (int -> int -> float) -> float array -> float array -> unit
val mult_av : float array -> float array -> unit
val mult_atv : float array -> float array -> unit
val mult_atav : float array -> float array -> unit
