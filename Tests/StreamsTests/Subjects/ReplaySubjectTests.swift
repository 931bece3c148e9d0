import Streams
import StreamsTest
import Testing

@Suite struct ReplaySubjectTests {
    @Test func replaysUpToBufferSize() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(subject.onNext)
        let recorder = Recorder<Event<Int>>()
        let subscription = subject.subscribe { recorder.append($0) }
        subject.onNext(4)
        #expect(recorder.values == [.next(2), .next(3), .next(4)])
        subscription.dispose()
    }

    @Test func replaysBufferThenStopEventAfterCompletion() {
        let subject = ReplaySubject<Int>.createUnbound()
        [1, 2].forEach(subject.onNext)
        subject.onCompleted()
        let recorder = Recorder<Event<Int>>()
        _ = subject.subscribe { recorder.append($0) }
        #expect(recorder.values == [.next(1), .next(2), .completed])
    }

    @Test func replayRelayReplays() {
        let relay = ReplayRelay<Int>.create(bufferSize: 1)
        relay.accept(1)
        relay.accept(2)
        let recorder = Recorder<Int>()
        let subscription = relay.subscribe(onNext: { recorder.append($0) })
        #expect(recorder.values == [2])
        subscription.dispose()
    }
}

@Suite struct AsyncSubjectTests {
    @Test func emitsLastElementOnCompletionOnly() {
        let subject = AsyncSubject<Int>()
        let recorder = Recorder<Event<Int>>()
        let subscription = subject.subscribe { recorder.append($0) }
        subject.onNext(1)
        subject.onNext(2)
        #expect(recorder.values.isEmpty)
        subject.onCompleted()
        #expect(recorder.values == [.next(2), .completed])
        let late = Recorder<Event<Int>>()
        _ = subject.subscribe { late.append($0) }
        #expect(late.values == [.next(2), .completed])
        subscription.dispose()
    }

    @Test func errorDropsLastElement() {
        let subject = AsyncSubject<Int>()
        let recorder = Recorder<Event<Int>>()
        _ = subject.subscribe { recorder.append($0) }
        subject.onNext(1)
        subject.onError(TestError())
        #expect(recorder.values == [.error(TestError())])
    }
}
