// Concurrency: single upstream, so calls arrive serialized; the stage keeps no state.
// Fusion: `filter` is a pipeline stage (Engine/Pipeline.swift), like `map`.
//
// States: none (stateless).

extension ObservableType {
    /// Emits only the elements for which `predicate` returns `true`; a thrown error becomes the
    /// sequence's error.
    @inlinable
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        FilterObservable(source: asObservable(), predicate: predicate)  // inlined: see MapObservable
    }
}

// Unchecked Sendable: immutable after init
/// `filter`'s observable and pipeline stage, built by inlined code in the caller's module (see
/// ``MapObservable``).
@usableFromInline
final class FilterObservable<Element>: Observable<Element>, PipelineStage, @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: @Sendable (Element) throws -> Bool
    @usableFromInline let pipelineType: StagePipeline<Element>.Type

    @inlinable
    init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        self.pipelineType = StagePipeline<Element>.self
    }

    override var pipelineStage: (any PipelineStage)? { self }
    var upstreamStage: (any PipelineStage)? { source.pipelineStage }
    var preservesType: Bool { true }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        PipelineStages.subscribe(endingWith: self, final: receiver)
    }

    func subscribePipeline(_ stages: PipelineStages) -> any Disposable {
        let pipeline = pipelineType.init(stages)
        pipeline.setUpstream(source.subscribe(pipeline))
        return pipeline as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
    }

    override func runStage<Input>(_ element: Element, in pipeline: Pipeline<Input, Element>, at index: Int) throws {
        if try predicate(element) { try pipeline.push(element, after: index) }
    }
}
