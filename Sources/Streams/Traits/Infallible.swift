// Concurrency: an `Infallible` is an immutable wrapper around an `Observable` that never fails.
// `create` funnels the user's events through a sink that drops everything after completion.
// The `asInfallible` conversions catch the source's error (see TraitSwitch.swift).

/// What an ``Infallible`` create body sends: an element or completion.
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)
    /// The sequence finished.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

/// A sequence that never fails: it emits elements and may complete (RxSwift's `Infallible`).
public struct Infallible<Element>: Sendable {
    /// The observable that never emits `.error`.
    let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees never fails.
    init(unchecked source: Observable<Element>) { self.source = source }

    /// The underlying observable (it never emits `.error`).
    public func asObservable() -> Observable<Element> { source }
}

extension Infallible {
    /// The closure a ``create(subscribe:)`` body calls with each event.
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// Creates an infallible sequence from a subscribe closure that sends `.next` and `.completed`
    /// (calls after `.completed` are ignored) and returns a disposable that stops the work.
    ///
    /// Disposal: the returned disposable is disposed when the sequence completes or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping InfallibleObserver) -> any Disposable
    ) -> Infallible<Element> {
        Infallible(unchecked: InfallibleCreateObservable(subscribe))
    }

    /// Emits `element`, then completes, synchronously when subscribed.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(unchecked: Observable.just(element))
    }

    /// Emits each element of `sequence`, then completes (synchronously when subscribed).
    public static func from<S: Sequence>(_ sequence: S) -> Infallible<Element> where S.Element == Element {
        Infallible(unchecked: Observable.from(sequence))
    }

    /// Emits the arguments, then completes (synchronously when subscribed).
    public static func of(_ elements: Element...) -> Infallible<Element> {
        Infallible(unchecked: Observable.from(elements))
    }

    /// Completes at once without elements.
    public static func empty() -> Infallible<Element> { Infallible(unchecked: Observable.empty()) }

    /// Never emits and never completes.
    public static func never() -> Infallible<Element> { Infallible(unchecked: Observable.never()) }
}

extension Infallible {
    /// Subscribes with closures for elements and completion.
    ///
    /// `onDisposed` runs once, after completion or on disposal.
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone events are ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onNext: (@Sendable (Owner, Element) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(with: owner, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with one closure that receives every event (never `.error`).
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
        source.subscribe(on)
    }

    /// Subscribes with an element handler only.
    public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
        source.subscribe(onNext: onNext)
    }

    /// Emits `transform(element)` for each element.
    public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.map(transform))
    }

    /// Emits only the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
        Infallible(unchecked: source.filter(predicate))
    }
}

extension ObservableType {
    /// An infallible sequence that, if this one fails, emits `element` and completes instead.
    ///
    /// The source's subscription ends with its error; the element and completion follow at once.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        let fallback = Observable.just(element)
        return Infallible(unchecked: TraitCatchObservable(source: asObservable()) { _ in fallback })
    }

    /// An infallible sequence that, if this one fails, continues with `infallible`'s events.
    ///
    /// `infallible` is subscribed at the moment of the source's error.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        let fallback = infallible.source
        return Infallible(unchecked: TraitCatchObservable(source: asObservable()) { _ in fallback })
    }

    /// An infallible sequence that, if this one fails, continues with the events of the
    /// infallible sequence `handler` returns for the error.
    ///
    /// The recovery sequence is subscribed at the moment of the source's error.
    public func asInfallible(
        onErrorRecover handler: @escaping @Sendable (any Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        Infallible(unchecked: TraitCatchObservable(source: asObservable()) { error in handler(error).source })
    }
}

private final class InfallibleCreateObservable<Element>: Observable<Element>,
    @unchecked Sendable  // immutable after init
{
    let body: @Sendable (@escaping Infallible<Element>.InfallibleObserver) -> any Disposable
    init(_ body: @escaping @Sendable (@escaping Infallible<Element>.InfallibleObserver) -> any Disposable) {
        self.body = body
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = PassThroughSink(downstream: receiver)
        sink.setUpstream(body(InfallibleEmitter(sink: sink).on))
        return sink
    }
}

/// Turns infallible events into the underlying observable's events.
private struct InfallibleEmitter<Element>: Sendable {
    let sink: PassThroughSink<Element>

    @Sendable func on(_ event: InfallibleEvent<Element>) {
        switch event {
        case .next(let element): sink.onNext(element)
        case .completed: sink.onCompleted()
        }
    }
}
