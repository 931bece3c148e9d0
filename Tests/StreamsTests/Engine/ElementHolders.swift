import Streams
import StreamsTest
import Testing

/// One way into a holder: a subject or relay itself, or a subject an operator is applied to.
struct Input: Sendable {
    let send: @Sendable (Event<Probe>) -> Void

    func onNext(_ probe: Probe) { send(.next(probe)) }
}

/// A holder wired for one test: its events with each element named, and its inputs.
struct Rig: Sendable {
    /// The holder's events; an element is named by its probes' names (`"ab"` for a buffer of a
    /// and b, `"ao"` for a combination of a and o).
    let output: Observable<String>
    /// The main input.
    let main: Input
    /// The second input (the sampler, the second source), if the holder has one.
    let other: Input?
}

/// What a holder is built with: the test's clock and the census its probes count in.
struct Bench: Sendable {
    let scheduler: TestScheduler
    let census: Census

    func probe(_ name: String) -> Probe { Probe(name, census: census) }
}

/// Every type that holds elements — subjects, relays, `share(replay:)` and the operators that
/// keep a latest or pending element — built the same way, so each test below runs over all.
struct Holder: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether a flood (``flood(ending:)``) fills the second input too: it holds a latest element.
    let floodsBoth: Bool
    let make: @Sendable (Bench) -> Rig

    init(_ name: String, floodsBoth: Bool = false, make: @escaping @Sendable (Bench) -> Rig) {
        self.name = name
        self.floodsBoth = floodsBoth
        self.make = make
    }

    var testDescription: String { name }
}

extension Holder {
    static let publishSubject = Holder("PublishSubject") { _ in subject(PublishSubject()) }
    static let behaviorSubject = Holder("BehaviorSubject") { subject(BehaviorSubject(value: $0.probe("0"))) }
    static let replaySubject = Holder("ReplaySubject(1)") { _ in subject(ReplaySubject.create(bufferSize: 1)) }
    static let unboundReplaySubject = Holder("ReplaySubject(unbound)") { _ in subject(ReplaySubject.createUnbound()) }
    static let asyncSubject = Holder("AsyncSubject") { _ in subject(AsyncSubject()) }
    static let publishRelay = Holder("PublishRelay") { _ in
        let relay = PublishRelay<Probe>()
        return relayRig(relay, accept: relay.accept)
    }
    static let behaviorRelay = Holder("BehaviorRelay") {
        let relay = BehaviorRelay(value: $0.probe("0"))
        return relayRig(relay, accept: relay.accept)
    }
    static let replayRelay = Holder("ReplayRelay(2)") { _ in
        let relay = ReplayRelay<Probe>.create(bufferSize: 2)
        return relayRig(relay, accept: relay.accept)
    }
    static let shareReplay = Holder("share(replay: 1)") { _ in operatorRig { $0.share(replay: 1).map(\.name) } }
    static let shareReplayForever = Holder("share(replay: 1, scope: .forever)") { _ in
        operatorRig { $0.share(replay: 1, scope: .forever).map(\.name) }
    }

    /// The subjects, relays and shares.
    static let subjects: [Holder] = [
        publishSubject, behaviorSubject, replaySubject, unboundReplaySubject, asyncSubject, publishRelay,
        behaviorRelay, replayRelay, shareReplay, shareReplayForever,
    ]

    static let debounce = Holder("debounce(20)") { bench in
        operatorRig { $0.debounce(.seconds(20), scheduler: bench.scheduler).map(\.name) }
    }
    static let throttle = Holder("throttle(25, latest: true)") { bench in
        operatorRig { $0.throttle(.seconds(25), latest: true, scheduler: bench.scheduler).map(\.name) }
    }
    static let audit = Holder("audit(25)") { bench in
        operatorRig { $0.audit(.seconds(25), scheduler: bench.scheduler).map(\.name) }
    }
    static let sample = Holder("sample") { _ in twoInputRig { main, ticks in main.sample(ticks).map(\.name) } }
    static let distinctUntilChanged = Holder("distinctUntilChanged") { _ in
        operatorRig { $0.distinctUntilChanged { $0.name == $1.name }.map(\.name) }
    }
    /// `distinctUntilChanged()` itself, whose last element is a pipeline's inline state, and
    /// one whose element is too wide for it, whose state the pipeline allocates.
    static let distinctUntilChangedStage = Holder("distinctUntilChanged() (a pipeline stage)") { _ in
        operatorRig { $0.map(NamedProbe.init).distinctUntilChanged().map(\.probe.name) }
    }
    static let distinctUntilChangedWideStage = Holder("distinctUntilChanged() (out-of-line state)") { _ in
        operatorRig { $0.map(WideNamedProbe.init).distinctUntilChanged().map(\.probe.name) }
    }
    static let scan = Holder("scan") { _ in
        operatorRig { $0.scan(Probe?.none) { _, latest in latest }.map { $0?.name ?? "-" } }
    }
    static let combineLatest = Holder("combineLatest", floodsBoth: true) { _ in
        twoInputRig { first, second in Observable.combineLatest(first, second) { $0.name + $1.name } }
    }
    static let withLatestFrom = Holder("withLatestFrom", floodsBoth: true) { _ in
        twoInputRig { first, second in first.withLatestFrom(second) { $0.name + $1.name } }
    }
    static let takeLast = Holder("takeLast(2)") { _ in operatorRig { $0.takeLast(2).map(\.name) } }
    static let buffer = Holder("buffer(70, count: 3)") { bench in
        operatorRig {
            $0.buffer(timeSpan: .seconds(70), count: 3, scheduler: bench.scheduler).map(names)
        }
    }
    static let window = Holder("window(70, count: 3)") { bench in
        operatorRig {
            $0.window(timeSpan: .seconds(70), count: 3, scheduler: bench.scheduler).flatMap { $0.map(\.name) }
        }
    }
    static let delay = Holder("delay(20)") { bench in
        operatorRig { $0.delay(.seconds(20), scheduler: bench.scheduler).map(\.name) }
    }

    /// The operators that keep a latest or pending element.
    static let operators: [Holder] = [
        debounce, throttle, audit, sample, distinctUntilChanged, distinctUntilChangedStage,
        distinctUntilChangedWideStage,
        scan, combineLatest, withLatestFrom, takeLast, buffer, window, delay,
    ]
}

/// A probe compared by name, for `distinctUntilChanged()`, which needs `Equatable` elements.
struct NamedProbe: Equatable, Sendable {
    let probe: Probe
    init(_ probe: Probe) { self.probe = probe }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.probe.name == rhs.probe.name }
}

/// ``NamedProbe`` with two more words: wider than a pipeline's inline state.
struct WideNamedProbe: Equatable, Sendable {
    let probe: Probe
    let padding = (0, 0)
    init(_ probe: Probe) { self.probe = probe }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.probe.name == rhs.probe.name }
}

/// The probes' names joined: a buffer's name.
@Sendable func names(_ probes: [Probe]) -> String { probes.map(\.name).joined() }

private func subject<Subject: ObservableType & ObserverType & Sendable>(_ subject: Subject) -> Rig
where Subject.Element == Probe {
    Rig(output: subject.map(\.name), main: Input(send: subject.on), other: nil)
}

/// Relays never terminate: a stop event sent to the rig's input is dropped.
private func relayRig<Relay: ObservableType & Sendable>(
    _ relay: Relay, accept: @escaping @Sendable (Probe) -> Void
) -> Rig where Relay.Element == Probe {
    Rig(
        output: relay.map(\.name),
        main: Input { event in
            if case .next(let probe) = event { accept(probe) }
        }, other: nil)
}

private func operatorRig(_ build: (Observable<Probe>) -> Observable<String>) -> Rig {
    let main = PublishSubject<Probe>()
    return Rig(output: build(main), main: Input(send: main.on), other: nil)
}

private func twoInputRig(_ build: (Observable<Probe>, Observable<Probe>) -> Observable<String>) -> Rig {
    let main = PublishSubject<Probe>()
    let other = PublishSubject<Probe>()
    return Rig(output: build(main, other), main: Input(send: main.on), other: Input(send: other.on))
}
