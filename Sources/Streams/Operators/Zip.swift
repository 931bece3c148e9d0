// Timing (RxSwift 6): all sources are subscribed at subscription, in order. The n-th result is
// emitted when the last source emits its n-th element. The result completes when every source
// has completed (elements left unpaired are dropped); the collection forms also complete when a
// source emits while every other source has completed and the element cannot be paired, as
// RxSwift's collection implementation does. It fails on the first error or a thrown selector
// error. No sources: the result completes at once, emitting nothing. Disposal disposes every
// source subscription.
//
// States: pairing (each side's unpaired elements wait in `queues`); stopped (engine). The result
// selector runs in a `map` after the serialized delivery, outside the lock. The fixed arities
// are in CombineLatest+Zip+Arity.swift, the producer and sink in Sides.swift.

extension Observable {
    /// Emits `resultSelector` of the sources' n-th elements once all have emitted their n-th;
    /// completes as the file header says, fails when one fails.
    public static func zip<Sources: Collection>(
        _ collection: Sources,
        resultSelector: @escaping @Sendable ([Sources.Element.Element]) throws -> Element, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> where Sources.Element: ObservableType {
        MapObservable(source: zip(sides: collection.sameTypeSides, rules: .collection), transform: resultSelector)
            .inspected(
                as: "zip", file: file, line: line)
    }

    /// Emits arrays of the sources' n-th elements (see ``zip(_:resultSelector:file:line:)``).
    public static func zip<Sources: Collection>(_ collection: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<[Element]>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<Element>.zip(sides: collection.sameTypeSides, rules: .collection).inspected(
            as: "zip", file: file, line: line)
    }

    /// The n-th values of `sides`, as an array per result.
    static func zip<Value>(sides: [SourceInput<Value>], rules: ZipCompletion) -> Observable<[Value]> {
        MultiSourceProducer(sides: sides, initial: ZipState<Value>(arity: sides.count, rules: rules)).asObservable()
    }
}

/// When `zip` completes, which differs between RxSwift's two implementations.
enum ZipCompletion {
    /// The fixed arities: when every source has completed.
    case arity
    /// The collection forms: also when a source emits while every other source has completed.
    case collection
}

struct ZipState<Value>: MultiSourceState {
    static var emitsWhenEmpty: Bool { false }
    let rules: ZipCompletion
    var queues: [[Value]]
    var completion: MultiSourceCompletion
    var children: [DisposableNode] = []

    init(arity: Int, rules: ZipCompletion) {
        self.rules = rules
        queues = Array(repeating: [], count: arity)
        completion = MultiSourceCompletion(arity: arity)
    }

    mutating func received(_ value: Value, at index: Int, _ effects: DeferredEffects<[Value]>) {
        queues[index].append(value)
        if queues.allSatisfy({ !$0.isEmpty }) {
            var values: [Value] = []
            values.reserveCapacity(queues.count)
            for side in queues.indices { values.append(queues[side].removeFirst()) }
            effects.emit(values)
        } else if rules == .collection, completion.othersDone(besides: index) {
            effects.complete()  // every other source completed: this element can never be paired
        }
    }

    mutating func releaseValues(_ effects: DeferredEffects<[Value]>) {
        effects.release(queues)
        queues = []
    }
}
