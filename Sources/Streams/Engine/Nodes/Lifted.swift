/// A single-source operator: how one subscription's sink is made.
protocol SinkMaking<Input, Output> {
    /// The source's element type.
    associatedtype Input
    /// The operator's element type.
    associatedtype Output
    /// The sink for one subscription, delivering to `downstream`.
    func makeSink(downstream: Receiver<Output>) -> Sink<Input, Output>
}

/// A ``Producer`` for single-source operators: subscribes the operator's sink to the source.
struct Lifted<Operator: SinkMaking>: Producer {
    let source: Observable<Operator.Input>
    let operation: Operator

    func subscribe(_ receiver: Receiver<Operator.Output>) -> any Disposable {
        let sink = operation.makeSink(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

extension ObservableType {
    /// The observable that applies `operation` to this one.
    func lift<Operator: SinkMaking>(_ operation: Operator) -> Observable<Operator.Output>
    where Operator.Input == Element {
        ProducerObservable(Lifted(source: asObservable(), operation: operation))
    }
}
