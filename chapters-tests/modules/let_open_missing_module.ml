let x = let open in 1
