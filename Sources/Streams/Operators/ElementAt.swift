// States: counting (`remaining` elements still to skip); ended (the element at `index` was emitted,
// then completion; or the source ended first: `argumentOutOfRange`). The sink is the counting
// operators' `CountingSink` (CountingSink.swift).

extension ObservableType {
    /// Emits only the element at `index` (counting from zero), then completes.
    ///
    /// Timing: emits and completes (disposing the source subscription) as soon as that element
    /// arrives; if the source completes first, fails with ``StreamsError/argumentOutOfRange``.
    /// `index` must not be negative.
    public func element(at index: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        precondition(index >= 0, "element(at:): index must not be negative")
        return lift(ClosureOperator { CountingSink(.elementAt, remaining: index, downstream: $0) }).inspected(
            as: "element(at:)", file: file, line: line)
    }
}
