// Timing (RxSwift 6): `second` is subscribed first, then `self`. Each element of `self` emits a
// result if `second` has emitted; otherwise it is dropped. The result completes when `self`
// completes (completion of `second` only ends its subscription), and fails when either fails or
// the selector throws. Disposal disposes both subscriptions.
//
// States: waiting (no element from `second` yet: the source's elements are dropped); pairing
// (`latest` holds `second`'s most recent element); stopped (engine). The result selector runs
// in a `map` after the serialized delivery, outside the lock.

extension ObservableType {
    /// Emits `resultSelector(element, latest)` for each element, where `latest` is the most recent
    /// element of `second`; elements arriving before `second` emitted are dropped (see the file
    /// header for timing).
    public func withLatestFrom<Source: ObservableType, ResultType>(
        _ second: Source,
        resultSelector: @escaping @Sendable (Element, Source.Element) throws -> ResultType,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<ResultType> {
        MapObservable(
            source: WithLatestFrom(first: asObservable(), second: second.asObservable()).asObservable(),
            transform: { try resultSelector($0.0, $0.1) }
        ).inspected(
            as: "withLatestFrom", file: file, line: line)
    }

    /// Emits the most recent element of `second` for each element of `self` (see
    /// ``withLatestFrom(_:resultSelector:file:line:)``).
    public func withLatestFrom<Source: ObservableType>(
        _ second: Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Source.Element> {
        MapObservable(
            source: WithLatestFrom(first: asObservable(), second: second.asObservable()).asObservable(),
            transform: { $0.1 }
        ).inspected(as: "withLatestFrom", file: file, line: line)
    }
}

private struct WithLatestFrom<First, Second>: Producer {
    let first: Observable<First>
    let second: Observable<Second>

    func subscribe(_ receiver: Receiver<(First, Second)>) -> any Disposable {
        let sink = WithLatestFromSink<First, Second>(state: WithLatestFromState(), downstream: receiver)
        sink.subscribeChild(second, owner: sink) { state, child in state.second = child }
        sink.setUpstream(first.subscribe(sink))
        return sink
    }
}

struct WithLatestFromState<Second> {
    var latest: Second?
    var second: DisposableNode?

    /// An element of the first source: emitted with the second's latest, if it has one.
    func received<First>(_ element: First, _ effects: DeferredEffects<(First, Second)>) {
        guard let latest else { return }
        effects.emit((element, latest))
    }

    /// An element of the second source: the latest, replacing (and releasing) the one before it.
    mutating func secondReceived<First>(_ element: Second, _ effects: DeferredEffects<(First, Second)>) {
        effects.replace(&latest, with: element)
    }

    /// The subscription ended: the second source is disposed and its latest element released.
    mutating func disposeAll<First>(_ effects: DeferredEffects<(First, Second)>) {
        effects.dispose(second.take())
        effects.release(latest.take())
    }
}

private final class WithLatestFromSink<First, Second>:
    SerializingSink<First, (First, Second), WithLatestFromState<Second>>, ChildOwner,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: First) {
        update { state, effects in state.received(element, effects) }
    }

    func childReceived(_ element: Second, key: Int) {
        update { state, effects in state.secondReceived(element, effects) }
    }

    func childFailed(_ error: any Error, key: Int) { onError(error) }
    func childCompleted(key: Int) {}

    override func willDispose(_ state: inout WithLatestFromState<Second>, _ effects: DeferredEffects<(First, Second)>) {
        state.disposeAll(effects)
    }
}
