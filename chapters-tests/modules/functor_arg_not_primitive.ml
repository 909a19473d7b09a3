module type T = sig external length : string -> int = "%string_length" end
module F (X : T) = struct let twice s = X.length s * 2 end
module G = F (struct let length = String.length end)
