/// What a new inner observable of a higher-order operator does to the running ones.
enum InnerPolicy: Sendable {
    /// Every inner runs, at most `maxConcurrent` at a time; the others wait in arrival order.
    case merge(maxConcurrent: Int)
    /// A new inner replaces the running one, which is disposed.
    case latest
    /// A new inner is dropped while one runs.
    case first

    /// Every inner runs at once.
    static var merge: InnerPolicy { .merge(maxConcurrent: .max) }
}

/// The state machine of the higher-order operators (FlatMap.swift).
///
/// States: running (children in `current`/`others`; with a bounded merge, inners waiting for a
/// slot in `waiting`, and `isPumping` while one thread subscribes them in a loop, so a run of
/// inners that complete synchronously iterates instead of recursing); outer done (`outerDone`:
/// completes once nothing runs, waits or is being subscribed); stopped (engine).
struct InnersState<Inner> {
    let policy: InnerPolicy
    /// The running child of `latest`/`first`, or the first running child of a merge.
    var current: ChildNode<Inner>?
    /// A merge's other running children, by key.
    var others: [Int: ChildNode<Inner>] = [:]
    var waiting: [Observable<Inner>] = []
    var nextKey = 0
    var outerDone = false
    var isPumping = false

    var runningCount: Int { (current == nil ? 0 : 1) + others.count }

    /// `true` if a child would be accepted now (`first` drops elements while one runs).
    var acceptsInner: Bool {
        if case .first = policy { return current == nil }
        return true
    }

    /// Whether child `key`'s elements are delivered.
    func counts(_ key: Int) -> Bool {
        if case .latest = policy { return current?.key == key }
        return true
    }

    /// A new inner arrived: returns the child to subscribe it with, or `nil` if it waits or is
    /// dropped. A replaced child goes into `effects` for disposal.
    mutating func admit(
        _ inner: Observable<Inner>, makeChild: (Int) -> ChildNode<Inner>, _ effects: inout Effects<Inner>
    ) -> ChildNode<Inner>? {
        switch policy {
        case .first:
            guard current == nil else { return nil }
            return start(makeChild)
        case .latest:
            effects.dispose(current.take())
            return start(makeChild)
        case .merge(let maxConcurrent):
            guard maxConcurrent != .max else { return start(makeChild) }
            guard !isPumping, runningCount < maxConcurrent else {
                waiting.append(inner)
                return nil
            }
            isPumping = true
            return start(makeChild)
        }
    }

    private mutating func start(_ makeChild: (Int) -> ChildNode<Inner>) -> ChildNode<Inner> {
        let child = makeChild(nextKey)
        nextKey += 1
        if current == nil { current = child } else { others[child.key] = child }
        return child
    }

    /// For the pumping thread of a bounded merge: the next waiting inner to subscribe and its
    /// child, or `nil` (and the pumping ends) when no slot is free or nothing waits.
    mutating func nextWaiting(
        makeChild: (Int) -> ChildNode<Inner>, _ effects: inout Effects<Inner>
    ) -> (ChildNode<Inner>, Observable<Inner>)? {
        guard case .merge(let maxConcurrent) = policy, runningCount < maxConcurrent, !waiting.isEmpty else {
            isPumping = false
            completeIfDone(&effects)
            return nil
        }
        return (start(makeChild), waiting.removeFirst())
    }

    /// Child `key` completed; returns `true` if a waiting inner should now be pumped by the caller.
    mutating func childCompleted(_ key: Int, _ effects: inout Effects<Inner>) -> Bool {
        if current?.key == key {
            effects.release(current.take())
        } else if let removed = others.removeValue(forKey: key) {
            effects.release(removed)
        } else {
            return false  // a replaced child of `latest`
        }
        if !waiting.isEmpty, !isPumping {
            isPumping = true
            return true
        }
        completeIfDone(&effects)
        return false
    }

    /// The outer source completed.
    mutating func outerCompleted(_ effects: inout Effects<Inner>) {
        outerDone = true
        completeIfDone(&effects)
    }

    private func completeIfDone(_ effects: inout Effects<Inner>) {
        if outerDone, current == nil, others.isEmpty, waiting.isEmpty, !isPumping { effects.complete() }
    }

    /// The subscription ends: every running child is disposed, waiting inners released.
    mutating func end(_ effects: inout Effects<Inner>) {
        effects.dispose(current.take())
        for child in others.values { effects.dispose(child) }
        others = [:]
        effects.release(waiting)
        waiting = []
    }
}

/// The sink of every higher-order operator: receives the outer source and owns the inner
/// subscriptions (``InnersState``).
final class InnerSubscriptionsSink<Mapping: InnerMapping>:
    SerializingSink<Mapping.Source, Mapping.Result, InnersState<Mapping.Result>>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    typealias Inner = Mapping.Result
    private let mapping: Mapping
    /// `true` for `merge(maxConcurrent:)`/`concat`, whose subscribing thread pumps waiting inners.
    private let isBounded: Bool
    /// `ChildNode<Inner>`'s metadata, looked up once per subscription instead of once per inner
    /// (a runtime lookup of ~300 instructions: this generic code runs unspecialized).
    private let childType = ChildNode<Inner>.self

    init(mapping: Mapping, policy: InnerPolicy, downstream: Receiver<Inner>) {
        self.mapping = mapping
        if case .merge(let maxConcurrent) = policy { isBounded = maxConcurrent != .max } else { isBounded = false }
        super.init(state: InnersState(policy: policy), downstream: downstream)
    }

    override func onNext(_ element: Mapping.Source) {
        guard !isDisposed, update({ state, _ in state.acceptsInner }) == true else { return }
        let inner: Observable<Inner>
        do {
            inner = try mapping.inner(for: element)
        } catch {
            return onError(error)
        }
        let child = update { state, effects in state.admit(inner, makeChild: makeChild, &effects) } ?? nil
        guard let child else { return }
        child.subscribe(to: inner)
        if isBounded { pump() }
    }

    override func onCompleted() {
        update { state, effects in state.outerCompleted(&effects) }
    }

    private func makeChild(_ key: Int) -> ChildNode<Inner> {
        childType.init(owner: self, key: key)
    }

    /// Subscribes waiting inners while slots are free (the thread that set `isPumping`).
    private func pump() {
        while let (child, inner) = update({ state, effects in state.nextWaiting(makeChild: makeChild, &effects) })
            ?? nil
        {
            child.subscribe(to: inner)
        }
    }

    func childReceived(_ element: Inner, key: Int) {
        emitNext(element) { $0.counts(key) }
    }

    func childFailed(_ error: any Error, key: Int) {
        update { state, effects in
            if state.counts(key) { effects.fail(error) }
        }
    }

    func childCompleted(key: Int) {
        if update({ state, effects in state.childCompleted(key, &effects) }) == true { pump() }
    }

    override func willDispose(_ state: inout InnersState<Inner>, _ effects: inout Effects<Inner>) {
        state.end(&effects)
    }
}
