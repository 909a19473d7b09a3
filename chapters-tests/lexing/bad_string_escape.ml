let s = "abc\qdef"
