type v = { x : float; y : float; }
type mv = { mutable mx : float; my : float; }
val norm : v -> float
val dot : v -> v -> float
val mnorm : mv -> float
val add : v -> v -> v
val walk : int -> v -> v
