import Streams
import StreamsTest

/// The messages of the failures `body` reported, in order (see `TestFailureCapture`).
func capturedFailures(_ body: () -> Void) -> [String] {
    TestFailureCapture.collect(body).map(\.message)
}

/// The call sites of the failures `body` reported, in order.
func capturedFailureLocations(_ body: () -> Void) -> [CallSite] {
    TestFailureCapture.collect(body).map(\.site)
}

struct TestError: Error, Equatable {}
