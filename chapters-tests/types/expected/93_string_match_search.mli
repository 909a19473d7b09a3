val classify : string -> int
