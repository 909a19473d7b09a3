type body = {
  mutable x : float;
  mutable y : float;
  mutable z : float;
  mutable vx : float;
  mutable vy : float;
  mutable vz : float;
  mass : float;
}
val pi : float
val solar_mass : float
val days_per_year : float
val planets : body array
val advance : body array -> float -> unit
val energy : body array -> float
val offset_momentum : body array -> unit
