import Streams
import StreamsTest
import Testing

/// How a flood ends at tick 300.
enum Ending: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Every input completes (relays ignore it).
    case completion
    /// Every input fails (relays ignore it).
    case failure
    /// The subscription is disposed.
    case disposal

    var testDescription: String { rawValue }
}

/// What a flood saw: the probes alive at ticks 245 (after the elements), 400 (after the ending)
/// and 460 (after the subscription was disposed at 450), and the census once everything the test
/// made — holder, subscription, scheduler — was dropped.
struct FloodReport {
    let live: [Int]
    let census: Census
}

extension Holder {
    /// Sends 40 probes, e1…e40, into the main input at ticks 201…240 (and, when ``floodsBoth``,
    /// o1…o40 into the second input just before each), ends at 300 as `ending` says, disposes the
    /// subscription at 450 and runs the clock out.
    func flood(ending: Ending) -> FloodReport {
        let census = Census()
        let live = Recorder<Int>()
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let rig = make(Bench(scheduler: scheduler, census: census))
            let subscription = SingleAssignmentDisposable()
            scheduler.scheduleAt(200) { subscription.setDisposable(rig.output.subscribe { _ in }) }
            for tick in 1...40 {
                scheduler.scheduleAt(200 + tick) {
                    if floodsBoth { rig.other?.onNext(Probe("o\(tick)", census: census)) }
                    rig.main.onNext(Probe("e\(tick)", census: census))
                }
            }
            scheduler.scheduleAt(300) {
                guard ending != .disposal else { return subscription.dispose() }
                let event: Event<Probe> = ending == .completion ? .completed : .error(TestError())
                for input in [rig.main, rig.other] { input?.send(event) }
            }
            scheduler.scheduleAt(450) { subscription.dispose() }
            for tick in [245, 400, 460] { scheduler.scheduleAt(tick) { live.append(census.live) } }
            scheduler.scheduleAt(1000) { scheduler.stop() }
            scheduler.start()
        }
        return FloodReport(live: live.values, census: census)
    }
}
