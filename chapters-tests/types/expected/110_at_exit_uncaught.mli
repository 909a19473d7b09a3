exception Boom of string * int
