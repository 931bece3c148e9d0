import BenchmarkSupport
import Streams

/// `--soak`: many events through a chain whose subscriptions churn, checking that memory stays
/// flat (peak RSS after the first tenth of the events vs at the end). Not part of the default run.
enum Soak {
    static func run(events: Int) -> Bool {
        let acc = Acc()
        let sink: @Sendable (Int) -> Void = { acc.put($0) }
        let subject = PublishSubject<Int>()
        let chain = subject.flatMapLatest { Observable.just($0).map { $0 &+ 1 } }
            .filter { $0 % 2 == 0 }
            .distinctUntilChanged()
        let churn = "flatMapLatest churn + a re-subscription every 1000 events"
        print("soak: \(events) events through \(churn)")
        let start = (peak: ProcessMemory.peakResidentBytes, rss: ProcessMemory.residentBytes)
        print("soak start:  VmHWM \(start.peak / 1024) kB, VmRSS \(start.rss / 1024) kB")
        var subscription = chain.subscribe(onNext: sink)
        let warm = events / 10
        var afterWarm = (peak: 0, rss: 0)
        let began = wallNow()
        for i in 0..<events {
            subject.onNext(i)
            if i % 1000 == 999 {
                subscription.dispose()
                subscription = chain.subscribe(onNext: sink)
            }
            if i == warm { afterWarm = (ProcessMemory.peakResidentBytes, ProcessMemory.residentBytes) }
        }
        subscription.dispose()
        let seconds = Double(wallNow() - began) / 1e9
        let end = (peak: ProcessMemory.peakResidentBytes, rss: ProcessMemory.residentBytes)
        print("soak 10%:    VmHWM \(afterWarm.peak / 1024) kB, VmRSS \(afterWarm.rss / 1024) kB")
        print("soak end:    VmHWM \(end.peak / 1024) kB, VmRSS \(end.rss / 1024) kB")
        print("soak \(fixed(seconds, 2)) s, \(fixed(seconds * 1e9 / Double(events), 1)) ns/event, \(acc.check)")
        let growth = end.peak - afterWarm.peak
        let flat = growth < 4 << 20  // allocator noise, not per-event growth (10M events × 1 byte = 10 MB)
        print("soak memory \(flat ? "flat" : "GROWING") (peak +\(growth / 1024) kB after the first 10%)")
        return flat && acc.check.count > 0
    }
}
