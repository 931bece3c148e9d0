import Foundation
import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct GroupByTests {
    let scheduler = TestScheduler(initialClock: 0)

    static let words: [Recorded<Event<String>>] = [
        .next(90, "abc"), .next(220, "  foo"), .next(240, " FoO "), .next(270, "baR  "), .next(310, "foO "),
        .next(350, " Baz   "), .next(360, "  qux "), .next(390, "   bar"), .next(420, " BAR  "),
        .next(470, "FOO "), .completed(570),
    ]

    static func key(_ word: String) -> String {
        word.lowercased().trimmingCharacters(in: .whitespaces)
    }

    @Test func emitsEachNewGroupAndCompletes() {
        let xs = scheduler.createHotObservable(Self.words)
        let res = scheduler.start { xs.groupBy(keySelector: Self.key).map { $0.key } }
        #expect(
            res.events == [
                .next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"), .completed(570),
            ])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }

    @Test func groupsCarryTheirElements() {
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .completed(300),
        ])
        let res = scheduler.start {
            xs.groupBy { $0 % 2 }.flatMap { group in group.map { "\(group.key) \($0)" } }
        }
        #expect(
            res.events == [
                .next(205, "1 1"), .next(210, "0 2"), .next(240, "1 3"), .next(280, "0 4"), .completed(300),
            ])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func errorAndKeySelectorError() {
        let xs = scheduler.createHotObservable("-ab#", values: ["a": 1, "b": 2], error: TestError())
        let res = scheduler.start { xs.groupBy { $0 % 2 }.flatMap { $0 } }
        assertMarbles(res, "-ab#", values: ["a": 1, "b": 2], error: TestError())
        assertSubscriptions(xs, "^--!")

        let other = TestScheduler(initialClock: 0)
        let ys = other.createHotObservable("-ab-------|", values: ["a": 1, "b": 2])
        let thrown = other.start {
            ys.groupBy { value -> Int in
                if value == 2 { throw TestError() }
                return value
            }
            .map { $0.key }
        }
        assertMarbles(thrown, "-a#", values: ["a": 1], error: TestError())
        assertSubscriptions(ys, "^-!")
    }

    @Test func outerDisposalWithoutGroupSubscriptionsUnsubscribes() {
        let xs = scheduler.createHotObservable(Self.words)
        let res = scheduler.start(disposed: 355) { xs.groupBy(keySelector: Self.key).map { $0.key } }
        #expect(res.events == [.next(220, "foo"), .next(270, "bar"), .next(350, "baz")])
        #expect(xs.subscriptions == [Subscription(200, 355)])
    }

    @Test func aLiveGroupSubscriptionKeepsTheSourceSubscribed() {
        let xs = scheduler.createHotObservable(Self.words)
        let foo = scheduler.createObserver(String.self)
        let state = GroupTestState()
        scheduler.scheduleAt(200) {
            state.outer = xs.groupBy(keySelector: Self.key).subscribe(onNext: { group in
                if group.key == "foo" { state.inner = group.subscribe(foo) }
            })
        }
        scheduler.scheduleAt(300) { state.outer?.dispose() }
        scheduler.scheduleAt(450) { state.inner?.dispose() }
        scheduler.start()
        #expect(foo.events == [.next(220, "  foo"), .next(240, " FoO "), .next(310, "foO ")])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        state.outer = nil
        state.inner = nil
    }
}

/// What the group test keeps between scheduled steps (all on the test's thread).
private final class GroupTestState: @unchecked Sendable {  // used only by the test scheduler's serial steps
    var outer: (any Disposable)?
    var inner: (any Disposable)?
}
