import Streams
import Testing

#if canImport(Darwin)  // `.timeLimit` needs macOS 13 / iOS 16, and Swift Testing refuses `@available` on a suite
    @Suite
#else
    @Suite(.timeLimit(.minutes(1)))
#endif
struct AsyncSequenceObservableTests {
    @Test func anAsyncSequenceRoundTripsThroughAnObservable() async throws {
        let numbers = AsyncStream<Int> { continuation in
            for number in 1...5 { continuation.yield(number) }
            continuation.finish()
        }
        var collected: [Int] = []
        for try await value in numbers.asObservable().map({ $0 * 2 }).values { collected.append(value) }
        #expect(collected == [2, 4, 6, 8, 10])
    }

    @Test func theSequencesErrorBecomesTheObservablesError() async {
        let failing = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: TraitTestError(code: 4))
        }
        var collected: [Int] = []
        await #expect(throws: TraitTestError(code: 4)) {
            for try await value in Observable.from(asyncSequence: failing).values { collected.append(value) }
        }
        #expect(collected == [1])
    }

    @Test func disposalCancelsTheIteration() async {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let endless = AsyncStream<Int> { continuation in
            continuation.onTermination = { _ in signal.yield("iteration ended") }
            continuation.yield(1)
        }
        let log = TraitLog()
        let subscription = endless.asObservable().subscribe(
            onNext: { value in
                log.append("next \(value)")
                signal.yield("next")
            },
            onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "next")
        subscription.dispose()
        #expect(await iterator.next() == "iteration ended")
        #expect(log.items == ["next 1", "disposed"])
    }
}

@Suite(.timeLimit(.minutes(1))) struct AsyncSequencePriorityAndCancellationTests {
    @Test func asObservableRunsTheIterationAtThePriorityGiven() async throws {
        let priorities = AsyncStream<TaskPriority>(unfolding: { Task.currentPriority })  // read by the iterating task
        let seen = try await priorities.asObservable(priority: .low).first().value
        #expect(seen == .low)
    }

    @Test func aCancellationErrorFromTheSequenceCompletesTheObservable() async throws {
        let cancelled = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: CancellationError())
        }
        var collected: [Int] = []
        for try await value in cancelled.asObservable().values { collected.append(value) }
        #expect(collected == [1])
    }
}
