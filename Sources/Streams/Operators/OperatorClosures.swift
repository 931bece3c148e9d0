// Operators given as closures, for operators whose observable is only "how a subscription
// starts": they need no producer or sink-making type of their own.
//
// States: none (stateless): they only start each subscription.

/// A single-source operator given as the closure that makes one subscription's sink, delivering
/// to the receiver it is passed: `lift(ClosureOperator { DebounceSink(..., downstream: $0) })`.
struct ClosureOperator<Input, Output>: SinkMaking {
    let makeSink: @Sendable (Receiver<Output>) -> Sink<Input, Output>

    func makeSink(downstream: Receiver<Output>) -> Sink<Input, Output> { makeSink(downstream) }
}

/// An observable given as the closure that starts one subscription, delivering to the receiver
/// it is passed, and returns what ends it.
struct ClosureProducer<Element>: Producer {
    let start: @Sendable (Receiver<Element>) -> any Disposable

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable { start(receiver) }
}
