import Foundation
import Streams
import Testing

/// The async bridges release what their closures captured once the subscription ended and the
/// task Streams started for it returned: after disposal (which cancels the task), completion and
/// an error. A task ends on the global pool, so each probe awaits the captured object's `deinit`
/// under a generous deadline instead of checking at once.
@Suite struct AsyncRetentionProbeTests {
    struct Failure: Error {}

    /// Captured by every closure under probe; reports its `deinit`.
    final class Captured: Sendable {
        let offset = 1
        private let gone: AsyncStream<Void>.Continuation
        init(gone: AsyncStream<Void>.Continuation) { self.gone = gone }
        deinit {
            gone.yield()
            gone.finish()
        }
    }

    enum Ending: String, CaseIterable, Sendable { case dispose, completion, error }

    /// Runs `subscribe` with a fresh captured object, ends it as `ending` says (`subscribe` makes
    /// the operation end by itself for `.completion` and `.error`), and waits up to 20 s for the
    /// captured object to go.
    private func isReleased(
        _ ending: Ending, _ subscribe: (Captured, Ending) -> any Disposable
    ) async -> Bool {
        let (gone, signal) = AsyncStream<Void>.makeStream()
        var subscription: (any Disposable)?
        do {
            subscription = subscribe(Captured(gone: signal), ending)
        }
        if ending == .dispose { subscription?.dispose() }
        let released = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in gone { return true }
                return true
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: 20_000_000_000)  // the deadline only
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        withExtendedLifetime(subscription) {}
        return released
    }

    /// An operation that ends as `ending` says, or waits until it is cancelled.
    private static func operation(_ c: Captured, _ ending: Ending) async throws -> Int {
        switch ending {
        case .completion: return c.offset
        case .error: throw Failure()
        case .dispose:
            try await Task.sleep(nanoseconds: 3_600_000_000_000)  // cancelled by the disposal
            return c.offset
        }
    }

    /// The bridges that run an async operation for a subscription.
    enum OperationBridge: String, CaseIterable, Sendable { case fromAsync, singleCreateOperation }

    @Test(arguments: Ending.allCases, OperationBridge.allCases)
    func operationBridge(_ ending: Ending, _ bridge: OperationBridge) async {
        let released = await isReleased(ending) { c, ending in
            switch bridge {
            case .fromAsync:
                Observable.fromAsync { try await Self.operation(c, ending) }
                    .subscribe(onNext: { _ = $0 + c.offset }, onError: { _ in _ = c.offset })
            case .singleCreateOperation:
                Single.create { try await Self.operation(c, ending) }
                    .subscribe(onSuccess: { _ = $0 + c.offset }, onFailure: { _ in _ = c.offset })
            }
        }
        #expect(released)
    }

    @Test(arguments: Ending.allCases)
    func asyncSequenceAsObservable(_ ending: Ending) async {
        let released = await isReleased(ending) { c, ending in
            let sequence = AsyncThrowingStream<Int, any Error> { continuation in
                let task = Task {
                    do {
                        continuation.yield(try await Self.operation(c, ending))
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                continuation.onTermination = { _ in task.cancel() }
            }
            return sequence.asObservable()
                .subscribe(onNext: { _ = $0 + c.offset }, onError: { _ in _ = c.offset })
        }
        #expect(released)
    }

    @Test(arguments: Ending.allCases)
    func valuesLoop(_ ending: Ending) async {
        let released = await isReleased(ending) { c, ending in
            let source: Observable<Int> =
                switch ending {
                case .completion: Observable.from([1, 2])
                case .error: Observable.error(Failure())
                case .dispose: Observable.never()  // ended by cancelling the loop's task
                }
            let loop = Task {
                for try await value in source.map({ $0 + c.offset }).values { _ = value }
            }
            return Disposables.create { loop.cancel() }
        }
        #expect(released)
    }
}
