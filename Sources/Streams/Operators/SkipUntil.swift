// Timing (RxSwift 6): the source is subscribed first, then `other`. The source's elements are
// dropped until `other` emits its first element; from then on they pass, and `other`'s
// subscription is disposed at that moment. An error from either fails the result. If the source
// completes before `other` emitted, the result ends without any event (everything is disposed),
// as in RxSwift. Disposal disposes both.
//
// States: closed (elements dropped; the trigger is held); open (elements pass; the trigger is
// gone); stopped (engine).

extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest (see the
    /// file header for timing).
    public func skip<Source: ObservableType>(until other: Source, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        let (source, other) = (asObservable(), other.asObservable())
        return ClosureProducer { receiver in
            let sink = SkipUntilSink<Element, Source.Element>(state: SkipUntilState(), downstream: receiver)
            sink.setUpstream(source.subscribe(sink))
            sink.subscribeChild(other, owner: sink) { state, child in state.trigger = child }
            return sink
        }.asObservable().inspected(as: "skip(until:)", file: file, line: line)
    }
}

private struct SkipUntilState<Other> {
    var isOpen = false
    var trigger: DisposableNode?
}

private final class SkipUntilSink<Element, Other>: SerializingSink<Element, Element, SkipUntilState<Other>>,
    ChildOwner, @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) { emitNext(element) { $0.isOpen } }

    override func onCompleted() {
        var ended = false
        update { state, effects in
            if state.isOpen { effects.complete() }
            ended = !state.isOpen
        }
        if ended { dispose() }  // RxSwift ends silently: nothing passed yet
    }

    func childReceived(_ element: Other, key: Int) {
        update { state, effects in
            state.isOpen = true
            effects.dispose(state.trigger.take())
        }
    }

    func childFailed(_ error: any Error, key: Int) { onError(error) }
    func childCompleted(key: Int) {}

    override func willDispose(_ state: inout SkipUntilState<Other>, _ effects: DeferredEffects<Element>) {
        effects.dispose(state.trigger.take())
    }
}
