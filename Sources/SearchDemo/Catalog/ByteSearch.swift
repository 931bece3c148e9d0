#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a run of bytes inside a larger buffer.
enum ByteSearch {
    /// The offset in `haystack` of the first occurrence of `needle` at or after `start`, or `nil`.
    ///
    /// Candidates are found by looking for `needle[anchor]` alone (with the C library's vectorised `memchr` where
    /// available), then the whole needle is compared. Anchoring on the needle's rarest byte keeps the number of
    /// candidates small. An empty needle matches at `start`.
    static func firstOffset(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int,
        anchor: Int = 0
    ) -> Int? {
        guard start >= 0, start <= haystack.count else { return nil }
        guard !needle.isEmpty else { return start }
        guard needle.count <= haystack.count - start, needle.indices.contains(anchor) else { return nil }
        let anchorByte = needle[anchor]
        let lastCandidate = haystack.count - needle.count
        var candidate = start
        while candidate <= lastCandidate {
            guard let anchorOffset = offset(of: anchorByte, in: haystack, from: candidate + anchor) else { return nil }
            candidate = anchorOffset - anchor
            guard candidate <= lastCandidate else { return nil }
            if matches(needle, in: haystack, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    private static func matches(
        _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, at offset: Int
    )
        -> Bool
    {
        var index = 0
        while index < needle.count {
            if haystack[offset + index] != needle[index] { return false }
            index += 1
        }
        return true
    }

    /// The offset of the first `byte` in `haystack` at or after `start`.
    private static func offset(of byte: UInt8, in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < haystack.count, let base = haystack.baseAddress else { return nil }
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
            guard let hit = memchr(base + start, Int32(byte), haystack.count - start) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        #else
            var index = start
            while index < haystack.count {
                if base[index] == byte { return index }
                index += 1
            }
            return nil
        #endif
    }
}
