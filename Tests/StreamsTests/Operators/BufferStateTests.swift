import Testing

@testable import Streams

/// `buffer(timeSpan:count:scheduler:)`'s state machine (`BufferState`) on its own: each
/// transition's effects, with no sink and no scheduler (`DeferredEffectsRecorder`).
@Suite struct BufferStateTests {
    typealias Outcome = DeferredEffectsRecorder<[String]>.Outcome
    struct TestError: Error {}

    private let effects = DeferredEffectsRecorder<[String]>()
    private var state = BufferState<String>(timeSpan: .seconds(30), count: 2)

    @Test func theSubscriptionStartsTheFirstWindow() {
        #expect(effects.update { state.started($0) } == Outcome(timer: .armed(after: .seconds(30))))
    }

    @Test mutating func aFullBufferIsEmittedAndStartsTheNextWindow() {
        _ = effects.update { state.started($0) }
        #expect(effects.update { state.received("a", $0) } == Outcome())
        #expect(
            effects.update { state.received("b", $0) }
                == Outcome(emitted: [["a", "b"]], timer: .armed(after: .seconds(30))))
        #expect(state.buffer.isEmpty)
    }

    @Test mutating func theTimeSpanEmitsTheBufferEvenEmpty() {
        _ = effects.update { state.started($0) }
        _ = effects.update { state.received("a", $0) }
        #expect(effects.fire { state.emitWindow($0) } == Outcome(emitted: [["a"]], timer: .armed(after: .seconds(30))))
        #expect(effects.fire { state.emitWindow($0) } == Outcome(emitted: [[]], timer: .armed(after: .seconds(30))))
    }

    @Test mutating func completionEmitsTheBufferThenCompletes() {
        _ = effects.update { state.started($0) }
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.sourceCompleted($0) }
                == Outcome(emitted: [["a"]], timer: .cancelled, ending: .completed))
    }

    @Test mutating func anErrorDropsTheBuffer() {
        _ = effects.update { state.started($0) }
        _ = effects.update { state.received("a", $0) }
        #expect(
            effects.update { state.sourceFailed(TestError(), $0) }
                == Outcome(timer: .cancelled, ending: .failed("TestError()")))
        #expect(state.buffer.isEmpty)
    }
}
