/// An element-wise operator (`map`, `filter`, `distinctUntilChanged()`): its observable is also a
/// stage that a ``Pipeline`` runs, so consecutive element-wise operators share one subscription
/// node instead of one sink each.
///
/// A stage is immutable and shared by every subscription; what a subscription needs
/// (`distinctUntilChanged`'s last element) is its state, which lives in the pipeline.
///
/// How an element runs: the pipeline's first stage (its head) takes the pipeline's input; each
/// stage passes what it lets through to the next with ``Pipeline/push(_:after:)``, the last one to
/// the pipeline's receiver. Every stage after the head has the same input and output type, the
/// pipeline's `Element`, so it is reached as an `Observable<Element>` through
/// ``Observable/runStage(_:in:at:)``: one typed class-method call per stage, as a chain of sinks
/// makes one `onNext` call per sink.
///
/// Invariants: a stage runs only while its pipeline's `onNext` does, which the upstream never
/// calls concurrently (the Observable contract), so a stage's state needs no lock; a stage that
/// finds the pipeline disposed stops the element there.
protocol PipelineStage: AnyObject {
    /// The stage's source, if it is a stage too (the pipeline runs it first).
    var upstreamStage: (any PipelineStage)? { get }

    /// `true` if the stage's output type is its input type: only such a stage can follow another
    /// one in a pipeline (see the type's documentation).
    var preservesType: Bool { get }

    /// The size and alignment of the stage's per-subscription state, or `nil` if it has none.
    var stateLayout: (size: Int, alignment: Int)? { get }

    /// Initialises the stage's state at `state` (once per subscription, stateful stages only).
    func initializeState(_ state: UnsafeMutableRawPointer)

    /// Destroys the stage's state at `state` (when the pipeline is deallocated, outside every lock).
    func deinitializeState(_ state: UnsafeMutableRawPointer)

    /// As the head of `stages`: makes the pipeline, whose input is this stage's input, and
    /// subscribes it to this stage's source.
    func subscribePipeline(_ stages: PipelineStages) -> any Disposable
}

/// The observable half of every pipeline stage: its source, and how subscribing to it makes a
/// pipeline (or joins one). A subclass adds the stage's work: ``Observable/runStage(_:in:at:)``,
/// its state if it has one, and, for a head that changes the element type, its own pipeline class.
///
/// `@usableFromInline`, with an inlinable `init`, so a stage is built in the caller's module, where
/// its metadata and its pipeline's come from cached accessors (see `MapObservable`).
@usableFromInline
class StageObservable<Source, Output>: Observable<Output>, PipelineStage, @unchecked Sendable {  // immutable after init
    /// The observable this stage applies to.
    @usableFromInline final let source: Observable<Source>
    /// The pipeline this stage makes as a head.
    @usableFromInline final let pipelineType: Pipeline<Source, Output>.Type

    @inlinable
    init(source: Observable<Source>, pipelineType: Pipeline<Source, Output>.Type) {
        self.source = source
        self.pipelineType = pipelineType
    }

    override final var pipelineStage: (any PipelineStage)? { self }
    override final var isPipelineStage: Bool { true }
    final var upstreamStage: (any PipelineStage)? { source.pipelineStage }
    var preservesType: Bool { true }
    var stateLayout: (size: Int, alignment: Int)? { nil }
    func initializeState(_ state: UnsafeMutableRawPointer) {}
    func deinitializeState(_ state: UnsafeMutableRawPointer) {}

    override final func subscribe(_ receiver: Receiver<Output>) -> any Disposable {
        PipelineStages.subscribe(endingWith: self, final: receiver)
    }

    final func subscribePipeline(_ stages: PipelineStages) -> any Disposable {
        let pipeline = pipelineType.init(stages)
        pipeline.setUpstream(source.subscribe(pipeline))
        return pipeline as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
    }
}
