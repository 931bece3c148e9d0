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

    /// Fields are terminal-safe in lines; JSON keeps the exact text but writes every control as an escape.
    @Test func hostileTextIsSafeInLinesAndExactInJSON() throws {
        let hostile = Repository(
            id: 2, name: "x", fullName: "o/\u{1B}[2Jx", htmlURL: URL(string: "https://github.com/o/x")!,
            description: "a\u{1B}]0;t\u{07}b\u{9B}c\u{7F}\u{202E}d", language: "\u{85}C", stargazersCount: 1,
            updatedAt: nil)
        #expect(QueryOutput.lines([hostile]) == ["o/�[2Jx\t1\t C\ta�]0;t�b�c��d"])
        let json = QueryOutput.json([hostile])
        #expect(json.contains(#""description" : "a\u001b]0;t\u0007b\u009bc\u007f\u202ed""#), "\(json)")
        #expect(!json.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["description"] as? String == hostile.description)
        #expect(decoded?.first?["language"] as? String == "\u{85}C")
    }
}
