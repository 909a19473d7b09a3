class point = object val x = 0 end
