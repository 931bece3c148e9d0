import Streams
import TestSupport
import Testing

/// `Inspector.isEnabled`: chains built while it is on are recorded, and nothing else. These tests
/// flip the process-wide flag, so they own it while they run (as the operator-site suites do), keep
/// it on only while building their chain, and read only their own chains from the snapshot.
@Suite(.serialized) struct InspectorGlobalTests {
    /// The snapshot's roots built in this file.
    private func ownRoots() -> [InspectorSnapshot.Node] {
        Inspector.snapshot().roots.filter { $0.site?.fileID == #fileID }
    }

    @Test func offRecordsNothingAndReturnsTheObservableItself() {
        withInspectorFlagOwned {
            #expect(!Inspector.isEnabled)
            let subject = PublishSubject<Int>()
            let mapped = subject.map { $0 + 1 }
            #expect(mapped.inspected(as: "map") === mapped)
            #expect(mapped.tag("plain") === mapped)
            let subscription = mapped.subscribe(onNext: { _ in })
            subject.onNext(1)
            #expect(ownRoots().isEmpty)
            subscription.dispose()
        }
    }

    @Test func onRecordsTheChainsBuiltMeanwhileUntilTheyEnd() {
        withInspectorFlagOwned {
            let subject = PublishSubject<Int>()
            let line = #line
            Inspector.isEnabled = true
            let recorded = subject.map { $0 * 2 }
            let recordedSubscription = recorded.subscribe(onNext: { _ in })
            Inspector.isEnabled = false
            #expect(!Inspector.isEnabled)
            let unrecorded = subject.map { $0 }
            let subscriptions = [recordedSubscription, unrecorded.subscribe(onNext: { _ in })]
            subject.onNext(2)
            #expect(
                ownRoots().map { InspectorSnapshot(roots: [$0]).description } == [
                    """
                    subscribe  InspectorGlobalTests.swift:\(line + 3)  1 element, last: 4
                      map  InspectorGlobalTests.swift:\(line + 2)  1 element, last: 4
                        PublishSubject  1 element, last: 2
                    """
                ])
            for subscription in subscriptions { subscription.dispose() }
            #expect(ownRoots().isEmpty)
        }
    }
}
