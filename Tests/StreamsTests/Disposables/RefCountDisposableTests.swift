import Streams
import Testing

@Suite struct RefCountDisposableTests {
    /// What the underlying disposable logs: "disposed" when it is disposed.
    let log: Recorder<String>
    /// A ref-count disposable over that logging disposable, fresh for each test.
    let refCount: RefCountDisposable

    init() {
        let log = Recorder<String>()
        self.log = log
        refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
    }

    @Test func withoutDependentsDisposingDisposesAtOnceAndOnlyOnce() {
        #expect(!refCount.isDisposed)
        refCount.dispose()
        refCount.dispose()
        #expect(log.values == ["disposed"])
        #expect(refCount.isDisposed)
    }

    @Test func theUnderlyingDisposableWaitsForTheLastDependent() {
        let first = refCount.retain()
        let second = refCount.retain()
        first.dispose()
        refCount.dispose()
        #expect(log.values == [])
        first.dispose()  // a dependent counts once
        #expect(log.values == [])
        second.dispose()
        #expect(log.values == ["disposed"])
        #expect(refCount.isDisposed)
    }

    @Test func dependentsAloneNeverDisposeAndLateRetainsAreNoOps() {
        refCount.retain().dispose()
        #expect(log.values == [])
        refCount.dispose()
        #expect(log.values == ["disposed"])
        let late = refCount.retain()
        late.dispose()
        #expect(log.values == ["disposed"])
    }
}
