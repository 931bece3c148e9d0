import Foundation

/// The bodies of a Markdown document's fenced code blocks in one of `languages` (```swift … ```),
/// in order; indented fences (as in list items) count too.
package func fencedBlocks(_ markdown: String, languages: Set<String> = ["swift"]) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current == nil, trimmed.hasPrefix("```"), languages.contains(String(trimmed.dropFirst(3))) {
            current = []
        } else if current != nil, trimmed == "```" {
            blocks.append(current!.joined(separator: "\n"))
            current = nil
        } else {
            current?.append(line)
        }
    }
    return blocks
}

/// The lines of `text` as code compares: trimmed, without blank lines, and without whole-line
/// `//` comments unless `keepingComments` (so a doc block may quote code without its comments).
package func normalizedCodeLines(_ text: String, keepingComments: Bool = false) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty && (keepingComments || !$0.hasPrefix("//")) }
}
