// A `Single` emits exactly one element followed at once by completion, or an error. `create`
// builds on `Observable.create`, whose sink drops everything after the first terminal event, so a
// body that calls its observer twice cannot break the promise.

/// The trait of ``Single``: one element, or an error.
public enum SingleTrait {}

/// A sequence that emits exactly one element or an error (RxSwift's `Single`).
///
/// Its observable emits one `.next` followed at once by `.completed`, or one `.error`. Extend it
/// with `extension PrimitiveSequenceType where Trait == SingleTrait`.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` delivers: its one element, or a failure.
public typealias SingleEvent<Element> = Result<Element, any Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a `create(subscribe:)` body calls with the single's result.
    public typealias SingleObserver = @Sendable (SingleEvent<Element>) -> Void

    /// Creates a single from a subscribe closure that calls its observer with `.success(element)`
    /// or `.failure(error)` (once; later calls are ignored) and returns a disposable that stops the
    /// work.
    ///
    /// Timing: a success is emitted followed at once by completion. Disposal: the returned
    /// disposable is disposed when the single terminates or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping SingleObserver) -> any Disposable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Single<Element> {
        Single(raw: Observable.create(traitEvents: subscribe, send: { $0.send(to: $1) }, file: file, line: line))
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Subscribes with one closure that receives `.success(element)` or `.failure(error)`.
    public func subscribe(
        _ observer: @escaping @Sendable (SingleEvent<Element>) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            onNext: { element in observer(.success(element)) },
            onError: { error in observer(.failure(error)) }, file: file, line: line)
    }

    /// Subscribes with closures for success and failure.
    ///
    /// `onDisposed` runs once, after the result has been handled or on disposal. A failure with no
    /// `onFailure` goes to ``Hooks/unhandledError``.
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            onNext: onSuccess, onError: onFailure, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone the result is ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onSuccess: (@Sendable (Owner, Element) -> Void)? = nil,
        onFailure: (@Sendable (Owner, any Error) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        primitiveSequence.source.subscribe(
            with: owner, onNext: onSuccess, onError: onFailure, onDisposed: onDisposed, file: file, line: line)
    }
}
