// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state
// beyond its own disposal, and the handlers are immutable `@Sendable` closures.

/// The side-effect handlers of the traits' `do` operators (each optional).
struct TraitDoHandlers<Element>: Sendable {
    var onNext: (@Sendable (Element) throws -> Void)?
    var afterNext: (@Sendable (Element) throws -> Void)?
    var onError: (@Sendable (any Error) throws -> Void)?
    var afterError: (@Sendable (any Error) throws -> Void)?
    var onCompleted: (@Sendable () throws -> Void)?
    var afterCompleted: (@Sendable () throws -> Void)?
    var onSubscribe: (@Sendable () -> Void)?
    var onSubscribed: (@Sendable () -> Void)?
    var onDispose: (@Sendable () -> Void)?
}

/// Runs the handlers around each event, as RxSwift's `do`: `onX` before forwarding (a throw
/// replaces the event with that error), `afterX` after it (a throw after a terminal event is
/// ignored, after an element it ends the sequence), `onSubscribe`/`onSubscribed` around the
/// upstream subscription, and `onDispose` once, after the upstream is released.
final class TraitDoObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let handlers: TraitDoHandlers<Element>

    init(source: Observable<Element>, handlers: TraitDoHandlers<Element>) {
        self.source = source
        self.handlers = handlers
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = TraitDoSink(handlers: handlers, downstream: receiver)
        handlers.onSubscribe?()
        sink.setUpstream(source.subscribe(sink))
        handlers.onSubscribed?()
        return sink
    }
}

private final class TraitDoSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let handlers: TraitDoHandlers<Element>

    init(handlers: TraitDoHandlers<Element>, downstream: Receiver<Element>) {
        self.handlers = handlers
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardError(error)
        }
    }

    override func onError(_ error: any Error) {
        guard !isDisposed else { return }
        do {
            try handlers.onError?(error)
        } catch {
            forwardError(error)
            return
        }
        guard let previous = markDisposed() else { return }
        downstream.onError(error)
        try? handlers.afterError?(error)
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        do {
            try handlers.onCompleted?()
        } catch {
            forwardError(error)
            return
        }
        guard let previous = markDisposed() else { return }
        downstream.onCompleted()
        try? handlers.afterCompleted?()
        tearDown(previousState: previous)
    }

    override func disposeResources() { handlers.onDispose?() }
}
