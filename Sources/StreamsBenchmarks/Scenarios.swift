import BenchmarkSupport
import Streams

// The scenarios of SCENARIOS.md §2 that use only operators present in every build. This file is
// the "app": Streams and BenchmarkSupport are other modules, so nothing here is inlined into the
// library or the other way round.

/// Scenario sizes; `scale` divides them (10 for `--quick`).
struct Sizes {
    let scale: Int
    var s1: Int { 1_000_000 / scale }
    var s2: Int { 1_000_000 / scale }
    var s3: Int { 100_000 / scale }
    var s3Subscribers: Int { 100 }
    var s4: Int { 100_000 / scale }
    var s5: Int { 200_000 / scale }
    var s6Sources: Int { 10 }
    var s6: Int { 100_000 / scale }
    var s7: Int { 100_000 / scale }
    var s8: Int { 200_000 / scale }
    var m1: Int { 100_000 / scale }
    var c1: Int { 1_000 / scale }
}

enum CoreScenarios {
    static func s1(_ sizes: Sizes) -> Scenario {
        let n = sizes.s1
        let acc = Acc()
        var scenario = Scenario(
            id: "S1", what: "from → map → filter → map", unit: "element", units: n, expected: Ref.s1(n: n), acc: acc
        ) { _ in
            let subscription = Observable.from(0..<n)
                .map { $0 &+ 1 }
                .filter { $0 % 2 == 0 }
                .map { $0 &* 2 }
                .subscribe(onNext: { acc.put($0) })
            subscription.dispose()
            return acc.check
        }
        scenario.baselines = [
            Variant(name: "base-closure") { _ in Base.s1Closure(n: n, acc: acc) },
            Variant(name: "base-loop") { _ in Base.s1Loop(n: n, acc: acc) },
        ]
        return scenario
    }

    static func s1b(_ sizes: Sizes) -> Scenario {
        let n = sizes.s1
        let acc = Acc()
        return Scenario(
            id: "S1b", what: "create loop → map → filter → map", unit: "element", units: n, expected: Ref.s1(n: n),
            acc: acc
        ) { _ in
            let subscription = Observable<Int>.create { observer in
                for i in 0..<n { observer.onNext(i) }
                observer.onCompleted()
                return Disposables.create()
            }
            .map { $0 &+ 1 }
            .filter { $0 % 2 == 0 }
            .map { $0 &* 2 }
            .subscribe(onNext: { acc.put($0) })
            subscription.dispose()
            return acc.check
        }
    }

    /// S2's chain: map{/2} filter{not a multiple of 3} distinct.
    static func s2Chain(_ subject: PublishSubject<Int>) -> Observable<Int> {
        subject.map { $0 / 2 }.filter { $0 % 3 != 0 }.distinctUntilChanged()
    }

    static func s2(_ sizes: Sizes) -> Scenario {
        let n = sizes.s2
        let acc = Acc()
        var scenario = Scenario(
            id: "S2", what: "PublishSubject → map → filter → distinct", unit: "onNext", units: n,
            expected: Ref.s2(n: n), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            let subscription = s2Chain(subject).subscribe(onNext: { acc.put($0) })
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            subscription.dispose()
            return acc.check
        }
        scenario.baselines = [
            Variant(name: "base-closure") { _ in Base.s2Closure(n: n, acc: acc) },
            Variant(name: "base-loop") { _ in Base.s2Loop(n: n, acc: acc) },
            Variant(name: "base-arc") { _ in Base.s2Arc(n: n, acc: acc) },
        ]
        return scenario
    }

    static func s3(_ sizes: Sizes) -> Scenario {
        let n = sizes.s3
        let subscribers = sizes.s3Subscribers
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        var scenario = Scenario(
            id: "S3", what: "PublishSubject, \(subscribers) subscribers", unit: "onNext", units: n,
            expected: Ref.s3(n: n, subscribers: subscribers), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            var subscriptions: [any Disposable] = []
            subscriptions.reserveCapacity(subscribers)
            for _ in 0..<subscribers { subscriptions.append(subject.subscribe(onNext: sink)) }
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            for subscription in subscriptions { subscription.dispose() }
            return acc.check
        }
        scenario.baselines = [
            Variant(name: "base-closure") { _ in Base.s3Closure(n: n, subscribers: subscribers, acc: acc) },
            Variant(name: "base-loop") { _ in Base.s3Loop(n: n, subscribers: subscribers, acc: acc) },
            Variant(name: "base-arc") { _ in Base.s3Arc(n: n, subscribers: subscribers, acc: acc) },
        ]
        return scenario
    }

    /// S4's chain: map{+1} filter{odd} map{×3} distinct filter{≥0}.
    static func s4Chain(_ subject: PublishSubject<Int>) -> Observable<Int> {
        subject.map { $0 &+ 1 }
            .filter { $0 & 1 == 1 }
            .map { $0 &* 3 }
            .distinctUntilChanged()
            .filter { $0 >= 0 }
    }

    static func s4a(_ sizes: Sizes) -> Scenario {
        let n = sizes.s4
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        return Scenario(
            id: "S4a", what: "subscribe+dispose, chain prebuilt", unit: "subscribe+dispose", units: n,
            expected: Ref.s4(n: n), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            let chain = s4Chain(subject)
            for i in 0..<n {
                let subscription = chain.subscribe(onNext: sink)
                if i % 1000 == 0 { subject.onNext(i) }
                subscription.dispose()
            }
            return acc.check
        }
    }

    static func s4b(_ sizes: Sizes) -> Scenario {
        let n = sizes.s4
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        return Scenario(
            id: "S4b", what: "subscribe+dispose, chain rebuilt", unit: "subscribe+dispose", units: n,
            expected: Ref.s4(n: n), acc: acc
        ) { _ in
            let subject = PublishSubject<Int>()
            for i in 0..<n {
                let subscription = s4Chain(subject).subscribe(onNext: sink)
                if i % 1000 == 0 { subject.onNext(i) }
                subscription.dispose()
            }
            return acc.check
        }
    }

    /// M1's chain: map{+1} filter{even} distinct.
    private static func m1Chain(_ subject: PublishSubject<Int>) -> Observable<Int> {
        subject.map { $0 &+ 1 }.filter { $0 % 2 == 0 }.distinctUntilChanged()
    }

    static func m1(_ sizes: Sizes, perSubscription: Bool) -> Scenario {
        let n = sizes.m1
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        return Scenario(
            id: perSubscription ? "M1b" : "M1",
            what: perSubscription ? "live subscriptions, chain per subscription" : "live subscriptions, chain shared",
            unit: "subscription", units: n, expected: Ref.m1(n: n), acc: acc
        ) { probe in
            let subject = PublishSubject<Int>()
            let shared = m1Chain(subject)
            var subscriptions: [any Disposable] = []
            subscriptions.reserveCapacity(n)
            probe.start()
            if perSubscription {
                for _ in 0..<n { subscriptions.append(m1Chain(subject).subscribe(onNext: sink)) }
            } else {
                for _ in 0..<n { subscriptions.append(shared.subscribe(onNext: sink)) }
            }
            probe.stop()
            subject.onNext(1)
            let check = acc.check
            for subscription in subscriptions { subscription.dispose() }
            return check
        }
    }
}
