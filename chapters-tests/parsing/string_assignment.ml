let s = "abc" in s.[0] <- (String.get s 1)
