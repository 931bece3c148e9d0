// The no-library baselines of SCENARIOS.md §3 (S1, S2, S3, S6):
// - base-loop: the work as one plain loop (the arithmetic limit);
// - base-closure: one escaping closure per stage, each passed through `opaqueSink`, so every
//   element costs one indirect call per stage (the ratio denominator);
// - base-arc (S2, S3): a naive `ContiguousArray<(Int) -> Void>` subject.
// Each function returns the checksum read from `acc`, like the library scenarios.

/// The baselines; `n` and the other sizes are the scenario's.
public enum Base {
    // MARK: S1: source → map{$0&+1} → filter{$0%2==0} → map{$0&*2} → sink

    /// S1 as one loop.
    public static func s1Loop(n: Int, acc: Acc) -> Check {
        for i in 0..<opaqueInt(n) {
            let a = i &+ 1
            if a % 2 == 0 { acc.put(a &* 2) }
        }
        return acc.check
    }

    /// S1 with one opaque closure per stage, the source loop included.
    public static func s1Closure(n: Int, acc: Acc) -> Check {
        let sink: (Int) -> Void = opaqueSink { acc.put($0) }
        let map2: (Int) -> Void = opaqueSink { sink($0 &* 2) }
        let filter: (Int) -> Void = opaqueSink { if $0 % 2 == 0 { map2($0) } }
        let map1: (Int) -> Void = opaqueSink { filter($0 &+ 1) }
        let source: (Int, (Int) -> Void) -> Void = opaqueSink { count, next in
            for i in 0..<count { next(i) }
        }
        source(n, map1)
        return acc.check
    }

    // MARK: S2: subject → map{$0/2} → filter{$0%3 != 0} → distinctUntilChanged → sink

    /// S2 as one loop.
    public static func s2Loop(n: Int, acc: Acc) -> Check {
        var last = Int.min
        var hasLast = false
        for i in 0..<opaqueInt(n) {
            let a = i / 2
            if a % 3 != 0, !hasLast || a != last {
                hasLast = true
                last = a
                acc.put(a)
            }
        }
        return acc.check
    }

    /// S2's operator stages as opaque closures ending in `acc`; `state` holds distinct's last value.
    private static func s2Stages(acc: Acc, state: UnsafeMutablePointer<Int>) -> (Int) -> Void {
        let sink: (Int) -> Void = opaqueSink { acc.put($0) }
        let distinct: (Int) -> Void = opaqueSink { value in
            if state[0] == 0 || state[1] != value {
                state[0] = 1
                state[1] = value
                sink(value)
            }
        }
        let filter: (Int) -> Void = opaqueSink { if $0 % 3 != 0 { distinct($0) } }
        return opaqueSink { filter($0 / 2) }
    }

    /// S2 through a ``RawSubject`` and one opaque closure per stage.
    public static func s2Closure(n: Int, acc: Acc) -> Check {
        let state = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        state.initialize(repeating: 0, count: 2)
        defer { state.deallocate() }
        let subject = RawSubject()
        subject.subscribe(s2Stages(acc: acc, state: state))
        for i in 0..<opaqueInt(n) { subject.onNext(i) }
        return acc.check
    }

    /// S2 through an ``ArcSubject`` (a retain/release per delivery) and the same stages.
    public static func s2Arc(n: Int, acc: Acc) -> Check {
        let state = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        state.initialize(repeating: 0, count: 2)
        defer { state.deallocate() }
        let subject = ArcSubject()
        subject.subscribe(s2Stages(acc: acc, state: state))
        for i in 0..<opaqueInt(n) { subject.onNext(i) }
        return acc.check
    }

    // MARK: S3: `subscribers` × sink on one subject

    /// S3 as a nested loop.
    public static func s3Loop(n: Int, subscribers: Int, acc: Acc) -> Check {
        for i in 0..<opaqueInt(n) {
            for _ in 0..<opaqueInt(subscribers) { acc.put(i) }
        }
        return acc.check
    }

    /// S3 through a ``RawSubject``: one indirect call per delivery.
    public static func s3Closure(n: Int, subscribers: Int, acc: Acc) -> Check {
        let sink: (Int) -> Void = opaqueSink { acc.put($0) }
        let subject = RawSubject()
        for _ in 0..<subscribers { subject.subscribe(sink) }
        for i in 0..<opaqueInt(n) { subject.onNext(i) }
        return acc.check
    }

    /// S3 through an ``ArcSubject``.
    public static func s3Arc(n: Int, subscribers: Int, acc: Acc) -> Check {
        let sink: (Int) -> Void = opaqueSink { acc.put($0) }
        let subject = ArcSubject()
        for _ in 0..<subscribers { subject.subscribe(sink) }
        for i in 0..<opaqueInt(n) { subject.onNext(i) }
        return acc.check
    }

    // MARK: S6: merge of `sources` ranges 0..<m

    /// S6 as one loop.
    public static func s6Loop(sources: Int, m: Int, acc: Acc) -> Check {
        for _ in 0..<opaqueInt(sources) {
            for i in 0..<opaqueInt(m) { acc.put(i) }
        }
        return acc.check
    }

    /// S6 with an opaque closure per source loop, one for the merge stage and one for the sink.
    public static func s6Closure(sources: Int, m: Int, acc: Acc) -> Check {
        let sink: (Int) -> Void = opaqueSink { acc.put($0) }
        let merge: (Int) -> Void = opaqueSink { sink($0) }
        // Boxed: an array of closures would store them at generic abstraction, behind thunks.
        var loops: [SourceLoop] = []
        for _ in 0..<sources {
            loops.append(SourceLoop(opaqueSink { count, next in for i in 0..<count { next(i) } }))
        }
        for loop in loops { loop.run(m, merge) }
        return acc.check
    }
}

/// A source-loop closure stored at its own abstraction.
final class SourceLoop {
    let run: (Int, (Int) -> Void) -> Void
    init(_ run: @escaping (Int, (Int) -> Void) -> Void) { self.run = run }
}
