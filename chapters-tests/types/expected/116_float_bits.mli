val show_class : fpclass -> string
val values : float list
