import Foundation

@testable import SearchDemo

/// Collects what `SearchDemoCommand` writes.
final class CapturedOutput: @unchecked Sendable {
    // Unchecked Sendable: `out` and `err` are guarded by `lock`.
    private let lock = NSLock()
    private var out = ""
    private var err = ""

    var stdout: String { read { $0.out } }
    var stderr: String { read { $0.err } }

    var output: SearchDemoCommand.Output {
        SearchDemoCommand.Output(
            standardOutput: { text in self.change { $0.out += text } },
            standardError: { text in self.change { $0.err += text } })
    }

    private func read(_ body: (CapturedOutput) -> String) -> String {
        lock.lock()
        defer { lock.unlock() }
        return body(self)
    }

    private func change(_ body: (CapturedOutput) -> Void) {
        lock.lock()
        body(self)
        lock.unlock()
    }
}
