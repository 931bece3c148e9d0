// Timing (RxSwift 6): `other` is subscribed first, then the source. The source's elements pass
// until `other` emits its first element, which completes the result at once and disposes both
// subscriptions. An error from `other` fails the result; completion of `other` without an element
// only ends its subscription. The source's completion or error ends the result. Disposal
// disposes both.
//
// States: passing (the trigger's subscription is held in the state); stopped (engine).

extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes (see the file
    /// header for timing).
    public func take<Source: ObservableType>(until other: Source, file: StaticString = #fileID, line: UInt = #line)
        -> Observable<Element>
    {
        let (source, other) = (asObservable(), other.asObservable())
        return ClosureProducer { receiver in
            let sink = TakeUntilSink<Element, Source.Element>(state: nil, downstream: receiver)
            sink.subscribeChild(other, owner: sink) { trigger, child in trigger = child }
            sink.setUpstream(source.subscribe(sink))
            return sink
        }.asObservable().inspected(as: "take(until:)", file: file, line: line)
    }
}

/// State: the trigger's subscription.
private final class TakeUntilSink<Element, Other>: SerializingSink<Element, Element, DisposableNode?>,
    ChildOwner, @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) { emitNext(element) }

    func childReceived(_ element: Other, key: Int) { onCompleted() }
    func childFailed(_ error: any Error, key: Int) { onError(error) }
    func childCompleted(key: Int) {}

    override func willDispose(_ trigger: inout DisposableNode?, _ effects: DeferredEffects<Element>) {
        effects.dispose(trigger.take())
    }
}
