import Foundation
import Testing

@testable import SearchDemo

@Suite struct QueryOutputTests {
    private static let messy = Repository(
        id: 1, name: "x", fullName: "o/x", htmlURL: URL(string: "https://github.com/o/x")!,
        description: "two\tcolumns\nand lines", language: nil, stargazersCount: 5, updatedAt: nil)

    @Test func linesKeepOneRecordPerLineAndFourFields() {
        #expect(QueryOutput.lines([Self.messy]) == ["o/x\t5\t\ttwo columns and lines"])
    }

    @Test func jsonIsAnArrayWithSortedKeysAndNulls() {
        #expect(
            QueryOutput.json([Self.messy]) == """
                [
                  {
                    "description" : "two\\tcolumns\\nand lines",
                    "full_name" : "o/x",
                    "html_url" : "https://github.com/o/x",
                    "language" : null,
                    "stargazers_count" : 5
                  }
                ]
                """)
        #expect(QueryOutput.json([]) == "[]")
    }
}
