// Concurrency: single upstream, so events arrive serialized and the handlers for one subscription
// never overlap each other — except `onDispose`, which runs on the thread that disposes (possibly
// while an event is being handled elsewhere, as in RxSwift). No mutable state beyond the node's
// atomic disposed flag; `onDispose` is wrapped around the source subscription, so it runs once,
// after that subscription is disposed, whether by a terminal event or by disposal.
//
// States: none (stateless): each handler runs with its event.

extension ObservableType {
    /// Calls the given closures for each event and for the subscription's lifecycle, and passes
    /// every event through unchanged; an error thrown by an event closure becomes the sequence's
    /// error.
    ///
    /// Timing: `onNext`/`onError`/`onCompleted` run before the event is forwarded and `afterNext`/
    /// `afterError`/`afterCompleted` after it. `onSubscribe` runs before the source is subscribed
    /// and `onSubscribed` after; `onDispose` runs once the source subscription has been disposed,
    /// after a terminal event or on disposal. An error thrown by `afterError` or `afterCompleted`
    /// cannot be delivered (the sequence has ended) and goes to ``Hooks/unhandledError``.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Observable<Element> {
        DoObservable(
            source: asObservable(),
            handlers: DoHandlers(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

private struct DoHandlers<Element>: Sendable {
    let onNext: (@Sendable (Element) throws -> Void)?
    let afterNext: (@Sendable (Element) throws -> Void)?
    let onError: (@Sendable (any Error) throws -> Void)?
    let afterError: (@Sendable (any Error) throws -> Void)?
    let onCompleted: (@Sendable () throws -> Void)?
    let afterCompleted: (@Sendable () throws -> Void)?
    let onSubscribe: (@Sendable () -> Void)?
    let onSubscribed: (@Sendable () -> Void)?
    let onDispose: (@Sendable () -> Void)?
}

private final class DoObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let handlers: DoHandlers<Element>

    init(source: Observable<Element>, handlers: DoHandlers<Element>) {
        self.source = source
        self.handlers = handlers
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        handlers.onSubscribe?()
        let sink = DoSink(handlers: handlers, downstream: receiver)
        let subscription = source.subscribe(sink)
        handlers.onSubscribed?()
        if let onDispose = handlers.onDispose {
            sink.setUpstream(
                Disposables.create {
                    subscription.dispose()
                    onDispose()
                })
        } else {
            sink.setUpstream(subscription)
        }
        return sink
    }
}

private final class DoSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let handlers: DoHandlers<Element>

    init(handlers: DoHandlers<Element>, downstream: Receiver<Element>) {
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
            return forwardError(error)
        }
        guard let previous = markDisposed() else { return }
        downstream.onError(error)
        runAfter { try handlers.afterError?(error) }
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        do {
            try handlers.onCompleted?()
        } catch {
            return forwardError(error)
        }
        guard let previous = markDisposed() else { return }
        downstream.onCompleted()
        runAfter { try handlers.afterCompleted?() }
        tearDown(previousState: previous)
    }

    private func runAfter(_ handler: () throws -> Void) {
        do {
            try handler()
        } catch {
            Hooks.reportUnhandledError(error)
        }
    }
}
