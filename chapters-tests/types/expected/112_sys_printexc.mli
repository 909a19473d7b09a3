exception Plain
exception With_args of int * string * float
exception Nested of exn
