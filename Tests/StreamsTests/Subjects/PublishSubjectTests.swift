import Streams
import StreamsTest
import Testing

@Suite(.leakChecked) struct PublishSubjectTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func deliversToCurrentObserversOnly() {
        let subject = PublishSubject<Int>()
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(100) { subject.onNext(1) }
        var subscriptions: [any Disposable] = []
        scheduler.scheduleAt(150) { subscriptions.append(subject.subscribe(early)) }
        scheduler.scheduleAt(200) { subject.onNext(2) }
        scheduler.scheduleAt(250) { subscriptions.append(subject.subscribe(late)) }
        scheduler.scheduleAt(300) { subject.onNext(3) }
        scheduler.scheduleAt(400) { subject.onCompleted() }
        scheduler.scheduleAt(450) { subject.onNext(4) }
        scheduler.start()
        #expect(early.events == [.next(200, 2), .next(300, 3), .completed(400)])
        #expect(late.events == [.next(300, 3), .completed(400)])
        #expect(!subject.hasObservers)
    }

    @Test func lateSubscriberAfterStopReceivesStopEvent() {
        let subject = PublishSubject<Int>()
        subject.onError(TestError(code: 7))
        let recorder = Recorder<Event<Int>>()
        _ = subject.subscribe { recorder.append($0) }
        #expect(recorder.values == [.error(TestError(code: 7))])
    }

    @Test func reentrantSendIsQueuedAndDeliveredInOrder() {
        let subject = PublishSubject<Int>()
        let log = Recorder<String>()
        let first = subject.subscribe(onNext: { value in
            log.append("a\(value)")
            if value == 1 { subject.onNext(2) }
        })
        let second = subject.subscribe(onNext: { value in log.append("b\(value)") })
        subject.onNext(1)
        #expect(log.values == ["a1", "b1", "a2", "b2"])
        first.dispose()
        second.dispose()
    }

    @Test func disposingInsideOnNextStopsFurtherDelivery() {
        let subject = PublishSubject<Int>()
        let log = Recorder<Int>()
        let holder = SerialDisposable()
        holder.disposable = subject.subscribe(onNext: { value in
            log.append(value)
            holder.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.values == [1])
        #expect(!subject.hasObservers)
    }

    @Test func releasesSubscriptionsOnDispose() {
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
        subject.onNext(1)
        subscription.dispose()
    }
}
