// Timing (RxSwift 6): the first source is subscribed at subscription; when one fails, the next
// one is subscribed at that moment. Elements are forwarded as they arrive. The result completes
// when a source completes, and fails with the last source's error when every source failed (an
// empty sequence completes at once). The sequence is iterated lazily, once per subscription.
// Disposal disposes the running source.
//
// States: those of `concat` (Concat.swift), whose loop this is, with the last error kept until
// the next source is subscribed.

extension ObservableType {
    /// Emits the elements of the first source in `sequence`, continuing with the next one each
    /// time a source fails.
    ///
    /// Timing: the next source is subscribed when the previous one fails; the result completes
    /// with the first source that completes, or fails with the last error once every source
    /// failed. Disposal disposes the running source.
    public static func `catch`<Sources: Sequence>(sequence: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Concat(sources: sequence, advance: .onFailure).asObservable().inspected(
            as: "catch(sequence:)", file: file, line: line)
    }
}
