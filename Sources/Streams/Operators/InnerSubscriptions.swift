// States: running, outer done, stopped (engine); see `InnerSubscriptionsState` below.

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
///
/// Not generic: children are kept as their non-generic base class and waiting inners as
/// objects, so the transitions of this hot path need no runtime type metadata.
struct InnerSubscriptionsState {
    let policy: InnerPolicy
    /// The running child of `latest`/`first`, or the first running child of a merge.
    var current: (key: Int, child: DisposableNode)?
    /// A merge's other running children, by key.
    var others: [Int: DisposableNode] = [:]
    /// Inner observables waiting for a slot (bounded merges), in arrival order.
    var waiting: [AnyObject] = []
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
    @inline(__always)
    func counts(_ key: Int) -> Bool {
        if case .latest = policy { return current?.key == key }
        return true
    }

    /// A new inner arrived: returns the key to subscribe it with now (then ``register(_:key:)``
    /// its child), or `nil` if it waits or is dropped. A replaced child is disposed.
    mutating func admit<Output>(_ inner: AnyObject, _ effects: DeferredEffects<Output>) -> Int? {
        switch policy {
        case .first:
            guard current == nil else { return nil }
        case .latest:
            effects.dispose(current.take()?.child)
        case .merge(let maxConcurrent):
            guard maxConcurrent != .max else { break }
            guard !isPumping, runningCount < maxConcurrent else {
                waiting.append(inner)
                return nil
            }
            isPumping = true
        }
        defer { nextKey += 1 }
        return nextKey
    }

    /// Records the child started for `key`.
    mutating func register(_ child: DisposableNode, key: Int) {
        if current == nil { current = (key, child) } else { others[key] = child }
    }

    /// For the pumping thread of a bounded merge: the next waiting inner and its key, or `nil`
    /// (and the pumping ends) when no slot is free or nothing waits.
    mutating func nextWaiting<Output>(_ effects: DeferredEffects<Output>) -> (inner: AnyObject, key: Int)? {
        guard case .merge(let maxConcurrent) = policy, runningCount < maxConcurrent, !waiting.isEmpty else {
            isPumping = false
            completeIfDone(effects)
            return nil
        }
        defer { nextKey += 1 }
        return (waiting.removeFirst(), nextKey)
    }

    /// Child `key` completed: moves it to `finished` (the caller releases it after unlocking);
    /// returns `true` if a waiting inner should now be pumped by the caller.
    mutating func childCompleted<Output>(
        _ key: Int, _ effects: DeferredEffects<Output>, finished: inout DisposableNode?
    ) -> Bool {
        if current?.key == key {
            finished = current.take()?.child
        } else if let removed = others.removeValue(forKey: key) {
            finished = removed
        } else {
            return false  // a replaced child of `latest`
        }
        if !waiting.isEmpty, !isPumping {
            isPumping = true
            return true
        }
        completeIfDone(effects)
        return false
    }

    /// The outer source completed.
    mutating func outerCompleted<Output>(_ effects: DeferredEffects<Output>) {
        outerDone = true
        completeIfDone(effects)
    }

    private func completeIfDone<Output>(_ effects: DeferredEffects<Output>) {
        if outerDone, current == nil, others.isEmpty, waiting.isEmpty, !isPumping { effects.complete() }
    }

    /// The subscription ends: every running child is disposed, waiting inners released.
    mutating func end<Output>(_ effects: DeferredEffects<Output>) {
        effects.dispose(current.take()?.child)
        for child in others.values { effects.dispose(child) }
        others = [:]
        effects.release(waiting)
        waiting = []
    }
}

/// The sink of every higher-order operator: receives the outer source and owns the inner
/// subscriptions (``InnerSubscriptionsState``).
///
/// `Source` and `Inner` are the mapping's types as direct generic parameters: reaching them as
/// `Mapping`'s associated types costs a runtime witness lookup on every element.
final class InnerSubscriptionsSink<Source, Inner, Mapping: InnerMapping>:
    SerializingSink<Source, Inner, InnerSubscriptionsState>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
where Mapping.Source == Source, Mapping.Result == Inner {
    private let mapping: Mapping
    /// `true` for `merge(maxConcurrent:)`/`concat`, whose subscribing thread pumps waiting inners.
    private let isBounded: Bool
    /// `true` for `flatMapFirst`, which checks whether an inner runs before mapping an element.
    private let mapsOnlyWhenIdle: Bool
    /// `true` for `flatMapLatest`, which delivers only the current child's elements; every other
    /// policy delivers every child's (``SerializingSink/emitNext(_:)``, without a transition).
    private let filtersChildren: Bool
    /// The children's metadata, looked up once per subscription instead of once per inner (a
    /// runtime lookup of ~300 instructions: this generic code runs unspecialized).
    private let childType = ChildNode<InnerSubscriptionsSink>.self

    init(mapping: Mapping, policy: InnerPolicy, downstream: Receiver<Inner>) {
        self.mapping = mapping
        if case .merge(let maxConcurrent) = policy { isBounded = maxConcurrent != .max } else { isBounded = false }
        if case .first = policy { mapsOnlyWhenIdle = true } else { mapsOnlyWhenIdle = false }
        if case .latest = policy { filtersChildren = true } else { filtersChildren = false }
        super.init(state: InnerSubscriptionsState(policy: policy), downstream: downstream)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed else { return }
        if mapsOnlyWhenIdle {
            var accepts = false
            update { state, _ in accepts = state.acceptsInner }
            guard accepts else { return }
        }
        guard let inner = innerObservable(for: element) else { return }
        var started: DisposableNode?  // not `ChildNode<…>?`: that optional's metadata is looked up at runtime
        update { state, effects in
            guard let key = state.admit(inner, effects) else { return }
            let child = childType.init(owner: self, key: key)
            state.register(child, key: key)
            started = child
        }
        // Moved out, not copied: a copy would cost a retain and a release per inner.
        guard let started = started.take() else { return }
        // `started` keeps the child for the call: reached unretained, with no retain and release
        // around it.
        Unmanaged.passUnretained(started)._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: childType).subscribe(to: inner)
        }
        if isBounded { pump() }
    }

    /// The inner observable for `element`, or `nil` after failing the sink with the mapping's
    /// error. (A `let` initialised in one expression: the transition above then borrows it, where
    /// one assigned in a `do` block was retained for it.)
    private func innerObservable(for element: Source) -> Observable<Inner>? {
        do {
            return try mapping.inner(for: element)
        } catch {
            onError(error)
            return nil
        }
    }

    override func onCompleted() {
        update { state, effects in state.outerCompleted(effects) }
    }

    /// Subscribes waiting inners while slots are free (the thread that set `isPumping`).
    private func pump() {
        while true {
            var next: (ChildNode<InnerSubscriptionsSink>, Observable<Inner>)?
            update { state, effects in
                guard let (inner, key) = state.nextWaiting(effects) else { return }
                let child = childType.init(owner: self, key: key)
                state.register(child, key: key)
                next = (child, unsafeDowncast(inner, to: Observable<Inner>.self))
            }
            guard let (child, inner) = next else { return }
            child.subscribe(to: inner)
        }
    }

    func childReceived(_ element: Inner, key: Int) {
        if filtersChildren { emitNext(element) { $0.counts(key) } } else { emitNext(element) }
    }

    func childFailed(_ error: any Error, key: Int) {
        update { state, effects in
            if state.counts(key) { effects.fail(error) }
        }
    }

    func childCompleted(key: Int) {
        var pumps = false
        // Released here, after unlocking: handing it to the effects would cost the engine's
        // after-unlock pass on every inner.
        var finished: DisposableNode?
        update { state, effects in pumps = state.childCompleted(key, effects, finished: &finished) }
        finished = nil
        if pumps { pump() }
    }

    override func willDispose(_ state: inout InnerSubscriptionsState, _ effects: DeferredEffects<Inner>) {
        state.end(effects)
    }
}
