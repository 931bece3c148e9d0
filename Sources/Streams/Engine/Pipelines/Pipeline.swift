// One subscription node for a run of consecutive element-wise operators: `subject.map(f)
// .filter(p).distinctUntilChanged()` subscribes one `Pipeline` that runs `f`, then `p`, then the
// comparison, instead of three sinks. The observables stay one per operator (each call returns
// an `Observable`, as in RxSwift); what the run saves is a node per operator after the first:
// its allocation, its disposal, and its hop per element.
//
// States (of the node, kept by `SubscriptionNode`): live (each element runs through the stages
// in order; a stage that finds the node disposed stops the element there); terminating (a
// terminal event, or a stage's throw, is being forwarded to the final receiver); released.
//
// Invariants:
// - A pipeline runs at most `PipelineStages.capacity` stages, at most one of them stateful, and
//   every stage after its head keeps the element type; the stages before a full, second-stateful
//   or type-changing point get a pipeline of their own, whose receiver is this one.
// - The stages and the receiver are `let`s of the node, so an element reaches them with no
//   reference counting; the state is touched only by `onNext` (serialized by the Observable
//   contract), `init` and `deinit`.
// - A pipeline that ends a `subscribe(onNext:)` calls the app's closure itself (a `let` too):
//   its receiver, the node the app keeps (`PipelineEndNode`), gets only the terminal event. So
//   the closure goes with the pipeline, which the app does not hold, when the subscription ends.

/// The subscription node that runs a run of pipeline stages (see the file header): the part
/// every pipeline shares. A ``Sink`` whose downstream receives the last stage's output, so
/// errors (the upstream's, or a stage's throw) and completion are forwarded as by any sink. A subclass takes `Input` and runs the head: ``StagePipeline`` when the
/// head keeps the element type, `map`'s own when it is a `map`.
///
/// `@usableFromInline` so a head's observable, built in the caller's module, can keep its
/// pipeline's metatype (a generic class's metadata is looked up at run time in this module's
/// code).
@usableFromInline
class Pipeline<Input, Element>: Sink<Input, Element>, @unchecked Sendable {  // see the invariants above
    // The stages after the head. Calls go through forced unwraps of `let`s: on this toolchain a
    // forced unwrap borrows the stage, while `if let` or `unsafelyUnwrapped` retain and release
    // it around every call.
    private let stage1: Observable<Element>?
    private let stage2: Observable<Element>?
    private let stage3: Observable<Element>?
    private let stage4: Observable<Element>?
    private let count: Int
    /// The app's closure, when the pipeline ends a `subscribe(onNext:)` (see the invariants).
    private let consumer: (@Sendable (Element) -> Void)?
    private let stateful: (any PipelineStage)?
    /// The stateful stage's state when it fits here (two words, word-aligned)…
    @exclusivity(unchecked) private var inlineState: (UInt, UInt) = (0, 0)  // see the invariants above
    /// …or its own allocation, freed by `deinit`.
    private var outOfLineState: UnsafeMutableRawPointer?

    /// A pipeline running `stages`; the subclass keeps the head.
    required init(_ stages: PipelineStages) {
        // Every stage after the head, and so the receiver, has `Element` as its output type.
        // (Not `Optional.map`: generic over its result, it looks up `Observable<Element>`'s metadata.)
        func tail(_ index: Int) -> Observable<Element>? {
            guard let stage = stages[index] else { return nil }
            return unsafeDowncast(stage, to: Observable<Element>.self)
        }
        stage1 = tail(1)
        stage2 = tail(2)
        stage3 = tail(3)
        stage4 = tail(4)
        count = stages.count
        let receiver = unsafeDowncast(stages.final, to: Receiver<Element>.self)
        consumer = receiver.handOverOnNext()
        stateful = stages.stateful
        super.init(downstream: consume receiver)
        guard let stateful, let layout = stateful.stateLayout else { return }
        if layout.size > MemoryLayout<(UInt, UInt)>.size || layout.alignment > MemoryLayout<(UInt, UInt)>.alignment {
            outOfLineState = .allocate(byteCount: layout.size, alignment: layout.alignment)
        }
        stateful.initializeState(state)
    }

    deinit {
        guard let stateful else { return }
        stateful.deinitializeState(state)
        outOfLineState?.deallocate()
    }

    /// Passes `element`, what stage `index` lets through, to the next stage, or to the app's
    /// closure or the receiver after the last one; nothing once the pipeline is disposed.
    @inline(__always)
    final func push(_ element: Element, after index: Int) throws {
        guard !isDisposed else { return }
        let next = index + 1
        if next == count {
            if consumer != nil { return consumer!(element) }  // forced: borrows, as for the stages
            return downstream.onNext(element)
        }
        switch next {
        case 1: try stage1!.runStage(element, in: self, at: 1)
        case 2: try stage2!.runStage(element, in: self, at: 2)
        case 3: try stage3!.runStage(element, in: self, at: 3)
        default: try stage4!.runStage(element, in: self, at: 4)
        }
    }

    /// The address of the stateful stage's state (only while there is one).
    final var state: UnsafeMutableRawPointer {
        if let outOfLineState { return outOfLineState }
        // A stored property of a class keeps its address for the object's lifetime.
        return withUnsafeMutablePointer(to: &inlineState) { UnsafeMutableRawPointer($0) }
    }
}
