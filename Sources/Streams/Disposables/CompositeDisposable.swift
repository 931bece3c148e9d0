/// A group of disposables disposed together.
///
/// Adding to a composite that is already disposed disposes the new item at once. Items are
/// disposed outside the lock, in the order they were added.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {  // `cell` is the synchronisation
    /// A key that removes one item again.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    /// The items in insertion order, or `nil` once disposed.
    private struct Items {
        var entries: [(key: UInt64, disposable: any Disposable)]? = []
        var nextKey: UInt64 = 0
    }

    private let cell: LockedCell<Items>

    /// Creates an empty composite.
    public init() {
        cell = LockedCell(Items())
    }

    /// Creates a composite holding the arguments.
    public convenience init(_ disposables: any Disposable...) {
        self.init(disposables: disposables)
    }

    /// Creates a composite holding `disposables`.
    public init(disposables: [any Disposable]) {
        cell = LockedCell(
            Items(
                entries: disposables.enumerated().map { (UInt64($0.offset), $0.element) },
                nextKey: UInt64(disposables.count)))
    }

    /// `true` once disposed.
    public var isDisposed: Bool { cell.read { $0.entries == nil } }

    /// The number of items still held.
    public var count: Int { cell.read { $0.entries?.count ?? 0 } }

    /// Adds `disposable`; returns `nil` (and disposes it) if the composite is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> DisposeKey? {
        let key: UInt64? = cell.update { items in
            guard items.entries != nil else { return nil }
            defer { items.nextKey += 1 }
            items.entries!.append((items.nextKey, disposable))
            return items.nextKey
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return DisposeKey(value: key)
    }

    /// Removes the item for `key` and disposes it.
    public func remove(for key: DisposeKey) {
        let removed: (any Disposable)? = cell.update { items in
            guard let index = items.entries?.firstIndex(where: { $0.key == key.value }) else { return nil }
            return items.entries!.remove(at: index).disposable
        }
        removed?.dispose()
    }

    /// Disposes every item; later inserts are disposed at once.
    public func dispose() {
        let toDispose = cell.update { items in items.entries.take() }
        for item in toDispose ?? [] { item.disposable.dispose() }
    }
}
