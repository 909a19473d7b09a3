module M = 
let x = 1
