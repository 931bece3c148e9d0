import Streams
import StreamsTest
import Testing

/// A holder keeps exactly the elements its contract names alive — a replay buffer its size, a
/// current value one, an operator its latest or pending element — and releases them when its
/// sequence ends, however many elements went through it.
@Suite struct RetentionTests {
    struct Retention: Sendable, CustomTestStringConvertible {
        let holder: Holder
        /// Probes alive after 40 elements (into each input the holder keeps one from), after the
        /// sequence ended, and after the subscription was disposed.
        let live: [Int]

        var testDescription: String { holder.name }
    }

    static let retentions: [Retention] = [
        Retention(holder: .publishSubject, live: [0, 0, 0]),
        Retention(holder: .behaviorSubject, live: [1, 1, 1]),
        Retention(holder: .replaySubject, live: [1, 1, 1]),
        Retention(holder: .unboundReplaySubject, live: [40, 40, 40]),
        Retention(holder: .asyncSubject, live: [1, 1, 1]),
        Retention(holder: .publishRelay, live: [0, 0, 0]),
        Retention(holder: .behaviorRelay, live: [1, 1, 1]),
        Retention(holder: .replayRelay, live: [2, 2, 2]),
        Retention(holder: .shareReplay, live: [1, 0, 0]),
        Retention(holder: .shareReplayForever, live: [1, 1, 1]),
        Retention(holder: .debounce, live: [1, 0, 0]),
        Retention(holder: .throttle, live: [1, 0, 0]),
        Retention(holder: .audit, live: [1, 0, 0]),
        Retention(holder: .sample, live: [1, 0, 0]),
        Retention(holder: .distinctUntilChanged, live: [1, 0, 0]),
        Retention(holder: .distinctUntilChangedStage, live: [1, 0, 0]),
        Retention(holder: .distinctUntilChangedWideStage, live: [1, 0, 0]),
        Retention(holder: .scan, live: [1, 0, 0]),
        Retention(holder: .combineLatest, live: [2, 0, 0]),
        Retention(holder: .withLatestFrom, live: [1, 0, 0]),
        Retention(holder: .takeLast, live: [2, 0, 0]),
        Retention(holder: .buffer, live: [1, 0, 0]),
        Retention(holder: .window, live: [0, 0, 0]),
        // Sent at 201…240, each delivered 20 ticks later: at 245 those sent at 225…240 are in
        // flight (the one due at 245 is delivered after the count, which was scheduled first).
        Retention(holder: .delay, live: [16, 0, 0]),
    ]

    /// However the sequence ends — completed, failed or disposed — the counts are the same.
    @Test(arguments: retentions, Ending.allCases)
    func keepsExactlyItsElementsAlive(_ retention: Retention, _ ending: Ending) {
        let report = retention.holder.flood(ending: ending)
        #expect(report.live == retention.live)
        #expect(report.census.live == 0)
    }

    /// RxSwift's `dispose()` empties a ReplaySubject's buffer: a disposed subject that something
    /// still references keeps no element alive.
    @Test func disposingAReplaySubjectReleasesItsBuffer() {
        let census = Census()
        let subject = ReplaySubject<Probe>.create(bufferSize: 3)
        for index in 1...5 { subject.onNext(Probe("e\(index)", census: census)) }
        #expect(census.live == 3)
        subject.dispose()
        #expect(census.live == 0)
        #expect(census.releasedUnderLock == [])
        withExtendedLifetime(subject) {}
    }
}
