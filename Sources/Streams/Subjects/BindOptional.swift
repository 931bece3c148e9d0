// `bind(to:)` into relays and observers of optional elements (RxSwift's RxRelay and RxCocoa
// spellings): each element is sent wrapped as `.some`. Timing: as the non-optional forms — every
// element is sent as it arrives; observers also receive the stop event, relays never do.

extension ObservableType {
    /// Sends every element, as an optional, to each observer, then the stop event.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element? {
        inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            ClosureObserver { event in
                let wrapped: Event<Element?> =
                    switch event {
                    case .next(let element): .next(element)
                    case .error(let error): .error(error)
                    case .completed: .completed
                    }
                for observer in observers { observer.on(wrapped) }
            })
    }

    /// Sends every element, as an optional, to the relays (stop events are not forwarded).
    public func bind(to relays: PublishRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        sendElements(file: file, line: line) { element in for relay in relays { relay.accept(element) } }
    }

    /// Sends every element, as an optional, to the relays (stop events are not forwarded).
    public func bind(to relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        sendElements(file: file, line: line) { element in for relay in relays { relay.accept(element) } }
    }

    /// Sends every element, as an optional, to the relays (stop events are not forwarded).
    public func bind(to relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        sendElements(file: file, line: line) { element in for relay in relays { relay.accept(element) } }
    }

    /// Subscribes `send` to the elements only.
    private func sendElements(
        file: StaticString, line: UInt, _ send: @escaping @Sendable (Element) -> Void
    ) -> any Disposable {
        inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            AnyObserver { event in
                if case .next(let element) = event { send(element) }
            })
    }
}
