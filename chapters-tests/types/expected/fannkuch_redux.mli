val fannkuch : int -> int * int
