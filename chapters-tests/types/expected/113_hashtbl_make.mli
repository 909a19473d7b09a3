module Counter : sig val run : unit -> unit end
