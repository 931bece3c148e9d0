import Dispatch

// Concurrency: `MainActorObservable` wraps an `observe(on: MainScheduler)` chain, so every event
// reaches its subscription node on the main queue, serialized. The node runs the caller's
// `@MainActor` closures with `MainActor.assumeIsolated`; under `SharingScheduler.mock` a test
// may advance from another thread, so each call is first checked (`MainActorCheck.run`): off the
// main actor the closure does not run and `Hooks.offMainActorDelivery` reports its call site.
// The node's handlers are immutable; its disposal state is SubscriptionNode's.
//
// States: subscribed (the main-actor handlers run); ended (a terminal event was handled on the
// main queue, or disposal; `onDisposed` runs once).

extension ObservableType {
    /// Delivers every event on the main queue and returns a ``MainActorObservable``, whose
    /// `subscribe` and `bind` accept `@MainActor` closures that may touch main-actor state.
    ///
    /// Timing is that of `observe(on:)` with `scheduler`: one main-queue dispatch per event,
    /// scheduled when the event arrives, so it is delivered before work scheduled on the main queue
    /// after it (with ``MainScheduler/instance``, an event already on the main thread with nothing
    /// queued is delivered at once). Use `asObservable()` to keep chaining operators.
    ///
    /// Inside `SharingScheduler.mock(scheduler:action:)` the events are delivered on the mocked
    /// scheduler instead (resolved here, when the chain is built), so main-actor code can be
    /// tested in virtual time.
    public func observe(on scheduler: MainScheduler) -> MainActorObservable<Element> {
        let delivery: any ImmediateSchedulerType = SharingScheduler.mockedScheduler ?? scheduler
        return MainActorObservable(observedOn(delivery))
    }
}

/// An observable whose events are delivered on the main queue, so it can be subscribed with
/// `@MainActor` closures. Create it with `observe(on: MainScheduler.instance)`.
///
/// It deliberately does not conform to ``ObservableType``: with the protocol's `@Sendable`
/// `subscribe(onNext:)` also in scope, a closure touching main-actor state would resolve to the
/// wrong overload. Call ``asObservable()`` to keep chaining operators.
public struct MainActorObservable<Element>: Sendable {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) { self.source = source }

    /// Subscribes `observer`; it receives events on the main queue.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The underlying observable (events still arrive on the main queue).
    public func asObservable() -> Observable<Element> { source }

    /// Subscribes with main-actor closures for each kind of event.
    ///
    /// `onDisposed` runs once: right after the terminal event, or, on disposal, asynchronously on
    /// the main queue. An error with no `onError` goes to ``Hooks/unhandledError``.
    ///
    /// Inside `SharingScheduler.mock`, a closure due off the main actor (the test advanced the
    /// mocked scheduler from another thread) does not run: ``Hooks/offMainActorDelivery`` reports
    /// it at the call site (`fileID`, `filePath`, `line`, `column`).
    public func subscribe(
        onNext: (@MainActor (Element) -> Void)? = nil,
        onError: (@MainActor (any Error) -> Void)? = nil,
        onCompleted: (@MainActor () -> Void)? = nil,
        onDisposed: (@MainActor () -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> any Disposable {
        subscribe(
            as: "subscribe", onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// `subscribe(onNext:…)`, recorded by the ``Inspector`` as the subscriber `name` at `site`.
    private func subscribe(
        as name: StaticString, onNext: (@MainActor (Element) -> Void)?, onError: (@MainActor (any Error) -> Void)?,
        onCompleted: (@MainActor () -> Void)?, onDisposed: (@MainActor () -> Void)?, at site: CallSite
    ) -> any Disposable {
        let node = MainActorNode(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, site: site)
        node.setUpstream(source.inspectedSubscriber(as: name, at: site).subscribe(node))
        return node.handle
    }

    /// Subscribes with main-actor closures that receive `owner` as long as it is alive; `owner`
    /// is held weakly, and once it is gone events are ignored.
    public func subscribe<Owner: AnyObject>(
        with owner: Owner,
        onNext: (@MainActor (Owner, Element) -> Void)? = nil,
        onError: (@MainActor (Owner, any Error) -> Void)? = nil,
        onCompleted: (@MainActor (Owner) -> Void)? = nil,
        onDisposed: (@MainActor (Owner) -> Void)? = nil,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> any Disposable {
        let weakOwner = MainActorWeakBox(owner)
        return subscribe(
            onNext: onNext.map { handler in
                { @MainActor element in if let owner = weakOwner.value { handler(owner, element) } }
            },
            onError: onError.map { handler in
                { @MainActor error in if let owner = weakOwner.value { handler(owner, error) } }
            },
            onCompleted: onCompleted.map { handler in
                { @MainActor in if let owner = weakOwner.value { handler(owner) } }
            },
            onDisposed: onDisposed.map { handler in
                { @MainActor in if let owner = weakOwner.value { handler(owner) } }
            }, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Subscribes with a main-actor element handler only (errors go to ``Hooks/unhandledError``).
    public func bind(
        onNext: @escaping @MainActor (Element) -> Void,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> any Disposable {
        subscribe(
            as: "bind", onNext: onNext, onError: nil, onCompleted: nil, onDisposed: nil,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends every event to each observer, on the main queue.
    public func bind<Observer: ObserverType>(
        to observers: Observer..., file: StaticString = #fileID, line: UInt = #line
    ) -> any Disposable
    where Observer.Element == Element {
        source.inspectedSubscriber(as: "bind", file: file, line: line).subscribe(
            ClosureObserver { event in for observer in observers { observer.on(event) } })
    }

    /// Sends every element to the relays, on the main queue.
    public func bind(to relays: Relay<Element>..., file: StaticString = #fileID, line: UInt = #line) -> any Disposable {
        source.subscribeClosures(
            as: "bind", onNext: { element in for relay in relays { relay.accept(element) } }, file: file, line: line)
    }
}

// Unchecked Sendable: handlers immutable; see SubscriptionNode
/// The subscription node behind `MainActorObservable.subscribe`: calls main-actor closures from
/// the main queue.
private final class MainActorNode<Element>: ConsumerNode<Element>, @unchecked Sendable {
    let onNextHandler: (@MainActor (Element) -> Void)?
    let onErrorHandler: (@MainActor (any Error) -> Void)?
    let onCompletedHandler: (@MainActor () -> Void)?
    let onDisposedHandler: (@MainActor () -> Void)?
    /// Where the handlers were given, for a report when one is due off the main actor.
    let site: CallSite
    /// Set by the terminal event (on the main queue) before teardown reads it on the same thread.
    private var terminatedOnMainQueue = false

    init(
        onNext: (@MainActor (Element) -> Void)?, onError: (@MainActor (any Error) -> Void)?,
        onCompleted: (@MainActor () -> Void)?, onDisposed: (@MainActor () -> Void)?, site: CallSite
    ) {
        self.site = site
        onNextHandler = onNext
        onErrorHandler = onError
        onCompletedHandler = onCompleted
        onDisposedHandler = onDisposed
    }

    override func onNext(_ element: Element) {
        guard !isDisposed, let onNextHandler else { return }
        // The element was handed over on the main queue (or, under a mock, checked to be).
        let transfer = MainThreadTransfer(element)
        MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onNextHandler(transfer.value) } }
    }

    override func onError(_ error: any Error) {
        guard let previous = markDisposed() else { return }
        terminatedOnMainQueue = true
        if let onErrorHandler {
            MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onErrorHandler(error) } }
        } else {
            Hooks.reportUnhandledError(error)
        }
        tearDown(previousState: previous)
    }

    override func onCompleted() {
        guard let previous = markDisposed() else { return }
        terminatedOnMainQueue = true
        if let onCompletedHandler {
            MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onCompletedHandler() } }
        }
        tearDown(previousState: previous)
    }

    override func consumerEnded() {
        guard let onDisposedHandler else { return }
        if terminatedOnMainQueue {
            MainActorCheck.run(givenAt: site) { MainActor.assumeIsolated { onDisposedHandler() } }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { onDisposedHandler() } }
        }
    }
}

/// Carries a value from the main queue into `MainActor.assumeIsolated` on the same thread.
private struct MainThreadTransfer<Value>: @unchecked Sendable {  // created and consumed on the main thread only
    let value: Value
    init(_ value: Value) { self.value = value }
}

// Unchecked Sendable: `value` is read only on the main thread
/// A weak reference read only on the main actor.
private final class MainActorWeakBox<Value: AnyObject>: @unchecked Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
