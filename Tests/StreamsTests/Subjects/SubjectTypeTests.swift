import Streams
import StreamsTest
import Testing

@Suite struct SubjectTypeTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A subject of its own whose observer side takes strings and whose observable side emits
    /// their lengths: `multicast` works with any `SubjectType`.
    final class LengthSubject: SubjectType, @unchecked Sendable {  // the inner subject is thread-safe
        private let lengths = PublishSubject<Int>()

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
            lengths.subscribe(observer)
        }

        func asObservable() -> Observable<Int> { lengths.asObservable() }

        func asObserver() -> AnyObserver<String> {
            AnyObserver { [lengths] event in
                switch event {
                case .next(let text): lengths.onNext(text.count)
                case .error(let error): lengths.onError(error)
                case .completed: lengths.onCompleted()
                }
            }
        }
    }

    /// A connectable of its own: `refCount()` works on any `ConnectableObservableType`.
    // Unchecked Sendable: immutable but `connections`, which only the test's thread touches
    final class CountingConnectable: ConnectableObservableType, @unchecked Sendable {
        let inner: ConnectableObservable<Int>
        private(set) var connections = 0

        init(_ inner: ConnectableObservable<Int>) { self.inner = inner }

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable where Observer.Element == Int {
            inner.subscribe(observer)
        }

        func asObservable() -> Observable<Int> { inner.asObservable() }

        func connect() -> any Disposable {
            connections += 1
            return inner.connect()
        }
    }

    @Test func theSubjectsAreTheirOwnObservers() {
        let subject = PublishSubject<Int>()
        let observer: PublishSubject<Int> = subject.asObserver()
        #expect(observer === subject)
        let behavior = BehaviorSubject(value: 1)
        let replay = ReplaySubject<Int>.create(bufferSize: 1)
        let async = AsyncSubject<Int>()
        let behaviorObserver: BehaviorSubject<Int> = behavior.asObserver()
        let replayObserver: ReplaySubject<Int> = replay.asObserver()
        let asyncObserver: AsyncSubject<Int> = async.asObserver()
        #expect(behaviorObserver === behavior && replayObserver === replay && asyncObserver === async)
        let erased: AnyObserver<Int> = subject.asObserver()
        let seen = Recorder<Int>()
        let subscription = subject.subscribe(onNext: { seen.append($0) })
        erased.onNext(3)
        subscription.dispose()
        #expect(seen.values == [3])
    }

    @Test func multicastPushesIntoAnySubjectType() {
        let words = scheduler.createHotObservable([.next(210, "one"), .next(220, "three"), .completed(230)])
        let res = scheduler.start { words.multicast(LengthSubject()).refCount() }
        #expect(res.events == [.next(210, 3), .next(220, 5), .completed(230)])
    }

    @Test func refCountWorksOnAnyConnectableObservableType() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let connectable = CountingConnectable(xs.publish())
        let res = scheduler.start { connectable.refCount() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(connectable.connections == 1)
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}
