import BenchmarkSupport
import Streams

// The inspector's cost while it is on (issue #24): I1 is S2 recorded, I2 is S4a recorded. Both turn
// `Inspector.isEnabled` on around building the chain and off afterwards, so the scenarios that run
// after them measure the inspector off.

enum InspectorScenarios {
    /// Whether the library's operators record themselves while the inspector is on; if they do
    /// not (a build without operator sites), the scenarios record each operator explicitly, so
    /// that they measure the same thing in either build.
    private static let operatorsRecordThemselves: Bool = {
        Inspector.isEnabled = true
        defer { Inspector.isEnabled = false }
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 }.subscribe(onNext: { _ in })
        defer { subscription.dispose() }
        return Inspector.snapshot().roots.contains { $0.name == "map" || $0.name == "subscribe" }
    }()

    /// `observable` recorded as `name` unless its operator recorded itself.
    private static func recorded(_ observable: Observable<Int>, _ name: StaticString) -> Observable<Int> {
        operatorsRecordThemselves ? observable : observable.inspected(as: name)
    }

    /// S2's chain, recorded operator by operator, ending in a recorded subscriber.
    private static func i1Chain(_ subject: PublishSubject<Int>) -> Observable<Int> {
        let mapped = recorded(subject.map { $0 / 2 }, "map")
        let filtered = recorded(mapped.filter { $0 % 3 != 0 }, "filter")
        return recorded(recorded(filtered.distinctUntilChanged(), "distinctUntilChanged"), "subscribe")
    }

    static func i1(_ sizes: Sizes) -> Scenario {
        let n = sizes.s2
        let acc = Acc()
        return Scenario(
            id: "I1", what: "S2 with the inspector on", unit: "onNext", units: n, expected: Ref.s2(n: n), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            Inspector.isEnabled = true
            let chain = i1Chain(subject)
            Inspector.isEnabled = false
            let subscription = chain.subscribe(onNext: { acc.put($0) })
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            subscription.dispose()
            return acc.check
        }
    }

    /// S4a's chain, recorded operator by operator, ending in a recorded subscriber.
    private static func i2Chain(_ subject: PublishSubject<Int>) -> Observable<Int> {
        var chain = recorded(subject.map { $0 &+ 1 }, "map")
        chain = recorded(chain.filter { $0 & 1 == 1 }, "filter")
        chain = recorded(chain.map { $0 &* 3 }, "map")
        chain = recorded(chain.distinctUntilChanged(), "distinctUntilChanged")
        chain = recorded(chain.filter { $0 >= 0 }, "filter")
        return recorded(chain, "subscribe")
    }

    static func i2(_ sizes: Sizes) -> Scenario {
        let n = sizes.s4
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        return Scenario(
            id: "I2", what: "S4a with the inspector on", unit: "subscribe+dispose", units: n,
            expected: Ref.s4(n: n), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            Inspector.isEnabled = true
            let chain = i2Chain(subject)
            Inspector.isEnabled = false
            for i in 0..<n {
                let subscription = chain.subscribe(onNext: sink)
                if i % 1000 == 0 { subject.onNext(i) }
                subscription.dispose()
            }
            return acc.check
        }
    }
}
