import Streams
import StreamsTest
import Testing

/// What a subscription captured is released when the subscription ends — by `dispose()`, by a
/// terminal event, or by its source going away — while the app keeps the disposable: the nine
/// everyday cases of Docs/Contract.md ("What a subscription keeps, and until when"), each one
/// an owner whose subscription captures the owner itself. RxSwift releases the owner in all nine.
@Suite struct SubscriptionHandleTests {
    struct Failure: Error {}

    /// An app object that keeps its subscription and is captured by it.
    final class Owner: @unchecked Sendable {  // touched only on the test's thread
        var subscription: (any Disposable)?
        var bag = DisposeBag()
        let offset = 1
    }

    /// Builds the owner cycle with `scenario`, drops the test's own reference, and tells whether
    /// the owner is gone. `scenario` returns what the app keeps besides the owner (a subject).
    private func ownerIsReleased(_ scenario: (Owner) -> Any?) -> Bool {
        weak var weakOwner: Owner?
        var kept: Any?
        do {
            let owner = Owner()
            weakOwner = owner
            kept = scenario(owner)
        }
        let released = weakOwner == nil
        withExtendedLifetime(kept) {}
        return released
    }

    @Test func disposedSubscriptionReleasesItsClosure() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                owner.subscription = subject.subscribe(onNext: { _ = $0 + owner.offset })
                owner.subscription?.dispose()
                return subject
            })
    }

    @Test func completionReleasesTheClosures() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                owner.subscription = subject.subscribe(onNext: { _ = $0 + owner.offset })
                subject.onCompleted()
                return subject
            })
    }

    @Test func errorReleasesTheClosures() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                owner.subscription = subject.subscribe(
                    onNext: { _ = $0 + owner.offset }, onError: { _ in _ = owner.offset })
                subject.onError(Failure())
                return subject
            })
    }

    @Test func completionBreaksTheOwnerBagCycle() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                subject.subscribe(onNext: { _ = $0 + owner.offset }).disposed(by: owner.bag)
                subject.onCompleted()
                return subject
            })
    }

    @Test func disposedOperatorChainReleasesEveryClosure() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                owner.subscription = subject.map { $0 + owner.offset }.filter { $0 > owner.offset }
                    .subscribe(onNext: { _ = $0 + owner.offset })
                owner.subscription?.dispose()
                return subject
            })
    }

    @Test func completedFlatMapLatestReleasesEveryClosure() {
        #expect(
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                owner.subscription = subject.flatMapLatest { Observable.just($0 + owner.offset) }
                    .subscribe(onNext: { _ = $0 + owner.offset })
                subject.onNext(1)
                subject.onCompleted()
                return subject
            })
    }

    @Test func droppedSubjectReleasesAnUndisposedSubscription() {
        let (scope, released) = LiveResources.withScope {
            ownerIsReleased { owner in
                let subject = PublishSubject<Int>()
                _ = subject.subscribe(onNext: { _ = $0 + owner.offset })
                subject.onNext(1)
                return nil
            }
        }
        #expect(released)
        #expect(scope.total == 0)
    }

    @Test func disposedRelaySubscriptionReleasesItsOwner() {
        #expect(
            ownerIsReleased { owner in
                let relay = BehaviorRelay(value: 0)
                owner.subscription = relay.subscribe(onNext: { _ = $0 + owner.offset })
                owner.subscription?.dispose()
                return relay
            })
    }

    @Test func subscriptionThatCompletedWhileSubscribingReleasesItsClosure() {
        #expect(
            ownerIsReleased { owner in
                owner.subscription = Observable.just(1).subscribe(onNext: { _ = $0 + owner.offset })
                return nil
            })
    }

    @Test func subscriptionOnlyTheAppCanEndLivesUntilDisposed() {
        // Nothing but the subscription holds its node (the source keeps no observer): it still
        // runs `onDisposed` when disposed, and only then lets go of its closures.
        let sources: [Observable<Int>] = [.never(), .create { _ in Disposables.create() }]
        for source in sources {
            let disposed = Recorder<Int>()
            #expect(
                ownerIsReleased { owner in
                    owner.subscription = source.subscribe(
                        onNext: { _ = $0 + owner.offset }, onDisposed: { disposed.append(owner.offset) })
                    owner.subscription?.dispose()
                    owner.subscription?.dispose()
                    return nil
                })
            #expect(disposed.values == [1])
        }
    }

    @Test func handleKeptAfterTheEndKeepsNoSubscriptionAlive() {
        let scope = LiveResources.Scope()
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = LiveResources.withScope(scope) {
            subject.map { $0 + 1 }.subscribe(onNext: { received.append($0) })
        }
        #expect(scope.total > 0)
        subject.onNext(1)
        subject.onCompleted()
        #expect(scope.total == 0)
        #expect((subscription as? any Cancelable)?.isDisposed == true)
        subscription.dispose()
        #expect(received.values == [2])
    }

    @Test func everyCopyOfTheHandleDisposesTheSameSubscription() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = subject.subscribe(onNext: { received.append($0) })
        let bag = DisposeBag()
        bag.insert(subscription)
        let copy = subscription
        #expect((copy as? any Cancelable)?.isDisposed == false)
        subject.onNext(1)
        copy.dispose()
        subject.onNext(2)
        #expect((subscription as? any Cancelable)?.isDisposed == true)
        #expect(!subject.hasObservers)
        #expect(received.values == [1])
    }

    @Test func handleReturnedFromCreateIsDisposedWithTheSubscriptionAroundIt() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = Observable<Int>.create { observer in subject.subscribe(observer) }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        #expect(!subject.hasObservers)
        #expect(received.values == [1])
    }

    @Test func disposingTheHandleTwiceOrAfterCompletionDoesNothing() {
        let subject = PublishSubject<Int>()
        let disposedCount = Recorder<Int>()
        let subscription = subject.subscribe(onDisposed: { disposedCount.append(1) })
        subject.onCompleted()
        subscription.dispose()
        subscription.dispose()
        #expect(disposedCount.values == [1])
    }
}
