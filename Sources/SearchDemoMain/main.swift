print("search-demo")
