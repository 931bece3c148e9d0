import Foundation
import Streams
import Testing

/// Who keeps what alive: a `DisposeBag` going away disposes what it holds, and `subscribe(with:)`
/// holds its owner weakly on every type that offers it.
@Suite(.leakChecked) struct OwnershipLifecycleTests {
    private final class Owner: Sendable {}
    @MainActor private final class ScreenOwner {}

    @Test func disposeBagGoingAwayDisposesSubscriptionsThatNeverTerminated() {
        let subject = PublishSubject<Int>()
        let seen = Recorder<Int>()
        do {
            let bag = DisposeBag()
            subject.map { $0 * 2 }.subscribe(onNext: { seen.append($0) }).disposed(by: bag)
            subject.flatMapLatest { value in subject.map { $0 + value } }.subscribe().disposed(by: bag)
            Observable.combineLatest(subject, subject, resultSelector: +).share(replay: 1).subscribe()
                .disposed(by: bag)
            subject.onNext(1)
            #expect(subject.hasObservers)
        }
        subject.onNext(2)
        #expect(seen.values == [2])
        #expect(!subject.hasObservers)
    }

    /// Subscribes through `subscribe` with a fresh owner that goes out of scope while the
    /// subscription is still alive; returns whether the owner was released.
    private func ownerIsReleased(_ subscribe: (Owner) -> any Disposable) -> Bool {
        weak var weakOwner: Owner?
        var subscription: (any Disposable)?
        do {
            let owner = Owner()
            weakOwner = owner
            subscription = subscribe(owner)
        }
        let released = weakOwner == nil
        subscription?.dispose()
        return released
    }

    @Test func subscribeWithOwnerDoesNotRetainTheOwnerOnAnyType() {
        let subject = PublishSubject<Int>()
        let released = [
            ownerIsReleased { subject.subscribe(with: $0, onNext: { _, _ in }, onCompleted: { _ in }) },
            ownerIsReleased { subject.take(1).asSingle().subscribe(with: $0, onSuccess: { _, _ in }) },
            ownerIsReleased { subject.take(1).asMaybe().subscribe(with: $0, onSuccess: { _, _ in }) },
            ownerIsReleased {
                subject.take(1).asMaybe().asCompletable().subscribe(with: $0, onCompleted: { _ in })
            },
            ownerIsReleased { subject.asInfallible(onErrorJustReturn: 0).subscribe(with: $0, onNext: { _, _ in }) },
        ]
        #expect(released == [true, true, true, true, true])
        #expect(!subject.hasObservers)
    }

    @MainActor @Test func mainActorSubscribeWithOwnerDoesNotRetainTheOwner() {
        let subject = PublishSubject<Int>()
        weak var weakOwner: ScreenOwner?
        var subscription: (any Disposable)?
        do {
            let owner = ScreenOwner()
            weakOwner = owner
            subscription = subject.observe(on: MainScheduler.instance)
                .subscribe(with: owner, onNext: { _, _ in }, onError: { _, _ in })
        }
        #expect(weakOwner == nil)
        subscription?.dispose()
        #expect(!subject.hasObservers)
    }
}
