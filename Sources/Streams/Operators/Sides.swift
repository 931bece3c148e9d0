// The sources of `combineLatest` and `zip`, erased to one value type so every arity and the
// collection forms share one sink: a collection's sources already share their element type; the
// fixed arities (CombineLatest+Arity.swift, Zip+Arity.swift) erase each source's elements to
// `Any` on the way in and cast them back in the result selector, which runs after delivery.

/// One source of a multi-source operator whose elements reach the sink as `Value`.
protocol Side<Value>: Sendable {
    associatedtype Value
    /// A child for this source, reporting to `owner` as `key`; not subscribed yet.
    func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode where Owner.ChildElement == Value
    /// Subscribes `child` (made by ``makeChild(owner:key:)``) to the source.
    func start(_ child: DisposableNode)
}

/// A source whose elements are the operator's values.
struct SameTypeSide<Value>: Side {
    let source: Observable<Value>

    func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode where Owner.ChildElement == Value {
        ChildNode(owner: owner, key: key)
    }

    func start(_ child: DisposableNode) {
        // Made by `makeChild` for a same-type owner: the cast only restores the static type.
        let node = unsafeDowncast(child, to: SubscriptionNode<Value>.self)
        node.setUpstream(source.subscribe(node))
    }
}

/// A source whose elements reach the operator as `Any`.
struct ErasedSide<Element>: Side {
    typealias Value = Any

    let source: Observable<Element>

    func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode where Owner.ChildElement == Any {
        ChildNode(owner: Eraser<Element, Owner>(owner: owner), key: key)
    }

    func start(_ child: DisposableNode) {
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
    var erasedSide: any Side<Any> { ErasedSide(source: asObservable()) }
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
        _ sides: [any Side<Owner.ChildElement>], owner: Owner, keep: (inout State, [DisposableNode]) -> Void
    ) {
        let children = sides.enumerated().map { $0.element.makeChild(owner: owner, key: $0.offset) }
        guard update({ state, _ in keep(&state, children) }) else { return }
        for (side, child) in zip(sides, children) { side.start(child) }
    }
}
