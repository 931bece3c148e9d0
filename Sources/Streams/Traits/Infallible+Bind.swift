// Making an `Infallible` and binding one: `asInfallible` decides what becomes of a source's
// error (the observable `catch`/`catchAndReturn`), relays convert as they are (they never fail),
// and `bind(to:)` sends elements on (an infallible has no error to route, so binding is safe).

extension ObservableConvertibleType {
    /// An infallible sequence that, if this one fails, emits `element` and completes instead.
    ///
    /// Timing: the source's subscription ends with its error; the element and completion follow
    /// at once.
    public func asInfallible(onErrorJustReturn element: Element, file: StaticString = #fileID, line: UInt = #line)
        -> Infallible<Element>
    {
        Infallible(
            asObservable().catchAndReturn(element, file: file, line: line).inspected(
                as: "asInfallible(onErrorJustReturn:)", file: file, line: line))
    }

    /// An infallible sequence that, if this one fails, continues with `infallible`'s events.
    ///
    /// Timing: `infallible` is subscribed at the moment of the source's error.
    public func asInfallible(
        onErrorFallbackTo infallible: Infallible<Element>, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        let fallback = infallible.source
        return Infallible(
            asObservable().catch({ _ in fallback }, file: file, line: line).inspected(
                as: "asInfallible(onErrorFallbackTo:)", file: file, line: line))
    }

    /// An infallible sequence that, if this one fails, continues with the events of the
    /// infallible sequence `handler` returns for the error.
    ///
    /// Timing: the recovery sequence is subscribed at the moment of the source's error.
    public func asInfallible(
        onErrorRecover handler: @escaping @Sendable (any Error) -> Infallible<Element>, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().catch({ error in handler(error).source }, file: file, line: line).inspected(
                as: "asInfallible(onErrorRecover:)", file: file, line: line))
    }
}

extension PublishRelay {
    /// The relay's elements as an infallible sequence (it never terminates).
    public func asInfallible(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().inspected(as: "asInfallible", file: file, line: line))
    }
}

extension BehaviorRelay {
    /// The relay's current value, then its later values, as an infallible sequence (it never
    /// terminates).
    public func asInfallible(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().inspected(as: "asInfallible", file: file, line: line))
    }
}

extension ReplayRelay {
    /// The relay's replayed and later elements as an infallible sequence (it never terminates).
    public func asInfallible(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().inspected(as: "asInfallible", file: file, line: line))
    }
}

extension InfallibleType {
    /// Sends every event to each observer, in order.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            ClosureObserver { event in for observer in observers { observer.on(event) } })
    }

    /// Sends every event to each observer of optional elements, in order.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element? {
        inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            ClosureObserver { event in for observer in observers { observer.on(event.map(Optional.some)) } })
    }

    /// Subscribes with an element handler only.
    public func bind(onNext: @escaping @Sendable (Element) -> Void, file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        asObservable().subscribeClosures(as: "bind", onNext: onNext, file: file, line: line)
    }

    /// Sends every element to the relays (they never terminate, so completion is not forwarded).
    public func bind(to relays: PublishRelay<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends every element to the relays of optional elements.
    public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends every element to the relays.
    public func bind(to relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends every element to the relays of optional elements.
    public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends every element to the relays.
    public func bind(to relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends every element to the relays of optional elements.
    public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        bind(onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }
}
