// Concurrency: single upstream, so calls arrive serialized; the stage keeps no state.
// Fusion: `map` is a pipeline stage (Engine/Pipelines/Pipeline.swift): with the element-wise operators
// around it, it runs in one subscription node, not in a sink of its own.
//
// States: none (stateless).

extension ObservableType {
    /// Emits `transform(element)` for each element; a thrown error becomes the sequence's error.
    @inlinable
    public func map<Result>(
        _ transform: @escaping @Sendable (Element) throws -> Result, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Result> {
        // inlined: see MapObservable
        MapObservable(source: asObservable(), transform: transform).inspected(as: "map", file: file, line: line)
    }
}

// Unchecked Sendable: immutable after init
/// `map`'s observable and pipeline stage. Built by inlined code in the caller's module, where the
/// element types are usually concrete: there its metadata and its pipeline's come from cached
/// accessors, while this module's generic code would look each up at run time (some 300
/// instructions) on every `map` and every subscription (Docs/Performance.md, S4).
@usableFromInline
final class MapObservable<Source, Result>: StageObservable<Source, Result>, @unchecked Sendable {
    @usableFromInline let transform: @Sendable (Source) throws -> Result
    /// `transform` typed as a function of `Result`, when `Source` is `Result`: what the stage calls
    /// after the head of a pipeline (see ``runStage(_:in:at:)``).
    @usableFromInline let sameTypeTransform: (@Sendable (Result) throws -> Result)?

    @inlinable
    init(source: Observable<Source>, transform: @escaping @Sendable (Source) throws -> Result) {
        self.transform = transform
        // The same function: with `Source` being `Result`, the two types are one type.
        sameTypeTransform =
            Source.self == Result.self ? unsafeBitCast(transform, to: (@Sendable (Result) throws -> Result).self) : nil
        super.init(source: source, pipelineType: MapPipeline<Source, Result>.self)
    }

    override var preservesType: Bool { sameTypeTransform != nil }

    /// After the head of a pipeline, where `map` goes only if `Source` is `Result`.
    override func runStage<Input>(_ element: Result, in pipeline: Pipeline<Input, Result>, at index: Int) throws {
        // `transform` itself would need `element` copied as a `Source`.
        try pipeline.push(sameTypeTransform!(element), after: index)
    }
}

/// The pipeline whose head is a `map`.
@usableFromInline
final class MapPipeline<Source, Result>: Pipeline<Source, Result>, @unchecked Sendable {  // see Pipeline
    private let head: MapObservable<Source, Result>

    required init(_ stages: PipelineStages) {
        head = unsafeDowncast(stages[0]!, to: MapObservable<Source, Result>.self)
        super.init(stages)
    }

    override func onNext(_ element: Source) {
        guard !isDisposed else { return }
        do {
            // `head` lives as long as this pipeline: its closure is called without retaining it.
            try push(Unmanaged.passUnretained(head)._withUnsafeGuaranteedRef { try $0.transform(element) }, after: 0)
        } catch {
            forwardError(error)
        }
    }
}
