// Sources built on `pulling` (PullSource.swift): each subscription makes its own iterator, in
// the caller's module where the sequence's type is concrete, and the source pulls one element
// per step — so infinite sequences and huge ranges work with `take`, and the default scheduler
// interleaves them on the current-thread trampoline exactly as RxSwift does.
//
// States: those of the pull source (PullSource.swift); each subscription's iterator or generator
// state is its own.

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
        _ sequence: S, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where S.Element == Element {
        pullingElements(of: sequence, scheduler: scheduler).inspected(as: "from", file: file, line: line)
    }

    /// ``from(_:scheduler:file:line:)`` unrecorded: the body of `from`, `of` and `just(_:scheduler:)`.
    @inlinable
    static func pullingElements<S: Sequence>(of sequence: S, scheduler: some ImmediateSchedulerType)
        -> Observable<Element> where S.Element == Element
    {
        pulling(scheduler: scheduler) {
            let state = PullState(sequence.makeIterator())
            return { sink in
                guard let element = state.value.next() else { return false }
                sink.forwardNext(element)
                return true
            }
        }
    }

    /// Emits the arguments, then completes (see ``from(_:scheduler:file:line:)`` for timing).
    public static func of(
        _ elements: Element..., scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        pullingElements(of: elements, scheduler: scheduler).inspected(as: "of", file: file, line: line)
    }

    /// Emits `element` if it is not `nil`, then completes, synchronously when subscribed.
    public static func from(optional element: Element?, file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element
    > {
        let source: Observable<Element> = if let element { JustObservable(element) } else { EmptyObservable() }
        return source.inspected(as: "from(optional:)", file: file, line: line)
    }

    /// Emits `element` if it is not `nil`, then completes, on `scheduler`.
    public static func from(
        optional element: Element?, scheduler: some ImmediateSchedulerType, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        pullingElements(of: element.map { [$0] } ?? [], scheduler: scheduler).inspected(
            as: "from(optional:)", file: file, line: line)
    }

    /// Emits `element` forever: one element per step on `scheduler` (the trampoline by default),
    /// so `take(n)` ends it and it takes turns with other trampolined sources.
    public static func repeatElement(
        _ element: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Element: Sendable {
        pulling(scheduler: scheduler) {
            { sink in
                sink.forwardNext(element)
                return true
            }
        }.inspected(as: "repeatElement", file: file, line: line)
    }

    /// Emits `initialState`, then `iterate(state)` for as long as `condition(state)` holds, then
    /// completes; a thrown error fails it. One element per step on `scheduler` (the trampoline
    /// by default), as ``from(_:scheduler:file:line:)``.
    public static func generate(
        initialState: Element, condition: @escaping @Sendable (Element) throws -> Bool,
        scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping @Sendable (Element) throws -> Element, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Element: Sendable {
        pulling(scheduler: scheduler) {
            // As RxSwift: each step iterates the previous state (not the first), checks it, emits it.
            let state = PullState<(value: Element, isFirst: Bool)?>((initialState, true))
            return { sink in
                guard let (previous, isFirst) = state.value else { return false }
                let current = isFirst ? previous : try iterate(previous)
                guard try condition(current) else {
                    state.value = nil
                    return false
                }
                state.value = (current, false)
                sink.forwardNext(current)
                return true
            }
        }.inspected(as: "generate", file: file, line: line)
    }
}

extension Observable where Element: BinaryInteger & Sendable {
    /// Emits `count` consecutive integers starting at `start`, then completes (see
    /// ``Observable/from(_:scheduler:file:line:)`` for timing). Each value is computed when it is emitted,
    /// so a huge range costs nothing until pulled.
    public static func range(
        start: Element, count: Element, scheduler: some ImmediateSchedulerType = CurrentThreadScheduler.instance,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        precondition(count >= 0, "range: count must not be negative")
        return pulling(scheduler: scheduler) {
            let offset = PullState<Element>(0)
            return { sink in
                guard offset.value < count else { return false }
                let value = start + offset.value
                offset.value += 1
                sink.forwardNext(value)
                return true
            }
        }.inspected(as: "range", file: file, line: line)
    }
}

/// The iterator of one `from` subscription, kept in a class so the pull closure mutates it
/// without the dynamic exclusivity check Swift runs on every access to a captured `var`: only the
/// subscription's serial steps use it.
@usableFromInline
final class PullState<Value> {
    @usableFromInline @exclusivity(unchecked) var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
