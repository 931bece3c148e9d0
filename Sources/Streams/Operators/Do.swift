// Timing (RxSwift's `do`): `onSubscribe` runs before the source is subscribed and `onSubscribed`
// after that call returns. For each event `onX` runs first (a throw replaces the event with that
// error), then the event is forwarded, then `afterX` runs. After a terminal event the source's
// subscription is released and then `onDispose` runs; on disposal the same, source first. When
// the source terminates while it is being subscribed, `onDispose` runs once `onSubscribed` has.
//
// States: live; terminating (the terminal event and `afterError`/`afterCompleted` are running);
// released (the source subscription and then `onDispose`, once). Single upstream, so the event
// handlers of one subscription never overlap; `onDispose` runs on the thread that releases the
// subscription (possibly while an element is being handled on another, as in RxSwift). No state
// of its own beyond the node's.

extension ObservableType {
    /// Calls the given closures for each event and for the subscription's lifecycle, and passes
    /// every event through unchanged; an error thrown by an event closure becomes the sequence's
    /// error.
    ///
    /// Timing: `onNext`/`onError`/`onCompleted` run before the event is forwarded and `afterNext`/
    /// `afterError`/`afterCompleted` after it. `onSubscribe` runs before the source is subscribed
    /// and `onSubscribed` after; `onDispose` runs once, after the source subscription has been
    /// disposed (its own disposable first, as in RxSwift), whether the sequence terminated or was
    /// disposed. A throw from `afterNext` ends the sequence with that error; one from `afterError`
    /// or `afterCompleted` comes after the terminal event and is dropped, as in RxSwift.
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        Do(
            source: asObservable(),
            handlers: DoHandlers(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose)
        ).asObservable().inspected(as: "do", file: file, line: line)
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

private struct Do<Element>: Producer {
    let source: Observable<Element>
    let handlers: DoHandlers<Element>

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        handlers.onSubscribe?()
        let sink = DoSink(handlers: handlers, downstream: receiver)
        let subscription = source.subscribe(sink)
        handlers.onSubscribed?()
        if let onDispose = handlers.onDispose {
            sink.setUpstream(SubscriptionThenAction(subscription, action: onDispose))
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
        forwardError(error) { _ = try? handlers.afterError?(error) }
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        do {
            try handlers.onCompleted?()
        } catch {
            return forwardError(error)
        }
        forwardCompleted { _ = try? handlers.afterCompleted?() }
    }
}
