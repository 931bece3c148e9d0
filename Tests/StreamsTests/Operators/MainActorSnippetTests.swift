import Dispatch
import Foundation
import Streams
import Testing

// The snippet from the main-actor delivery issue, compiled in a client module in Swift 6 mode
// (no @preconcurrency, @unchecked or nonisolated(unsafe) here), exactly as the issue writes it.
@MainActor final class SearchScreen {
    nonisolated let query = BehaviorRelay<String>(value: "")  // fed from any thread
    private let disposeBag = DisposeBag()
    private(set) var rendered: [String] = []
    func bind(search: @escaping @Sendable (String) -> Observable<[String]>) {
        query.asObservable()
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .distinctUntilChanged()
            .flatMapLatest { search($0) }  // runs on whatever thread emits
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { [weak self] items in self?.rendered = items })  // main-actor state
            .disposed(by: disposeBag)
    }
}
struct Backend: Sendable { let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated) }

/// Main-actor state a test can mutate from `MainActorObservable` closures.
@MainActor final class MainActorLog {
    var items: [String] = []
}

/// Yields on the main actor until `condition` holds or `seconds` pass (the main queue keeps
/// running meanwhile, so main-queue hops are delivered). No sleeping.
@MainActor func waitOnMainActor(seconds: Double = 10, _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = DispatchTime.now() + seconds  // not ContinuousClock, which needs macOS 13 / iOS 16
    while !condition() {
        if DispatchTime.now() > deadline { return false }
        await Task.yield()
    }
    return true
}

// In `swift test` on Linux the main queue is serviced (the runner has an async main), though not
// on the process's first thread; `MainActor.assumeIsolated` accepts it, so these tests run the
// real main queue.
@Suite struct MainActorSnippetTests {
    @MainActor @Test func snippetRendersOnTheMainActorWhenFedFromABackgroundThread() async {
        let screen = SearchScreen()
        let backend = Backend()
        screen.bind(search: { query in
            Observable.just(query.isEmpty ? [] : [query, query.uppercased()]).observe(on: backend.scheduler)
        })
        DispatchQueue.global().async { screen.query.accept("  swift  ") }
        let rendered = await waitOnMainActor { screen.rendered == ["swift", "SWIFT"] }
        #expect(rendered)
    }

    @MainActor @Test func subscribeWithOwnerAndBindRunOnTheMainActor() async {
        let log = MainActorLog()
        let subject = PublishSubject<Int>()
        let first = subject.observe(on: MainScheduler.instance)
            .subscribe(
                with: log, onNext: { log, value in log.items.append("with \(value)") },
                onCompleted: { log in log.items.append("completed") })
        let second = subject.observe(on: MainScheduler.instance).bind(onNext: { log.items.append("bind \($0)") })
        DispatchQueue.global().async {
            subject.onNext(1)
            subject.onCompleted()
        }
        let done = await waitOnMainActor { log.items.count == 3 }
        #expect(done)
        #expect(log.items.filter { $0.hasPrefix("with") || $0 == "completed" } == ["with 1", "completed"])
        #expect(log.items.contains("bind 1"))
        first.dispose()
        second.dispose()
    }

    @MainActor @Test func nothingIsDeliveredAfterDisposal() async {
        let log = MainActorLog()
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: MainScheduler.instance)
            .subscribe(onNext: { log.items.append("\($0)") }, onDisposed: { log.items.append("disposed") })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        let disposed = await waitOnMainActor { log.items.contains("disposed") }
        #expect(disposed)
        #expect(!log.items.contains("2"))
    }

    @Test func asObservableStillDeliversOnTheMainQueue() async {
        let subject = PublishSubject<Int>()
        let observable = subject.observe(on: MainScheduler.instance).asObservable()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let subscription = observable.subscribe(onNext: { _ in
                MainActor.assumeIsolated {}  // traps unless on the main actor's queue
                continuation.resume()
            })
            subject.onNext(1)
            subject.onCompleted()
            _ = subscription
        }
    }
}
