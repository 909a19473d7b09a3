let (let*) x f = f x
