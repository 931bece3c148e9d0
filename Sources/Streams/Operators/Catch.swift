// Concurrency: single upstream at a time. The source's events arrive serialized; on its error the
// handler runs and the fallback is subscribed from inside that (serialized) call, and the
// fallback's events reach the sink through a proxy only after that. The source subscription sits
// in the node's upstream slot and the fallback's in a SingleAssignmentDisposable; both are
// released by `tearDown`. No lock: the only shared state is the node's atomic disposed flag.
//
// States: source (the source's events pass); fallback (the source failed: the handler's observable
// is subscribed and its events pass through the proxy); ended (a terminal event passed, or
// disposal). `catchAndReturn`: source; ended (a failure emitted the element, then completed).

extension ObservableType {
    /// Continues a sequence that fails with the sequence `handler` returns for the error; a
    /// thrown error becomes the sequence's error.
    ///
    /// Timing: on the source's error the handler is called and its sequence subscribed at once;
    /// errors of that sequence are not caught again. Disposal disposes whichever is subscribed.
    public func `catch`(
        _ handler: @escaping @Sendable (any Error) throws -> Observable<Element>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        lift(ClosureOperator { CatchSink(handler: handler, downstream: $0) }).inspected(
            as: "catch", file: file, line: line)
    }

    /// Continues a sequence that fails with `element`, then completes.
    ///
    /// Timing: on the source's error, emits `element` and completes at that moment.
    public func catchAndReturn(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element
    > {
        lift(CatchAndReturn(element: element)).inspected(as: "catchAndReturn", file: file, line: line)
    }
}

private final class CatchSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let handler: @Sendable (any Error) throws -> Observable<Element>
    let fallback = SingleAssignmentDisposable()

    init(handler: @escaping @Sendable (any Error) throws -> Observable<Element>, downstream: Receiver<Element>) {
        self.handler = handler
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        let next: Observable<Element>
        do {
            next = try handler(error)
        } catch {
            forwardError(error)
            return
        }
        fallback.setDisposable(next.subscribe(CatchFallbackProxy(sink: self)))
    }

    override func disposeResources() { fallback.dispose() }

    func fallbackNext(_ element: Element) { forwardNext(element) }
    func fallbackError(_ error: any Error) { forwardError(error) }
    func fallbackCompleted() { forwardCompleted() }
}

/// Forwards the fallback sequence's events to the sink without catching again.
private final class CatchFallbackProxy<Element>: Receiver<Element>, @unchecked Sendable {  // immutable
    let sink: CatchSink<Element>
    init(sink: CatchSink<Element>) { self.sink = sink }

    override func onNext(_ element: Element) { sink.fallbackNext(element) }
    override func onError(_ error: any Error) { sink.fallbackError(error) }
    override func onCompleted() { sink.fallbackCompleted() }
}

/// `catchAndReturn`'s operator: the element to end with (a value, so it need not be `Sendable`).
private struct CatchAndReturn<Element>: SinkMaking {
    let element: Element

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        CatchAndReturnSink(element: element, downstream: downstream)
    }
}

/// `catchAndReturn` without building a `just` observable per failure.
private final class CatchAndReturnSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let element: Element

    init(element: Element, downstream: Receiver<Element>) {
        self.element = element
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) { forwardNext(element) }

    override func onError(_ error: any Error) {
        forwardNext(element)
        forwardCompleted()
    }

}
