import Dispatch

/// Real elapsed time, for the tests that are about real time: monotonic, and available on every
/// platform the package supports (`ContinuousClock` needs macOS 13 / iOS 16).
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds

    /// Seconds since the stopwatch was made.
    var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
