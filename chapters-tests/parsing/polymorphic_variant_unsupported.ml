let v = `Red
