import Streams
import Testing

@Suite struct BindOptionalTests {
    @Test func elementsReachRelaysOfOptionalsWrapped() {
        let publish = PublishRelay<Int?>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int?>.create(bufferSize: 2)
        let published = Recorder<Int?>()
        let watching = publish.subscribe(onNext: { published.append($0) })
        let source = PublishSubject<Int>()
        let bindings = [
            source.bind(to: publish), source.bind(to: behavior), source.bind(to: replay),
        ]
        source.onNext(1)
        source.onNext(2)
        source.onError(TestError())  // relays never terminate
        #expect(published.values == [1, 2])
        #expect(behavior.value == 2)
        let replayed = Recorder<Int?>()
        let replaying = replay.subscribe(onNext: { replayed.append($0) })
        #expect(replayed.values == [1, 2])
        for binding in bindings { binding.dispose() }
        watching.dispose()
        replaying.dispose()
    }

    @Test func observersOfOptionalsGetEveryEventWrapped() {
        let first = PublishSubject<Int?>()
        let second = PublishSubject<Int?>()
        let events = Recorder<String>()
        let watchFirst = first.subscribe(onNext: { events.append("first \(String(describing: $0))") })
        let watchSecond = second.subscribe(
            onNext: { events.append("second \(String(describing: $0))") }, onCompleted: { events.append("second done") }
        )
        let binding = Observable.of(4).bind(to: first, second)
        #expect(events.values == ["first Optional(4)", "second Optional(4)", "second done"])
        binding.dispose()
        watchFirst.dispose()
        watchSecond.dispose()
    }
}
