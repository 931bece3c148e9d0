import Streams
import Testing

/// A value-type disposable, as a user might return from `create`: stored boxed as an upstream.
private struct CountingDisposable: Disposable {
    let count: Counter
    func dispose() { count.increment() }
}

/// How a subscription node keeps and releases its upstream, whatever kind of disposable it is.
@Suite(.leakChecked) struct ReceiverTests {
    @Test func anOperatorSinkUpstreamIsDisposedWithTheSubscription() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let subscription = subject.map { $0 * 2 }.filter { $0 > 2 }.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        #expect(subject.hasObservers)
        subscription.dispose()
        subject.onNext(3)
        #expect(!subject.hasObservers)
        #expect(received.values == [4])
    }

    @Test func everyKindOfDisposableReturnedByCreateIsDisposedOnce() {
        let structCount = Counter()
        let actionCount = Counter()
        let compositeCount = Counter()
        let sources: [Observable<Int>] = [
            .create { _ in CountingDisposable(count: structCount) },
            .create { _ in Disposables.create { actionCount.increment() } },
            .create { _ in
                CompositeDisposable(
                    Disposables.create { compositeCount.increment() }, Disposables.create { compositeCount.increment() }
                )
            },
        ]
        for source in sources {
            let subscription = source.map { $0 }.subscribe(onNext: { _ in })
            subscription.dispose()
            subscription.dispose()
        }
        #expect(structCount.value == 1)
        #expect(actionCount.value == 1)
        #expect(compositeCount.value == 2)
    }

    @Test func anUpstreamArrivingAfterATerminalEventIsDisposedAtOnce() {
        let disposed = Counter()
        let received = Recorder<Event<Int>>()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return CountingDisposable(count: disposed)
        }
        _ = source.subscribe { received.append($0) }
        #expect(received.values == [.next(1), .completed])
        #expect(disposed.value == 1)
    }

    @Test func aSubjectSubscriptionUpstreamRemovesOnlyItsObserver() {
        let subject = PublishSubject<Int>()
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let one = subject.map { $0 }.subscribe(onNext: { first.append($0) })
        let two = subject.map { $0 }.subscribe(onNext: { second.append($0) })
        subject.onNext(1)
        one.dispose()
        subject.onNext(2)
        two.dispose()
        subject.onNext(3)
        #expect(first.values == [1])
        #expect(second.values == [1, 2])
        #expect(!subject.hasObservers)
    }
}
