val fnv_offset : int64
val fnv_prime : int64
val fnv1a_int : int64 -> int64 -> int64
