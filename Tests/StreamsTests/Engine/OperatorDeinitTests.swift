import Streams
import StreamsTest
import Testing

/// An operator that keeps a latest or pending element releases it when a newer one replaces it,
/// when it hands it on, or when it ends; that element's `deinit` may dispose the subscription,
/// subscribe again or send into the operator's source, and must not run under the operator's
/// lock (that deadlocked: the lock is not recursive).
@Suite struct OperatorDeinitTests {
    private static let abc: [Step] = [.main("a"), .main("b"), .main("c")]

    /// An operator that passes each element on at once and keeps it (the last one, the
    /// accumulation): b displaces a before b is passed on, so a's deinit runs before b arrives.
    private static let keptAndPassedOn: [Reentry: [Recorded<Event<String>>]] = [
        .disposes: [.next(210, "a")],
        .subscribes: [.next(210, "a"), .next(220, "b"), .next(230, "c"), .next(230, "late c")],
        .sends: [.next(210, "a"), .next(220, "b"), .next(220, "x"), .next(230, "c")],
    ]

    /// A newer element displaces the one an operator keeps, or the operator hands it on.
    static let displacements: [Displacement] = [
        Displacement(
            holder: .debounce, steps: abc, victim: "a",
            expected: [
                .disposes: [],
                .subscribes: [.next(250, "c"), .next(250, "late c")],
                .sends: [.next(250, "c")],
            ]),
        Displacement(
            holder: .throttle, steps: [.main("a"), .main("b"), .main("c"), .main("d")], victim: "b",
            expected: [
                .disposes: [.next(210, "a")],
                .subscribes: [.next(210, "a"), .next(235, "c"), .next(240, "late d"), .next(260, "d")],
                .sends: [.next(210, "a"), .next(235, "x"), .next(260, "d")],
            ]),
        // b displaces a in the window a opened (due at 235); a late subscription opens its own
        // window with c, and x, sent as a is released, is displaced by c in turn.
        Displacement(
            holder: .audit, steps: abc, victim: "a",
            expected: [
                .disposes: [],
                .subscribes: [.next(235, "c"), .next(255, "late c")],
                .sends: [.next(235, "c")],
            ]),
        // b is handed on when the window ends at 235 and released after its delivery.
        Displacement(
            holder: .audit, steps: [.main("a"), .main("b")], victim: "b",
            expected: [
                .disposes: [.next(235, "b")],
                .subscribes: [.next(235, "b")],
                .sends: [.next(235, "b"), .next(260, "x")],
            ]),
        Displacement(
            holder: .sample, steps: [.main("a"), .main("b"), .other("t"), .main("c"), .other("u")], victim: "a",
            expected: [
                .disposes: [],
                .subscribes: [.next(230, "b"), .next(250, "c"), .next(250, "late c")],
                .sends: [.next(230, "x"), .next(250, "c")],
            ]),
        Displacement(holder: .distinctUntilChanged, steps: abc, victim: "a", expected: keptAndPassedOn),
        Displacement(holder: .distinctUntilChangedStage, steps: abc, victim: "a", expected: keptAndPassedOn),
        Displacement(holder: .distinctUntilChangedWideStage, steps: abc, victim: "a", expected: keptAndPassedOn),
        Displacement(holder: .scan, steps: abc, victim: "a", expected: keptAndPassedOn),
        Displacement(
            holder: .combineLatest, steps: [.other("o"), .main("a"), .main("b"), .main("c")], victim: "a",
            expected: [
                .disposes: [.next(220, "ao"), .next(230, "bo")],
                .subscribes: [.next(220, "ao"), .next(230, "bo"), .next(240, "co")],
                .sends: [.next(220, "ao"), .next(230, "bo"), .next(230, "xo"), .next(240, "co")],
            ]),
        Displacement(
            holder: .withLatestFrom, steps: [.other("a"), .other("b"), .main("t"), .other("c"), .main("u")],
            victim: "a",
            expected: [
                .disposes: [],
                .subscribes: [.next(230, "tb"), .next(250, "uc"), .next(250, "late uc")],
                .sends: [.next(230, "tx"), .next(250, "uc")],
            ]),
        Displacement(
            holder: .takeLast, steps: [.main("a"), .main("b"), .main("c"), .complete], victim: "a",
            expected: [
                .disposes: [],
                .subscribes: [.next(240, "b"), .next(240, "c"), .completed(240), .completed(240)],
                .sends: [.next(240, "c"), .next(240, "x"), .completed(240)],
            ]),
        Displacement(
            holder: .buffer, steps: [.main("a"), .main("b"), .main("c"), .main("d")], victim: "a",
            expected: [
                .disposes: [.next(230, "abc")],
                .subscribes: [
                    .next(230, "abc"), .next(300, "d"), .next(300, "late d"), .next(370, ""), .next(370, "late "),
                    .next(440, ""), .next(440, "late "),
                ],
                .sends: [.next(230, "abc"), .next(300, "xd"), .next(370, ""), .next(440, "")],
            ]),
        Displacement(
            holder: .window, steps: [.main("a"), .main("b"), .main("c"), .main("d")], victim: "a",
            expected: [
                .disposes: [.next(210, "a")],
                .subscribes: [
                    .next(210, "a"), .next(220, "b"), .next(220, "late b"), .next(230, "c"), .next(230, "late c"),
                    .next(240, "d"), .next(240, "late d"),
                ],
                .sends: [.next(210, "a"), .next(210, "x"), .next(220, "b"), .next(230, "c"), .next(240, "d")],
            ]),
        Displacement(
            holder: .delay, steps: abc, victim: "a",
            expected: [
                .disposes: [.next(230, "a")],
                .subscribes: [.next(230, "a"), .next(240, "b"), .next(250, "c")],
                .sends: [.next(230, "a"), .next(240, "b"), .next(250, "c"), .next(251, "x")],
            ]),
    ]

    /// The element an operator still holds when its inputs complete.
    static let endings: [Displacement] = [
        .ending(
            .debounce, steps: [.main("a"), .complete], emitted: [.next(220, "a")], end: 220, endsFirst: false),
        .ending(
            .throttle, steps: [.main("a"), .main("b"), .complete], victim: "b",
            emitted: [.next(210, "a"), .next(235, "b")], end: 235, endsFirst: false),
        // The completion at 220 waits for the window a opened: a, then completion, at 235.
        .ending(
            .audit, steps: [.main("a"), .complete], emitted: [.next(235, "a")], end: 235, endsFirst: false),
        .ending(
            .sample, steps: [.main("a"), .complete], emitted: [.next(220, "a")], end: 220, endsFirst: false),
        .ending(
            .distinctUntilChanged, steps: [.main("a"), .complete], emitted: [.next(210, "a")], end: 220,
            endsFirst: true),
        .ending(
            .distinctUntilChangedStage, steps: [.main("a"), .complete], emitted: [.next(210, "a")], end: 220,
            endsFirst: true),
        .ending(
            .distinctUntilChangedWideStage, steps: [.main("a"), .complete], emitted: [.next(210, "a")], end: 220,
            endsFirst: true),
        .ending(
            .scan, steps: [.main("a"), .complete], emitted: [.next(210, "a")], end: 220, endsFirst: true),
        .ending(
            .combineLatest, steps: [.other("o"), .main("a"), .complete], emitted: [.next(220, "ao")], end: 230,
            endsFirst: true),
        .ending(.withLatestFrom, steps: [.other("a"), .complete], emitted: [], end: 220, endsFirst: true),
        .ending(.takeLast, steps: [.main("a"), .complete], emitted: [.next(220, "a")], end: 220, endsFirst: true),
        // A late buffer emits its empty buffer as it completes; a late window is opened at once
        // and x goes into it; a late delay delays the completion it gets at once.
        Displacement(
            holder: .buffer, steps: [.main("a"), .complete], victim: "a",
            expected: [
                .disposes: [.next(220, "a")],
                .subscribes: [.next(220, "a"), .next(220, "late "), .completed(220), .completed(220)],
                .sends: [.next(220, "a"), .completed(220)],
            ]),
        Displacement(
            holder: .window, steps: [.main("a"), .complete], victim: "a",
            expected: [
                .disposes: [.next(210, "a")],
                .subscribes: [.next(210, "a"), .completed(220), .completed(220)],
                .sends: [.next(210, "a"), .next(210, "x"), .completed(220)],
            ]),
        Displacement(
            holder: .delay, steps: [.main("a"), .complete], victim: "a",
            expected: [
                .disposes: [.next(230, "a")],
                .subscribes: [.next(230, "a"), .completed(240), .completed(250)],
                .sends: [.next(230, "a"), .completed(240)],
            ]),
    ]

    @Test(arguments: displacements, Reentry.allCases)
    func displacedElementReentersItsOperator(_ displacement: Displacement, _ reentry: Reentry) {
        displacement.check(reentry)
    }

    @Test(arguments: endings, Reentry.allCases)
    func elementHeldAtTheEndReentersItsOperator(_ displacement: Displacement, _ reentry: Reentry) {
        displacement.check(reentry)
    }
}
