import Foundation
import Streams
import StreamsTest
import Testing

/// Every API that takes a closure releases what the closure captured when the subscription
/// ends: after `dispose()`, after completion, after an error, and — for a subscription made
/// straight on a subject or relay — when the app drops the source with the subscription still
/// on it (Docs/Contract.md, "What a subscription keeps, and until when").
///
/// Each probe builds a chain on a `PublishSubject` with one tracked object captured in every
/// closure it passes, subscribes, keeps only what an app keeps (the disposable and the subject),
/// sends two elements, ends the subscription one way, and checks that the tracked object is gone
/// and that no node of the engine is left alive.
@Suite(.leakChecked) struct RetentionProbeTests {
    struct Failure: Error {}

    /// What every closure under probe captures.
    final class Captured: Sendable {
        let offset = 1
    }

    enum Ending: String, CaseIterable, Sendable {
        case dispose, completion, error
        /// The app drops the subscription's disposable and the source, without disposing.
        case sourceDropped
    }

    struct Probe: Sendable, CustomTestStringConvertible {
        let name: String
        let endings: [Ending]
        let subscribe: @Sendable (Captured, PublishSubject<Int>) -> any Disposable

        init(
            _ name: String, endings: [Ending] = [.dispose, .completion, .error],
            _ subscribe: @escaping @Sendable (Captured, PublishSubject<Int>) -> any Disposable
        ) {
            self.name = name
            self.endings = endings
            self.subscribe = subscribe
        }

        var testDescription: String { name }
    }

    /// Runs `probe` to `ending`; returns whether the captured object was released and how many
    /// engine nodes made in the run are still alive.
    static func run(_ probe: Probe, _ ending: Ending) -> (released: Bool, live: Int) {
        weak var weakCaptured: Captured?
        var source: PublishSubject<Int>? = PublishSubject()
        var kept: (any Disposable)?
        let (scope, _) = LiveResources.withScope {
            do {
                let captured = Captured()
                weakCaptured = captured
                kept = probe.subscribe(captured, source!)
            }
            source?.onNext(1)
            source?.onNext(2)
            switch ending {
            case .dispose: kept?.dispose()
            case .completion: source?.onCompleted()
            case .error: source?.onError(Failure())
            case .sourceDropped:
                kept = nil
                source = nil
            }
        }
        let released = weakCaptured == nil
        withExtendedLifetime((kept, source)) {}
        return (released, scope.total)
    }

    @Test(arguments: probes)
    func releasesWhatItCaptured(_ probe: Probe) {
        for ending in probe.endings {
            let (released, live) = Self.run(probe, ending)
            #expect(released, "\(probe.name): still holds its capture after \(ending.rawValue)")
            #expect(live == 0, "\(probe.name): \(live) live nodes after \(ending.rawValue)")
        }
    }

    /// A subscriber with every closure capturing `c`.
    static func subscribeAll<Element>(_ observable: Observable<Element>, _ c: Captured) -> any Disposable {
        observable.subscribe(
            onNext: { _ in _ = c.offset }, onError: { _ in _ = c.offset }, onCompleted: { _ = c.offset },
            onDisposed: { _ = c.offset })
    }

    static let probes: [Probe] = subscriberProbes + operatorProbes + traitProbes + subjectProbes

    /// The ways to subscribe, straight on the subject.
    static let subscriberProbes: [Probe] = [
        Probe("subscribe(onNext:)", endings: Ending.allCases) { c, s in s.subscribe(onNext: { _ = $0 + c.offset }) },
        Probe("subscribe(onNext:onError:onCompleted:onDisposed:)", endings: Ending.allCases) { c, s in
            subscribeAll(s.asObservable(), c)
        },
        Probe("subscribe(_ on:)", endings: Ending.allCases) { c, s in s.subscribe { _ in _ = c.offset } },
        Probe("subscribe(observer)", endings: Ending.allCases) { c, s in
            s.subscribe(AnyObserver<Int> { _ in _ = c.offset })
        },
        Probe("bind(to:)", endings: Ending.allCases) { c, s in
            s.bind(to: AnyObserver<Int> { _ in _ = c.offset })
        },
        Probe("bind(onNext:)", endings: Ending.allCases) { c, s in s.bind(onNext: { _ = $0 + c.offset }) },
        Probe("subscribe(with:)", endings: Ending.allCases) { c, s in
            s.subscribe(
                with: c, onNext: { owner, _ in _ = owner.offset }, onError: { owner, _ in _ = owner.offset },
                onCompleted: { _ = $0.offset }, onDisposed: { _ = $0.offset })
        },
        Probe("bind(to: Binder)", endings: Ending.allCases) { c, s in
            s.bind(to: Binder(c, scheduler: CurrentThreadScheduler.instance) { target, _ in _ = target.offset })
        },
    ]

    /// Operators with closures (in every closure they take), each ended through the subscriber.
    static let operatorProbes: [Probe] = [
        Probe("map + filter + compactMap") { c, s in
            subscribeAll(s.map { $0 + c.offset }.filter { $0 > c.offset }.compactMap { $0 + c.offset }, c)
        },
        Probe("distinctUntilChanged(_:)") { c, s in
            subscribeAll(s.distinctUntilChanged { $0 == $1 + c.offset }, c)
        },
        Probe("scan + reduce") { c, s in
            subscribeAll(s.scan(0) { $0 + $1 + c.offset }.reduce(0) { $0 + $1 + c.offset }, c)
        },
        Probe("take(while:) + skip(while:)") { c, s in
            subscribeAll(s.skip(while: { $0 < c.offset }).take(while: { $0 > c.offset }), c)
        },
        Probe("do(…)") { c, s in
            subscribeAll(
                s.do(
                    onNext: { _ in _ = c.offset }, onError: { _ in _ = c.offset }, onCompleted: { _ = c.offset },
                    onSubscribe: { _ = c.offset }, onSubscribed: { _ = c.offset }, onDispose: { _ = c.offset }), c)
        },
        Probe("flatMap") { c, s in subscribeAll(s.flatMap { Observable.just($0 + c.offset) }, c) },
        Probe("flatMapLatest") { c, s in subscribeAll(s.flatMapLatest { Observable.just($0 + c.offset) }, c) },
        Probe("flatMapLatest with a live inner") { c, s in
            subscribeAll(s.flatMapLatest { value in s.map { $0 + value + c.offset } }, c)
        },
        Probe("flatMapFirst") { c, s in subscribeAll(s.flatMapFirst { Observable.just($0 + c.offset) }, c) },
        Probe("concatMap") { c, s in subscribeAll(s.concatMap { Observable.just($0 + c.offset) }, c) },
        Probe("catch") { c, s in subscribeAll(s.catch { _ in Observable.just(c.offset) }, c) },
        Probe("retry(when:)") { c, s in
            subscribeAll(s.retry(when: { (errors: Observable<any Error>) in errors.map { _ in c.offset }.take(1) }), c)
        },
        Probe("withLatestFrom(_:resultSelector:)") { c, s in
            subscribeAll(s.withLatestFrom(s) { $0 + $1 + c.offset }, c)
        },
        Probe("combineLatest(resultSelector:)") { c, s in
            subscribeAll(Observable.combineLatest(s, s) { $0 + $1 + c.offset }, c)
        },
        Probe("zip(resultSelector:)") { c, s in subscribeAll(Observable.zip(s, s) { $0 + $1 + c.offset }, c) },
        Probe("groupBy") { c, s in
            subscribeAll(s.groupBy { $0 % 2 + c.offset }.flatMap { group in group.map { $0 + c.offset } }, c)
        },
        Probe("create") { c, s in
            subscribeAll(
                Observable<Int>.create { observer in
                    _ = c.offset
                    return s.subscribe(observer)
                }, c)
        },
        Probe("deferred") { c, s in
            subscribeAll(
                Observable.deferred {
                    _ = c.offset
                    return s.asObservable()
                }, c)
        },
        Probe("using") { c, s in
            subscribeAll(
                Observable.using(
                    {
                        _ = c.offset
                        return BooleanDisposable()
                    }, observableFactory: { _ in s.map { $0 + c.offset } }),
                c)
        },
        Probe("share(replay: 1)") { c, s in subscribeAll(s.map { $0 + c.offset }.share(replay: 1), c) },
        Probe("publish().refCount()") { c, s in subscribeAll(s.map { $0 + c.offset }.publish().refCount(), c) },
        Probe("debounce + delay + throttle (virtual time)") { c, s in
            let scheduler = TestScheduler(initialClock: 0)
            let subscription = subscribeAll(
                s.map { $0 + c.offset }.debounce(.seconds(1), scheduler: scheduler)
                    .delay(.seconds(1), scheduler: scheduler).throttle(.seconds(1), scheduler: scheduler), c)
            // Once the source has ended, the delayed completion runs in virtual time.
            let clock = s.subscribe(onError: { _ in scheduler.start() }, onCompleted: { scheduler.start() })
            return Disposables.create(subscription, clock)
        },
        Probe("audit (virtual time)") { c, s in
            let scheduler = TestScheduler(initialClock: 0)
            let subscription = subscribeAll(s.map { $0 + c.offset }.audit(.seconds(1), scheduler: scheduler), c)
            // The completion waits for the timer of the held element, which runs in virtual time.
            let clock = s.subscribe(onError: { _ in scheduler.start() }, onCompleted: { scheduler.start() })
            return Disposables.create(subscription, clock)
        },
    ]

    /// The traits, each with the closures of its own `subscribe`.
    static let traitProbes: [Probe] = [
        Probe("Single") { c, s in
            s.take(1).asSingle().map { $0 + c.offset }.flatMap { Single.just($0 + c.offset) }
                .subscribe(onSuccess: { _ = $0 + c.offset }, onFailure: { _ in _ = c.offset })
        },
        Probe("Single.create") { c, s in
            Single<Int>.create { observer in
                s.subscribe(onNext: { observer(.success($0 + c.offset)) }, onError: { observer(.failure($0)) })
            }.subscribe(onSuccess: { _ = $0 + c.offset }, onFailure: { _ in _ = c.offset })
        },
        Probe("Maybe") { c, s in
            s.take(1).asMaybe().map { $0 + c.offset }
                .subscribe(
                    onSuccess: { _ = $0 + c.offset }, onError: { _ in _ = c.offset }, onCompleted: { _ = c.offset })
        },
        Probe("Completable") { c, s in
            s.ignoreElements().asCompletable()
                .subscribe(onCompleted: { _ = c.offset }, onError: { _ in _ = c.offset })
        },
        Probe("Infallible") { c, s in
            s.asInfallible(onErrorRecover: { _ in Infallible.just(c.offset) }).map { $0 + c.offset }
                .subscribe(onNext: { _ = $0 + c.offset }, onCompleted: { _ = c.offset }, onDisposed: { _ = c.offset })
        },
    ]

    /// Subjects and relays fed by the probe's source, subscribed straight.
    static let subjectProbes: [Probe] = [
        subjectProbe("BehaviorSubject") { BehaviorSubject(value: 0) },
        subjectProbe("ReplaySubject") { ReplaySubject<Int>.create(bufferSize: 2) },
        subjectProbe("AsyncSubject") { AsyncSubject<Int>() },
        relayProbe("PublishRelay") { PublishRelay<Int>() },
        relayProbe("BehaviorRelay") { BehaviorRelay(value: 0) },
    ]

    /// A subject from `make`, fed by the probe's source and subscribed straight.
    static func subjectProbe(_ name: String, _ make: @escaping @Sendable () -> Subject<Int>) -> Probe {
        Probe(name) { c, s in
            let subject = make()
            let feed = s.subscribe(subject)
            return Disposables.create(feed, subject.subscribe(onNext: { _ = $0 + c.offset }))
        }
    }

    /// A relay from `make`, fed by the probe's source and subscribed straight.
    static func relayProbe(_ name: String, _ make: @escaping @Sendable () -> Relay<Int>) -> Probe {
        Probe(name) { c, s in
            let relay = make()
            let feed = s.subscribe(onNext: { relay.accept($0) })
            return Disposables.create(feed, relay.subscribe(onNext: { _ = $0 + c.offset }))
        }
    }

    /// A subject or relay the app drops while subscriptions made straight on it are still live.
    struct DroppedSource: Sendable, CustomTestStringConvertible {
        let name: String
        /// Makes the source, subscribes to it with `captured` in every closure, sends it an
        /// element, and returns it (the subscriptions' disposables are dropped).
        let make: @Sendable (Captured) -> AnyObject

        var testDescription: String { name }
    }

    /// Subscribes in each of the ways that deliver straight from the source.
    static func subscribeEveryWay<Source: ObservableType>(_ source: Source, _ c: Captured) where Source.Element == Int {
        _ = source.subscribe(onNext: { _ = $0 + c.offset })
        _ = subscribeAll(source.asObservable(), c)
        _ = source.subscribe { _ in _ = c.offset }
        _ = source.subscribe(AnyObserver<Int> { _ in _ = c.offset })
        _ = source.bind(to: AnyObserver<Int> { _ in _ = c.offset })
        _ = source.subscribe(with: c, onNext: { owner, _ in _ = owner.offset })
    }

    /// A subject from `make`, subscribed every way and sent an element.
    static func droppedSubject(_ name: String, _ make: @escaping @Sendable () -> Subject<Int>) -> DroppedSource {
        dropped(name, make) { $0.onNext(1) }
    }

    /// A relay from `make`, subscribed every way and sent an element.
    static func droppedRelay(_ name: String, _ make: @escaping @Sendable () -> Relay<Int>) -> DroppedSource {
        dropped(name, make) { $0.accept(1) }
    }

    private static func dropped<Source: ObservableType & AnyObject & Sendable>(
        _ name: String, _ make: @escaping @Sendable () -> Source, send: @escaping @Sendable (Source) -> Void
    ) -> DroppedSource where Source.Element == Int {
        DroppedSource(name: name) { c in
            let source = make()
            subscribeEveryWay(source, c)
            send(source)
            return source
        }
    }

    static let droppedSources: [DroppedSource] = [
        droppedSubject("PublishSubject") { PublishSubject<Int>() },
        droppedSubject("BehaviorSubject") { BehaviorSubject(value: 0) },
        droppedSubject("ReplaySubject") { ReplaySubject<Int>.create(bufferSize: 1) },
        droppedSubject("AsyncSubject") { AsyncSubject<Int>() },
        droppedRelay("PublishRelay") { PublishRelay<Int>() },
        droppedRelay("BehaviorRelay") { BehaviorRelay(value: 0) },
        droppedRelay("ReplayRelay") { ReplayRelay<Int>.create(bufferSize: 1) },
    ]

    /// How the app lets go of a subject or relay with subscriptions still on it.
    enum SourceEnding: String, CaseIterable, Sendable {
        /// The app drops it.
        case dropped
        /// The app disposes it (subjects only: relays have no `dispose()`).
        case disposed
    }

    static let sourceEndings: [(DroppedSource, SourceEnding)] = droppedSources.flatMap { source in
        SourceEnding.allCases.filter { $0 == .dropped || source.name.hasSuffix("Subject") }.map { (source, $0) }
    }

    @Test(arguments: sourceEndings)
    func subscriptionsMadeStraightOnTheSourceEndWithIt(_ source: DroppedSource, _ ending: SourceEnding) {
        weak var weakCaptured: Captured?
        weak var weakSource: AnyObject?
        var kept: AnyObject?
        do {
            let captured = Captured()
            weakCaptured = captured
            let made = source.make(captured)
            weakSource = made
            if ending == .disposed { kept = made }
        }
        (kept as? Subject<Int>)?.dispose()
        if ending == .dropped { #expect(weakSource == nil) } else { #expect(kept is Subject<Int>) }
        #expect(weakCaptured == nil)
        withExtendedLifetime(kept) {}
    }
}
