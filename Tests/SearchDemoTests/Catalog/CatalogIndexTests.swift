import Testing

@testable import SearchDemo

@Suite("Catalog index internals")
struct CatalogIndexTests {
    private static func offset(_ needle: String, in haystack: String, from start: Int = 0, anchor: Int = 0) -> Int? {
        Array(haystack.utf8).withUnsafeBufferPointer { haystack in
            Array(needle.utf8).withUnsafeBufferPointer { needle in
                ByteSearch.firstOffset(of: needle, in: haystack, from: start, anchor: anchor)
            }
        }
    }

    @Test func byteSearchFindsFirstOccurrence() {
        #expect(Self.offset("lo", in: "hello, lo") == 3)
        #expect(Self.offset("lo", in: "hello, lo", from: 4) == 7)
        #expect(Self.offset("lo", in: "hello, lo", anchor: 1) == 3)
        #expect(Self.offset("hello, lo", in: "hello, lo") == 0)
        #expect(Self.offset("", in: "abc", from: 2) == 2)
        #expect(Self.offset("xyz", in: "xy") == nil)
        #expect(Self.offset("lo", in: "hello", from: 6) == nil)
        #expect(Self.offset("lo", in: "hello", anchor: 2) == nil)
        #expect(Self.offset("ab", in: "") == nil)
        #expect(Self.offset("面试", in: "技术面试必备") == 6)
    }

    @Test func columnFindsWordsPerEntryWithoutCrossingEntries() {
        let column = FoldedColumn(["ab", "CD", "", "Abc"])
        #expect(column.count == 4)
        #expect(column.entries(containing: Array("b".utf8)).positions == [0, 3])
        #expect(column.entries(containing: Array("bc".utf8)).positions == [3])
        #expect(column.entries(containing: Array("bcd".utf8)).positions == [])
        #expect(column.entries(containing: Array("dab".utf8)).positions == [])
        #expect(column.entry(1, contains: Array("cd".utf8)))
        #expect(!column.entry(2, contains: Array("a".utf8)))
        #expect(Array(column.text(at: 3)) == Array("abc".utf8))
    }

    @Test func entrySetKeepsPositionsInOrder() {
        var set = EntrySet(count: 130)
        for position in [129, 0, 64, 63, 5] { set.insert(position) }
        var other = EntrySet(count: 130)
        other.insert(100)
        set.formUnion(other)
        #expect(set.positions == [0, 5, 63, 64, 100, 129])
        #expect(set.contains(63))
        #expect(!set.contains(62))
    }

    @Test func queryFoldingSplitsOnAnyWhitespace() throws {
        func folded(_ text: String) throws -> CatalogQuery { CatalogQuery(try SearchQuery.parse(text)) }
        let query = try folded(" Ｓwift\u{3000}NIO\tcafé ")
        #expect(query.terms == ["swift", "nio", "cafe"].map { Array($0.utf8) })
        #expect(query.phrase == Array("swift nio cafe".utf8))
        #expect(try folded("e\u{301}\u{302}") == folded("E"))
        #expect(try folded(" \t\n ").isEmpty)
    }
}
