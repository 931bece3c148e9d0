import Foundation
import Streams
import StreamsTest
import Testing

/// One lifecycle check for every public operator and creation function: run it in virtual time to
/// completion, to an error, and to disposal without any terminal event; afterwards every test
/// observable has been unsubscribed and the scope's live resources are back to zero.
///
/// Many operator test files check their own lifecycle with exact scenarios; this table makes sure
/// none is missed (including the ones whose files do not check `LiveResources`).
@Suite struct OperatorLifecycleTests {
    typealias Build = @Sendable (TestScheduler, Observable<Int>, Observable<Int>) -> Observable<Int>

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let build: Build
        var testDescription: String { name }
    }

    private final class Token: Sendable {}
    private static let token = Token()

    private static func op(_ name: String, _ build: @escaping Build) -> Case { Case(name: name, build: build) }

    // swift-format-ignore
    static let cases: [Case] = [
        // Single-source transforms and filters.
        op("map") { _, xs, _ in xs.map { $0 * 2 } },
        op("compactMap") { _, xs, _ in xs.compactMap { $0 % 2 == 0 ? $0 : nil } },
        op("filter") { _, xs, _ in xs.filter { $0 > 1 } },
        op("scan") { _, xs, _ in xs.scan(0, accumulator: +) },
        op("scan(into:)") { _, xs, _ in xs.scan(into: 0) { $0 += $1 } },
        op("reduce") { _, xs, _ in xs.reduce(0, accumulator: +) },
        op("reduce(mapResult:)") { _, xs, _ in xs.reduce(0, accumulator: +, mapResult: { $0 * 2 }) },
        op("startWith") { _, xs, _ in xs.startWith(-1, -2) },
        op("skip") { _, xs, _ in xs.skip(1) },
        op("skip(while:)") { _, xs, _ in xs.skip(while: { $0 < 2 }) },
        op("skip(until:)") { _, xs, ys in xs.skip(until: ys) },
        op("take") { _, xs, _ in xs.take(2) },
        op("take(while:)") { _, xs, _ in xs.take(while: { $0 < 3 }) },
        op("take(until: predicate)") { _, xs, _ in xs.take(until: { $0 > 2 }) },
        op("take(until: observable)") { _, xs, ys in xs.take(until: ys.skip(2)) },
        op("takeLast") { _, xs, _ in xs.takeLast(2) },
        op("element(at:)") { _, xs, _ in xs.element(at: 1) },
        op("distinctUntilChanged") { _, xs, _ in xs.distinctUntilChanged() },
        op("distinctUntilChanged(key)") { _, xs, _ in xs.distinctUntilChanged { $0 % 2 } },
        op("distinctUntilChanged(comparer)") { _, xs, _ in xs.distinctUntilChanged { $0 == $1 } },
        op("distinctUntilChanged(keyPath)") { _, xs, _ in xs.distinctUntilChanged(\.bitWidth) },
        op("ignoreElements") { _, xs, _ in xs.ignoreElements().materialize().map { _ in 0 } },
        op("toArray") { _, xs, _ in xs.toArray().map(\.count) },
        op("materialize/dematerialize") { _, xs, _ in xs.materialize().dematerialize() },
        op("withUnretained") { _, xs, _ in xs.withUnretained(token).map { $1 } },
        op("withUnretained(resultSelector:)") { _, xs, _ in xs.withUnretained(token) { $1 } },
        op("do") { _, xs, _ in
            xs.do(onNext: { _ in }, afterNext: { _ in }, onError: { _ in }, afterError: { _ in },
                  onCompleted: {}, afterCompleted: {}, onSubscribe: {}, onSubscribed: {}, onDispose: {})
        },
        op("debug") { scheduler, xs, _ in xs.debug("lifecycle", scheduler: scheduler, output: { _ in }) },
        // Multi-source and higher-order.
        op("merge(variadic)") { _, xs, ys in Observable.merge(xs, ys) },
        op("merge(array)") { _, xs, ys in Observable.merge([xs, ys]) },
        op("merge()") { _, xs, ys in Observable.of(xs, ys).merge() },
        op("merge(maxConcurrent:)") { _, xs, ys in Observable.of(xs, ys).merge(maxConcurrent: 1) },
        op("concat(instance)") { _, xs, ys in xs.concat(ys) },
        op("concat(variadic)") { _, xs, ys in Observable.concat(xs, ys) },
        op("concat()") { _, xs, ys in Observable.of(xs, ys).concat() },
        op("concatMap") { _, xs, ys in xs.concatMap { _ in ys.take(1) } },
        op("flatMap") { _, xs, ys in xs.flatMap { value in ys.map { $0 + value } } },
        op("flatMapLatest") { _, xs, ys in xs.flatMapLatest { value in ys.map { $0 + value } } },
        op("flatMapFirst") { _, xs, ys in xs.flatMapFirst { value in ys.map { $0 + value } } },
        op("switchLatest") { _, xs, ys in xs.map { _ in ys }.switchLatest() },
        op("combineLatest2") { _, xs, ys in Observable.combineLatest(xs, ys, resultSelector: +) },
        op("combineLatest2 tuple") { _, xs, ys in Observable.combineLatest(xs, ys).map { $0 + $1 } },
        op("combineLatest3") { _, xs, ys in Observable.combineLatest(xs, ys, xs) { $0 + $1 + $2 } },
        op("combineLatest4") { _, xs, ys in Observable.combineLatest(xs, ys, xs, ys) { $0 + $1 + $2 + $3 } },
        op("combineLatest collection") { _, xs, ys in Observable.combineLatest([xs, ys]).map { $0.reduce(0, +) } },
        op("zip2") { _, xs, ys in Observable.zip(xs, ys, resultSelector: +) },
        op("zip2 tuple") { _, xs, ys in Observable.zip(xs, ys).map { $0 + $1 } },
        op("zip3") { _, xs, ys in Observable.zip(xs, ys, xs) { $0 + $1 + $2 } },
        op("zip4") { _, xs, ys in Observable.zip(xs, ys, xs, ys) { $0 + $1 + $2 + $3 } },
        op("zip collection") { _, xs, ys in Observable.zip([xs, ys]).map { $0.reduce(0, +) } },
        op("withLatestFrom") { _, xs, ys in xs.withLatestFrom(ys) },
        op("withLatestFrom(resultSelector:)") { _, xs, ys in xs.withLatestFrom(ys, resultSelector: +) },
        op("amb(instance)") { _, xs, ys in xs.amb(ys) },
        op("amb(sequence)") { _, xs, ys in Observable.amb([xs, ys]) },
        op("sample") { _, xs, ys in xs.sample(ys) },
        op("sample(defaultValue:)") { _, xs, ys in xs.sample(ys, defaultValue: 0) },
        op("groupBy") { _, xs, _ in xs.groupBy(keySelector: { $0 % 2 }).flatMap { $0.asObservable() } },
        // Errors.
        op("catch") { _, xs, ys in xs.catch { _ in ys } },
        op("catchAndReturn") { _, xs, _ in xs.catchAndReturn(0) },
        op("retry()") { _, xs, _ in xs.retry() },
        op("retry(n)") { _, xs, _ in xs.retry(2) },
        op("retry(when:)") { _, xs, _ in xs.retry(when: { (errors: Observable<any Error>) in errors.take(1) }) },
        // Time.
        op("buffer") { scheduler, xs, _ in xs.buffer(timeSpan: .seconds(15), count: 2, scheduler: scheduler).map(\.count) },
        op("window") { scheduler, xs, _ in
            xs.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler).flatMap { $0.toArray() }.map(\.count)
        },
        op("debounce") { scheduler, xs, _ in xs.debounce(.seconds(5), scheduler: scheduler) },
        op("throttle(latest: true)") { scheduler, xs, _ in xs.throttle(.seconds(15), latest: true, scheduler: scheduler) },
        op("throttle(latest: false)") { scheduler, xs, _ in xs.throttle(.seconds(15), latest: false, scheduler: scheduler) },
        op("audit") { scheduler, xs, _ in xs.audit(.seconds(15), scheduler: scheduler) },
        op("delay") { scheduler, xs, _ in xs.delay(.seconds(5), scheduler: scheduler) },
        op("delaySubscription") { scheduler, xs, _ in xs.delaySubscription(.seconds(5), scheduler: scheduler) },
        op("timeout") { scheduler, xs, _ in xs.timeout(.seconds(50), scheduler: scheduler) },
        op("timeout(other:)") { scheduler, xs, ys in xs.timeout(.seconds(50), other: ys, scheduler: scheduler) },
        op("observe(on:)") { scheduler, xs, _ in xs.observe(on: scheduler) },
        op("subscribe(on:)") { scheduler, xs, _ in xs.subscribe(on: scheduler) },
        // Sharing.
        op("share()") { _, xs, _ in xs.share() },
        op("share(replay: 1)") { _, xs, _ in xs.share(replay: 1) },
        op("share(replay: 1, .forever)") { _, xs, _ in xs.share(replay: 1, scope: .forever) },
        op("publish().refCount()") { _, xs, _ in xs.publish().refCount() },
        op("replay(1).refCount()") { _, xs, _ in xs.replay(1).refCount() },
        op("replayAll().refCount()") { _, xs, _ in xs.replayAll().refCount() },
        op("multicast(subject)") { _, xs, _ in xs.multicast(PublishSubject<Int>()).refCount() },
        op("multicast(makeSubject:)") { _, xs, _ in xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount() },
        // Traits round trips.
        op("asSingle") { _, xs, _ in xs.take(1).asSingle().asObservable() },
        op("asMaybe") { _, xs, _ in xs.take(1).asMaybe().asObservable() },
        // Creation (the sources are unused; what they create must still be released).
        op("just") { _, _, _ in Observable.just(1) },
        op("just(scheduler:)") { scheduler, _, _ in Observable.just(1, scheduler: scheduler) },
        op("of") { scheduler, _, _ in Observable.of(1, 2, 3, scheduler: scheduler) },
        op("from") { scheduler, _, _ in Observable.from([1, 2, 3], scheduler: scheduler) },
        op("range") { scheduler, _, _ in Observable.range(start: 1, count: 3, scheduler: scheduler) },
        op("repeatElement") { scheduler, _, _ in Observable.repeatElement(1, scheduler: scheduler).take(5) },
        op("empty") { _, _, _ in Observable.empty() },
        op("never") { _, _, _ in Observable.never() },
        op("error") { _, _, _ in Observable.error(TestError()) },
        op("create") { _, xs, _ in Observable.create { observer in xs.subscribe(observer) } },
        op("deferred") { _, xs, _ in Observable.deferred { xs } },
        op("timer") { scheduler, _, _ in Observable.timer(.seconds(50), scheduler: scheduler) },
        op("timer(period:)") { scheduler, _, _ in Observable.timer(.seconds(50), period: .seconds(100), scheduler: scheduler) },
        op("interval") { scheduler, _, _ in Observable.interval(.seconds(100), scheduler: scheduler) },
    ]

    private enum Ending { case completion, error, disposalOnly }

    /// Runs `testCase` in virtual time and returns the live resources left in its scope and
    /// whether every test observable was unsubscribed.
    private func run(_ testCase: Case, _ ending: Ending) -> (live: Int, unsubscribed: Bool) {
        let (scope, unsubscribed) = LiveResources.withScope { () -> Bool in
            let scheduler = TestScheduler(initialClock: 0)
            var xsEvents: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4)]
            var ysEvents: [Recorded<Event<Int>>] = [.next(205, 10), .next(215, 20), .next(235, 30)]
            switch ending {
            case .completion:
                xsEvents.append(.completed(300))
                ysEvents.append(.completed(290))
            case .error:
                xsEvents.append(.error(300, TestError()))
                ysEvents.append(.error(290, TestError()))
            case .disposalOnly:
                break
            }
            let xs = scheduler.createHotObservable(xsEvents)
            let ys = scheduler.createHotObservable(ysEvents)
            _ = scheduler.start(disposed: ending == .disposalOnly ? 400 : 1_000) {
                testCase.build(scheduler, xs.asObservable(), ys.asObservable())
            }
            return (xs.subscriptions + ys.subscriptions).allSatisfy { $0.unsubscribe != Int.max }
        }
        return (scope.total, unsubscribed)
    }

    @Test(arguments: cases) func releasesEverythingAfterCompletion(_ testCase: Case) {
        let result = run(testCase, .completion)
        #expect(result.live == 0)
        #expect(result.unsubscribed)
    }

    @Test(arguments: cases) func releasesEverythingAfterError(_ testCase: Case) {
        let result = run(testCase, .error)
        #expect(result.live == 0)
        #expect(result.unsubscribed)
    }

    @Test(arguments: cases) func releasesEverythingWhenDisposedWithoutTerminating(_ testCase: Case) {
        let result = run(testCase, .disposalOnly)
        #expect(result.live == 0)
        #expect(result.unsubscribed)
    }
}
