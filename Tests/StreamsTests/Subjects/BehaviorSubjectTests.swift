import Streams
import StreamsTest
import Testing

@Suite struct BehaviorSubjectTests {
    @Test func replaysCurrentValueThenLaterEvents() {
        let subject = BehaviorSubject(value: 0)
        subject.onNext(1)
        let recorder = Recorder<Event<Int>>()
        let subscription = subject.subscribe { recorder.append($0) }
        subject.onNext(2)
        subject.onCompleted()
        #expect(recorder.values == [.next(1), .next(2), .completed])
        #expect(throws: Never.self) { try subject.value() }
        subscription.dispose()
    }

    @Test func valueThrowsAfterError() {
        let subject = BehaviorSubject(value: 0)
        subject.onError(TestError(code: 1))
        #expect(throws: TestError(code: 1)) { try subject.value() }
        let recorder = Recorder<Event<Int>>()
        _ = subject.subscribe { recorder.append($0) }
        #expect(recorder.values == [.error(TestError(code: 1))])
    }

    @Test func subscribeFromInsideDeliveryGetsValueBeforeLaterEvents() {
        let subject = BehaviorSubject(value: 0)
        let inner = Recorder<Int>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { [weak bag] value in
            if value == 1, let bag { subject.subscribe(onNext: { inner.append($0) }).disposed(by: bag) }
        }).disposed(by: bag)
        subject.onNext(1)
        subject.onNext(2)
        #expect(inner.values == [1, 2])
        withExtendedLifetime(bag) {}  // the closures hold the bag weakly
    }

    @Test func subscribeFromInsideDeliveryReceivesTheValueBeforeSubscribeReturns() {
        let subject = BehaviorSubject(value: 0)
        let seenAtReturn = Recorder<[Int]>()
        let bag = DisposeBag()
        subject.subscribe(onNext: { [weak bag] value in
            guard value == 1, let bag else { return }
            let inner = Recorder<Int>()
            subject.subscribe(onNext: { inner.append($0) }).disposed(by: bag)
            seenAtReturn.append(inner.values)
        }).disposed(by: bag)
        subject.onNext(1)
        #expect(seenAtReturn.values == [[1]])
        withExtendedLifetime(bag) {}  // the closures hold the bag weakly
    }

    @Test func relayHoldsValueAndNeverTerminates() {
        let relay = BehaviorRelay(value: "a")
        let recorder = Recorder<String>()
        let subscription = relay.subscribe(onNext: { recorder.append($0) })
        relay.accept("b")
        #expect(relay.value == "b")
        #expect(recorder.values == ["a", "b"])
        subscription.dispose()
    }
}
