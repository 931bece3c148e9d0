import Testing

@testable import Streams

/// The default unhandled-error hook prints the sites the error passed, when they were recorded.
@Suite struct UnhandledErrorSitesTests {
    /// Only this test fails with it (a value error's trail is found by its description).
    struct LookupFailed: Error {}

    @Test func theDefaultMessageNamesTheSitesTheErrorPassed() {
        let subject = PublishSubject<Int>()
        let scope = Inspector.RecordingScope()
        let line = #line
        let subscription = Inspector.withRecording(scope) {
            subject.map { $0 }
                .subscribe(onError: { _ in })
        }
        subject.onError(LookupFailed())
        #expect(
            Hooks.unhandledErrorMessage(LookupFailed(), callStack: []) == """
                Streams: unhandled error: LookupFailed()
                observed at UnhandledErrorSitesTests.swift:\(line + 2) map → :\(line + 3) subscribe

                """)
        struct NeverRecorded: Error {}
        #expect(
            Hooks.unhandledErrorMessage(NeverRecorded(), callStack: []) == "Streams: unhandled error: NeverRecorded()\n"
        )
        _ = subscription
    }
}
