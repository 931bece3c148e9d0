// An `Infallible` is an immutable wrapper around an `Observable` that never fails. `create`
// builds on `Observable.create`, whose sink drops everything after completion. Its operators take
// closures that cannot throw, so none of them can introduce an error; each is the observable
// operator of the same name (Infallible+Operators.swift, Infallible+Combining.swift).

/// What an ``Infallible`` delivers: an element or completion.
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)
    /// The sequence finished.
    case completed
}

extension InfallibleEvent: Sendable where Element: Sendable {}

extension InfallibleEvent: Equatable where Element: Equatable {}

/// A type that is an ``Infallible``: the protocol its operators extend, as in RxSwift.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never fails: it emits elements and may complete (RxSwift's `Infallible`).
public struct Infallible<Element>: InfallibleType, Sendable {
    /// The observable that never emits `.error`.
    let source: Observable<Element>

    /// Wraps `source`, which the caller guarantees never fails.
    init(_ source: Observable<Element>) { self.source = source }

    /// The underlying observable (it never emits `.error`).
    public func asObservable() -> Observable<Element> { source }
}

extension Infallible {
    /// The closure a ``create(subscribe:file:line:)`` body calls with each event.
    public typealias InfallibleObserver = @Sendable (InfallibleEvent<Element>) -> Void

    /// Creates an infallible sequence from a subscribe closure that sends `.next` and `.completed`
    /// (calls after `.completed` are ignored) and returns a disposable that stops the work.
    ///
    /// Disposal: the returned disposable is disposed when the sequence completes or is disposed.
    public static func create(
        subscribe: @escaping @Sendable (@escaping InfallibleObserver) -> any Disposable, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(Observable.create(traitEvents: subscribe, send: { $0.send(to: $1) }, file: file, line: line))
    }
}

extension InfallibleType {
    /// Subscribes with closures for elements and completion.
    ///
    /// `onDisposed` runs once, after completion or on disposal.
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes with closures that receive `owner` as long as it is alive; `owner` is held
    /// weakly, and once it is gone events are ignored.
    public func subscribe<Owner: AnyObject & Sendable>(
        with owner: Owner,
        onNext: (@Sendable (Owner, Element) -> Void)? = nil,
        onCompleted: (@Sendable (Owner) -> Void)? = nil,
        onDisposed: (@Sendable (Owner) -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            with: owner, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed, file: file, line: line)
    }

    /// Subscribes with one closure that receives every event.
    public func subscribe(
        _ on: @escaping @Sendable (InfallibleEvent<Element>) -> Void, file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable {
        asObservable().subscribe(
            onNext: { element in on(.next(element)) }, onCompleted: { on(.completed) }, file: file, line: line)
    }
}
