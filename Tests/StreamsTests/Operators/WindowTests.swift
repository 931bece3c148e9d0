import Dispatch
import Streams
import StreamsTest
import Testing

/// Records a sequence of windows: when each opened, and what each received.
final class WindowRecorder: @unchecked Sendable {  // used only on the test scheduler's thread
    let scheduler: TestScheduler
    var opened: [Int] = []
    var outer: [String] = []
    var windows: [TestableObserver<Int>] = []
    var subscriptions: [any Disposable] = []

    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }

    func observer() -> AnyObserver<Observable<Int>> {
        AnyObserver { event in
            switch event {
            case .next(let window):
                self.opened.append(self.scheduler.clock)
                let recorder = self.scheduler.createObserver(Int.self)
                self.windows.append(recorder)
                self.subscriptions.append(window.subscribe(recorder))
            case .error: self.outer.append("error(\(self.scheduler.clock))")
            case .completed: self.outer.append("completed(\(self.scheduler.clock))")
            }
        }
    }
}

@Suite(.leakChecked) struct WindowTests {
    private func run(
        _ events: [Recorded<Event<Int>>], disposed: Int = 1000
    ) -> (TestableObservable<Int>, WindowRecorder) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        let recorder = WindowRecorder(scheduler)
        let box = SubscriptionBox()
        scheduler.scheduleAt(200) {
            box.subscriptions["outer"] = xs.window(timeSpan: .seconds(50), count: 2, scheduler: scheduler)
                .subscribe(recorder.observer())
        }
        scheduler.scheduleAt(disposed) { box.subscriptions["outer"]?.dispose() }
        scheduler.start()
        for subscription in recorder.subscriptions { subscription.dispose() }
        return (xs, recorder)
    }

    @Test func opensWindowsByCountOrByTime() {
        let (xs, recorder) = run([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(290, 4), .next(300, 5), .completed(330),
        ])
        #expect(recorder.opened == [200, 220, 270, 300])
        #expect(recorder.outer == ["completed(330)"])
        #expect(
            recorder.windows.map(\.events) == [
                [.next(210, 1), .next(220, 2), .completed(220)],
                [.next(230, 3), .completed(270)],
                [.next(290, 4), .next(300, 5), .completed(300)],
                [.completed(330)],
            ])
        #expect(xs.subscriptions == [Subscription(200, 330)])
    }

    @Test func errorReachesTheOpenWindowAndTheOuterSequence() {
        let (xs, recorder) = run([.next(210, 1), .error(230, TestError())])
        #expect(recorder.opened == [200])
        #expect(recorder.outer == ["error(230)"])
        #expect(recorder.windows.map(\.events) == [[.next(210, 1), .error(230, TestError())]])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposalStopsWindowsAndTheTimer() {
        let (xs, recorder) = run([.next(210, 1), .next(280, 2)], disposed: 260)
        #expect(recorder.opened == [200, 250])
        #expect(recorder.outer == [])
        #expect(recorder.windows.map(\.events) == [[.next(210, 1), .completed(250)], []])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func releasesEverything() {
        _ = run([.next(210, 1), .next(220, 2), .next(230, 3), .completed(330)])
        _ = run([.next(210, 1), .next(280, 2)], disposed: 260)
    }
}
