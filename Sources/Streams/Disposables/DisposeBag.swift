/// Holds subscriptions and disposes them when the bag is deallocated.
///
/// Subscriptions that already terminated are dropped from the bag (their sinks are released on
/// termination, and the bag removes finished entries as it grows), so a long-lived bag does not
/// grow without bound. Disposal and release happen outside the bag's lock.
public final class DisposeBag: @unchecked Sendable {  // `cell` is the synchronisation
    /// States: open (collecting); disposed (inserts are disposed at once). Finished entries are
    /// compacted away when the bag doubles.
    private struct Contents {
        var disposables: [any Disposable] = []
        var isDisposed = false
        var compactionThreshold = 16

        /// Appends `disposable`; returns the finished entries it compacted away (to release after
        /// unlocking), or `nil` if the bag is disposed.
        mutating func insert(_ disposable: any Disposable) -> [any Disposable]? {
            guard !isDisposed else { return nil }
            disposables.append(disposable)
            guard disposables.count >= compactionThreshold else { return [] }
            let finished = disposables.filter(Self.isFinished)
            disposables.removeAll(where: Self.isFinished)
            compactionThreshold = max(16, disposables.count * 2)
            return finished
        }

        static func isFinished(_ disposable: any Disposable) -> Bool {
            (disposable as? any Cancelable)?.isDisposed == true
        }
    }

    private let cell = LockedCell(Contents())

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding the arguments.
    public convenience init(disposing disposables: any Disposable...) {
        self.init(disposing: disposables)
    }

    /// Creates a bag holding `disposables`.
    public convenience init(disposing disposables: [any Disposable]) {
        self.init()
        insert(disposables)
    }

    /// Creates a bag holding what `builder` lists.
    public convenience init(@DisposableBuilder builder: () -> [any Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds a disposable; if the bag was already disposed, disposes it at once.
    public func insert(_ disposable: any Disposable) {
        let compacted = cell.update { $0.insert(disposable) }
        if compacted == nil { disposable.dispose() }
        // `compacted` (finished subscriptions) is released here, after unlocking.
    }

    /// Adds the arguments.
    public func insert(_ disposables: any Disposable...) {
        insert(disposables)
    }

    /// Adds every element of `disposables`.
    public func insert(_ disposables: [any Disposable]) {
        for disposable in disposables { insert(disposable) }
    }

    /// Adds what `builder` lists.
    public func insert(@DisposableBuilder builder: () -> [any Disposable]) {
        insert(builder())
    }

    /// The number of held disposables that have not been disposed yet.
    public var count: Int {
        cell.read { contents in contents.disposables.count { !Contents.isFinished($0) } }
    }

    deinit {
        let disposables = cell.update { contents in
            contents.isDisposed = true
            return contents.disposables
        }
        for disposable in disposables { disposable.dispose() }
    }

    /// Lists disposables for ``DisposeBag/init(builder:)`` and ``DisposeBag/insert(builder:)``.
    @resultBuilder
    public enum DisposableBuilder {
        /// The listed disposables.
        public static func buildBlock(_ disposables: any Disposable...) -> [any Disposable] { disposables }
    }
}

extension Disposable {
    /// Adds the subscription to `bag`, which disposes it when the bag goes away.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
