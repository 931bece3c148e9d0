// Timing (RxSwift 6): all sources are subscribed at subscription, in order. Once every source has
// emitted, each element from any source emits a result (the latest element of each). The result
// completes when every source has completed, or at once when a source emits while all others
// completed without all having emitted (no result can ever come). The first error fails it; a
// thrown selector error fails it. No sources: the result emits the selector of `[]`, then
// completes. Disposal disposes every source subscription.
//
// States: filling (not every source has emitted: `valueCount < arity`); combining (every element
// emits); stopped (engine). The result selector runs in a `map` after the serialized delivery,
// outside the lock. The fixed arities are in CombineLatest+Arity.swift.

extension Observable {
    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element
    ) -> Observable<Element> where Sources.Element: ObservableType {
        combineLatest(sides: collection.map { SameTypeSide(source: $0.asObservable()) }).map(resultSelector)
    }

    /// Emits arrays of the latest elements whenever a source emits, once all have emitted
    /// (see ``combineLatest(_:resultSelector:)``).
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<Element>.combineLatest(sides: collection.map { SameTypeSide(source: $0.asObservable()) })
    }

    /// The latest values of `sides`, as an array per result.
    static func combineLatest<Value>(sides: [Side<Value>]) -> Observable<[Value]> {
        CombineLatest(sides: sides).asObservable()
    }
}

private struct CombineLatest<Value>: Producer {
    let sides: [Side<Value>]

    func subscribe(_ receiver: Receiver<[Value]>) -> any Disposable {
        let sink = CombineLatestSink(state: CombineLatestState<Value>(arity: sides.count), downstream: receiver)
        guard !sides.isEmpty else {
            sink.update { _, effects in
                effects.emit([])
                effects.complete()
            }
            return sink
        }
        sink.subscribeSides(sides, owner: sink) { state, children in state.children = children }
        return sink
    }
}

private struct CombineLatestState<Value> {
    var values: [Value?]
    var isDone: [Bool]
    var valueCount = 0
    var doneCount = 0
    var children: [DisposableNode] = []

    init(arity: Int) {
        values = Array(repeating: nil, count: arity)
        isDone = Array(repeating: false, count: arity)
    }

    mutating func received(_ value: Value, at index: Int, _ effects: Effects<[Value]>) {
        if values[index] == nil { valueCount += 1 }
        effects.replace(&values[index], with: value)
        if valueCount == values.count {
            effects.emit(values.map { $0! })
        } else if doneCount - (isDone[index] ? 1 : 0) == values.count - 1 {
            effects.complete()  // every other source completed without a value: no result can come
        }
    }

    mutating func completed(at index: Int, _ effects: Effects<[Value]>) {
        guard !isDone[index] else { return }
        isDone[index] = true
        doneCount += 1
        if doneCount == values.count { effects.complete() }
    }

    mutating func end(_ effects: Effects<[Value]>) {
        for child in children { effects.dispose(child) }
        children = []
        effects.release(values)
        values = []
    }
}

private final class CombineLatestSink<Value>: SerializingSink<Never, [Value], CombineLatestState<Value>>,
    ChildOwner, @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Never) {}

    func childReceived(_ element: Value, key: Int) {
        update { state, effects in state.received(element, at: key, effects) }
    }

    func childFailed(_ error: any Error, key: Int) { onError(error) }

    func childCompleted(key: Int) {
        update { state, effects in state.completed(at: key, effects) }
    }

    override func willDispose(_ state: inout CombineLatestState<Value>, _ effects: Effects<[Value]>) {
        state.end(effects)
    }
}
