import Dispatch
import Streams
import Testing

/// Runs a closure when deallocated: it tells a test that a task released its captures.
final class DeinitSignal: Sendable {
    let action: @Sendable () -> Void
    init(_ action: @escaping @Sendable () -> Void) { self.action = action }
    deinit { action() }
}

#if canImport(Darwin)  // `.timeLimit` needs macOS 13 / iOS 16, and Swift Testing refuses `@available` on a suite
    @Suite
#else
    @Suite(.timeLimit(.minutes(1)))
#endif
struct AsyncOperationTests {
    @Test func singleFromAnAsyncOperationSucceeds() async throws {
        let value = try await Single<Int>.create { 6 * 7 }.value
        #expect(value == 42)
    }

    @Test func singleFromAnAsyncOperationFails() async {
        let result = await withCheckedContinuation { continuation in
            _ = Single<Int>.create { throw TraitTestError(code: 3) }.subscribe { continuation.resume(returning: $0) }
        }
        #expect(throws: TraitTestError(code: 3)) { try result.get() }
    }

    @Test func fromAsyncEmitsTheResultAndCompletes() async throws {
        var collected: [String] = []
        for try await value in Observable<String>.fromAsync({ "done" }).values { collected.append(value) }
        #expect(collected == ["done"])
    }

    @Test func disposalCancelsTheTaskAndSwallowsItsCancellationError() async {
        let (signals, signal) = AsyncStream<String>.makeStream()
        let log = TraitLog()
        let subscription: any Disposable
        do {
            let released = DeinitSignal { signal.yield("operation released") }
            let single = Single<Int>.create {
                withExtendedLifetime(released) {}
                do {
                    try await withTaskCancellationHandler {
                        signal.yield("started")
                        try await Task.sleep(nanoseconds: 3_600_000_000_000)  // never finishes unless cancelled
                    } onCancel: {
                        signal.yield("cancelled")
                    }
                } catch {
                    signal.yield("threw \(type(of: error))")
                    throw error
                }
                return 1
            }
            subscription = single.subscribe(
                onSuccess: { log.append("success \($0)") }, onFailure: { log.append("failure \($0)") },
                onDisposed: { log.append("disposed") })
        }
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() == "started")
        subscription.dispose()
        var afterDisposal: Set<String> = []
        for _ in 0..<2 { afterDisposal.insert(await iterator.next() ?? "") }
        #expect(afterDisposal == ["cancelled", "threw CancellationError"])
        // The task releases the operation only after it has handed the error to the (disposed)
        // subscription, so by now the error has been swallowed.
        #expect(await iterator.next() == "operation released")
        #expect(log.items == ["disposed"])
    }

    @MainActor @Test func theTaskRunsOffTheSubscribersActor() {
        let delivered = DispatchSemaphore(value: 0)
        let subscription = Observable<Int>.fromAsync { 1 }.subscribe(onNext: { _ in delivered.signal() })
        // The main actor stays blocked here, so the element can only arrive if the task runs elsewhere.
        #expect(delivered.wait(timeout: .now() + 30) == .success)
        subscription.dispose()
    }

    @Test func eachSubscriptionRunsTheOperationAgain() async throws {
        let log = TraitLog()
        let single = Single<Int>.create {
            log.append("run")
            return 1
        }
        let first = try await single.value
        let second = try await single.value
        #expect(first + second == 2)
        #expect(log.items == ["run", "run"])
    }
}
