let c = 'é'
