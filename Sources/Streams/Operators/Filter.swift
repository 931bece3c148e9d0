// Concurrency: single upstream, so calls arrive serialized; the stage keeps no state.
// Fusion: `filter` is a pipeline stage (Engine/Pipelines/Pipeline.swift), like `map`.
//
// States: none (stateless).

extension ObservableType {
    /// Emits only the elements for which `predicate` returns `true`; a thrown error becomes the
    /// sequence's error.
    @inlinable
    public func filter(
        _ predicate: @escaping @Sendable (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        // inlined: see MapObservable
        FilterObservable(source: asObservable(), predicate: predicate).inspected(as: "filter", file: file, line: line)
    }
}

// Unchecked Sendable: immutable after init
/// `filter`'s observable and pipeline stage, built by inlined code in the caller's module (see
/// ``MapObservable``).
@usableFromInline
final class FilterObservable<Element>: StageObservable<Element, Element>, @unchecked Sendable {
    @usableFromInline let predicate: @Sendable (Element) throws -> Bool

    @inlinable
    init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(source: source, pipelineType: StagePipeline<Element>.self)
    }

    override func runStage<Input>(_ element: Element, in pipeline: Pipeline<Input, Element>, at index: Int) throws {
        if try predicate(element) { try pipeline.push(element, after: index) }
    }
}
