let greeting = "hello"
