import Foundation
import Streams
import StreamsTest
import Testing

@Suite struct DebugTests {
    let scheduler = TestScheduler(initialClock: 0)

    final class Lines: Sendable {
        private let lines = Locked<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    /// The expected line for `tick` on a test scheduler with resolution 1 (ticks are seconds
    /// since 1970), formatted independently with `DateFormatter` in the local time zone.
    static func line(_ tick: Int, _ identifier: String, _ content: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return "\(formatter.string(from: Date(timeIntervalSince1970: Double(tick)))): \(identifier) -> \(content)"
    }

    /// The expected lines of `identifier`, one per `tick: content` entry, in order.
    static func lines(_ identifier: String, _ entries: KeyValuePairs<Int, String>) -> [String] {
        entries.map { line($0.key, identifier, $0.value) }
    }

    @Test func logsSubscriptionEventsCompletionAndDisposalWithVirtualTime() {
        let lines = Lines()
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.debug("xs", scheduler: scheduler, output: lines.append) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        let logged: KeyValuePairs = [
            200: "subscribed", 210: "Event next(1)", 220: "Event next(2)", 250: "Event completed", 250: "isDisposed",
        ]
        #expect(lines.all == Self.lines("xs", logged))
    }

    /// An error only `logsTheErrorThenDisposal` fails with: `debug` prints the sites an error
    /// passed, found for a value error by its description, and other tests' chains record theirs.
    struct DebugOnlyFailure: Error {}

    @Test func logsTheErrorThenDisposal() {
        let lines = Lines()
        let xs = scheduler.createHotObservable([.error(250, DebugOnlyFailure(), Int.self)])
        let res = scheduler.start { xs.debug("xs", scheduler: scheduler, output: lines.append) }
        #expect(res.events == [.error(250, DebugOnlyFailure())])
        #expect(
            lines.all
                == Self.lines("xs", [200: "subscribed", 250: "Event error(\(DebugOnlyFailure()))", 250: "isDisposed"]))
    }

    @Test func logsDisposalOnceAndUnsubscribes() {
        let lines = Lines()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.debug("xs", scheduler: scheduler, output: lines.append) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(lines.all == Self.lines("xs", [200: "subscribed", 210: "Event next(1)", 250: "isDisposed"]))
    }

    @Test func outerDisposalIsLoggedBeforeInner() {
        let lines = Lines()
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        _ = scheduler.start(disposed: 250) {
            xs.debug("inner", scheduler: scheduler, output: lines.append)
                .debug("outer", scheduler: scheduler, output: lines.append)
        }
        #expect(
            lines.all == [
                Self.line(200, "outer", "subscribed"), Self.line(200, "inner", "subscribed"),
                Self.line(210, "inner", "Event next(1)"), Self.line(210, "outer", "Event next(1)"),
                Self.line(250, "outer", "isDisposed"), Self.line(250, "inner", "isDisposed"),
            ])
    }

    @Test func trimOutputShortensLongEventDescriptions() {
        let lines = Lines()
        let long = String(repeating: "a", count: 30) + String(repeating: "b", count: 30)
        let xs = scheduler.createHotObservable([.next(210, long), .next(220, "short"), .completed(250)])
        _ = scheduler.start { xs.debug("xs", trimOutput: true, scheduler: scheduler, output: lines.append) }
        let text = "next(\(long))"
        let trimmed = "\(text.prefix(20))...\(text.suffix(20))"
        #expect(lines.all[1] == Self.line(210, "xs", "Event \(trimmed)"))
        #expect(lines.all[2] == Self.line(220, "xs", "Event next(short)"))
    }

    @Test func defaultIdentifierNamesTheFileLineAndFunction() {
        let lines = Lines()
        let line = #line + 1
        let observable = Observable.just(1).debug(scheduler: scheduler, output: lines.append)
        _ = observable.subscribe { _ in }
        let identifier = "DebugTests.swift:\(line) (defaultIdentifierNamesTheFileLineAndFunction())"
        #expect(lines.all.first == Self.line(0, identifier, "subscribed"))
    }

    @Test func wallClockFormPrintsAndPassesEventsThrough() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.debug("wall clock") }
        #expect(res.events == [.next(210, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEverything() {
        let lines = Lines()
        #expect(singleSourceLeftovers { $0.debug("x", scheduler: scheduler, output: lines.append) } == 0)
    }
}
