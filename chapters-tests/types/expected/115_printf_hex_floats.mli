val values : float list
