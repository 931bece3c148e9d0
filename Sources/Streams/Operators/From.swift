// Sources built on `pulling` (PullSource.swift): each subscription makes its own iterator, in
// the caller's module where the sequence's type is concrete, and the source pulls one element
// per step — so infinite sequences and huge ranges work with `take`, and the default scheduler
// interleaves them on the current-thread trampoline exactly as RxSwift does.

extension Observable {
    /// Emits each element of `sequence`, then completes.
    ///
    /// Timing: with ``CurrentThreadScheduler`` (the default) the elements are emitted on the
    /// current thread's trampoline during `subscribe`: one element per turn, taking turns with
    /// other sources subscribed in the same chain, as RxSwift does. With another scheduler each
    /// element is one scheduled item (on a `TestScheduler`, one tick apart). The sequence is
    /// iterated lazily, one element per step, by an iterator made for each subscription.
    @inlinable
    public static func from<S: Sequence>(
        _ sequence: S, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where S.Element == Element {
        pulling(scheduler: scheduler) {
            var iterator = sequence.makeIterator()
            return { slot in
                guard let element = iterator.next() else { return false }
                slot.initialize(to: element)
                return true
            }
        }
    }

    /// Emits the arguments, then completes (see ``from(_:scheduler:)`` for timing).
    public static func of(
        _ elements: Element..., scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        from(elements, scheduler: scheduler)
    }

    /// Emits `element` if it is not `nil`, then completes, synchronously when subscribed.
    public static func from(optional element: Element?) -> Observable<Element> {
        guard let element else { return empty() }
        return just(element)
    }

    /// Emits `element` if it is not `nil`, then completes, on `scheduler`.
    public static func from(optional element: Element?, scheduler: some ImmediateSchedulerType) -> Observable<Element> {
        from(element.map { [$0] } ?? [], scheduler: scheduler)
    }

    /// Emits `element` forever: one element per step on `scheduler` (the trampoline by default),
    /// so `take(n)` ends it and it takes turns with other trampolined sources.
    public static func repeatElement(
        _ element: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Element: Sendable {
        pulling(scheduler: scheduler) {
            { slot in
                slot.initialize(to: element)
                return true
            }
        }
    }

    /// Emits `initialState`, then `iterate(state)` for as long as `condition(state)` holds, then
    /// completes; a thrown error fails it. One element per step on `scheduler` (the trampoline
    /// by default), as ``from(_:scheduler:)``.
    public static func generate(
        initialState: Element, condition: @escaping @Sendable (Element) throws -> Bool,
        scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping @Sendable (Element) throws -> Element
    ) -> Observable<Element> where Element: Sendable {
        pulling(scheduler: scheduler) {
            var next: Element? = initialState
            return { slot in
                guard let state = next else { return false }
                guard try condition(state) else {
                    next = nil
                    return false
                }
                slot.initialize(to: state)
                next = try iterate(state)
                return true
            }
        }
    }
}

extension Observable where Element: BinaryInteger & Sendable {
    /// Emits `count` consecutive integers starting at `start`, then completes (see
    /// ``Observable/from(_:scheduler:)`` for timing). Each value is computed when it is emitted,
    /// so a huge range costs nothing until pulled.
    public static func range(
        start: Element, count: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        precondition(count >= 0, "range: count must not be negative")
        return pulling(scheduler: scheduler) {
            var offset: Element = 0
            return { slot in
                guard offset < count else { return false }
                slot.initialize(to: start + offset)
                offset += 1
                return true
            }
        }
    }
}
