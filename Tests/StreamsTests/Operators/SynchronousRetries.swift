import Streams
import StreamsTest

/// Subscribes `retrying` applied to a source whose n-th subscription sends `n` and then, at once,
/// fails with `error` — until the `attempts`-th subscription, which completes instead — and
/// returns the last element received and whether the result completed.
///
/// A retry that resubscribed by recursion would overflow the stack long before `attempts`; a retry
/// that loops gets through every attempt. Everything the subscription created must be released
/// (a leak check at the caller's line).
func lastOfSynchronousRetries(
    attempts: Int, failingWith error: some Error,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ retrying: (Observable<Int>) -> Observable<Int>
) -> (last: Int, completed: Bool) {
    let subscriptions = Locked<Int>(0)
    let source = Observable<Int>.create { observer in
        let attempt = subscriptions.withLock { count in
            count += 1
            return count
        }
        observer.onNext(attempt)
        if attempt < attempts {
            observer.onError(error)
        } else {
            observer.onCompleted()
        }
        return Disposables.create()
    }
    let last = Locked<Int>(0)
    let completed = Locked<Bool>(false)
    withLeakCheck(fileID: fileID, filePath: filePath, line: line, column: column) {
        _ = retrying(source).subscribe(
            onNext: { value in last.withLock { $0 = value } },
            onCompleted: { completed.withLock { $0 = true } })
    }
    return (last.withLock { $0 }, completed.withLock { $0 })
}
