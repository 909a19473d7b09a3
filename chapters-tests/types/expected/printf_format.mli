val names : string array
