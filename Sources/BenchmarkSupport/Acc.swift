/// The checksum every scenario returns: the sum and count of the elements that reached the sink.
public struct Check: Equatable, Sendable, CustomStringConvertible {
    /// Wrapping sum of the delivered elements.
    public var sum: Int
    /// Number of delivered elements.
    public var count: Int

    /// Creates a checksum.
    public init(sum: Int, count: Int) {
        self.sum = sum
        self.count = count
    }

    /// `sum=… count=…`.
    public var description: String { "sum=\(sum) count=\(count)" }
}

// Unchecked Sendable: a raw pointer written only by the one benchmark thread
/// The terminal sink of every scenario: two Ints behind a raw pointer, so `put` costs two adds
/// with no reference counting and no exclusivity check.
public struct Acc: @unchecked Sendable {
    /// `storage[0]` is the sum, `storage[1]` the count.
    public let storage: UnsafeMutablePointer<Int>

    /// Allocates a zeroed accumulator (once per scenario, outside the timed region).
    public init() {
        storage = .allocate(capacity: 2)
        storage.initialize(repeating: 0, count: 2)
    }

    /// Adds one delivered element.
    @inlinable @inline(__always)
    public func put(_ value: Int) {
        storage[0] &+= value
        storage[1] &+= 1
    }

    /// Zeroes the accumulator before a run.
    public func reset() {
        storage[0] = 0
        storage[1] = 0
    }

    /// The current checksum.
    public var check: Check { Check(sum: storage[0], count: storage[1]) }
}

/// Returns its argument through a call the optimizer cannot see into, so a closure passed
/// through it stays an opaque indirect call and cannot be fused with its neighbours.
///
/// Not generic for closures: passing a closure through a generic `T` would wrap it in
/// reabstraction thunks (two extra calls per stage), which is not the floor we want to measure.
@inline(never) @_optimize(none)
public func opaqueSink(_ stage: @escaping (Int) -> Void) -> (Int) -> Void { stage }

/// ``opaqueSink(_:)`` for a source loop stage.
@inline(never) @_optimize(none)
public func opaqueSink(_ source: @escaping (Int, (Int) -> Void) -> Void) -> (Int, (Int) -> Void) -> Void { source }

/// ``opaqueSink(_:)`` for any other value (keeps it from being constant-folded).
@inline(never) @_optimize(none)
public func opaqueSink<T>(_ value: T) -> T { value }

/// Returns `n` through an opaque call, so loop bounds are not compile-time constants.
@inline(never) @_optimize(none)
public func opaqueInt(_ value: Int) -> Int { value }
