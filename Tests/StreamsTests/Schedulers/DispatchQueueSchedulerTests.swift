import Dispatch
import Foundation
import Streams
import Testing

@Suite(.timeLimit(.minutes(1))) struct DispatchQueueSchedulerTests {
    @Test func aNamedInternalQueueIsConfiguredThenRunsTheWork() {
        let configured = Recorder<String>()
        let marker = DispatchSpecificKey<String>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "streams.tests.named",
            serialQueueConfiguration: { queue in
                configured.append(queue.label)
                queue.setSpecific(key: marker, value: "configured")
            })
        #expect(configured.values == ["streams.tests.named"])
        let ran = DispatchSemaphore(value: 0)
        let labels = Recorder<String>()
        _ = scheduler.schedule(()) { _ in
            labels.append(DispatchQueue.getSpecific(key: marker) ?? "another queue")
            ran.signal()
            return Disposables.create()
        }
        #expect(waits(for: ran))
        #expect(labels.values == ["configured"])
    }

    /// A timer fires whether or not its disposable is kept, as in RxSwift (it used to need it).
    @Test func aRelativeTimerFiresWithItsDisposableDiscarded() {
        for scheduler: any SchedulerType in [
            ConcurrentDispatchQueueScheduler(qos: .default), SerialDispatchQueueScheduler(qos: .default),
        ] {
            let fired = DispatchSemaphore(value: 0)
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
                fired.signal()
                return Disposables.create()
            }
            #expect(waits(for: fired))
        }
    }
}
