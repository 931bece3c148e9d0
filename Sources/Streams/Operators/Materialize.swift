// Concurrency: single upstream, so calls arrive serialized; the sinks keep no mutable state.
//
// States: none (stateless).

extension ObservableType {
    /// Emits every event of the source as an element — `.next(.error(e))` or `.next(.completed)`
    /// for its end — then completes.
    ///
    /// Timing: the source's terminal event is emitted as an element and followed at once by
    /// completion; this sequence never fails.
    public func materialize(file: StaticString = #fileID, line: UInt = #line) -> Observable<Event<Element>> {
        MaterializeObservable(source: asObservable()).inspected(as: "materialize", file: file, line: line)
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns `Event` elements back into events: `.next(x)` emits `x`, `.error(e)` fails and
    /// `.completed` completes.
    ///
    /// Timing: a terminal event element ends the sequence at once and disposes the source
    /// subscription; the source's own error or completion is forwarded as is.
    public func dematerialize(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element.Element> {
        DematerializeObservable(source: asObservable()).inspected(as: "dematerialize", file: file, line: line)
    }
}

/// A type that can be seen as an ``Event`` (so `dematerialize` works on `Observable<Event<T>>`).
public protocol EventConvertible<Element> {
    /// The element type of the event.
    associatedtype Element
    /// The event this value stands for.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// `self`.
    public var event: Event<Element> { self }
}

final class MaterializeObservable<Element>: Observable<Event<Element>>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    init(source: Observable<Element>) { self.source = source }

    override func subscribe(_ receiver: Receiver<Event<Element>>) -> any Disposable {
        let sink = MaterializeSink(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class MaterializeSink<Element>: Sink<Element, Event<Element>>,
    @unchecked Sendable  // see SubscriptionNode
{
    override func onNext(_ element: Element) { forwardNext(.next(element)) }

    override func onError(_ error: any Error) {
        forwardNext(.error(error))
        forwardCompleted()
    }

    override func onCompleted() {
        forwardNext(.completed)
        forwardCompleted()
    }
}

private final class DematerializeObservable<Source: EventConvertible>: Observable<Source.Element>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Source>
    init(source: Observable<Source>) { self.source = source }

    override func subscribe(_ receiver: Receiver<Source.Element>) -> any Disposable {
        let sink = DematerializeSink<Source>(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class DematerializeSink<Source: EventConvertible>: Sink<Source, Source.Element>,
    @unchecked Sendable  // see SubscriptionNode
{
    override func onNext(_ element: Source) {
        switch element.event {
        case .next(let value): forwardNext(value)
        case .error(let error): forwardError(error)
        case .completed: forwardCompleted()
        }
    }
}
