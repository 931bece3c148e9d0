import Streams
import Testing

@Suite struct RefCountDisposableTests {
    @Test func withoutDependentsDisposingDisposesAtOnceAndOnlyOnce() {
        let log = Recorder<String>()
        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
        #expect(!refCount.isDisposed)
        refCount.dispose()
        refCount.dispose()
        #expect(log.values == ["disposed"])
        #expect(refCount.isDisposed)
    }

    @Test func theUnderlyingDisposableWaitsForTheLastDependent() {
        let log = Recorder<String>()
        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
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
        let log = Recorder<String>()
        let refCount = RefCountDisposable(disposable: Disposables.create { log.append("disposed") })
        refCount.retain().dispose()
        #expect(log.values == [])
        refCount.dispose()
        #expect(log.values == ["disposed"])
        let late = refCount.retain()
        late.dispose()
        #expect(log.values == ["disposed"])
    }
}
