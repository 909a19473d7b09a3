val inputs : string list
