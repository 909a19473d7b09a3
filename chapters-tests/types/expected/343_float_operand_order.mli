val f : float -> float
val g : float -> float
