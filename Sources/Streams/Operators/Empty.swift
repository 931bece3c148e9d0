// Sources that terminate or subscribe at once: no state, no lock.
//
// States: none (stateless).

extension Observable {
    /// Emits `element`, then completes, synchronously when subscribed.
    @inlinable  // built in the caller's module, where `JustObservable<Element>`'s metadata is cached
    public static func just(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element>
    {
        JustObservable(element).inspected(as: "just", file: file, line: line)
    }

    /// Emits `element` on `scheduler`, then completes.
    public static func just(
        _ element: Element, scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element>
    where Element: Sendable {
        pullingElements(of: [element], scheduler: scheduler).inspected(as: "just", file: file, line: line)
    }

    /// Completes at once without elements.
    public static func empty(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        EmptyObservable().inspected(as: "empty", file: file, line: line)
    }

    /// Never emits and never terminates.
    public static func never(file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        NeverObservable().inspected(as: "never", file: file, line: line)
    }

    /// Fails at once with `error`.
    public static func error(_ error: any Error, file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element
    > { ErrorObservable(error).inspected(as: "error", file: file, line: line) }

    /// Calls `factory` for every subscription and subscribes to the observable it returns; a
    /// thrown error becomes the sequence's error.
    public static func deferred(
        _ factory: @escaping @Sendable () throws -> Observable<Element>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        Deferred(factory: factory).asObservable().inspected(as: "deferred", file: file, line: line)
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

final class EmptyObservable<Element>: Observable<Element>, @unchecked Sendable {  // no state
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onCompleted()
        return NopDisposable()
    }
}

private final class NeverObservable<Element>: Observable<Element>, @unchecked Sendable {  // no state
    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable { NopDisposable() }
}

final class ErrorObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let error: any Error
    init(_ error: any Error) { self.error = error }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onError(error)
        return NopDisposable()
    }
}

struct Deferred<Element>: Producer {
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
