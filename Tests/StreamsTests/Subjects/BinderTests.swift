import Streams
import StreamsTest
import Testing

@Suite struct BinderTests {
    let scheduler = TestScheduler(initialClock: 0)

    final class Label: @unchecked Sendable {
        // Unchecked Sendable: touched only on the test scheduler's thread.
        var text = ""
    }

    @Test func appliesElementsOnItsSchedulerAndHoldsTheTargetWeakly() {
        let values = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        var label: Label? = Label()
        let texts = Recorder<String>()
        let binder = Binder(label!, scheduler: scheduler) { label, text in
            label.text = text
            texts.append("\(text)@\(scheduler.clock)")
        }
        var subscription: (any Disposable)?
        scheduler.scheduleAt(200) { subscription = values.asObservable().bind(to: binder) }
        scheduler.scheduleAt(215) { label = nil }
        scheduler.start()
        // "a" arrives at 210 and is applied one tick later (the test scheduler's processing delay);
        // "b" arrives after the label is gone and is ignored.
        #expect(texts.values == ["a@211"])
        #expect(values.subscriptions == [Subscription(200, 300)])
        subscription?.dispose()
    }
}
