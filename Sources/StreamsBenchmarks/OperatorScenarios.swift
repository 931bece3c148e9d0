import BenchmarkSupport
import Streams
import StreamsTest

// S5, S6, S7 (higher-order and multi-source operators) and S8d, S8t (time-based operators on
// the virtual-time scheduler).

enum OperatorScenarios {
    static func s5(_ sizes: Sizes) -> Scenario {
        let n = sizes.s5
        let acc = Acc()
        let body: ((inout Probe) -> Check)? = { _ in
            let subject = PublishSubject<Int>()
            let subscription = subject.flatMapLatest { Observable.just($0) }
                .subscribe(onNext: { acc.put($0) })
            for i in 0..<n { subject.onNext(i) }
            subject.onCompleted()
            subscription.dispose()
            return acc.check
        }
        return Scenario(
            id: "S5", what: "flatMapLatest { just($0) }", unit: "onNext", units: n, expected: Ref.sumTo(n: n),
            acc: acc, library: body
        )
    }

    static func s6(_ sizes: Sizes) -> Scenario {
        let m = sizes.s6
        let sources = sizes.s6Sources
        let acc = Acc()
        let body: ((inout Probe) -> Check)? = { _ in
            let ranges = (0..<sources).map { _ in Observable.from(0..<m) }
            let subscription = Observable.merge(ranges).subscribe(onNext: { acc.put($0) })
            subscription.dispose()
            return acc.check
        }
        return Scenario(
            id: "S6", what: "merge of \(sources) × from(0..<\(m))", unit: "element", units: sources * m,
            expected: Ref.sumTo(n: m, times: sources), acc: acc, library: body,
            baselines: [
                Variant(name: "base-closure") { _ in Base.s6Closure(sources: sources, m: m, acc: acc) },
                Variant(name: "base-loop") { _ in Base.s6Loop(sources: sources, m: m, acc: acc) },
            ]
        )
    }

    static func s7(_ sizes: Sizes) -> Scenario {
        let n = sizes.s7
        let acc = Acc()
        let sources = (0..<n).map { Observable.just($0) }  // untimed setup, as SCENARIOS.md says
        let body: ((inout Probe) -> Check)? = { _ in
            let subscription = Observable.concat(sources).subscribe(onNext: { acc.put($0) })
            subscription.dispose()
            return acc.check
        }
        return Scenario(
            id: "S7", what: "concat of \(n) × just", unit: "source", units: n, expected: Ref.sumTo(n: n), acc: acc,
            library: body
        )
    }

    static func s8(_ sizes: Sizes, throttle: Bool) -> Scenario {
        let n = sizes.s8
        let acc = Acc()
        let body: ((inout Probe) -> Check)? = { _ in
            let scheduler = TestScheduler(initialClock: 0, resolution: 1.0, simulateProcessingDelay: false)
            let subject = PublishSubject<Int>()
            let timed =
                throttle
                ? subject.throttle(.seconds(25), latest: true, scheduler: scheduler)
                : subject.debounce(.seconds(25), scheduler: scheduler)
            let subscription = timed.subscribe(onNext: { acc.put($0) })
            for i in 0..<n {
                scheduler.advanceTo(Ref.s8Time(i))
                subject.onNext(i)
            }
            scheduler.advanceTo(Ref.s8Time(n - 1) + 1000)
            subject.onCompleted()
            subscription.dispose()
            return acc.check
        }
        return Scenario(
            id: throttle ? "S8t" : "S8d",
            what: throttle ? "throttle(25, latest: true), virtual time" : "debounce(25), virtual time",
            unit: "event", units: n, expected: throttle ? Ref.s8Throttle(n: n) : Ref.s8Debounce(n: n), acc: acc,
            library: body
        )
    }
}
