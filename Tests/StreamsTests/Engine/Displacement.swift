import Streams
import StreamsTest
import Testing

/// What a displaced element's `deinit` does to the holder that displaced it.
enum Reentry: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Its `DisposeBag` disposes the subscription recording the holder's events (a view model
    /// that subscribed to the relay it was injected through).
    case disposes
    /// It subscribes to the holder again; that subscription's elements are recorded as "late …".
    case subscribes
    /// It sends a new element, x, into the input it came from.
    case sends

    var testDescription: String { rawValue }
}

/// One step of a displacement script; the steps run one every 10 ticks from tick 210.
enum Step: Sendable {
    /// Sends a probe so named into the main input.
    case main(String)
    /// Sends a probe so named into the second input.
    case other(String)
    /// Completes every input.
    case complete

    /// The probe a send step sends and the input it goes to; `nil` for a completion.
    func send(in rig: Rig) -> (name: String, input: Input)? {
        switch self {
        case .main(let name): (name, rig.main)
        case .other(let name): (name, rig.other!)
        case .complete: nil
        }
    }

    /// How a test's name shows the step: `a`, `(t)` for the second input, `|`.
    var symbol: String {
        switch self {
        case .main(let name): name
        case .other(let name): "(\(name))"
        case .complete: "|"
        }
    }
}

/// A holder, a script that makes it displace (replace, drop or hand on) one element — the
/// victim — and the exact events recorded for each thing the victim's `deinit` can do.
struct Displacement: Sendable, CustomTestStringConvertible {
    let holder: Holder
    let steps: [Step]
    let victim: String
    let expected: [Reentry: [Recorded<Event<String>>]]

    var testDescription: String {
        let script = steps.count > 6 ? steps.prefix(3).map(\.symbol) + ["… \(steps.count) steps"] : steps.map(\.symbol)
        return "\(holder.name) \(script.joined(separator: " "))"
    }

    /// Runs the scenario for `reentry` and checks it: it finishes in time, records exactly the
    /// expected events and releases nothing under an engine lock.
    func check(_ reentry: Reentry, sourceLocation: SourceLocation = #_sourceLocation) {
        let (finished, events, underLock) = run(reentry)
        #expect(finished, "deadlocked: \(reentry) from the deinit of \(victim)", sourceLocation: sourceLocation)
        #expect(events == expected[reentry], sourceLocation: sourceLocation)
        #expect(underLock == [], sourceLocation: sourceLocation)
    }

    /// Subscribes at 200, runs the steps, disposes what is still subscribed at 500 (or 50 ticks
    /// after the last step, if later); returns whether that finished in time (a deadlock does
    /// not), the events recorded, and the probes released under an engine lock
    /// (``Census/releasedUnderLock``).
    func run(_ reentry: Reentry) -> (finished: Bool, events: [Recorded<Event<String>>], underLock: [String]) {
        let scheduler = TestScheduler(initialClock: 0)
        let observer = scheduler.createObserver(String.self)
        let census = Census()
        let finished = finishesWithin(seconds: 10) {
            let rig = holder.make(Bench(scheduler: scheduler, census: census))
            let subscriptions = CompositeDisposable()
            let parked = Parked(
                Probe(victim, census: census, onDeinit: action(reentry, rig: rig, observer, subscriptions, census)))
            scheduler.scheduleAt(200) {
                let subscription = rig.output.subscribe(observer)
                if reentry == .disposes, let owner = parked.current {
                    subscription.disposed(by: owner.bag)
                } else {
                    _ = subscriptions.insert(subscription)
                }
            }
            for (index, step) in steps.enumerated() {
                scheduler.scheduleAt(210 + 10 * index) {
                    guard let (name, input) = step.send(in: rig) else {
                        for input in [rig.main, rig.other] { input?.send(.completed) }
                        return
                    }
                    input.onNext(name == victim ? parked.take()! : Probe(name, census: census))
                }
            }
            let end = max(500, 250 + 10 * steps.count)
            scheduler.scheduleAt(end) { subscriptions.dispose() }
            scheduler.scheduleAt(end + 1) { scheduler.stop() }
            scheduler.start()
        }
        return finished ? (true, observer.events, census.releasedUnderLock) : (false, [], [])
    }

    /// The victim's `deinit` action for `reentry`.
    private func action(
        _ reentry: Reentry, rig: Rig, _ observer: TestableObserver<String>, _ subscriptions: CompositeDisposable,
        _ census: Census
    ) -> (@Sendable () -> Void)? {
        switch reentry {
        case .disposes:
            return nil  // its bag does it
        case .subscribes:
            return { _ = subscriptions.insert(rig.output.map { "late " + $0 }.subscribe(observer)) }
        case .sends:
            let input = steps.lazy.compactMap { $0.send(in: rig) }.first { $0.name == victim }!.input
            return { [census] in input.onNext(Probe("x", census: census)) }
        }
    }
}

extension Displacement {
    /// A holder that still holds the victim when its inputs complete, at tick `end`, and releases
    /// it then. The observer saw `emitted`; a late subscriber gets only the end (the inputs have
    /// stopped) and x is dropped. With `endsFirst` the end is delivered before the victim is
    /// released, so disposing from its deinit no longer cancels it.
    static func ending(
        _ holder: Holder, steps: [Step], victim: String = "a", emitted: [Recorded<Event<String>>], end: Int,
        endsFirst: Bool
    ) -> Displacement {
        let ended = emitted + [.completed(end)]
        return Displacement(
            holder: holder, steps: steps, victim: victim,
            expected: [.disposes: endsFirst ? ended : emitted, .subscribes: ended + [.completed(end)], .sends: ended])
    }
}
