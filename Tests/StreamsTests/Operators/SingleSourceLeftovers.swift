import Streams
import StreamsTest

/// The failure the lifecycle scenarios below send.
struct LeftoversTestError: Error, Equatable {}

/// Runs `operatorUnderTest` over an `Int` test source on a fresh `TestScheduler` per scenario —
/// the source completes, the source fails, the subscription is disposed early (hot and cold
/// sources) — all inside one `LiveResources` scope, drops everything, and returns how many
/// resources of that scope are still alive (0 when the operator released everything).
func singleSourceLeftovers<Result>(
    _ operatorUnderTest: @escaping @Sendable (Observable<Int>) -> Observable<Result>
) -> Int {
    let scenarios: [(events: [Recorded<Event<Int>>], hot: Bool, disposed: Int)] = [
        ([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)], true, 1000),
        ([.next(210, 1), .error(220, LeftoversTestError())], true, 1000),
        ([.next(210, 1), .next(220, 2), .completed(300)], true, 215),
        ([.next(10, 1), .next(20, 2), .completed(100)], false, 1000),
        ([.next(10, 1), .error(20, LeftoversTestError())], false, 1000),
        ([.next(10, 1), .next(20, 2), .completed(100)], false, 215),
    ]
    let (scope, _) = LiveResources.withScope {
        for scenario in scenarios {
            let scheduler = TestScheduler(initialClock: 0)
            let source =
                scenario.hot
                ? scheduler.createHotObservable(scenario.events) : scheduler.createColdObservable(scenario.events)
            _ = scheduler.start(disposed: scenario.disposed) { operatorUnderTest(source.asObservable()) }
        }
    }
    return scope.total
}
