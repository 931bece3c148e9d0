// The single-source operators of `Infallible`, as RxSwift has them. Each applies the observable
// operator of the same name to the infallible's observable, so its timing rule is that
// operator's; the closures cannot throw, so no operator here can introduce an error.

extension InfallibleType {
    /// Emits `element`, then completes, synchronously when subscribed.
    public static func just(_ element: Element, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element>
    { Infallible(.just(element, file: file, line: line)) }

    /// Emits `element`, then completes, on `scheduler` (scheduled at subscription).
    public static func just(
        _ element: Element, scheduler: some ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element>
    where Element: Sendable {
        Infallible(.just(element, scheduler: scheduler, file: file, line: line))
    }

    /// Never emits and never completes.
    public static func never(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(.never(file: file, line: line))
    }

    /// Completes at once without elements.
    public static func empty(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(.empty(file: file, line: line))
    }

    /// Calls `factory` for every subscription (on the subscribing thread, at subscription) and
    /// subscribes to the sequence it returns.
    public static func deferred(
        _ factory: @escaping @Sendable () -> Infallible<Element>, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(.deferred({ factory().source }, file: file, line: line))
    }

    /// Emits each element of `sequence`, then completes, on `scheduler` (by default the
    /// current-thread trampoline), as the observable `from`.
    public static func from<S: Sequence>(
        _ sequence: S, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> where S.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler, file: file, line: line))
    }

    /// Emits the arguments, then completes, on `scheduler` (by default the current-thread
    /// trampoline), as the observable `of`.
    public static func of(
        _ elements: Element..., scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler, file: file, line: line))
    }

    /// Emits `transform(element)` for each element.
    public func map<Result>(
        _ transform: @escaping @Sendable (Element) -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(asObservable().map(transform, file: file, line: line))
    }

    /// Emits `transform(element)` for each element where it is not `nil`.
    public func compactMap<Result>(
        _ transform: @escaping @Sendable (Element) -> Result?, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Result> {
        Infallible<Result>(asObservable().compactMap(transform, file: file, line: line))
    }

    /// Emits only the elements for which `predicate` returns `true`.
    public func filter(
        _ predicate: @escaping @Sendable (Element) -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate, file: file, line: line))
    }

    /// Emits an element only when its key differs from the previous element's key.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @Sendable (Element) -> Key, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, file: file, line: line))
    }

    /// Emits an element only when `comparer` finds it different from the previous element.
    public func distinctUntilChanged(
        _ comparer: @escaping @Sendable (Element, Element) -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer, file: file, line: line))
    }

    /// Emits an element only when `comparer` finds its key different from the previous key.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping @Sendable (Element) -> Key, comparer: @escaping @Sendable (Key, Key) -> Bool,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer, file: file, line: line))
    }

    /// Emits an element only when its property at `keyPath` differs from the previous element's.
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: any KeyPath<Element, Property> & Sendable, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath, file: file, line: line))
    }

    /// Emits an element once `dueTime` has passed on `scheduler` without a newer one.
    ///
    /// Timing: as the observable `debounce`; completion emits the pending element first.
    public func debounce(
        _ dueTime: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler, file: file, line: line))
    }

    /// Emits at most one element per `dueTime` on `scheduler` (with `latest`, the last one of the
    /// window at its end).
    ///
    /// Timing: as the observable `throttle`.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: some SchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler, file: file, line: line))
    }

    /// Emits the latest element at the end of each `duration` that the first element after a quiet
    /// period starts on `scheduler` (RxJS's `auditTime`).
    ///
    /// Timing: as the observable `audit`; completion with a held element waits for the timer to
    /// emit it.
    public func audit(
        _ duration: RxTimeInterval, scheduler: some SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().audit(duration, scheduler: scheduler, file: file, line: line))
    }

    /// Emits each intermediate result of folding the elements into `seed`, in place.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping @Sendable (inout Seed, Element) -> Void, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(into: seed, accumulator: accumulator, file: file, line: line))
    }

    /// Emits each intermediate result of folding the elements into `seed`.
    public func scan<Seed>(
        _ seed: Seed, accumulator: @escaping @Sendable (Seed, Element) -> Seed, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator, file: file, line: line))
    }

    /// Emits the first `count` elements, then completes (at once for `0`).
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().take(count, file: file, line: line))
    }

    /// Emits elements while `predicate` holds, then completes (`behavior` says whether the first
    /// element that fails it is emitted).
    public func take(
        while predicate: @escaping @Sendable (Element) -> Bool, behavior: TakeBehavior = .exclusive,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior, file: file, line: line))
    }

    /// Skips the first `count` elements.
    public func skip(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().skip(count, file: file, line: line))
    }

    /// Skips elements while `predicate` holds, then emits the rest.
    public func skip(
        while predicate: @escaping @Sendable (Element) -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate, file: file, line: line))
    }

    /// Runs side effects around the events: the observable `do` (the closures cannot throw).
    ///
    /// Timing: `onNext`/`onCompleted` before the event is forwarded, `afterNext`/`afterCompleted`
    /// after it; `onDispose` once, after the subscription to the source has been disposed.
    public func `do`(
        onNext: (@Sendable (Element) -> Void)? = nil,
        afterNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        afterCompleted: (@Sendable () -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose, file: file, line: line))
    }

    /// Prints the subscription, each event and the disposal, as the observable `debug`.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false,
        file: String = #file, line: UInt = #line, function: String = #function
    ) -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension InfallibleType where Element: Equatable {
    /// Emits an element only when it differs from the previous one.
    public func distinctUntilChanged(file: StaticString = #fileID, line: UInt = #line) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(file: file, line: line))
    }
}
