// Timing (RxSwift 6):
// - `ifEmpty(default:)`: elements and errors are forwarded at once; if the source completes
//   without an element, `default` is emitted and the result completes, at that moment.
// - `ifEmpty(switchTo:)`: elements and errors are forwarded at once; if the source completes
//   without an element, `other` is subscribed at that moment and its events are forwarded (its
//   completion or error ends the result). Disposal disposes whichever is subscribed.
//
// States: empty (no element yet); seen (an element arrived: completion completes); switched
// (`other` is subscribed: its events are the result's); stopped (engine). `ifEmpty(default:)`
// has a single upstream, so its flag needs no lock; `ifEmpty(switchTo:)` runs a second source
// and is a ``SerializingSink``.

extension ObservableType {
    /// Emits the source's elements, or `default` if the source completes without any.
    ///
    /// Timing: `default` is emitted when the source completes empty, followed at once by
    /// completion; errors are forwarded as they arrive.
    public func ifEmpty(default: Element, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        lift(DefaultIfEmpty(defaultElement: `default`)).inspected(as: "ifEmpty(default:)", file: file, line: line)
    }

    /// Emits the source's elements, or those of `other` if the source completes without any.
    ///
    /// Timing: `other` is subscribed when the source completes empty, and the result then ends
    /// with `other`; errors of either are forwarded as they arrive. Disposal disposes whichever
    /// is subscribed.
    public func ifEmpty(switchTo other: Observable<Element>, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        lift(SwitchIfEmpty(other: other)).inspected(as: "ifEmpty(switchTo:)", file: file, line: line)
    }
}

private struct DefaultIfEmpty<Element>: SinkMaking {
    let defaultElement: Element

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        DefaultIfEmptySink(defaultElement: defaultElement, downstream: downstream)
    }
}

private final class DefaultIfEmptySink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `isEmpty` only in serialized events
{
    private let defaultElement: Element
    private var isEmpty = true

    init(defaultElement: Element, downstream: Receiver<Element>) {
        self.defaultElement = defaultElement
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    override func onCompleted() {
        if isEmpty { forwardNext(defaultElement) }
        forwardCompleted()
    }
}

private struct SwitchIfEmpty<Element>: SinkMaking {
    let other: Observable<Element>

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        SwitchIfEmptySink(state: SwitchIfEmptyState(other: other), downstream: downstream)
    }
}

private struct SwitchIfEmptyState<Element> {
    let other: Observable<Element>
    var isEmpty = true
    var fallback: DisposableNode?
}

private final class SwitchIfEmptySink<Element>:
    SerializingSink<Element, Element, SwitchIfEmptyState<Element>>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) {
        emitNext(element) { state in
            state.isEmpty = false
            return true
        }
    }

    override func onCompleted() {
        var other: Observable<Element>?
        update { state, effects in
            if state.isEmpty { other = state.other } else { effects.complete() }
        }
        guard let other else { return }
        subscribeChild(other, owner: self) { state, child in state.fallback = child }
    }

    func childReceived(_ element: Element, key: Int) { emitNext(element) }
    func childFailed(_ error: any Error, key: Int) { onError(error) }
    func childCompleted(key: Int) { update { _, effects in effects.complete() } }

    override func willDispose(_ state: inout SwitchIfEmptyState<Element>, _ effects: DeferredEffects<Element>) {
        effects.dispose(state.fallback.take())
    }
}
