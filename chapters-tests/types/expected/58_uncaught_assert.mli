val check_sorted : 'a list -> unit
