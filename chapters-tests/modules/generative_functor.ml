module F () = struct end
