print("streams-benchmarks")
