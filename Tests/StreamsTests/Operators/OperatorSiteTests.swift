import Foundation
import Streams
import StreamsTest
import Testing

// Each operator family reports its operators' names and the app's line to the inspector
// (`expectSite` writes the operator on the line of its call). Skipped while the inspector's core
// is a stub (`inspectorRecords`). Serialized: each test turns the inspector on and off.

@Suite(.serialized, .enabled(if: inspectorRecords)) struct OperatorSiteTests {
    let subject = PublishSubject<Int>()
    let other = PublishSubject<Int>()
    let scheduler = TestScheduler(initialClock: 0)

    @Test func transforming() {
        expectSite("map") { subject.map { $0 + 1 } }
        expectSite("compactMap") { subject.compactMap { $0 } }
        expectSite("flatMap") { subject.flatMap { _ in Observable<Int>.never() } }
        expectSite("flatMapLatest") { subject.flatMapLatest { _ in Observable<Int>.never() } }
        expectSite("flatMapFirst") { subject.flatMapFirst { _ in Observable<Int>.never() } }
        expectSite("concatMap") { subject.concatMap { _ in Observable<Int>.never() } }
        expectSite("scan") { subject.scan(0, accumulator: +) }
        expectSite("reduce") { subject.reduce(0, accumulator: +) }
        expectSite("toArray") { subject.toArray() }
        expectSite("enumerated") { subject.enumerated() }
        expectSite("materialize") { subject.materialize() }
        expectSite("buffer") { subject.buffer(timeSpan: .seconds(1), count: 2, scheduler: scheduler) }
        expectSite("groupBy") { subject.groupBy { $0 % 2 } }
    }

    /// StreamsTest's test observables are the test's sources, not operators it applied: a chain on
    /// one names no line of StreamsTest.
    @Test func aChainOnATestObservableNamesNoLineOfStreamsTest() {
        let cold = scheduler.createColdObservable([.next(0, 1)])
        expectSite("map") { cold.asObservable().map { $0 + 1 } }
    }

    @Test func filtering() {
        expectSite("filter") { subject.filter { $0 > 0 } }
        expectSite("distinctUntilChanged") { subject.distinctUntilChanged() }
        expectSite("skip") { subject.skip(1) }
        expectSite("take") { subject.take(2) }
        expectSite("take(while:)") { subject.take(while: { $0 < 5 }) }
        expectSite("take(until:)") { subject.take(until: other) }
        expectSite("skip(until:)") { subject.skip(until: other) }
        expectSite("element(at:)") { subject.element(at: 1) }
        expectSite("ignoreElements") { subject.ignoreElements() }
        expectSite("takeLast") { subject.takeLast(1) }
        expectSite("single") { subject.single() }
        expectSite("sample") { subject.sample(other) }
    }

    @Test func combining() {
        expectSite("combineLatest") { Observable.combineLatest(subject, other) { $0 + $1 } }
        expectSite("combineLatest") { Observable.combineLatest([subject, other]) { $0.count } }
        expectSite("zip") { Observable.zip(subject, other) { $0 + $1 } }
        expectSite("zip") { Observable.zip([subject.asObservable(), other.asObservable()]) }
        expectSite("merge") { Observable.merge(subject.asObservable(), other.asObservable()) }
        expectSite("concat") { Observable.concat(subject.asObservable(), other.asObservable()) }
        expectSite("startWith") { subject.startWith(0) }
        expectSite("withLatestFrom") { subject.withLatestFrom(other) }
        expectSite("amb") { subject.amb(other) }
        expectSite("switchLatest") { Observable.just(subject.asObservable()).switchLatest() }
    }

    @Test func timeBased() {
        expectSite("debounce") { subject.debounce(.seconds(1), scheduler: scheduler) }
        expectSite("throttle") { subject.throttle(.seconds(1), scheduler: scheduler) }
        expectSite("audit") { subject.audit(.seconds(1), scheduler: scheduler) }
        expectSite("delay") { subject.delay(.seconds(1), scheduler: scheduler) }
        expectSite("delaySubscription") { subject.delaySubscription(.seconds(1), scheduler: scheduler) }
        expectSite("timeout") { subject.timeout(.seconds(1), scheduler: scheduler) }
        expectSite("take(for:)") { subject.take(for: .seconds(1), scheduler: scheduler) }
        expectSite("interval") { Observable<Int>.interval(.seconds(1), scheduler: scheduler) }
        expectSite("timer") { Observable<Int>.timer(.seconds(1), scheduler: scheduler) }
    }

    @Test func errorHandling() {
        expectSite("catch") { subject.catch { _ in .never() } }
        expectSite("catchAndReturn") { subject.catchAndReturn(0) }
        expectSite("retry") { subject.retry(2) }
        expectSite("retry(when:)") { subject.retry(when: { (errors: Observable<any Error>) in errors }) }
    }

    @Test func utilityAndSideEffects() {
        expectSite("do") { subject.do(onNext: { _ in }) }
        expectSite("observe(on:)") { subject.observe(on: scheduler) }
        expectSite("subscribe(on:)") { subject.subscribe(on: scheduler) }
        let factory: @Sendable (BooleanDisposable) -> Observable<Int> = { _ in .never() }
        expectSite("using") { Observable.using({ BooleanDisposable() }, observableFactory: factory) }
    }

    @Test func sourcesAndCreation() {
        expectSite("just") { Observable.just(1) }
        expectSite("just") { Observable.just(1, scheduler: scheduler) }
        expectSite("of") { Observable.of(1, 2, scheduler: scheduler) }
        expectSite("from") { Observable.from([1, 2], scheduler: scheduler) }
        expectSite("from(optional:)") { Observable.from(optional: 1) }
        expectSite("never") { Observable<Int>.never() }
        expectSite("empty") { Observable<Int>.empty() }
        expectSite("error") { Observable<Int>.error(TestError()) }
        expectSite("create") { Observable<Int>.create { _ in Disposables.create() } }
        expectSite("deferred") { Observable.deferred { Observable<Int>.never() } }
        expectSite("range") { Observable.range(start: 0, count: 3, scheduler: scheduler) }
        expectSite("repeatElement") { Observable.repeatElement(1, scheduler: scheduler) }
    }

    @Test func multicastAndShare() {
        expectSite("share") { subject.share() }
        expectSite("share") { subject.share(replay: 1, scope: .forever) }
        expectSite("refCount") { subject.publish().refCount() }
    }

    @Test func subscribersAreRoots() {
        expectSite("subscribe", subscribing: { _ in subject.subscribe(onNext: { _ in }) })
        expectSite("subscribe", subscribing: { _ in subject.subscribe { _ in } })
        expectSite("bind", subscribing: { _ in subject.bind(onNext: { _ in }) })
        expectSite("bind", subscribing: { _ in subject.bind(to: other) })
    }

    /// The main-actor subscribers take `#fileID` as a `String` (with `#filePath`, for their
    /// off-main-actor report): the record keeps the `#fileID`, not the path.
    @MainActor @Test func mainActorSubscribersAreRootsAtTheirFileID() {
        let onMain = subject.observe(on: MainScheduler.instance)
        expectSite("subscribe", subscribing: { _ in onMain.subscribe(onNext: { _ in }) })
        expectSite("bind", subscribing: { _ in onMain.bind(onNext: { _ in }) })
    }

    @Test func concurrencyBridges() {
        expectSite("fromAsync") { Observable.fromAsync { try await Task.sleep(nanoseconds: 3_600_000_000_000) } }
        expectSite("from(asyncSequence:)") { Observable.from(asyncSequence: AsyncStream<Int> { _ in }) }
    }
}

/// The traits report their operators at the app's line, never the library's (their operators are
/// built on the observable operators).
@Suite(.serialized, .enabled(if: inspectorRecords)) struct TraitOperatorSiteTests {
    let subject = PublishSubject<Int>()
    let scheduler = TestScheduler(initialClock: 0)
    var source: Single<Int> { subject.take(1).asSingle() }

    @Test func single() {
        expectSite("asSingle") { subject.asSingle().asObservable() }
        expectSite("map") { source.map { $0 + 1 }.asObservable() }
        expectSite("flatMap") { source.flatMap { _ in Single<Int>.never() }.asObservable() }
        expectSite("filter") { source.filter { $0 > 0 }.asObservable() }
        expectSite("catchAndReturn") { source.catchAndReturn(0).asObservable() }
        expectSite("delay") { source.delay(.seconds(1), scheduler: scheduler).asObservable() }
        expectSite("timer") { Single<Int>.timer(.seconds(1), scheduler: scheduler).asObservable() }
        expectSite("zip") { Single.zip([source, source]).asObservable() }
        expectSite("zip") { Single<Int>.zip([Single<Int>]()).asObservable() }
        expectSite("subscribe", subscribing: { _ in source.subscribe(onSuccess: { _ in }) })
    }

    @Test func maybe() {
        expectSite("asMaybe") { subject.asMaybe().asObservable() }
        expectSite("map") { subject.asMaybe().map { $0 + 1 }.asObservable() }
        expectSite("ifEmpty(default:)") { subject.asMaybe().ifEmpty(default: 0).asObservable() }
        expectSite("subscribe", subscribing: { _ in subject.asMaybe().subscribe(onSuccess: { _ in }) })
    }

    @Test func completable() {
        let completable = subject.ignoreElements().asCompletable()
        expectSite("zip") { Completable.zip(completable, completable).asObservable() }
        expectSite("concat") { Completable.concat(completable, completable).asObservable() }
        expectSite("asCompletable") { subject.ignoreElements().asCompletable().asObservable() }
        expectSite("andThen") { subject.ignoreElements().asCompletable().andThen(Single<Int>.never()).asObservable() }
        expectSite("subscribe", subscribing: { _ in subject.ignoreElements().asCompletable().subscribe() })
    }

    @Test func infallible() {
        expectSite("asInfallible(onErrorJustReturn:)") { subject.asInfallible(onErrorJustReturn: 0).asObservable() }
        expectSite("map") { subject.asInfallible(onErrorJustReturn: 0).map { $0 + 1 }.asObservable() }
        let infallible = subject.asInfallible(onErrorJustReturn: 0)
        expectSite("debounce") { infallible.debounce(.seconds(1), scheduler: scheduler).asObservable() }
        expectSite("flatMapLatest") { infallible.flatMapLatest { _ in Infallible<Int>.never() }.asObservable() }
        expectSite("combineLatest") { Infallible.combineLatest([infallible, infallible]).asObservable() }
        expectSite("subscribe", subscribing: { _ in infallible.subscribe(onNext: { _ in }) })
        expectSite("bind", subscribing: { _ in infallible.bind(onNext: { _ in }) })
    }
}
