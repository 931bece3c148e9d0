// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
//
// States: none (stateless).

extension ObservableType {
    /// Drops every element and forwards only the completion or the error.
    public func ignoreElements(file: StaticString = #fileID, line: UInt = #line) -> Observable<Never> {
        IgnoreElementsObservable(source: asObservable()).inspected(as: "ignoreElements", file: file, line: line)
    }
}

private final class IgnoreElementsObservable<Element>: Observable<Never>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    init(source: Observable<Element>) { self.source = source }

    override func subscribe(_ receiver: Receiver<Never>) -> any Disposable {
        let sink = IgnoreElementsSink<Element>(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class IgnoreElementsSink<Element>: Sink<Element, Never>, @unchecked Sendable {  // see SubscriptionNode
    override func onNext(_ element: Element) {}
}
