/// The pipeline whose head keeps the element type (`filter`, `distinctUntilChanged()`, a `map`
/// to the same type is run by `map`'s own pipeline).
@usableFromInline
final class StagePipeline<Element>: Pipeline<Element, Element>, @unchecked Sendable {  // see Pipeline
    private let head: Observable<Element>

    required init(_ stages: PipelineStages) {
        head = unsafeDowncast(stages[0]!, to: Observable<Element>.self)
        super.init(stages)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            try head.runStage(element, in: self, at: 0)
        } catch {
            forwardError(error)
        }
    }
}
