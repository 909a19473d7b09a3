external length : string -> int = "%string_length"
