val upper : char -> char
val caesar : int -> char -> char
val is_vowel : char -> bool
