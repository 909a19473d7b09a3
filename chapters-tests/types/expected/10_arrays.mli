val pa : int array -> unit
