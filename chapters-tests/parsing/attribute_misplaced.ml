let x = [@foo] 1
