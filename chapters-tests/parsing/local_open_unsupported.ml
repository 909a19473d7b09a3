let x = List.(length [1])
