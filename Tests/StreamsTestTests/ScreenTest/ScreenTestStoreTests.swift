import Streams
import StreamsTest
import Testing

/// A counter screen without any MVC: the state is the running sum of the sent numbers, delivered
/// `delay` ticks after each event.
private func counter(delay: Int, scheduler: TestScheduler) -> (Observable<Int>, TestableObserver<Int>) -> any Disposable
{
    { events, states in
        events.scan(0) { $0 + $1 }.startWith(0).delay(.seconds(delay), scheduler: scheduler).subscribe(states)
    }
}

/// The failures a counter screen test records (the counter's states come `delay` ticks late).
private func counterFailures(delay: Int, _ body: (ScreenTestStore<Int, Int>) -> Void) -> [String] {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    return capturedFailures {
        ScreenTestStore.run(scheduler: scheduler, connect: counter(delay: delay, scheduler: scheduler), body)
    }
}

struct Form: Equatable {
    var name = ""
    var age = 0
    var valid = false
}

@Suite struct ScreenTestStoreTests {
    @Test func sendAdvanceAndReceiveEveryState() {
        let failures = counterFailures(delay: 10) { store in
            store.advance(by: 10)
            store.receive(0, at: 10)
            store.send(2)
            store.send(3)
            store.advance(to: 100)
            store.receive(2, at: 20)
            store.receive(at: 20) { $0 += 3 }
            #expect(store.receivedStates == [.next(10, 0), .next(20, 2), .next(20, 5)])
        }
        #expect(failures == [])
    }

    @Test func aDifferentStateFailsWithTimelinesAndTheFirstDifference() {
        let failures = counterFailures(delay: 0) { store in
            store.receive(0)
            store.advance(to: 30)
            store.send(4)
            store.receive(5)
        }
        #expect(
            failures == [
                """
                receive: the screen delivered a different state than expected
                expected: ---5
                actual:   ---4
                first difference at t=30: expected next(5), got next(4)
                (timelines start at t=0; 1 frame = 10 ticks)
                """
            ])
    }

    @Test func aStateNobodyAssertedFailsTheNextSendAndTheEnd() {
        let failures = counterFailures(delay: 0) { store in
            store.advance(to: 20)
            store.send(1)  // the initial state was not asserted
            store.receive(1)
            store.send(1)
        }  // nor was the last one
        #expect(
            failures == [
                """
                the screen delivered 1 state nobody asserted before send(1) at t=20; assert each with receive(_:)
                expected: -
                actual:   0
                first difference at t=0: expected nothing, got next(0)
                (timelines start at t=0; 1 frame = 10 ticks)
                  t=0: 0
                """,
                """
                the screen delivered 1 state nobody asserted before the end of the test; assert each with receive(_:)
                expected: ---
                actual:   --2
                first difference at t=20: expected nothing, got next(2)
                (timelines start at t=0; 1 frame = 10 ticks)
                  t=20: 2
                """,
            ])
    }

    @Test func receivingBeforeTheStateIsDueSaysSo() {
        let failures = counterFailures(delay: 50) { store in
            store.receive(0)
            store.advance(to: 60)
            store.skipReceivedStates()
        }
        #expect(
            failures == [
                """
                receive: expected 0, but the screen delivered no new state (clock is 0); advance the scheduler \
                to when it is due
                """
            ])
    }

    @Test func aStructStateNamesTheFieldsThatDiffer() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let failures = capturedFailures {
            ScreenTestStore<String, Form>.run(scheduler: scheduler) { events, states in
                events.scan(Form()) { form, name in Form(name: name, age: form.age, valid: name.count > 2) }
                    .startWith(Form()).subscribe(states)
            } _: { store in
                store.receive(Form())
                store.send("Ada")
                store.receive { $0.name = "Ada" }
            }
        }
        #expect(failures.first?.hasPrefix("receive: the screen delivered a different state than expected\n") == true)
        #expect(
            failures.first?.hasSuffix(
                """
                fields that differ (expected → actual):
                  valid: false → true
                """) == true)
    }

    @Test func workLeftScheduledAndSubscriptionsLeftAliveFailTheEnd() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = PublishSubject<Int>()
        let failures = capturedFailures {
            ScreenTestStore<Int, Int>.run(scheduler: scheduler) { _, states in
                _ = source.subscribe(states)  // a binding nobody disposes
                scheduler.scheduleAt(500) {}  // work nobody cancels
                return Disposables.create()
            } _: { _ in
            }
        }
        #expect(
            failures == [
                "after the screen was disposed, TestScheduler has 1 pending action at t=500 (clock is 0)",
                "after the screen was disposed, 2 live resources created by the screen were not released",
            ])
        #expect(source.hasObservers)
        // What the screen left behind, cleaned up here: the binding holds the subject and the
        // subject the binding, and the scheduler keeps its pending action.
        source.dispose()
        scheduler.start()
    }
}
