// Timing (RxSwift 6): all sources are subscribed at subscription, in order. Once every source has
// emitted, each element from any source emits a result (the latest element of each). The result
// completes when every source has completed, or at once when a source emits while all others
// completed without all having emitted (no result can ever come). The first error fails it; a
// thrown selector error fails it. No sources: the result emits the selector of `[]`, then
// completes. Disposal disposes every source subscription.
//
// States: filling (not every source has emitted: `valueCount < arity`); combining (every element
// emits); stopped (engine). The result selector runs in a `map` after the serialized delivery,
// outside the lock. The fixed arities are in CombineLatest+Zip+Arity.swift, the producer and
// sink in Sides.swift.

extension Observable {
    /// Emits `resultSelector` of the latest elements whenever a source emits, once all have
    /// emitted; completes when all complete, fails when one fails (see the file header).
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> where Sources.Element: ObservableType {
        MapObservable(source: combineLatest(sides: collection.sameTypeSides), transform: resultSelector).inspected(
            as: "combineLatest", file: file, line: line)
    }

    /// Emits arrays of the latest elements whenever a source emits, once all have emitted
    /// (see ``combineLatest(_:resultSelector:file:line:)``).
    public static func combineLatest<Sources: Collection>(
        _ collection: Sources, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<Element>.combineLatest(sides: collection.sameTypeSides).inspected(
            as: "combineLatest", file: file, line: line)
    }

    /// The latest values of `sides`, as an array per result.
    static func combineLatest<Value>(sides: [SourceInput<Value>]) -> Observable<[Value]> {
        MultiSourceProducer(sides: sides, initial: CombineLatestState<Value>(arity: sides.count)).asObservable()
    }
}

struct CombineLatestState<Value>: MultiSourceState {
    static var emitsWhenEmpty: Bool { true }
    var values: [Value?]
    var valueCount = 0
    var completion: MultiSourceCompletion
    var children: [DisposableNode] = []

    init(arity: Int) {
        values = Array(repeating: nil, count: arity)
        completion = MultiSourceCompletion(arity: arity)
    }

    mutating func received(_ value: Value, at index: Int, _ effects: DeferredEffects<[Value]>) {
        if values[index] == nil { valueCount += 1 }
        effects.replace(&values[index], with: value)
        if valueCount == values.count {
            effects.emit(values.map { $0! })
        } else if completion.othersDone(besides: index) {
            effects.complete()  // every other source completed without a value: no result can come
        }
    }

    mutating func releaseValues(_ effects: DeferredEffects<[Value]>) {
        effects.release(values)
        values = []
    }
}
