// The sources of `combineLatest` and `zip`, erased to one value type so every arity and the
// collection forms share one sink: a collection's sources already share their element type; the
// fixed arities (CombineLatest+Arity.swift, Zip+Arity.swift) erase each source's elements to
// `Any` on the way in and cast them back in the result selector, which runs after delivery.

/// One source of a multi-source operator whose elements reach the sink as `Value`.
///
/// A class rather than a protocol with a primary associated type: an array of `any Side<Value>`
/// needs the runtime's support for parameterized existentials (macOS 13 / iOS 16), and the
/// package supports macOS 10.15 / iOS 13. One small object per source, made when the operator
/// is built (not per subscription).
class Side<Value>: @unchecked Sendable {  // immutable: subclasses hold one `let` observable
    /// A child for this source, reporting to `owner` as `key`; not subscribed yet.
    func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode where Owner.ChildElement == Value {
        preconditionFailure("Side.makeChild is overridden by every side")
    }

    /// Subscribes `child` (made by ``makeChild(owner:key:)``) to the source.
    func start(_ child: DisposableNode) {
        preconditionFailure("Side.start is overridden by every side")
    }
}

/// A source whose elements are the operator's values.
final class SameTypeSide<Value>: Side<Value>, @unchecked Sendable {  // immutable
    private let source: Observable<Value>

    init(source: Observable<Value>) { self.source = source }

    override func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode
    where Owner.ChildElement == Value {
        ChildNode(owner: owner, key: key)
    }

    override func start(_ child: DisposableNode) {
        // Made by `makeChild` for a same-type owner: the cast only restores the static type.
        let node = unsafeDowncast(child, to: SubscriptionNode<Value>.self)
        node.setUpstream(source.subscribe(node))
    }
}

/// A source whose elements reach the operator as `Any`.
final class ErasedSide<Element>: Side<Any>, @unchecked Sendable {  // immutable
    private let source: Observable<Element>

    init(source: Observable<Element>) { self.source = source }

    override func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode
    where Owner.ChildElement == Any {
        ChildNode(owner: Eraser<Element, Owner>(owner: owner), key: key)
    }

    override func start(_ child: DisposableNode) {
        let node = unsafeDowncast(child, to: SubscriptionNode<Element>.self)
        node.setUpstream(source.subscribe(node))
    }
}

/// Hands a typed child's events to an owner of `Any` values.
private final class Eraser<Element, Owner: ChildOwner>: ChildOwner where Owner.ChildElement == Any {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
    func childReceived(_ element: Element, key: Int) { owner.childReceived(element, key: key) }
    func childFailed(_ error: any Error, key: Int) { owner.childFailed(error, key: key) }
    func childCompleted(key: Int) { owner.childCompleted(key: key) }
}

extension ObservableType {
    /// This observable as a side of a fixed-arity `combineLatest`/`zip`.
    var erasedSide: Side<Any> { ErasedSide(source: asObservable()) }
}

/// Casts an erased value back to the type its side was erased from.
@inline(__always)
func unerased<Element>(_ value: Any, as type: Element.Type) -> Element {
    // A side only ever stores elements of its own type, so the cast cannot fail.
    value as! Element
}

/// The children of a multi-source sink, subscribed in order after all are registered.
extension SerializingSink {
    /// Makes a child per side (stored by `keep`), then subscribes them in order.
    func subscribeSides<Owner: ChildOwner>(
        _ sides: [Side<Owner.ChildElement>], owner: Owner, keep: (inout State, [DisposableNode]) -> Void
    ) {
        let children = sides.enumerated().map { $0.element.makeChild(owner: owner, key: $0.offset) }
        guard update({ state, _ in keep(&state, children) }) else { return }
        for (side, child) in zip(sides, children) { side.start(child) }
    }
}
