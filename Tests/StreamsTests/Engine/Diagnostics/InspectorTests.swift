import Foundation
import Streams
import StreamsTest
import Testing

/// Runs `body` recording into a scope of its own (as a leak check does), so tests running in
/// parallel never see each other's chains; returns the scope with what `body` returned.
func recording<T>(_ body: () throws -> T) rethrows -> (Inspector.RecordingScope, T) {
    let scope = Inspector.RecordingScope()
    return (scope, try Inspector.withRecording(scope, body))
}

/// The inspector's tree: one node per recorded operator, with its site, tag and counts; nodes
/// leave when their subscription ends.
@Suite struct InspectorTests {
    struct SearchFailed: Error {}
    /// An error only one test fails with: a value error's trail is found by its description, and
    /// tests run in parallel.
    struct DebugFailed: Error {}

    /// `subject.map{…}.filter{…}.tag("evens-tripled").subscribe(onNext:)`, each operator recording
    /// itself: `map` on the line after the returned one, `filter` on the next, `subscribe` after it.
    private func evensTripled(
        _ subject: PublishSubject<Int>, received: Recorder<Int>
    ) -> (line: Int, subscription: any Disposable) {
        let line = #line
        let subscription = subject.map { $0 * 3 }
            .filter { $0 % 2 == 0 }.tag("evens-tripled")
            .subscribe(onNext: { received.append($0) })
        return (line, subscription)
    }

    @Test func aChainShowsEachOperatorWithItsSiteTagCountsAndLastElement() {
        let subject = PublishSubject<Int>()
        let received = Recorder<Int>()
        let (scope, (line, subscription)) = recording { evensTripled(subject, received: received) }
        #expect(
            Inspector.snapshot(scope: scope).description == """
                subscribe  InspectorTests.swift:\(line + 3)
                  filter  InspectorTests.swift:\(line + 2)  tag "evens-tripled"
                    map  InspectorTests.swift:\(line + 1)
                      PublishSubject
                """)
        for element in 1...4 { subject.onNext(element) }
        #expect(received.values == [6, 12])
        #expect(
            Inspector.snapshot(scope: scope).description == """
                subscribe  InspectorTests.swift:\(line + 3)  2 elements, last: 12
                  filter  InspectorTests.swift:\(line + 2)  tag "evens-tripled"  2 elements, last: 12
                    map  InspectorTests.swift:\(line + 1)  4 elements, last: 12
                      PublishSubject  4 elements, last: 4
                """)
        let root = Inspector.snapshot(scope: scope).roots.first
        #expect(
            root?.site == CallSite(fileID: "StreamsTests/InspectorTests.swift", filePath: "", line: line + 3, column: 0)
        )
        #expect(root?.sources.first?.tag == "evens-tripled")
        #expect(root?.sources.first?.sources.first?.elements == 4)
        subscription.dispose()
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
        #expect(Inspector.snapshot(scope: scope).description == "")
    }

    @Test func aFinishedChainLeavesAtOnce() {
        let subject = PublishSubject<Int>()
        let (scope, (_, subscription)) = recording { evensTripled(subject, received: Recorder()) }
        subject.onNext(2)
        subject.onCompleted()
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
        _ = subscription
    }

    @Test func aFailedChainLeavesAtOnceAndCountsTheFailureMeanwhile() {
        let subject = PublishSubject<Int>()
        let seenInOnError = Recorder<String>()
        let scope = Inspector.RecordingScope()
        let line = #line
        let subscription = Inspector.withRecording(scope) {
            subject.map { $0 }
                .subscribe(onError: { _ in seenInOnError.append(Inspector.snapshot(scope: scope).description) })
        }
        subject.onError(SearchFailed())
        #expect(
            seenInOnError.values == [
                """
                subscribe  InspectorTests.swift:\(line + 3)  failed
                  map  InspectorTests.swift:\(line + 2)  failed
                    PublishSubject  failed
                """
            ])
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
        _ = subscription
    }

    /// The snapshots are taken in the scope: a bare `snapshot()` also shows the chains other tests
    /// record while one of them has the inspector enabled.
    @Test func aCompletedSourceShowsCompletedUntilItsChainFinishes() {
        let scope = Inspector.RecordingScope()
        let line = #line
        let received = Inspector.withRecording(scope) {
            let received = Recorder<String>()
            let subscription = Observable.from(["a", "b"])
                .subscribe(onNext: { _ in received.append(Inspector.snapshot(scope: scope).description) })
            subscription.dispose()
            return received
        }
        #expect(
            received.values == [
                """
                subscribe  InspectorTests.swift:\(line + 4)  1 element, last: "a"
                  from  InspectorTests.swift:\(line + 3)  1 element, last: "a"
                """,
                """
                subscribe  InspectorTests.swift:\(line + 4)  2 elements, last: "b"
                  from  InspectorTests.swift:\(line + 3)  2 elements, last: "b"
                """,
            ])
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
    }

    /// The inner observable is a custom step recorded with `inspected(as:)`, as an app's own
    /// operator records itself.
    @Test func anInnerSubscriptionGoesUnderItsOperatorAndIsReplacedByTheNextOne() {
        let outer = PublishSubject<Int>()
        let inners = [PublishSubject<String>(), PublishSubject<String>()]
        let scope = Inspector.RecordingScope()
        let line = #line
        Inspector.withRecording(scope) {
            let subscription = outer.flatMapLatest { index in
                inners[index].asObservable().inspected(as: "inner")
            }
            .subscribe(onNext: { _ in })
            outer.onNext(0)
            inners[0].onNext("sw")
            #expect(
                Inspector.snapshot(scope: scope).description == """
                    subscribe  InspectorTests.swift:\(line + 5)  1 element, last: "sw"
                      flatMapLatest  InspectorTests.swift:\(line + 2)  1 element, last: "sw"
                        PublishSubject  1 element, last: 0
                        inner: inner  InspectorTests.swift:\(line + 3)  1 element, last: "sw"
                          PublishSubject  1 element, last: "sw"
                    """)
            outer.onNext(1)
            #expect(
                Inspector.snapshot(scope: scope).description == """
                    subscribe  InspectorTests.swift:\(line + 5)  1 element, last: "sw"
                      flatMapLatest  InspectorTests.swift:\(line + 2)  1 element, last: "sw"
                        PublishSubject  2 elements, last: 1
                        inner: inner  InspectorTests.swift:\(line + 3)
                          PublishSubject
                    """)
            #expect(Inspector.snapshot(scope: scope).roots.first?.sources.first?.sources.last?.isInner == true)
            subscription.dispose()
        }
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
        #expect(!inners[1].hasObservers)
    }

    @Test func aSubscriberIsARootEvenWhenSubscribedInsideADelivery() {
        let subject = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let inside = Locked<(any Disposable)?>(nil)
        let scope = Inspector.RecordingScope()
        let line = #line
        Inspector.withRecording(scope) {
            let subscription = subject.map { $0 }
                .subscribe(onNext: { _ in
                    let made = other.subscribe(onNext: { _ in })
                    inside.withLock { $0 = made }
                })
            subject.onNext(1)
            #expect(
                Inspector.snapshot(scope: scope).description == """
                    subscribe  InspectorTests.swift:\(line + 3)  1 element, last: 1
                      map  InspectorTests.swift:\(line + 2)  1 element, last: 1
                        PublishSubject  1 element, last: 1
                    subscribe  InspectorTests.swift:\(line + 4)
                      PublishSubject
                    """)
            subscription.dispose()
            inside.withLock { $0?.dispose() }
        }
        #expect(Inspector.snapshot(scope: scope).roots.isEmpty)
    }

    @Test func aTagAfterSomethingNotRecordedIsANodeOfItsOwn() {
        let subject = PublishSubject<String>()
        let line = #line
        let (scope, subscription) = recording {
            subject.tag("query")
                .subscribe(onNext: { _ in })
        }
        subject.onNext(String(repeating: "x", count: 80))
        let shortened = "\"" + String(repeating: "x", count: 57) + "…\""
        #expect(
            Inspector.snapshot(scope: scope).description == """
                subscribe  InspectorTests.swift:\(line + 3)  1 element, last: \(shortened)
                  tag  InspectorTests.swift:\(line + 2)  tag "query"  1 element, last: \(shortened)
                    PublishSubject  1 element, last: \(shortened)
                """)
        #expect(shortened.count == 60)
        subscription.dispose()
    }

    @Test func anErrorTellsTheSitesItPassedSourceFirst() {
        let subject = PublishSubject<String>()
        let seen = Recorder<[String]>()
        let line = #line
        let (_, subscription) = recording {
            subject.map { $0 }
                .flatMapLatest { Observable.just($0) }
                .subscribe(onError: { seen.append(Inspector.observedSites(of: $0).map(\.description)) })
        }
        let error = SearchFailed()
        subject.onError(error)
        #expect(
            seen.values == [
                [
                    "InspectorTests.swift:\(line + 2)", "InspectorTests.swift:\(line + 3)",
                    "InspectorTests.swift:\(line + 4)",
                ]
            ])
        #expect(
            Inspector.observedSitesLine(of: error)
                == "observed at InspectorTests.swift:\(line + 2) map → :\(line + 3) flatMapLatest → :\(line + 4) subscribe"
        )
        _ = subscription
    }

    @Test func anErrorOfAClassIsKnownByItsIdentity() {
        final class Failure: Error, Sendable {}
        let (first, second) = (Failure(), Failure())
        let line = #line
        let (_, subscriptions) = recording {
            [
                Observable<Int>.error(first)
                    .subscribe(onError: { _ in }),
                Observable<Int>.error(second).subscribe(onError: { _ in }),
            ]
        }
        #expect(Inspector.observedSites(of: first).map(\.line) == [line + 3, line + 4])
        #expect(Inspector.observedSites(of: second).map(\.line) == [line + 5, line + 5])
        #expect(Inspector.observedSites(of: Failure()).isEmpty)
        _ = subscriptions
    }

    @Test func debugPrintsTheSitesAnErrorPassed() {
        let scheduler = TestScheduler(initialClock: 0)
        let lines = Recorder<String>()
        let subject = PublishSubject<Int>()
        let line = #line
        let (_, subscription) = recording {
            subject.map { $0 }
                .debug("search", scheduler: scheduler, output: { lines.append($0) })
                .subscribe(onError: { _ in })
        }
        subject.onError(DebugFailed())
        let tails = lines.values.map { line in
            line.range(of: " -> ").map { String(line[$0.upperBound...]) } ?? line
        }
        #expect(
            tails == [
                "subscribed", "Event error(DebugFailed())", "observed at InspectorTests.swift:\(line + 2) map",
                "isDisposed",
            ])
        _ = subscription
    }

    /// Two chains failing with equal values keep a trail each; a lookup prefers the trail its own
    /// thread extended (an error travels down its chain on one thread).
    @Test func equalErrorsOfTwoChainsKeepATrailEachAndALookupPrefersItsThread() {
        struct SharedFailure: Error {}
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>()]
        let seen = Recorder<[Int]>()
        let line = #line
        let (_, subscriptions) = recording {
            [
                subjects[0].map { $0 }
                    .subscribe(onError: { seen.append(Inspector.observedSites(of: $0).map(\.line)) }),
                subjects[1].map { $0 }
                    .subscribe(onError: { seen.append(Inspector.observedSites(of: $0).map(\.line)) }),
            ]
        }
        subjects[0].onError(SharedFailure())
        let failedElsewhere = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            subjects[1].onError(SharedFailure())
            failedElsewhere.signal()
        }
        #expect(failedElsewhere.wait(timeout: .now() + 20) == .success)
        #expect(seen.values == [[line + 3, line + 4], [line + 5, line + 6]])
        #expect(Inspector.observedSites(of: SharedFailure()).map(\.line) == [line + 3, line + 4])
        _ = subscriptions
    }
}
