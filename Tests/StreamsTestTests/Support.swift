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

/// What a leak check reports when one subscription to a `PublishSubject`, made at `site`
/// (`File.swift:line`), is still alive.
func oneLiveSubscriptionReport(subscribedAt site: String) -> String {
    """
    1 live resource created inside withLeakCheck was not released
    live subscriptions:
      subscribe  \(site)
        PublishSubject
    """
}

struct TestError: Error, Equatable {}
