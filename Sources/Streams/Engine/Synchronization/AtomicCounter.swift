import CStreamsEngine

/// A standalone atomic counter (the live-resource totals, the main scheduler's queue depth).
final class AtomicCounter: @unchecked Sendable {  // `atomicStorage` is only touched through `AtomicWord`
    private var atomicStorage: Int

    /// Creates a counter holding `value`.
    init(_ value: Int = 0) { atomicStorage = value }

    private var word: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// The current count (relaxed: counters order nothing).
    var value: Int { word.loadRelaxed() }

    /// Adds `delta`; returns the previous count.
    @discardableResult
    func add(_ delta: Int) -> Int { word.add(delta) }

    /// Replaces the value (a release store: a reader that sees it sees what came before it).
    func store(_ value: Int) { word.store(value) }
}
