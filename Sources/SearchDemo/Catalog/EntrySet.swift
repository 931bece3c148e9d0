/// A set of catalog entry positions (`0..<count`), stored as a bitmap.
struct EntrySet: Sendable, Equatable {
    private var bits: [UInt64]

    /// An empty set with room for positions `0..<count`.
    init(count: Int) {
        bits = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Adds `position`.
    mutating func insert(_ position: Int) {
        bits[position / 64] |= 1 << UInt64(position % 64)
    }

    /// Whether `position` is in the set.
    func contains(_ position: Int) -> Bool {
        bits[position / 64] & (1 << UInt64(position % 64)) != 0
    }

    /// Keeps the positions in either set.
    mutating func formUnion(_ other: EntrySet) {
        for word in bits.indices { bits[word] |= other.bits[word] }
    }

    /// The positions in ascending order.
    var positions: [Int] {
        var result: [Int] = []
        for (wordIndex, word) in bits.enumerated() {
            var remaining = word
            while remaining != 0 {
                result.append(wordIndex * 64 + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        return result
    }
}
