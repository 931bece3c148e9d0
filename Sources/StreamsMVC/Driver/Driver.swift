import Streams

// Concurrency: a Driver's stream never errors, is shared with the latest element replayed
// (`share(replay: 1)`), and delivers on its scheduler (SharingScheduler.make(): the main
// scheduler, or inside SharingScheduler.mock the test's scheduler), so `drive` closures may be
// main-actor isolated. Under a mock a test may advance from another thread: each closure call is
// checked first (off the main actor it does not run; Hooks.offMainActorDelivery reports it).

/// A UI-facing stream (RxCocoa's `Driver`): it never fails, delivers on the main scheduler, and
/// shares one subscription to its source, replaying the latest element to new subscribers.
///
/// Its scheduler is ``Streams/SharingScheduler/make()`` when the driver is created: inside
/// `SharingScheduler.mock(scheduler:action:)` a test's scheduler, so `drive` closures run in
/// virtual time.
public struct Driver<Element>: @unchecked Sendable {  // wraps an immutable Observable
    private let source: Observable<Element>

    init(shared source: Observable<Element>) {
        self.source = source
    }

    /// A driver of `source`'s elements, delivered on `scheduler` and shared (replay 1).
    /// The app's site (`file`, `line`) is recorded for both operators.
    init(
        _ source: Observable<Element>, deliveredOn scheduler: any ImmediateSchedulerType, file: StaticString,
        line: UInt
    ) {
        self.init(
            shared: source.observe(on: scheduler, file: file, line: line).share(replay: 1, file: file, line: line))
    }

    /// The driver's elements as a plain observable.
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes main-actor closures. Elements arrive on the main actor (with the default
    /// scheduler, mocked or not), so the closures may touch main-actor state.
    ///
    /// Inside `SharingScheduler.mock`, a closure due off the main actor (the test advanced the
    /// mocked scheduler from another thread) does not run: ``Streams/Hooks/offMainActorDelivery``
    /// reports it at the call site (`fileID`, `filePath`, `line`, `column`).
    @MainActor
    public func drive(
        onNext: (@MainActor (Element) -> Void)? = nil, onCompleted: (@MainActor () -> Void)? = nil,
        onDisposed: (@MainActor () -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> any Disposable {
        let handlers = MainActorHandlers(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return source.inspectedSubscriber(as: "drive", at: site).subscribeRecordedClosures(
            onNext: { element in
                guard let onNext = handlers.onNext else { return }
                let element = TransferBox(element)
                MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onNext(element.value) } }
            },
            onError: nil,
            onCompleted: {
                guard let onCompleted = handlers.onCompleted else { return }
                MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onCompleted() } }
            },
            onDisposed: {
                guard let onDisposed = handlers.onDisposed else { return }
                MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onDisposed() } }
            })
    }

    /// Sends the driver's events to `observers`, in order. A subscriber gets the latest element
    /// at once, on the calling thread: call it from the main thread, as RxCocoa requires.
    public func drive<Observer: ObserverType>(
        _ observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        asObservable().inspectedSubscriber(as: "drive", file: file, line: line).subscribe(
            FanOutObserver(observers: observers) { $0 })
    }

    /// A driver of `transform(element)`.
    public func map<Result>(
        _ transform: @escaping @Sendable (Element) -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Result> {
        Driver<Result>(shared: source.map(transform, file: file, line: line).share(replay: 1, file: file, line: line))
    }

    /// A driver of the elements that satisfy `predicate`.
    public func filter(
        _ predicate: @escaping @Sendable (Element) -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Element> {
        Driver(shared: source.filter(predicate, file: file, line: line).share(replay: 1, file: file, line: line))
    }
}

extension Driver where Element: Equatable {
    /// A driver that skips consecutive duplicates.
    public func distinctUntilChanged(file: StaticString = #fileID, line: UInt = #line) -> Driver<Element> {
        Driver(
            shared: source.distinctUntilChanged(file: file, line: line).share(replay: 1, file: file, line: line))
    }
}

/// Sends each event, its element converted, to every observer, in order (`drive(_:)` takes
/// observers that need not be `Sendable`, as `bind(to:)` does, so it cannot wrap them in an
/// `AnyObserver`).
struct FanOutObserver<Element, Observer: ObserverType>: ObserverType {
    let observers: [Observer]
    let convert: (Element) -> Observer.Element

    func on(_ event: Event<Element>) {
        let converted = event.map(convert)
        for observer in observers { observer.on(converted) }
    }
}

// Unchecked Sendable: the closures run only inside MainActor.assumeIsolated, after MainActorCheck
/// Main-actor closures carried through a nonisolated subscription; only called on the main actor.
private struct MainActorHandlers<Element>: @unchecked Sendable {
    let onNext: (@MainActor (Element) -> Void)?
    let onCompleted: (@MainActor () -> Void)?
    let onDisposed: (@MainActor () -> Void)?
}

extension ObservableConvertibleType {
    /// A driver that replaces an error with `onErrorJustReturn` and completes.
    public func asDriver(
        onErrorJustReturn: Element, scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
        file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Element> {
        let fallback = TransferBox(onErrorJustReturn)
        return Driver(
            asObservable().catchAndReturn(fallback.value, file: file, line: line).inspected(
                as: "asDriver(onErrorJustReturn:)", file: file, line: line), deliveredOn: scheduler, file: file,
            line: line)
    }

    /// A driver that replaces an error with the elements of `onErrorRecover(error)`.
    public func asDriver(
        onErrorRecover: @escaping @Sendable (any Error) -> Driver<Element>,
        scheduler: any ImmediateSchedulerType = SharingScheduler.make(), file: StaticString = #fileID,
        line: UInt = #line
    ) -> Driver<Element> {
        Driver(
            asObservable().catch({ onErrorRecover($0).asObservable() }, file: file, line: line).inspected(
                as: "asDriver(onErrorRecover:)", file: file, line: line), deliveredOn: scheduler, file: file, line: line
        )
    }

    /// A driver that continues with `onErrorDriveWith` after an error.
    public func asDriver(
        onErrorDriveWith: Driver<Element>, scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
        file: StaticString = #fileID, line: UInt = #line
    ) -> Driver<Element> {
        Driver(
            asObservable().catch({ _ in onErrorDriveWith.asObservable() }, file: file, line: line).inspected(
                as: "asDriver(onErrorDriveWith:)", file: file, line: line), deliveredOn: scheduler, file: file,
            line: line)
    }
}

extension ObservableType {
    /// Emits the elements of `self`, then, once it completed, those of `second` (RxMVC
    /// controllers end an inner stream with `asDriver(onErrorRecover:)`).
    ///
    /// Timing: `second` is subscribed when `self` completes; disposal disposes the running source.
    public func concat(_ second: Driver<Element>, file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element
    > {
        concat(second.asObservable(), file: file, line: line)
    }
}

extension Driver {
    /// A driver of one element.
    public static func just(
        _ element: Element, scheduler: any ImmediateSchedulerType = SharingScheduler.make(),
        file: StaticString = #fileID, line: UInt = #line
    )
        -> Driver<Element>
    {
        Driver(Observable.just(element, file: file, line: line), deliveredOn: scheduler, file: file, line: line)
    }

    /// A driver that completes at once.
    public static func empty(file: StaticString = #fileID, line: UInt = #line) -> Driver<Element> {
        Driver(shared: .empty(file: file, line: line))
    }
}
