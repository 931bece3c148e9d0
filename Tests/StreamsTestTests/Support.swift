import Synchronization
import Testing

/// Runs `body` and returns the comments of the issues it recorded, without failing the test.
func capturedFailures(_ body: () -> Void) -> [String] {
    let captured = Mutex<[String]>([])
    withKnownIssue(isIntermittent: true) {
        body()
    } matching: { issue in
        captured.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
        return true
    }
    return captured.withLock { $0 }
}

/// Runs `body` and returns the source locations of the issues it recorded.
func capturedFailureLocations(_ body: () -> Void) -> [SourceLocation] {
    let captured = Mutex<[SourceLocation]>([])
    withKnownIssue(isIntermittent: true) {
        body()
    } matching: { issue in
        if let location = issue.sourceLocation { captured.withLock { $0.append(location) } }
        return true
    }
    return captured.withLock { $0 }
}

struct TestError: Error, Equatable {}
