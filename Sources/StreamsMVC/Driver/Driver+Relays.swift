import Streams

// RxCocoa's conversions that need no error fallback (a relay or an infallible never fails) and
// its `drive` forms for relays and for observers of optionals. Timing: as `drive(_:)` for
// observers — each element is sent as the driver delivers it, on its scheduler; relays never
// end, so the driver's completion is not forwarded to them.

extension BehaviorRelay {
    /// The relay's current value, then its later values, as a driver (RxCocoa's `asDriver()`: a
    /// relay never fails, so there is no error to replace).
    public func asDriver(
        scheduler: any ImmediateSchedulerType = SharingScheduler.make(), file: StaticString = #fileID,
        line: UInt = #line
    ) -> Driver<Element> {
        Driver(
            asObservable().inspected(as: "asDriver", file: file, line: line), deliveredOn: scheduler, file: file,
            line: line)
    }
}

extension InfallibleType {
    /// The infallible sequence as a driver (RxCocoa's `asDriver()`: it never fails, so there is no
    /// error to replace).
    public func asDriver(
        scheduler: any ImmediateSchedulerType = SharingScheduler.make(), file: StaticString = #fileID,
        line: UInt = #line
    ) -> Driver<Element> {
        Driver(
            asObservable().inspected(as: "asDriver", file: file, line: line), deliveredOn: scheduler, file: file,
            line: line)
    }
}

extension Driver {
    /// Sends the driver's events, elements as optionals, to `observers`, in order.
    public func drive<Observer: ObserverType>(
        _ observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element? {
        asObservable().inspectedSubscriber(as: "drive", file: file, line: line).subscribe(
            FanOutObserver(observers: observers) { Optional.some($0) })
    }

    /// Sends the driver's elements to `relays` (its completion is not forwarded: relays never end).
    public func drive(_ relays: BehaviorRelay<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        asObservable().subscribeClosures(
            as: "drive", onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends the driver's elements, as optionals, to `relays`.
    public func drive(_ relays: BehaviorRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        asObservable().subscribeClosures(
            as: "drive", onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends the driver's elements to `relays` (its completion is not forwarded: relays never end).
    public func drive(_ relays: ReplayRelay<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        asObservable().subscribeClosures(
            as: "drive", onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }

    /// Sends the driver's elements, as optionals, to `relays`.
    public func drive(_ relays: ReplayRelay<Element?>..., file: StaticString = #fileID, line: UInt = #line)
        -> any Disposable
    {
        asObservable().subscribeClosures(
            as: "drive", onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }
}
