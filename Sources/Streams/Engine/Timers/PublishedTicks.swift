/// A virtual-time scheduler's clock, when it counts `Int` ticks, published so that reading it
/// takes no lock (every timer of a `TestScheduler` reads it).
///
/// The scheduler publishes each move of its clock while it holds its lock; a reader loads the
/// word relaxed and may see the previous tick, as it could have read it just before the move.
final class PublishedTicks: @unchecked Sendable {  // `atomicStorage` is only touched through `AtomicWord`
    private var atomicStorage: Int

    /// Publishes `ticks` as the first value.
    init(_ ticks: Int) { atomicStorage = ticks }

    private var word: AtomicWord { AtomicWord(firstStoredPropertyOf: self) }

    /// The last published clock.
    var ticks: Int { word.loadRelaxed() }

    /// Publishes a move of the clock (called with the scheduler's lock held).
    func publish(_ ticks: Int) { word.store(ticks) }
}
