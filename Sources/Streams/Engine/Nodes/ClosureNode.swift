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
        endOnTerminal {
            if let onErrorHandler { onErrorHandler(error) } else { Hooks.reportUnhandledError(error) }
        }
    }

    override func onCompleted() {
        endOnTerminal { onCompletedHandler?() }
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
        endOnTerminal { Hooks.reportUnhandledError(error) }
    }

    override func onCompleted() {
        endOnTerminal {}
    }
}
