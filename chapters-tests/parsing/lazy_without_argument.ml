let x = lazy
