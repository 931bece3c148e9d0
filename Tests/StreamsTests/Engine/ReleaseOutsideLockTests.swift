import Streams
import StreamsTest
import Testing

/// No element is released under a library lock: every subject, relay, share and element-holding
/// operator releases what it replaces, hands on, drops or ends with only after unlocking, on
/// every path — send, replace, complete, fail, dispose. A probe's `deinit` records the engine
/// locks its thread holds (`HeldLocks.count`, counted in debug builds); it must be 0.
@Suite struct ReleaseOutsideLockTests {
    @Test(arguments: Holder.subjects + Holder.operators, Ending.allCases)
    func everyElementIsReleasedWithNoLockHeld(_ holder: Holder, _ ending: Ending) {
        let report = holder.flood(ending: ending)
        #expect(report.census.releasedUnderLock == [])
        #expect(report.census.live == 0)
    }

    /// An element sent from inside a delivery waits in the subject's queue; it is released after
    /// its own delivery, with no lock held.
    @Test(arguments: Holder.subjects)
    func anElementQueuedBehindADeliveryIsReleasedWithNoLockHeld(_ holder: Holder) {
        let census = Census()
        let seen = Recorder<String>()
        do {
            let rig = holder.make(Bench(scheduler: TestScheduler(initialClock: 0), census: census))
            let subscription = rig.output.subscribe(onNext: { name in
                seen.append(name)
                if name.hasPrefix("e") { rig.main.onNext(Probe("f" + name.dropFirst(), census: census)) }
            })
            for index in 1...3 { rig.main.onNext(Probe("e\(index)", census: census)) }
            subscription.dispose()
        }
        let interleaved = ["e1", "f1", "e2", "f2", "e3", "f3"]
        let expected: [String] =
            switch holder.name {
            case Holder.asyncSubject.name: []
            case Holder.behaviorSubject.name, Holder.behaviorRelay.name: ["0"] + interleaved
            default: interleaved
            }
        #expect(seen.values == expected)
        #expect(census.live == 0)
        #expect(census.releasedUnderLock == [])
    }
}
