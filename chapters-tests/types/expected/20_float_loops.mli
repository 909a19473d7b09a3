val integrate : (float -> float) -> float -> float -> int -> float
