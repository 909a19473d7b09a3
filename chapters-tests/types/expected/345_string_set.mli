val b : bytes
