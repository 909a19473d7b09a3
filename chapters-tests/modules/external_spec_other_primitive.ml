module type S = sig external id : 'a -> 'a = "%identity" end
module M : S = struct external id : 'a -> 'a = "%ident" end
