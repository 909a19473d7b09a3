val show : float -> unit
