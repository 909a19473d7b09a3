type 'a phantom = int
type u = u phantom
type v = v phantom list
type 'a id = 'a
type w = w phantom id
type 'a t = 'a phantom
type z = z t * int
val x : u
val l : v
val y : w
val p : z
