// The machinery `combineLatest` and `zip` share: their sources, erased to one value type so every
// arity and the collection forms use one producer and one sink, and the subscription of those
// sources. A collection's sources already share their element type; the fixed arities
// (CombineLatest+Zip+Arity.swift, generated) erase each source's elements to `Any` on the way in
// and cast them back in the result selector, which runs after delivery.
//
// States: each operator's own (CombineLatest.swift, Zip.swift) behind one ``MultiSourceSink``; stopped
// (engine).

/// One source of a multi-source operator whose elements reach the sink as `Value`.
///
/// A class rather than a protocol with a primary associated type: an array of `any SourceInput<Value>`
/// needs the runtime's support for parameterized existentials (macOS 13 / iOS 16), and the
/// package supports macOS 10.15 / iOS 13. One small object per source, made when the operator
/// is built (not per subscription).
class SourceInput<Value>: @unchecked Sendable {  // immutable: subclasses hold one `let` observable
    /// A child for this source, reporting to `owner` as `key`; not subscribed yet.
    func makeChild<Owner: ChildOwner>(owner: Owner, key: Int) -> DisposableNode where Owner.ChildElement == Value {
        preconditionFailure("SourceInput.makeChild is overridden by every input")
    }

    /// Subscribes `child` (made by ``makeChild(owner:key:)``) to the source.
    func start(_ child: DisposableNode) {
        preconditionFailure("SourceInput.start is overridden by every input")
    }
}

/// A source whose elements are the operator's values.
final class SameTypeSourceInput<Value>: SourceInput<Value>, @unchecked Sendable {  // immutable
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
final class ErasedSourceInput<Element>: SourceInput<Any>, @unchecked Sendable {  // immutable
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

extension Collection where Element: ObservableType {
    /// The collection's sources as sides of the same element type.
    var sameTypeSides: [SourceInput<Element.Element>] { map { SameTypeSourceInput(source: $0.asObservable()) } }
}

/// The state of a multi-source operator: one transition per event of a side, delivering arrays
/// of values.
protocol MultiSourceState<Value> {
    associatedtype Value
    /// Every side's subscription, in side order (stored before any is subscribed).
    var children: [DisposableNode] { get set }
    /// Which sides have completed; the operator completes when all have.
    var completion: MultiSourceCompletion { get set }
    /// Source `index` emitted `value`.
    mutating func received(_ value: Value, at index: Int, _ effects: DeferredEffects<[Value]>)
    /// The subscription ended: hands every value still held to `effects`.
    mutating func releaseValues(_ effects: DeferredEffects<[Value]>)
    /// Whether the operator of no sources emits `[]` before completing (RxSwift's
    /// `combineLatest` does; its `zip` only completes).
    static var emitsWhenEmpty: Bool { get }
}

/// The observable of a multi-source operator: every source is subscribed at subscription, in order;
/// with no sides it completes at once, after emitting `[]` if the state says so.
struct MultiSourceProducer<State: MultiSourceState>: Producer {
    let sides: [SourceInput<State.Value>]
    /// The state each subscription starts from.
    let initial: State

    func subscribe(_ receiver: Receiver<[State.Value]>) -> any Disposable {
        let sink = MultiSourceSink(state: initial, downstream: receiver)
        guard !sides.isEmpty else {
            sink.update { _, effects in
                if State.emitsWhenEmpty { effects.emit([]) }
                effects.complete()
            }
            return sink
        }
        let children = sides.enumerated().map { $0.element.makeChild(owner: sink, key: $0.offset) }
        guard sink.update({ state, _ in state.children = children }) else { return sink }
        for (side, child) in zip(sides, children) { side.start(child) }
        return sink
    }
}

/// The sink of a multi-source operator: each side's events become transitions of `State`; the
/// first error fails it.
final class MultiSourceSink<State: MultiSourceState>: SerializingSink<Never, [State.Value], State>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Never) {}

    func childReceived(_ element: State.Value, key: Int) {
        update { state, effects in state.received(element, at: key, effects) }
    }

    func childFailed(_ error: any Error, key: Int) { onError(error) }

    func childCompleted(key: Int) {
        update { state, effects in
            if state.completion.complete(key) { effects.complete() }
        }
    }

    override func willDispose(_ state: inout State, _ effects: DeferredEffects<[State.Value]>) {
        for child in state.children { effects.dispose(child) }
        state.children = []
        state.releaseValues(effects)
    }
}

/// Which sides of a multi-source operator have completed.
struct MultiSourceCompletion {
    private var isDone: [Bool]
    private var doneCount = 0

    init(arity: Int) { isDone = Array(repeating: false, count: arity) }

    /// Records that source `index` completed; `true` once every source has.
    mutating func complete(_ index: Int) -> Bool {
        if !isDone[index] {
            isDone[index] = true
            doneCount += 1
        }
        return doneCount == isDone.count
    }

    /// `true` if every source but `index` has completed.
    func othersDone(besides index: Int) -> Bool {
        doneCount - (isDone[index] ? 1 : 0) == isDone.count - 1
    }
}

/// The fixed-arity forms of `combineLatest` and `zip` (CombineLatest+Zip+Arity.swift).
enum FixedArity {
    case combineLatest
    case zip

    /// The operator over `sides`, as arrays of erased values.
    func observe(_ sides: [SourceInput<Any>]) -> Observable<[Any]> {
        switch self {
        case .combineLatest: Observable<Any>.combineLatest(sides: sides)
        case .zip: Observable<Any>.zip(sides: sides, rules: .arity)
        }
    }
}

extension Observable {
    /// The body of every fixed-arity form: erases each source, runs `operation` over them, and
    /// casts each result's values back for `resultSelector` (after delivery, outside the lock).
    static func combined<each Source: ObservableType>(
        _ operation: FixedArity, _ sources: repeat each Source,
        resultSelector: @escaping @Sendable (repeat (each Source).Element) throws -> Element
    ) -> Observable<Element> {
        var sides: [SourceInput<Any>] = []
        for source in repeat each sources { sides.append(ErasedSourceInput(source: source.asObservable())) }
        return selecting(from: operation.observe(sides), resultSelector)
    }

    /// Calls `resultSelector` with each array's values cast back to its parameters' types, in order.
    private static func selecting<each Value>(
        from values: Observable<[Any]>, _ resultSelector: @escaping @Sendable (repeat each Value) throws -> Element
    ) -> Observable<Element> {
        MapObservable(source: values) { values in
            var index = 0
            func next<Cast>() -> Cast {
                // Source `index` only ever delivers elements of its own type: the cast cannot fail.
                defer { index += 1 }
                return values[index] as! Cast
            }
            return try resultSelector(repeat next() as each Value)
        }
    }
}
