exception Found of int
exception Skip
val table : int array
val find_index : int -> int
val classify : int -> int
