/// A sink that forwards every event unchanged (used where an operator needs only the contract
/// guarantees of a sink: drop after terminal, release on terminal).
final class PassThroughSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    override func onNext(_ element: Element) { forwardNext(element) }
}
