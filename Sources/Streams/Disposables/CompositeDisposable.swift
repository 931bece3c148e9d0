/// A group of disposables disposed together.
///
/// Adding to a composite that is already disposed disposes the new item at once. Items are
/// disposed outside the lock, in the order they were added.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {  // `state` is guarded by `lock`
    /// A key that removes one item again.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    private let lock = Lock()
    private var items: [(key: UInt64, disposable: any Disposable)]? = []
    private var nextKey: UInt64 = 0

    /// Creates an empty composite.
    public init() {}

    /// Creates a composite holding the arguments.
    public convenience init(_ disposables: any Disposable...) {
        self.init(disposables: disposables)
    }

    /// Creates a composite holding `disposables`.
    public init(disposables: [any Disposable]) {
        items = disposables.enumerated().map { (UInt64($0.offset), $0.element) }
        nextKey = UInt64(disposables.count)
    }

    /// `true` once disposed.
    public var isDisposed: Bool { lock.withLock { items == nil } }

    /// The number of items still held.
    public var count: Int { lock.withLock { items?.count ?? 0 } }

    /// Adds `disposable`; returns `nil` (and disposes it) if the composite is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> DisposeKey? {
        let key: UInt64? = lock.withLock {
            guard items != nil else { return nil }
            defer { nextKey += 1 }
            items!.append((nextKey, disposable))
            return nextKey
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the item for `key` and disposes it.
    public func remove(for key: DisposeKey) {
        let removed: (any Disposable)? = lock.withLock {
            guard let index = items?.firstIndex(where: { $0.key == key.value }) else { return nil }
            return items!.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every item; later inserts are disposed at once.
    public func dispose() {
        let toDispose = lock.withLock {
            defer { items = nil }
            return items
        }
        for item in toDispose ?? [] { item.disposable.dispose() }
    }
}
