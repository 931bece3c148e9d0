// Sources that terminate or subscribe at once: no state, no lock.
//
// States: none (stateless).

extension Observable {
    /// Emits `element`, then completes, synchronously when subscribed.
    @inlinable  // built in the caller's module, where `JustObservable<Element>`'s metadata is cached
    public static func just(_ element: Element) -> Observable<Element> {
        JustObservable(element)
    }

    /// Emits `element` on `scheduler`, then completes.
    public static func just(_ element: Element, scheduler: some ImmediateSchedulerType) -> Observable<Element>
    where Element: Sendable {
        from([element], scheduler: scheduler)
    }

    /// Completes at once without elements.
    public static func empty() -> Observable<Element> { EmptyObservable() }

    /// Never emits and never terminates.
    public static func never() -> Observable<Element> { NeverObservable() }

    /// Fails at once with `error`.
    public static func error(_ error: any Error) -> Observable<Element> { ErrorObservable(error) }

    /// Calls `factory` for every subscription and subscribes to the observable it returns; a
    /// thrown error becomes the sequence's error.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>
    ) -> Observable<Element> {
        Deferred(factory: factory).asObservable()
    }
}

@usableFromInline
final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let element: Element
    @usableFromInline init(_ element: Element) { self.element = element }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onNext(element)
        receiver.onCompleted()
        return NopDisposable()
    }
}

private final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {  // no state
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onCompleted()
        return NopDisposable()
    }
}

private final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {  // no state
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { NopDisposable() }
}

private final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let error: any Error
    init(_ error: any Error) { self.error = error }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onError(error)
        return NopDisposable()
    }
}

private struct Deferred<Element>: Producer {
    let factory: @Sendable () throws -> Observable<Element>

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        do {
            return try factory().subscribe(receiver)
        } catch {
            receiver.onError(error)
            return NopDisposable()
        }
    }
}
