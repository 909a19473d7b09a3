val trace : string -> 'a -> 'a
