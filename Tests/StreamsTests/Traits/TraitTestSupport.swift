import Foundation
import Streams
import StreamsTest
import Testing

/// The error the trait and concurrency tests fail with.
struct TraitTestError: Error, Equatable {
    var code = 0
}

/// A thread-safe list of strings for recording the order of side effects.
typealias TraitLog = Log

/// A thread-safe list of trait events (`MaybeEvent`, `CompletableEvent`, `SingleEvent`…), in order.
typealias TraitEventLog<Event> = Recorder<Event>

/// A resource (for `using`) that logs its creation and disposal with the scheduler's clock.
final class LoggedResource: Disposable {
    let log: TraitLog
    let scheduler: TestScheduler

    init(_ log: TraitLog, _ scheduler: TestScheduler) {
        self.log = log
        self.scheduler = scheduler
        log.append("resource created at \(scheduler.clock)")
    }

    func dispose() { log.append("resource disposed at \(scheduler.clock)") }
}
