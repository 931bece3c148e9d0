// The single-source operators of `Infallible`, as RxSwift has them. Each applies the observable
// operator of the same name to the infallible's observable, so its timing rule is that
// operator's; the closures cannot throw, so no operator here can introduce an error.

extension InfallibleType {
    /// Emits `element`, then completes, synchronously when subscribed.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(.just(element)) }

    /// Emits `element`, then completes, on `scheduler` (scheduled at subscription).
    public static func just(_ element: Element, scheduler: some ImmediateSchedulerType) -> Infallible<Element>
    where Element: Sendable {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// Never emits and never completes.
    public static func never() -> Infallible<Element> { Infallible(.never()) }

    /// Completes at once without elements.
    public static func empty() -> Infallible<Element> { Infallible(.empty()) }

    /// Calls `factory` for every subscription (on the subscribing thread, at subscription) and
    /// subscribes to the sequence it returns.
    public static func deferred(_ factory: @escaping @Sendable () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(.deferred { factory().source })
    }

    /// Emits each element of `sequence`, then completes, on `scheduler` (by default the
    /// current-thread trampoline), as the observable `from`.
    public static func from<S: Sequence>(
        _ sequence: S, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where S.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }

    /// Emits the arguments, then completes, on `scheduler` (by default the current-thread
    /// trampoline), as the observable `of`.
    public static func of(
        _ elements: Element..., scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler))
    }

    /// Emits `transform(element)` for each element.
    public func map<Result>(_ transform: @escaping @Sendable (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(asObservable().map(transform))
    }

    /// Emits `transform(element)` for each element where it is not `nil`.
    public func compactMap<Result>(_ transform: @escaping @Sendable (Element) -> Result?) -> Infallible<Result> {
        Infallible<Result>(asObservable().compactMap(transform))
    }

    /// Emits only the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Emits an element only when its key differs from the previous element's key.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping @Sendable (Element) -> Key
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Emits an element only when `comparer` finds it different from the previous element.
    public func distinctUntilChanged(_ comparer: @escaping @Sendable (Element, Element) -> Bool) -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Emits an element only when `comparer` finds its key different from the previous key.
    public func distinctUntilChanged<Key>(
        _ keySelector: @escaping @Sendable (Element) -> Key, comparer: @escaping @Sendable (Key, Key) -> Bool
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Emits an element only when its property at `keyPath` differs from the previous element's.
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: any KeyPath<Element, Property> & Sendable
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Emits an element once `dueTime` has passed on `scheduler` without a newer one.
    ///
    /// Timing: as the observable `debounce`; completion emits the pending element first.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: some SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Emits at most one element per `dueTime` on `scheduler` (with `latest`, the last one of the
    /// window at its end).
    ///
    /// Timing: as the observable `throttle`.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: some SchedulerType
    ) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// Emits the latest element at the end of each `duration` that the first element after a quiet
    /// period starts on `scheduler` (RxJS's `auditTime`).
    ///
    /// Timing: as the observable `audit`; completion with a held element waits for the timer to
    /// emit it.
    public func audit(_ duration: RxTimeInterval, scheduler: some SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().audit(duration, scheduler: scheduler))
    }

    /// Emits each intermediate result of folding the elements into `seed`, in place.
    public func scan<Seed>(
        into seed: Seed, accumulator: @escaping @Sendable (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Emits each intermediate result of folding the elements into `seed`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping @Sendable (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible<Seed>(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Emits the first `count` elements, then completes (at once for `0`).
    public func take(_ count: Int) -> Infallible<Element> { Infallible(asObservable().take(count)) }

    /// Emits elements while `predicate` holds, then completes (`behavior` says whether the first
    /// element that fails it is emitted).
    public func take(
        while predicate: @escaping @Sendable (Element) -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Skips the first `count` elements.
    public func skip(_ count: Int) -> Infallible<Element> { Infallible(asObservable().skip(count)) }

    /// Skips elements while `predicate` holds, then emits the rest.
    public func skip(while predicate: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
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
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
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
    public func distinctUntilChanged() -> Infallible<Element> { Infallible(asObservable().distinctUntilChanged()) }
}
