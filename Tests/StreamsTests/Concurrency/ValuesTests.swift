import Dispatch
import Streams
import Testing

#if canImport(Darwin)  // `.timeLimit` needs macOS 13 / iOS 16, and Swift Testing refuses `@available` on a suite
    @Suite
#else
    @Suite(.timeLimit(.minutes(1)))
#endif
struct ValuesTests {
    private func collect(
        _ policy: AsyncThrowingStream<Int, any Error>.Continuation.BufferingPolicy
    ) async throws -> [Int] {
        let scope = LiveResources.Scope()
        let collected = try await LiveResources.withScope(scope) {
            var collected: [Int] = []
            for try await value in Observable.of(1, 2, 3, 4).values(bufferingPolicy: policy) { collected.append(value) }
            return collected
        }
        #expect(scope.total == 0)
        return collected
    }

    @Test func unboundedKeepsEveryElement() async throws {
        #expect(try await collect(.unbounded) == [1, 2, 3, 4])
        var collected: [Int] = []
        for try await value in Observable.of(1, 2, 3, 4).values { collected.append(value) }
        #expect(collected == [1, 2, 3, 4])
    }

    @Test func bufferingOldestKeepsTheFirstElements() async throws {
        #expect(try await collect(.bufferingOldest(2)) == [1, 2])
    }

    @Test func bufferingNewestKeepsTheLastElements() async throws {
        #expect(try await collect(.bufferingNewest(2)) == [3, 4])
    }

    @Test func theObservablesErrorIsThrownAfterItsElements() async {
        var collected: [Int] = []
        await #expect(throws: TraitTestError()) {
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TraitTestError())
                return Disposables.create()
            }
            for try await value in source.values { collected.append(value) }
        }
        #expect(collected == [1])
    }

    @Test func cancellingTheConsumingTaskDisposesTheSubscription() async throws {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { signal.yield("disposed") }
        }
        let consumer = Task {
            var collected: [Int] = []
            for try await value in source.values {
                collected.append(value)
                signal.yield("received \(value)")
            }
            return collected
        }
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "received 1")
        consumer.cancel()
        #expect(await iterator.next() == "disposed")
        await #expect(throws: CancellationError.self) { try await consumer.value }
    }

    @Test func aLoopInACancelledTaskThrowsCancellationUnlessTheObservableAlreadyEnded() async throws {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let never = Observable<Int>.create { _ in Disposables.create { signal.yield("disposed") } }
        let waiting = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            for try await _ in never.values {}
        }
        await #expect(throws: CancellationError.self) { try await waiting.value }
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "disposed")

        let ended = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var collected: [Int] = []
            for try await value in Observable.of(1, 2, 3).values { collected.append(value) }
            return collected
        }
        #expect(try await ended.value == [1, 2, 3])
    }

    @Test func breakingOutOfTheLoopDisposesABusyProducerOnAnotherThread() async throws {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let producer = Observable<Int>.create { observer in
            let stopped = StopFlag()
            DispatchQueue.global().async {
                while !stopped.isSet { observer.onNext(1) }
            }
            return Disposables.create {
                stopped.set()
                signal.yield("disposed")
            }
        }
        var received = 0
        for try await value in producer.values(bufferingPolicy: .bufferingNewest(16)) {
            received += value
            if received == 100 { break }
        }
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "disposed")
        #expect(received == 100)
    }

    @Test func droppingTheStreamDisposesTheSubscription() async {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let scope = LiveResources.Scope()
        LiveResources.withScope(scope) {
            let source = Observable<Int>.create { _ in Disposables.create { signal.yield("disposed") } }
            _ = source.values
        }
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "disposed")
        #expect(scope.total == 0)
    }

    @Test func infallibleValues() async {
        var collected: [Int] = []
        for await value in Infallible.of(1, 2, 3).values(bufferingPolicy: .bufferingNewest(1)) {
            collected.append(value)
        }
        #expect(collected == [3])
    }

    @Test func singleMaybeAndCompletableValues() async throws {
        let scope = LiveResources.Scope()
        try await LiveResources.withScope(scope) {
            #expect(try await Single.just(1).value == 1)
            #expect(try await Maybe.just(2).value == 2)
            #expect(try await Maybe<Int>.empty().value == nil)
            try await Completable.empty().value
            await #expect(throws: TraitTestError()) { try await Single<Int>.error(TraitTestError()).value }
            await #expect(throws: TraitTestError()) { try await Completable.error(TraitTestError()).value }
        }
        #expect(scope.total == 0)
    }

    @Test func cancellingTheAwaitingTaskDisposesTheSingle() async {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let single = Single<Int>.create { _ in
            signal.yield("subscribed")
            return Disposables.create { signal.yield("disposed") }
        }
        let scope = LiveResources.Scope()
        await LiveResources.withScope(scope) {
            let waiter = Task { try await single.value }
            var iterator = signals.makeAsyncIterator()
            #expect(await iterator.next() == "subscribed")
            waiter.cancel()
            #expect(await iterator.next() == "disposed")
            await #expect(throws: CancellationError.self) { try await waiter.value }
        }
        #expect(scope.total == 0)
    }

    @Test func awaitingInAnAlreadyCancelledTaskSubscribesThenThrowsIfTheTraitHasNotEnded() async {
        let log = TraitLog()
        let single = Single<Int>.create { _ in
            log.append("subscribed")
            return Disposables.create { log.append("disposed") }
        }
        let waiter = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await single.value
        }
        await #expect(throws: CancellationError.self) { try await waiter.value }
        #expect(log.items == ["subscribed", "disposed"])
    }

    @Test func traitsThatEndWhileSubscribedReturnTheirResultInAnAlreadyCancelledTask() async throws {
        let results = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let single = try await Single.just(1).value
            let maybe = try await Maybe.just(2).value
            let empty = try await Maybe<Int>.empty().value
            try await Completable.empty().value
            return [single, maybe, empty]
        }
        #expect(try await results.value == [1, 2, nil])
        let failure = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await Completable.error(TraitTestError()).value
        }
        await #expect(throws: TraitTestError()) { try await failure.value }
    }
}

/// A flag a producer loop polls to stop.
private final class StopFlag: Sendable {
    private let value = Locked<Bool>(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}
