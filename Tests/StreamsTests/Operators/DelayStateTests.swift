import Foundation
import Testing

@testable import Streams

/// `delay`'s state machine (`DelayState`) on its own: the clock is an argument of the transitions
/// that need it, so no scheduler is needed (`DeferredEffectsRecorder`).
@Suite struct DelayStateTests {
    typealias Outcome = DeferredEffectsRecorder<String>.Outcome
    struct TestError: Error {}

    private let effects = DeferredEffectsRecorder<String>()
    private var state = DelayState<String>(dueTime: .seconds(50))

    /// The clock `seconds` after an arbitrary origin.
    private func at(_ seconds: Double) -> RxTime { Date(timeIntervalSinceReferenceDate: 1_000 + seconds) }

    @Test mutating func theFirstEventArmsTheTimerOthersWaitBehindIt() {
        #expect(
            effects.update { state.received(.next("a"), at: at(0), $0) } == Outcome(timer: .armed(after: .seconds(50))))
        #expect(effects.update { state.received(.next("b"), at: at(10), $0) } == Outcome())
        #expect(state.queue.count == 2)
    }

    /// The tick emits the earliest event; the timer for the next is armed only once that was
    /// delivered, for what remains of its delay then.
    @Test mutating func theNextTimerIsArmedAfterDeliveryForWhatRemains() {
        _ = effects.update { state.received(.next("a"), at: at(0), $0) }
        _ = effects.update { state.received(.next("b"), at: at(10), $0) }
        var emitted = false
        #expect(effects.fire { emitted = state.timerFired($0) } == Outcome(emitted: ["a"]))
        #expect(emitted)
        #expect(state.isDelivering)
        #expect(effects.update { state.delivered(at: at(50), $0) } == Outcome(timer: .armed(after: .seconds(10))))
        #expect(!state.isDelivering)
    }

    /// An event arriving while the tick's event is being delivered arms nothing: the delivery's
    /// end does.
    @Test mutating func anEventDuringADeliveryWaitsForItsEnd() {
        _ = effects.update { state.received(.next("a"), at: at(0), $0) }
        _ = effects.fire { _ = state.timerFired($0) }
        #expect(effects.update { state.received(.next("b"), at: at(50), $0) } == Outcome())
        #expect(effects.update { state.delivered(at: at(50), $0) } == Outcome(timer: .armed(after: .seconds(50))))
    }

    @Test mutating func completionIsDelayedLikeAnElement() {
        _ = effects.update { state.received(.next("a"), at: at(0), $0) }
        _ = effects.update { state.received(.completed, at: at(0), $0) }
        _ = effects.fire { _ = state.timerFired($0) }
        _ = effects.update { state.delivered(at: at(50), $0) }
        #expect(effects.fire { _ = state.timerFired($0) } == Outcome(ending: .completed))
        #expect(effects.isStopped)
    }

    @Test mutating func aTickWithNothingWaitingEmitsNothing() {
        var emitted = true
        _ = effects.update { $0.armTimer(after: .seconds(1)) }
        #expect(effects.fire { emitted = state.timerFired($0) } == Outcome())
        #expect(!emitted)
    }

    @Test mutating func anErrorDropsWhatWaitsAndFailsAtOnce() {
        _ = effects.update { state.received(.next("a"), at: at(0), $0) }
        #expect(
            effects.update { state.sourceFailed(TestError(), $0) }
                == Outcome(timer: .cancelled, ending: .failed("TestError()")))
        #expect(state.queue.isEmpty)
    }
}
