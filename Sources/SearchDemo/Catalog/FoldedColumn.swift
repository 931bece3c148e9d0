/// One text field of every catalog entry, folded and packed into a single byte buffer.
///
/// Entries follow each other in order, each ended by `0xFF`: a byte that never occurs in UTF-8, so no match of a
/// (UTF-8) word can run from one entry into the next. A word is found in every entry with one sweep over the
/// buffer, anchored on the word's rarest byte in this column and skipping to the next entry after each hit.
struct FoldedColumn: Sendable {
    private static let separator: UInt8 = 0xFF

    private let bytes: [UInt8]
    /// `starts[i]` is where entry `i` begins; `starts[count]` is the end of the buffer.
    private let starts: [Int]
    /// How often each byte value occurs in `bytes`, to anchor searches on a word's rarest byte.
    private let byteFrequencies: [Int]

    /// Folds and packs `texts`, one entry each.
    init(_ texts: [String]) {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        starts.reserveCapacity(texts.count + 1)
        for text in texts {
            starts.append(bytes.count)
            bytes.append(contentsOf: SearchFolding.foldedBytes(text))
            bytes.append(Self.separator)
        }
        starts.append(bytes.count)
        var frequencies = [Int](repeating: 0, count: 256)
        for byte in bytes { frequencies[Int(byte)] += 1 }
        self.bytes = bytes
        self.starts = starts
        self.byteFrequencies = frequencies
    }

    /// The number of entries.
    var count: Int { starts.count - 1 }

    /// The folded text of entry `position`.
    func text(at position: Int) -> ArraySlice<UInt8> {
        bytes[starts[position]..<(starts[position + 1] - 1)]
    }

    /// The entries whose folded text contains `word`, found with one sweep over the whole column.
    func entries(containing word: [UInt8]) -> EntrySet {
        var found = EntrySet(count: count)
        let anchor = rarestByteOffset(in: word)
        bytes.withUnsafeBufferPointer { haystack in
            word.withUnsafeBufferPointer { needle in
                var start = 0
                while let hit = ByteSearch.firstOffset(of: needle, in: haystack, from: start, anchor: anchor) {
                    let position = entry(containing: hit)
                    found.insert(position)
                    start = starts[position + 1]
                }
            }
        }
        return found
    }

    /// Whether the folded text of entry `position` contains `word`.
    func entry(_ position: Int, contains word: [UInt8]) -> Bool {
        let anchor = rarestByteOffset(in: word)
        return bytes.withUnsafeBufferPointer { column in
            let text = UnsafeBufferPointer(rebasing: column[starts[position]..<(starts[position + 1] - 1)])
            return word.withUnsafeBufferPointer { needle in
                ByteSearch.firstOffset(of: needle, in: text, from: 0, anchor: anchor) != nil
            }
        }
    }

    private func rarestByteOffset(in word: [UInt8]) -> Int {
        word.indices.min { byteFrequencies[Int(word[$0])] < byteFrequencies[Int(word[$1])] } ?? 0
    }

    /// The entry whose bytes (or separator) include `offset`: the last `i` with `starts[i] <= offset`.
    private func entry(containing offset: Int) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
