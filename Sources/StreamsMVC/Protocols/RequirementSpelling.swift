import Streams

// Two spellings of one requirement, checked by the compiler.
//
// `MapController`, `FlatMapController` and `ReducerModel` accept RxMVC's first spelling of their
// requirement (`mapEventToAction(_:)`, `flatMapEventToAction(_:)`, `reduce(_:with:)`) as well as
// the current one (`mapToAction(event:)`, `flatMapToAction(event:)`, `reduce(state:with:)`). Swift
// cannot say "implement one of these two", and two defaults that call each other let a conformer
// that implements neither compile (and recurse, or trap, at the first event). So the first
// spelling returns an associated type, and the types tell the compiler which spelling exists:
//
// - A conformer that implements the first spelling returns the requirement's own type from it
//   (`Action`, `Observable<Action>`, `State`): the associated type is inferred as that type, and
//   the current spelling's default — declared only where the two types are equal — calls it.
// - A conformer that implements the current spelling leaves the associated type at its default,
//   `CurrentSpellingResult<…>`, and the first spelling's default — declared only for that type —
//   wraps the current spelling's result.
// - A conformer that implements neither (or misspells the one it means) also gets the default
//   type, so the current spelling has no default and the conformance fails: "type 'X' does not
//   conform to protocol 'FlatMapController'", "protocol requires function
//   'flatMapToAction(event:)'". `.ci/steps/16-requirement-spellings.sh` checks that diagnostic.

/// What RxMVC's first spelling of a StreamsMVC requirement (`mapEventToAction(_:)`,
/// `flatMapEventToAction(_:)`, `reduce(_:with:)`) returns on a conformer that implements the
/// current spelling instead: the current spelling's result, in ``value``.
///
/// You never name this type. Its role is to let the compiler tell which spelling a conformer
/// implements, so that one that implements neither — or misspells the one it means — does not
/// compile, instead of failing at its first event. For a flat-map controller it is also an
/// observable of the actions.
public struct CurrentSpellingResult<Value> {
    /// The current spelling's result.
    public let value: Value

    init(_ value: Value) { self.value = value }
}

extension CurrentSpellingResult: Sendable where Value: Sendable {}

extension CurrentSpellingResult: ObservableConvertibleType where Value: ObservableConvertibleType {
    /// The current spelling's elements (a flat-map controller's actions).
    public func asObservable() -> Observable<Value.Element> { value.asObservable() }
}
