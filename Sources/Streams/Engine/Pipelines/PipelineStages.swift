/// The stages one pipeline runs: what ``subscribe(endingWith:final:)`` collects before the head
/// makes the ``Pipeline``.
struct PipelineStages {
    /// The most stages one pipeline runs (a longer run gets several pipelines).
    static var capacity: Int { 5 }

    // The stages, last first (the order they are collected in), in fixed slots: a subscription
    // allocates nothing but its pipeline. Unretained: the caller keeps the last stage, which keeps
    // the others (its sources), until the pipeline holds them.
    unowned(unsafe) private var slot0: any PipelineStage
    unowned(unsafe) private var slot1: (any PipelineStage)?
    unowned(unsafe) private var slot2: (any PipelineStage)?
    unowned(unsafe) private var slot3: (any PipelineStage)?
    unowned(unsafe) private var slot4: (any PipelineStage)?
    /// How many slots are in use.
    private(set) var count = 1
    /// The one stage with state, if any.
    unowned(unsafe) private(set) var stateful: (any PipelineStage)?
    /// The receiver of the last stage's output (of its terminal event only, if it hands the
    /// pipeline a closure for the elements: ``Receiver/handOverOnNext()``).
    unowned(unsafe) let final: DisposableNode

    private init(last: any PipelineStage, final: DisposableNode) {
        slot0 = last
        self.final = final
    }

    /// The stage at `index`, counted from the head; `nil` past the last.
    subscript(index: Int) -> (any PipelineStage)? {
        switch count - 1 - index {
        case 0: slot0
        case 1: slot1
        case 2: slot2
        case 3: slot3
        case 4: slot4
        default: nil
        }
    }

    /// Subscribes the stages that end with `last` to their source: as many as one pipeline takes
    /// (see the invariants), the rest through pipelines of their own. `final` receives `last`'s
    /// output; the result is the pipeline that delivers to it.
    static func subscribe(endingWith last: any PipelineStage, final: DisposableNode) -> any Disposable {
        var stages = PipelineStages(last: last, final: final)
        if last.stateLayout != nil { stages.stateful = last }
        var head = last
        while stages.count < capacity, head.preservesType, let upstream = head.upstreamStage {
            if upstream.stateLayout != nil {
                if stages.stateful != nil { break }
                stages.stateful = upstream
            }
            switch stages.count {
            case 1: stages.slot1 = upstream
            case 2: stages.slot2 = upstream
            case 3: stages.slot3 = upstream
            default: stages.slot4 = upstream
            }
            stages.count += 1
            head = upstream
        }
        return head.subscribePipeline(stages)
    }
}
