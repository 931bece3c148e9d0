import BenchmarkSupport
import Streams

// The inspector's cost while it is on (issue #24): I1 is S2 recorded, I2 is S4a recorded. Each
// builds and subscribes its chain with `Inspector.isEnabled` on, so every operator, the subscriber
// and the subject's leaf are recorded, and turns it off before returning, so the scenarios that
// run after it measure the inspector off.

enum InspectorScenarios {
    static func i1(_ sizes: Sizes) -> Scenario {
        let n = sizes.s2
        let acc = Acc()
        return Scenario(
            id: "I1", what: "S2 with the inspector on", unit: "onNext", units: n, expected: Ref.s2(n: n), acc: acc
        ) { _ in
            Inspector.isEnabled = true
            defer { Inspector.isEnabled = false }
            let subject = PublishSubject<Int>()
            let subscription = CoreScenarios.s2Chain(subject).subscribe(onNext: { acc.put($0) })
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            subscription.dispose()
            return acc.check
        }
    }

    static func i2(_ sizes: Sizes) -> Scenario {
        let n = sizes.s4
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        return Scenario(
            id: "I2", what: "S4a with the inspector on", unit: "subscribe+dispose", units: n,
            expected: Ref.s4(n: n), acc: acc
        ) { _ in
            Inspector.isEnabled = true
            defer { Inspector.isEnabled = false }
            let subject = PublishSubject<Int>()
            let chain = CoreScenarios.s4Chain(subject)
            for i in 0..<n {
                let subscription = chain.subscribe(onNext: sink)
                if i % 1000 == 0 { subject.onNext(i) }
                subscription.dispose()
            }
            return acc.check
        }
    }
}
