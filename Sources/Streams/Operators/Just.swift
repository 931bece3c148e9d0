// Concurrency: emits synchronously during `subscribe`; no state, no lock.

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
}

// Unchecked Sendable: immutable after init; per-subscription state lives in sinks
@usableFromInline
final class JustObservable<Element>: Observable<Element>, @unchecked Sendable {
    let element: Element
    @usableFromInline init(_ element: Element) { self.element = element }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        receiver.onNext(element)
        receiver.onCompleted()
        return NopDisposable()
    }
}
