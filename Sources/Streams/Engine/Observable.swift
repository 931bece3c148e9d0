extension ObservableType {
    /// An observable that subscribes this sequence's `subscribe(_:)` for each of its subscribers
    /// (the default for a type that does not provide one, as in RxSwift).
    ///
    /// Timing: subscribing subscribes this sequence at once; its terminal event releases the
    /// subscription, and disposal disposes it.
    public func asObservable() -> Observable<Element> { Adapted(source: self).asObservable() }
}

/// The observable of an ``ObservableType`` that has only `subscribe(_:)`.
private struct Adapted<Source: ObservableType>: Producer {
    let source: Source

    func subscribe(_ receiver: Receiver<Source.Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(source.subscribe(ReceiverObserver(receiver: sink)))
        return sink
    }
}

/// The erased observable: the type every operator returns.
///
/// An observable is an immutable description of work; each subscription gets its own operator
/// state (cold semantics) unless an operator such as `share` says otherwise.
///
/// `Observable` is `Sendable` whatever its `Element`: subclasses store only `let` properties set
/// in `init`, or guard their state with a lock. `Element` is not required to be `Sendable`, so
/// apps with non-`Sendable` models can stream them on one thread; moving such elements between
/// threads (with `observe(on:)` and friends) is the app's responsibility, as documented in
/// Docs/Concurrency.md.
public class Observable<Element>: ObservableType, @unchecked Sendable {  // immutable after init, or lock-guarded
    @usableFromInline init() {}

    /// Subscribes an internal receiver. Subclasses override this; it returns the subscription.
    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        preconditionFailure("abstract")
    }

    /// The observable as a stage of a pipeline, if it is an element-wise operator's (see
    /// ``PipelineStage``); `nil` for every other observable.
    var pipelineStage: (any PipelineStage)? { nil }

    /// Whether ``pipelineStage`` is not `nil`, asked without building (and retaining) the stage.
    var isPipelineStage: Bool { false }

    /// As a pipeline stage after the head: runs the stage on `element` (its input and output type
    /// are both `Element`), as stage `index` of `pipeline`.
    func runStage<Input>(_ element: Element, in pipeline: Pipeline<Input, Element>, at index: Int) throws {
        preconditionFailure("not a pipeline stage")
    }

    /// Subscribes `observer`; after the returned disposable's `dispose()` returns, `observer`
    /// receives nothing more.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        let node = ObserverNode(observer)
        node.setUpstream(subscribe(node))
        return node.handle
    }

    /// Returns `self`.
    ///
    /// Final and inlinable: every operator asks its source for it when applied, and a call that
    /// stays virtual costs a call and a retain and release each time (Docs/Performance.md, S4b).
    @inlinable
    public final func asObservable() -> Observable<Element> { self }
}
