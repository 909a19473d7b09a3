exception Report of int * bool * char * int option * int option *
            (int * int) * float * string
