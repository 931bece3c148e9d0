import Streams
import StreamsTest
import Testing

/// An element's `deinit` is user code: when a subject, relay or shared sequence replaces or drops
/// an element, that `deinit` may dispose, subscribe or send into the very holder releasing it.
/// It must not run under the holder's lock (that deadlocked: the lock is not recursive).
@Suite struct DeinitReentrancyTests {
    /// A screen's view model: it binds to the relay it was handed through its own bag.
    private final class ChildViewModel: Sendable {
        let name: String
        let bag = DisposeBag()

        init(_ name: String, boundTo relay: BehaviorRelay<ChildViewModel?>, log: Log) {
            self.name = name
            relay.map { $0?.name ?? "none" }.subscribe(onNext: { log.append("\(name) saw \($0)") }).disposed(by: bag)
        }
    }

    @Test func aViewModelBoundToTheRelayHoldingItIsReplacedAndReleased() {
        let log = Log()
        let finished = finishesWithin {
            let relay = BehaviorRelay<ChildViewModel?>(value: nil)
            relay.accept(ChildViewModel("first", boundTo: relay, log: log))
            relay.accept(ChildViewModel("second", boundTo: relay, log: log))
            relay.accept(nil)
            relay.accept(nil)
        }
        #expect(finished)
        #expect(
            log.items == [
                "first saw none", "first saw first", "second saw first", "first saw second", "second saw second",
                "second saw none",
            ])
    }

    private static let abc: [Step] = [.main("a"), .main("b"), .main("c")]

    /// A holder that keeps nothing: a is released as soon as it was sent.
    private static let broadcast: [Reentry: [Recorded<Event<String>>]] = [
        .disposes: [.next(210, "a")],
        .subscribes: [.next(210, "a"), .next(220, "b"), .next(220, "late b"), .next(230, "c"), .next(230, "late c")],
        .sends: [.next(210, "a"), .next(210, "x"), .next(220, "b"), .next(230, "c")],
    ]

    /// A holder that keeps the latest element: b displaces a, and a is released after b was
    /// delivered; a late subscriber gets b first.
    private static let latest: [Reentry: [Recorded<Event<String>>]] = [
        .disposes: [.next(210, "a"), .next(220, "b")],
        .subscribes: [.next(210, "a"), .next(220, "b"), .next(220, "late b"), .next(230, "c"), .next(230, "late c")],
        .sends: [.next(210, "a"), .next(220, "b"), .next(220, "x"), .next(230, "c")],
    ]

    /// The subjects, relays and shares: a, then b, which displaces a, then c.
    static let displacements: [Displacement] =
        [Holder.publishSubject, .publishRelay].map {
            Displacement(holder: $0, steps: abc, victim: "a", expected: broadcast)
        }
        + [Holder.replaySubject, .shareReplay, .shareReplayForever].map {
            Displacement(holder: $0, steps: abc, victim: "a", expected: latest)
        }
        // A current value: the subscription starts with 0.
        + [Holder.behaviorSubject, .behaviorRelay].map {
            Displacement(holder: $0, steps: abc, victim: "a", expected: latest.mapValues { [.next(200, "0")] + $0 })
        } + [
            Displacement(
                holder: .asyncSubject, steps: abc + [.complete], victim: "a",
                expected: [
                    .disposes: [],
                    .subscribes: [.next(240, "c"), .next(240, "late c"), .completed(240), .completed(240)],
                    .sends: [.next(240, "c"), .completed(240)],
                ]),
            // Two replayed: c displaces a; a late subscriber gets b and c.
            Displacement(
                holder: .replayRelay, steps: abc + [.main("d")], victim: "a",
                expected: [
                    .disposes: [.next(210, "a"), .next(220, "b"), .next(230, "c")],
                    .subscribes: [
                        .next(210, "a"), .next(220, "b"), .next(230, "c"), .next(230, "late b"), .next(230, "late c"),
                        .next(240, "d"), .next(240, "late d"),
                    ],
                    .sends: [.next(210, "a"), .next(220, "b"), .next(230, "c"), .next(230, "x"), .next(240, "d")],
                ]),
        ]

    /// `share(replay:)` drops its subject, and the replayed element, when the source completes.
    static let endings: [Displacement] = [
        .ending(
            .shareReplay, steps: [.main("a"), .complete], emitted: [.next(210, "a")], end: 220, endsFirst: true)
    ]

    @Test(arguments: displacements + endings, Reentry.allCases)
    func displacedElementReentersItsHolder(_ displacement: Displacement, _ reentry: Reentry) {
        displacement.check(reentry)
    }

    /// A replay buffer releases an element when a newer one pushes it out, however many follow
    /// (a buffer that compacted only every 32 elements released it later, under its lock).
    static let longRuns: [Displacement] = [
        longRun(.replaySubject, expected: [.next(210, "a"), .next(220, "e1")]),
        longRun(.replayRelay, expected: [.next(210, "a"), .next(220, "e1"), .next(230, "e2")]),
        longRun(.shareReplay, expected: [.next(210, "a"), .next(220, "e1")]),
        longRun(.shareReplayForever, expected: [.next(210, "a"), .next(220, "e1")]),
    ]

    /// a, then 40 elements; a's bag holds the subscription, so it ends when a is released.
    private static func longRun(_ holder: Holder, expected: [Recorded<Event<String>>]) -> Displacement {
        let followers = (1...40).map { Step.main("e\($0)") }
        return Displacement(
            holder: holder, steps: [.main("a")] + followers, victim: "a", expected: [.disposes: expected])
    }

    @Test(arguments: longRuns)
    func replayedElementIsReleasedWhenPushedOut(_ displacement: Displacement) {
        displacement.check(.disposes)
    }
}
