import Foundation
import Streams
import Testing

/// The snapshot reads the counts while elements flow on other threads (run under
/// ThreadSanitizer by CI's sanitizer step).
@Suite struct InspectorThreadTests {
    @Test func snapshotsWhileElementsFlowOnTwoOtherThreads() {
        let count = 2_000
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        let received = [Counter(), Counter()]
        let scope = Inspector.RecordingScope()
        let line = #line
        let subscriptions = Inspector.withRecording(scope) {
            (0..<2).map { index in
                subjects[index].map { $0 }
                    .filter { _ in true }
                    .subscribe(onNext: { _ in received[index].increment() })
            }
        }
        let finished = DispatchSemaphore(value: 0)
        for index in 0..<2 {
            Thread.detachNewThread {
                for element in 1...count { subjects[index].onNext(element) }
                finished.signal()
            }
        }
        var previous = [Int](repeating: 0, count: 8)
        var monotonic = true
        var shapes = Set<Int>()
        var done = 0
        let deadline = Date().addingTimeInterval(60)
        while done < 2, Date() < deadline {
            if finished.wait(timeout: .now()) == .success { done += 1 }
            let nodes = Inspector.snapshot(scope: scope).allNodes
            shapes.insert(nodes.count)
            let counts = nodes.map(\.elements)
            if counts.count == previous.count, zip(counts, previous).contains(where: { $0 < $1 }) { monotonic = false }
            previous = counts
        }
        #expect(done == 2)
        #expect(monotonic)
        #expect(shapes == [8])
        #expect(received.map(\.value) == [count, count])
        let tree = """
            subscribe  InspectorThreadTests.swift:\(line + 5)  2000 elements, last: 2000
              filter  InspectorThreadTests.swift:\(line + 4)  2000 elements, last: 2000
                map  InspectorThreadTests.swift:\(line + 3)  2000 elements, last: 2000
                  PublishSubject  2000 elements, last: 2000
            """
        #expect(Inspector.snapshot(scope: scope).description == tree + "\n" + tree)
        for subscription in subscriptions { subscription.dispose() }
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
    }
}
