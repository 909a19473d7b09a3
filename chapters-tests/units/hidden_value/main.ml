let () = Counter.check (Counter.make 1)
