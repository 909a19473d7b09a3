val rotate : float -> float -> float * float
type vec = { vx : float; vy : float; }
val add : vec -> vec -> vec
val polar : float -> float -> float * float
