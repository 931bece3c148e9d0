// Timing: the first source is subscribed at subscription; each next one when the previous one
// completed. The result completes after the last one completes and fails as soon as one fails.
// The sequence is iterated lazily, once per subscription. Disposal disposes the running source.
// `catch(sequence:)` (CatchSequence.swift) runs the same loop, moving on at failures instead.
//
// States: idle (waiting for the running source to end); pumping (one thread subscribes sources
// in a loop; a source that completes while being subscribed only asks it for one more turn, so
// concatenating 100,000 synchronous sources iterates at constant stack depth); ended. Sources run
// one at a time and each starts only after the previous one ended, so their events are ordered by
// happens-before and are forwarded without serialization.

extension Observable {
    /// Emits the elements of each observable in `sequence`, one after the other: the next one is
    /// subscribed when the previous one completes.
    ///
    /// Timing: the first source is subscribed at subscription; the result completes after the
    /// last one completes and fails as soon as one fails. The sequence is iterated lazily, once
    /// per subscription. Disposal disposes the running source. No scheduler is used.
    public static func concat<Sources: Sequence>(_ sequence: Sources, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    where Sources.Element == Observable<Element> {
        Concat(sources: sequence).asObservable().inspected(as: "concat", file: file, line: line)
    }

    /// Emits the elements of each observable in `sources`, one after the other (see
    /// ``concat(_:file:line:)-(Sources,_,_)``).
    public static func concat(_ sources: [Observable<Element>], file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        Concat(sources: ObservableArray(sources)).asObservable().inspected(as: "concat", file: file, line: line)
    }

    /// Emits the elements of each argument, one after the other (see ``concat(_:file:line:)-(Sources,_,_)``).
    public static func concat(_ sources: Observable<Element>..., file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        Concat(sources: ObservableArray(sources)).asObservable().inspected(as: "concat", file: file, line: line)
    }
}

extension ObservableType {
    /// Emits the elements of `self`, then, once it completed, those of `second`.
    ///
    /// Timing: `second` is subscribed when `self` completes; an error from either ends the
    /// result. Disposal disposes the running source.
    public func concat<Source: ObservableType>(_ second: Source, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    where Source.Element == Element {
        Concat(sources: SourcePair(first: asObservable(), second: second.asObservable())).asObservable().inspected(
            as: "concat", file: file, line: line)
    }
}

/// What moves `Concat` to the next source: completion (`concat`), or failure (`catch(sequence:)`,
/// whose result completes with the first source that completes and fails with the last error).
enum ConcatAdvance {
    case onCompletion
    case onFailure
}

// Unchecked Sendable: immutable; each subscription iterates its own iterator
struct Concat<Sources: Sequence, Element>: Producer, @unchecked Sendable
where Sources.Element == Observable<Element> {
    let sources: Sources
    var advance = ConcatAdvance.onCompletion

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = ConcatSink(iterator: sources.makeIterator(), advance: advance, downstream: receiver)
        sink.advance()
        return sink
    }
}

/// An array of observables iterated by index: a generic `IndexingIterator` reads through an
/// unspecialized coroutine that allocates on every step. The array is kept as plain object
/// references, so reading one needs no runtime metadata for `Observable<Element>`.
private struct ObservableArray<Element>: Sequence, IteratorProtocol {
    let sources: [AnyObject]
    var index = 0

    init(_ sources: [Observable<Element>]) { self.sources = sources }

    mutating func next() -> Observable<Element>? {
        guard index < sources.count else { return nil }
        defer { index += 1 }
        // Every element was an `Observable<Element>` when the array was built.
        return unsafeDowncast(sources[index], to: Observable<Element>.self)
    }
}

/// The two sources of `first.concat(second)` (and of a completable's `andThen`), each let go by
/// the subscription's iterator once it is subscribed: a source that finished, and whatever its
/// chain holds, is not kept alive while the second one runs, as in RxSwift.
struct SourcePair<Element>: Sequence, IteratorProtocol {
    var first: Observable<Element>?
    var second: Observable<Element>?

    mutating func next() -> Observable<Element>? { first.take() ?? second.take() }
}

/// The running source, the subscribing loop and (for `catch(sequence:)`) the last failure. Not
/// generic, so a transition needs no runtime metadata.
private struct ConcatState {
    var current: (key: Int, child: DisposableNode)?
    var pump = Pump()
    var isDisposed = false
    var lastError: (any Error)?
}

private final class ConcatSink<Iterator: IteratorProtocol, Element>: Sink<Never, Element>, ChildOwner,
    @unchecked Sendable  // `cell` is the synchronisation; `iterator` is touched only by the pumping thread
where Iterator.Element == Observable<Element> {
    private let cell = LockedCell(ConcatState())
    @exclusivity(unchecked) private var iterator: Iterator
    private let childType = ChildNode<ConcatSink>.self
    private var nextKey = 0  // touched only by the pumping thread
    private let advancesOn: ConcatAdvance

    init(iterator: Iterator, advance: ConcatAdvance, downstream: Receiver<Element>) {
        self.iterator = iterator
        self.advancesOn = advance
        super.init(downstream: downstream)
    }

    /// Subscribes the next source, or asks the thread already doing so to do it once more.
    func advance() {
        guard cell.update({ !$0.isDisposed && $0.pump.request() }) else { return }
        repeat {
            guard let source = iterator.next() else {
                let lastError: (any Error)? = cell.update { state in
                    state.pump.stop()
                    return state.lastError.take()
                }
                if let lastError { return forwardError(lastError) }
                return forwardCompleted()
            }
            let child = childType.init(owner: self, key: nextKey)
            nextKey += 1
            let stored: Bool = cell.update { state in
                guard !state.isDisposed else { return false }
                state.current = (child.key, child)
                return true
            }
            guard stored else { return }
            child.subscribe(to: source)
        } while cell.update({ !$0.isDisposed && $0.pump.finishTurn() })
    }

    func childReceived(_ element: Element, key: Int) { forwardNext(element) }
    func childFailed(_ error: any Error, key: Int) {
        guard case .onFailure = advancesOn else { return forwardError(error) }
        let finished: DisposableNode? = cell.update { state in
            guard state.current?.key == key else { return nil }
            state.lastError = error
            return state.current.take()?.child
        }
        _ = consume finished  // released here, after unlocking
        advance()
    }

    func childCompleted(key: Int) {
        guard case .onCompletion = advancesOn else { return forwardCompleted() }
        let finished = cell.update { state in state.current?.key == key ? state.current.take()?.child : nil }
        _ = consume finished  // released here, after unlocking
        advance()
    }

    override func onNext(_ element: Never) {}
    override func onError(_ error: any Error) {}
    override func onCompleted() {}

    override func disposeResources() {
        let running = cell.update { state in
            state.isDisposed = true
            return state.current.take()?.child
        }
        running?.dispose()
    }
}
