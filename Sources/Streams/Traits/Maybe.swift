// A `Maybe` emits one element followed at once by completion, completes empty, or fails.
// `create` builds on `Observable.create`, whose sink drops everything after the first terminal
// event. Subscribers see one outcome: the first event of the observable, as a `MaybeEvent`.

/// The trait of ``Maybe``: at most one element, or an error.
public enum MaybeTrait {}

/// A sequence that emits one element, completes empty, or fails (RxSwift's `Maybe`).
///
/// Its observable emits `.next` followed at once by `.completed`, just `.completed`, or `.error`.
/// Extend it with `extension PrimitiveSequenceType where Trait == MaybeTrait`.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` delivers: its one element, a failure, or completion without an element.
public enum MaybeEvent<Element> {
    /// The one element (the underlying observable emits `.next` then `.completed`).
    case success(Element)
    /// The maybe failed.
    case error(any Error)
    /// The maybe completed without an element.
    case completed
}

extension MaybeEvent: Sendable where Element: Sendable {}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Elements compare with `==`, errors as ``Event`` compares them (``errorsEqual(_:_:)``).
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.success(let l), .success(let r)): return l == r
        case (.error(let l), .error(let r)): return errorsEqual(l, r)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a `create(subscribe:)` body calls with the maybe's outcome.
    public typealias MaybeObserver = @Sendable (MaybeEvent<Element>) -> Void

    /// Creates a maybe from a subscribe closure that calls its observer with `.success`, `.error`
    /// or `.completed` (once; later calls are ignored) and returns a disposable that stops the work.
    ///
    /// Timing: a success is emitted followed at once by completion. Disposal: the returned
    /// disposable is disposed when the maybe terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping MaybeObserver) -> any Disposable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Maybe<Element> {
        Maybe(raw: Observable.create(traitEvents: subscribe, send: { $0.send(to: $1) }, file: file, line: line))
    }

    /// A maybe that completes without an element, synchronously when subscribed.
    public static func empty(file: StaticString = #fileID, line: UInt = #line) -> Maybe<Element> {
        Maybe(raw: Observable.empty(file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The maybe's one outcome: the observable's first event (its element, or its terminal event
    /// when there is none), after which the subscription ends.
    var outcome: Observable<MaybeEvent<Element>> {
        // The operators' internal paths: the public ones would record lines of the library.
        let firstEvent = MaterializeObservable(source: primitiveSequence.source).lift(
            ClosureOperator { CountingSink(.take, remaining: 1, downstream: $0) })
        return MapObservable(source: firstEvent) { event in
            switch event {
            case .next(let element): return .success(element)
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        }
    }

    /// Subscribes with one closure that receives `.success(element)`, `.error(error)` or
    /// `.completed`: exactly one of them, when the maybe terminates.
    public func subscribe(
        _ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        outcome.subscribe(onNext: observer, file: file, line: line)
    }

    /// Subscribes with closures for success, failure and empty completion; at most one of the
    /// three runs (`onCompleted` only when there was no element).
    ///
    /// `onDisposed` runs once, after the outcome has been handled or on disposal. A failure with
    /// no `onError` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        outcome.subscribe(
            onNext: { event in
                switch event {
                case .success(let element): onSuccess?(element)
                case .error(let error): if let onError { onError(error) } else { Hooks.reportUnhandledError(error) }
                case .completed: onCompleted?()
                }
            },
            onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the outcome is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onSuccess: (@Sendable (Owner, Element) -> Void)? = nil,
        onError: (@Sendable (Owner, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        outcome.subscribe(
            with: owner,
            onNext: { owner, event in
                switch event {
                case .success(let element): onSuccess?(owner, element)
                case .error(let error):
                    if let onError { onError(owner, error) } else { Hooks.reportUnhandledError(error) }
                case .completed: onCompleted?(owner)
                }
            },
            onDisposed: onDisposed, file: file, line: line)
    }
}
