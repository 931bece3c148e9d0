import Streams
import StreamsTest
import Testing

/// A leak check records the chains its body builds (even with the inspector off) and reports a
/// leak as the live subscriptions' tree, with the site of each operator.
@Suite struct LeakReportTests {
    @Test func aLeakCheckReportsTheLiveSubscriptionsAsATree() {
        let subject = PublishSubject<Int>()
        let kept = Locked<(any Disposable)?>(nil)
        let line = #line
        let failures = capturedFailures {
            withLeakCheck {
                let subscription = subject.map { $0 + 1 }
                    .subscribe(onNext: { _ in })
                subject.onNext(1)
                kept.withLock { $0 = subscription }
            }
        }
        #expect(
            failures == [
                """
                2 live resources created inside withLeakCheck were not released
                live subscriptions:
                  subscribe  LeakReportTests.swift:\(line + 4)  1 element, last: 2
                    map  LeakReportTests.swift:\(line + 3)  1 element, last: 2
                      PublishSubject  1 element, last: 1
                """
            ])
        kept.withLock { $0?.dispose() }
    }

    @Test func anAsyncLeakCheckReportsTheTreeToo() async {
        let subject = PublishSubject<Int>()
        let kept = Locked<(any Disposable)?>(nil)
        let line = #line
        let failures = await TestFailureCapture.collect {
            await withLeakCheck { () async in
                let subscription = subject.subscribe(onNext: { _ in })
                kept.withLock { $0 = subscription }
            }
        }.map(\.message)
        #expect(failures == [oneLiveSubscriptionReport(subscribedAt: "LeakReportTests.swift:\(line + 3)")])
        kept.withLock { $0?.dispose() }
    }

    @Test func aLeakCheckReportsALeakedSubscriptionWithNoOperatorByItsSubscribeSite() {
        let subject = PublishSubject<Int>()
        let line = #line
        let failures = capturedFailures {
            withLeakCheck {
                _ = subject.subscribe(onNext: { _ in })
            }
        }
        #expect(failures == [oneLiveSubscriptionReport(subscribedAt: "LeakReportTests.swift:\(line + 3)")])
        subject.onCompleted()
    }
}
