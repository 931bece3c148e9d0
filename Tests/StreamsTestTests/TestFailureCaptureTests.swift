import Streams
import StreamsTest
import Testing

@Suite struct TestFailureCaptureTests {
    private func fail(_ message: String, line: Int = #line) {
        reportTestFailure(message, at: CallSite(fileID: #fileID, filePath: #filePath, line: line, column: 1))
    }

    @Test func collectsEveryReportedFailureInOrderWithItsSite() {
        let line = #line + 2
        let failures = TestFailureCapture.collect {
            fail("first")
            fail("second")
        }
        #expect(failures.map(\.message) == ["first", "second"])
        #expect(failures.map(\.site.line) == [line, line + 1])
        #expect(failures.map(\.site.fileID) == [#fileID, #fileID])
        #expect(failures.map(\.description) == ["first", "second"])
    }

    @Test func aBodyThatReportsNothingCollectsNothing() {
        let failures = TestFailureCapture.collect {
            assertEvents([Recorded<Event<Int>>.completed(200)], [.completed(200)])
        }
        #expect(failures.isEmpty)
    }

    @Test func theInnermostCollectionReceivesTheFailures() {
        var inner: [ReportedFailure] = []
        let outer = TestFailureCapture.collect {
            fail("before")
            inner = TestFailureCapture.collect { fail("inside") }
            fail("after")
        }
        #expect(inner.map(\.message) == ["inside"])
        #expect(outer.map(\.message) == ["before", "after"])
    }

    @Test func anAsyncBodyCollectsFromItselfAndItsChildTasks() async {
        let failures = await TestFailureCapture.collect {
            fail("in the body")
            await withTaskGroup(of: Void.self) { group in
                group.addTask { fail("in a child task") }
            }
            await Task { fail("in an unstructured task") }.value
        }
        #expect(failures.map(\.message) == ["in the body", "in a child task", "in an unstructured task"])
    }

    @Test func aStreamsTestAssertionReportsItsMessage() {
        let failures = TestFailureCapture.collect {
            assertEvents([Recorded<Event<Int>>.next(210, 1)], [.next(210, 2)])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message == diffEvents([Recorded<Event<Int>>.next(210, 1)], [.next(210, 2)]))
    }
}
