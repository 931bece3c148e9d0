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
        endOnTerminal { Hooks.reportUnhandledError(error) }
    }

    override func onCompleted() {
        endOnTerminal {}
    }
}
