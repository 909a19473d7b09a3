val x : string
module A : sig val y : int val x : string end
module B : sig val y : int val x : string val z : int end
module L = List
module C : sig module D : sig val v : string end module E = D end
