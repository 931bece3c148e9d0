import Foundation
import Streams
import StreamsTest
import Testing

// Every ```swift block of README.md, Docs/**/*.md (except Docs/Testing.md, which
// Tests/StreamsTestTests/DocsTestingExamplesTests.swift checks) and Sources/*/*.docc is copied
// into a test file; `everySwiftBlockIsCompiled` fails if a block is not found in one.

@Suite struct DocExamplesTests {
    /// The package root, from this file's path (`Tests/StreamsTests/Docs/…`).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    // MARK: GettingStarted.md (DocC)

    @Test func gettingStarted() {
        let bag = DisposeBag()
        Observable.of(1, 2, 3)
            .map { $0 * 10 }
            .filter { $0 > 10 }
            .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
            .disposed(by: bag)
        // 20, 30, done
    }

    // MARK: The checker

    @Test func everySwiftBlockIsCompiled() throws {
        let sources = try Self.files(under: "Tests", extension: "swift").map { try Self.normalizedLines(path: $0) }
        var guides = try Self.files(under: "Docs", extension: "md").filter { !$0.hasSuffix("Docs/Testing.md") }
        guides.append(Self.root.appendingPathComponent("README.md").path)
        guides += try Self.files(under: "Sources", extension: "md").filter { $0.contains(".docc/") }
        for guide in guides {
            let text = try String(contentsOfFile: guide, encoding: .utf8)
            for block in Self.swiftBlocks(text) {
                // `import` lines of an example are the test file's imports.
                let lines = Self.normalizedLines(block).filter { !$0.hasPrefix("import ") }
                let found = sources.contains { source in Self.contains(source, lines) }
                #expect(
                    found,
                    """
                    A ```swift block of \(guide.replacingOccurrences(of: Self.root.path + "/", with: "")) is \
                    not in any test file; copy it into a test (Tests/StreamsTests/Docs/DocExamplesTests.swift) \
                    or mark it ```text if it is not meant to compile:
                    \(block)
                    """)
            }
        }
    }

    private static func files(under folder: String, extension ext: String) throws -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix("." + ext) }
            .map { base.appendingPathComponent($0).path }
    }

    private static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    private static func normalizedLines(path: String) throws -> [String] {
        normalizedLines(try String(contentsOfFile: path, encoding: .utf8))
    }

    private static func contains(_ source: [String], _ lines: [String]) -> Bool {
        guard !lines.isEmpty else { return true }
        guard source.count >= lines.count else { return false }
        return (0...(source.count - lines.count)).contains { start in
            source[start..<(start + lines.count)].elementsEqual(lines)
        }
    }

    /// The bodies of the ```swift fences (indented fences included, as in list items).
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil, trimmed == "```swift" {
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
}
