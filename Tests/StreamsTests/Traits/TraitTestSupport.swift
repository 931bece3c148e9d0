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

/// Runs `body` in a fresh live-resource scope and expects every resource it created to be gone
/// afterwards.
func expectNoLeaks<T>(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T) rethrows -> T {
    let (scope, value) = try LiveResources.withScope(body)
    #expect(scope.total == 0, "live resources left", sourceLocation: sourceLocation)
    return value
}

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
