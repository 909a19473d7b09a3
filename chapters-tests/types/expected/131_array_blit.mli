val show_ints : int array -> unit
val show_floats : float array -> unit
