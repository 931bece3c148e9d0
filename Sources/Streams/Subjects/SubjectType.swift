/// An observable that is also reachable as an observer (RxSwift's `SubjectType`): what
/// `multicast` pushes the source's events into.
public protocol SubjectType<Element>: ObservableType {
    /// The type of the subject's observer side (usually the subject itself).
    associatedtype Observer: ObserverType

    /// The subject's observer side.
    func asObserver() -> Observer
}

extension PublishSubject: SubjectType {
    /// The subject as an observer: the subject itself, as in RxSwift.
    public func asObserver() -> PublishSubject<Element> { self }
}

extension BehaviorSubject: SubjectType {
    /// The subject as an observer: the subject itself, as in RxSwift.
    public func asObserver() -> BehaviorSubject<Element> { self }
}

extension ReplaySubject: SubjectType {
    /// The subject as an observer: the subject itself, as in RxSwift.
    public func asObserver() -> ReplaySubject<Element> { self }
}

extension AsyncSubject: SubjectType {
    /// The subject as an observer: the subject itself, as in RxSwift.
    public func asObserver() -> AsyncSubject<Element> { self }
}

/// An observable that shares one subscription to its source, made when ``connect()`` is called
/// (RxSwift's `ConnectableObservableType`).
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Subscribes the shared subject to the source, if not already connected; disposing the
    /// result disconnects.
    func connect() -> any Disposable
}
