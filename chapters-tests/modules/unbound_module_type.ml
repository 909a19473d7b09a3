module M : T = struct end
