/// Holds subscriptions and disposes them when the bag is deallocated.
///
/// Subscriptions that already terminated are dropped from the bag (their sinks are released on
/// termination, and the bag removes finished entries as it grows), so a long-lived bag does not
/// grow without bound. Disposal happens outside the bag's lock.
public final class DisposeBag: @unchecked Sendable {  // state guarded by `lock`
    private let lock = Lock()
    private var disposables: [any Disposable] = []
    private var isDisposed = false
    private var compactionThreshold = 16

    /// Creates an empty bag.
    public init() {}

    /// Adds a disposable; if the bag was already disposed, disposes it at once.
    public func insert(_ disposable: any Disposable) {
        let accepted: Bool = lock.withLock {
            guard !isDisposed else { return false }
            disposables.append(disposable)
            if disposables.count >= compactionThreshold {
                disposables.removeAll { ($0 as? any Cancelable)?.isDisposed == true }
                compactionThreshold = max(16, disposables.count * 2)
            }
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// The number of held disposables that have not been disposed yet.
    public var count: Int {
        lock.withLock { disposables.count { ($0 as? any Cancelable)?.isDisposed != true } }
    }

    deinit {
        for disposable in disposables { disposable.dispose() }
    }
}

extension Disposable {
    /// Adds the subscription to `bag`, which disposes it when the bag goes away.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
