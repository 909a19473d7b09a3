let f x = Some f x
