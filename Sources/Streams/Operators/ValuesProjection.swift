// Concurrency: immutable values; `project` runs in the owning sink's serialized delivery, outside
// its lock.

/// How `combineLatest` and `zip` turn the values they collected into a result: the user's
/// result selector, or the tuple (or array) itself.
///
/// A protocol rather than a closure, so the tuple forms need no `{ ($0, $1) }` closure (forming
/// one in generic code captures the elements' metatypes) and the sinks stay specialized.
protocol ValuesProjection<Values, Result>: Sendable {
    /// The collected values: a tuple, or an array for the collection forms.
    associatedtype Values
    /// What the operator emits.
    associatedtype Result
    /// The result for `values`; a thrown error fails the operator.
    func project(_ values: Values) throws -> Result
}

/// Emits the collected values unchanged.
struct IdentityProjection<Values>: ValuesProjection {
    func project(_ values: Values) -> Values { values }
}

/// Applies a selector to an array of values.
struct ArrayProjection<Element, Result>: ValuesProjection {
    let selector: @Sendable ([Element]) throws -> Result
    func project(_ values: [Element]) throws -> Result { try selector(values) }
}

/// Applies a two-argument selector.
struct Projection2<A, B, Result>: ValuesProjection {
    let selector: @Sendable (A, B) throws -> Result
    func project(_ values: (A, B)) throws -> Result { try selector(values.0, values.1) }
}

/// Applies a three-argument selector.
struct Projection3<A, B, C, Result>: ValuesProjection {
    let selector: @Sendable (A, B, C) throws -> Result
    func project(_ values: (A, B, C)) throws -> Result { try selector(values.0, values.1, values.2) }
}

/// Applies a four-argument selector.
struct Projection4<A, B, C, D, Result>: ValuesProjection {
    let selector: @Sendable (A, B, C, D) throws -> Result
    func project(_ values: (A, B, C, D)) throws -> Result { try selector(values.0, values.1, values.2, values.3) }
}

/// Emits the second of a pair (`withLatestFrom(_:)` without a selector).
struct SecondOfPairProjection<First, Second>: ValuesProjection {
    func project(_ values: (First, Second)) -> Second { values.1 }
}

/// A serializing sink whose queued items are collected values, projected to results during the
/// serialized delivery (outside the lock), so a result selector never runs under the lock.
class ProjectingSink<Input, P: ValuesProjection>: SerializingSink<Input, P.Result, P.Values>,
    @unchecked Sendable  // see SerializingSink
{
    /// Turns values into a result.
    final let projection: P

    init(projection: P, downstream: Receiver<P.Result>) {
        self.projection = projection
        super.init(downstream: downstream)
    }

    override final func deliverNext(_ values: P.Values) {
        do {
            forwardNext(try projection.project(values))
        } catch {
            forwardError(error)
        }
    }
}
