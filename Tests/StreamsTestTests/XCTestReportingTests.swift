import Streams
import XCTest

@testable import StreamsTest

/// The same assertions run under XCTest, where failures go through `XCTFail`.
final class XCTestReportingTests: XCTestCase {
    func testFailuresGoToXCTestOutsideSwiftTesting() {
        XCTAssertEqual(FailureDestination.current, .xctest)
    }

    func testCollectedFailuresAreNotRecordedUnderXCTest() {
        let failures = TestFailureCapture.collect { assertEvents([Recorded<Event<Int>>.next(210, 1)], []) }
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.message, diffEvents([Recorded<Event<Int>>.next(210, 1)], []))
    }

    func testMarbleAssertionsPassUnderXCTest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable("-a-^-b-c-|", values: ["a": 1, "b": 2, "c": 3])
        let res = scheduler.start { xs.filter { $0 != 2 } }
        assertMarbles(res, "   ^---c-|", values: ["c": 3])
        assertSubscriptions(xs, "   ^-----!")
        assertEvents(res.events, [.next(240, 3), .completed(260)])
        scheduler.assertNoPendingWork()
        XCTAssertNil(diffMarbles(res, "^---c-|", values: ["c": 3]))
    }
}
