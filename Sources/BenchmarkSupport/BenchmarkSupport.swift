/// Code the benchmarks run as "user code", kept in its own module.
public enum BenchmarkSupportModule {}
