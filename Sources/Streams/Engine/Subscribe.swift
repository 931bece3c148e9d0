/// The subscription node behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// `onDisposed` runs once, after a terminal event has been handled or on explicit disposal.
final class ClosureNode<Element>: ConsumerNode<Element>, @unchecked Sendable {  // see SubscriptionNode
    let onNextHandler: (@Sendable (Element) -> Void)?
    let onErrorHandler: (@Sendable (any Error) -> Void)?
    let onCompletedHandler: (@Sendable () -> Void)?
    let onDisposedHandler: (@Sendable () -> Void)?

    init(
        onNext: (@Sendable (Element) -> Void)?, onError: (@Sendable (any Error) -> Void)?,
        onCompleted: (@Sendable () -> Void)?, onDisposed: (@Sendable () -> Void)?
    ) {
        onNextHandler = onNext
        onErrorHandler = onError
        onCompletedHandler = onCompleted
        onDisposedHandler = onDisposed
    }

    override func onNext(_ element: Element) {
        if !isDisposed { onNextHandler?(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        if let onErrorHandler { onErrorHandler(error) } else { Hooks.reportUnhandledError(error) }
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        onCompletedHandler?()
        tearDown(previousState: previous)
    }

    override func consumerEnded() {
        onDisposedHandler?()
    }
}

/// ``ClosureNode`` for the common `subscribe(onNext:)` with no other closure: without the three
/// empty optional closures (48 B), the node is a 96 B malloc chunk instead of 144 B (M1 in
/// Docs/Performance.md).
///
/// `@usableFromInline` so `subscribe(onNext:)` names it in the caller's module, where the element
/// type is concrete and the node's metadata is looked up once (see ``subscribeClosures``).
@usableFromInline
final class NextClosureNode<Element>: ConsumerNode<Element>, @unchecked Sendable {  // see SubscriptionNode
    let onNextHandler: @Sendable (Element) -> Void

    required init(onNext: @escaping @Sendable (Element) -> Void) {
        onNextHandler = onNext
    }

    override func onNext(_ element: Element) {
        if !isDisposed { onNextHandler(element) }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        Hooks.reportUnhandledError(error)
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }
}

/// The node behind `subscribe(onNext:)` on a pipeline (a run of `map`, `filter`,
/// `distinctUntilChanged()`…): the pipeline calls the closure itself (Engine/Pipelines/Pipeline.swift),
/// and this node, which the app keeps as its disposable, only ends the subscription. It holds
/// the pipeline as its upstream until then and nothing after, so it needs no
/// ``SubscriptionHandle``: keeping it keeps nothing the subscription captured.
///
/// `@usableFromInline` for the same reason as ``NextClosureNode``.
@usableFromInline
final class PipelineEndNode<Element>: SubscriptionNode<Element>, @unchecked Sendable {  // see SubscriptionNode
    /// The app's closure until the pipeline takes it, while subscribing (before anything can be
    /// delivered, on the subscribing thread); `nil` after that.
    @exclusivity(unchecked) private var onNextHandler: (@Sendable (Element) -> Void)?

    /// A node for `onNext`, not counted in ``LiveResources`` (its pipeline is, while the
    /// subscription lives).
    init(onNext: @escaping @Sendable (Element) -> Void) {
        onNextHandler = onNext
        super.init(uncounted: ())
    }

    override func handOverOnNext() -> (@Sendable (Element) -> Void)? {
        // Not `Optional.take()`: generic, it looks up the closure type's metadata at run time.
        let handler = onNextHandler
        onNextHandler = nil
        return handler
    }

    override func onNext(_ element: Element) {
        preconditionFailure("the pipeline calls the subscription's closure")
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        Hooks.reportUnhandledError(error)
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        tearDown(previousState: previous)
    }
}

extension ObservableType {
    /// Subscribes with closures for each kind of event.
    ///
    /// The closures run on the thread that delivers the event (use `observe(on:)` to choose it).
    /// `onDisposed` runs once, after the terminal event or on disposal. An error with no
    /// `onError` goes to ``Hooks/defaultErrorHandler`` (with this call's stack when
    /// ``Hooks/recordCallStackOnError`` is on). The result is not discardable: keep it (for
    /// example with `disposed(by:)`) or the subscription can only end by terminating.
    @inlinable
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        // Inlined into the caller, where `Element` is concrete: there the node's metadata comes
        // from a cached accessor, while generic library code would look it up at run time on
        // every subscription.
        subscribeClosures(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            nextNodeType: NextClosureNode<Element>.self, endNodeType: PipelineEndNode<Element>.self)
    }

    /// ``subscribe(onNext:onError:onCompleted:onDisposed:)`` with the node types for the common
    /// `onNext`-only case.
    @usableFromInline
    func subscribeClosures(
        onNext: (@Sendable (Element) -> Void)?,
        onError: (@Sendable (any Error) -> Void)?,
        onCompleted: (@Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?,
        nextNodeType: NextClosureNode<Element>.Type,
        endNodeType: PipelineEndNode<Element>.Type
    ) -> any Disposable {
        if onError == nil, Hooks.isRecordingCallStack {
            let node = ClosureNode(
                onNext: onNext, onError: Hooks.errorHandlerCapturingCallStack(), onCompleted: onCompleted,
                onDisposed: onDisposed)
            node.setUpstream(asObservable().subscribe(node))
            return node.handle
        }
        if let onNext, onError == nil, onCompleted == nil, onDisposed == nil {
            let source = asObservable()
            if source.isPipelineStage {
                let node = endNodeType.init(onNext: onNext)  // its pipeline takes `onNext`
                node.setUpstream(source.subscribe(node))
                return node as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
            }
            let node = nextNodeType.init(onNext: onNext)
            node.setUpstream(source.subscribe(node))
            return node.handle
        }
        let node = ClosureNode(onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        node.setUpstream(asObservable().subscribe(node))
        return node.handle
    }

    /// Subscribes with one closure that receives every event.
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
        subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone elements are ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onNext: (@Sendable (Owner, Element) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        let weakOwner = WeakBox(owner)
        var next: (@Sendable (Element) -> Void)?
        if let onNext {
            next = { element in
                if let owner = weakOwner.value { onNext(owner, element) }
            }
        }
        var error: (@Sendable (any Error) -> Void)?
        if let onError {
            error = { failure in
                if let owner = weakOwner.value { onError(owner, failure) }
            }
        }
        var completed: (@Sendable () -> Void)?
        if let onCompleted {
            completed = {
                if let owner = weakOwner.value { onCompleted(owner) }
            }
        }
        var disposed: (@Sendable () -> Void)?
        if let onDisposed {
            disposed = {
                if let owner = weakOwner.value { onDisposed(owner) }
            }
        }
        return subscribe(onNext: next, onError: error, onCompleted: completed, onDisposed: disposed)
    }

    /// Sends every event to each observer (`bind(to:)` for observers, subjects and binders).
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        let node = FanOutNode(observers)
        node.setUpstream(asObservable().subscribe(node))
        return node.handle
    }

    /// Subscribes with an element handler only (errors go to ``Hooks/unhandledError``).
    public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
        subscribe(onNext: onNext)
    }
}

// Unchecked Sendable: see SubscriptionNode
/// The subscription node behind `bind(to:)`: sends each event to every observer, in order.
private final class FanOutNode<Observer: ObserverType>: ConsumerNode<Observer.Element>, @unchecked Sendable {
    let observers: [Observer]
    init(_ observers: [Observer]) { self.observers = observers }

    override func onNext(_ element: Observer.Element) {
        if !isDisposed { for observer in observers { observer.on(.next(element)) } }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        for observer in observers { observer.on(.error(error)) }
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        for observer in observers { observer.on(.completed) }
        tearDown(previousState: previous)
    }
}

/// A weak reference that can cross threads.
final class WeakBox<Value: AnyObject & Sendable>: Sendable {
    weak let value: Value?
    init(_ value: Value) { self.value = value }
}
