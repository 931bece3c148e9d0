// Timing (RxSwift 6): the source is subscribed first, then the sampler. Each sampler element
// (and the sampler's completion) emits the source's latest element if one arrived since the
// previous tick, otherwise `defaultValue` if given, otherwise nothing. After the source
// completed, the next tick emits (as above) and then completes. An error from either fails the
// result. Disposal disposes both.
//
// States: empty (no element since the last tick); holding (`element` is the latest); at end
// (the source completed: the next tick is the last); stopped (engine).

extension ObservableType {
    /// Emits the latest source element at each tick of `sampler`, if a new one arrived since the
    /// previous tick (or `defaultValue`, if given); see the file header for timing.
    public func sample<Source: ObservableType>(
        _ sampler: Source, defaultValue: Element? = nil, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue).asObservable()
            .inspected(as: "sample", file: file, line: line)
    }
}

private struct Sample<Element, Tick>: Producer {
    let source: Observable<Element>
    let sampler: Observable<Tick>
    let defaultValue: Element?

    func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = SampleSink<Element, Tick>(state: SampleState(defaultValue: defaultValue), downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        sink.subscribeChild(sampler, owner: sink) { state, child in state.ticker = child }
        return sink
    }
}

struct SampleState<Element, Tick> {
    let defaultValue: Element?
    var element: Element?
    var atEnd = false
    var ticker: DisposableNode?

    /// A source element: the latest, replacing (and releasing) the one before it.
    mutating func received(_ element: Element, _ effects: DeferredEffects<Element>) {
        effects.replace(&self.element, with: element)
    }

    /// The source completed: the next tick is the last.
    mutating func sourceCompleted() {
        atEnd = true
    }

    /// A tick of the sampler: emits what is due, and completes after the source's end.
    mutating func tick(_ effects: DeferredEffects<Element>) {
        if let element = element.take() {
            effects.emit(element)
        } else if let defaultValue {
            effects.emit(defaultValue)
        }
        if atEnd { effects.complete() }
    }

    /// The subscription ended: the sampler is disposed and the latest element released.
    mutating func disposeAll(_ effects: DeferredEffects<Element>) {
        effects.dispose(ticker.take())
        effects.release(element.take())
    }
}

private final class SampleSink<Element, Tick>: SerializingSink<Element, Element, SampleState<Element, Tick>>,
    ChildOwner, @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) {
        update { state, effects in state.received(element, effects) }
    }

    override func onCompleted() {
        update { state, _ in state.sourceCompleted() }
    }

    func childReceived(_ element: Tick, key: Int) {
        update { state, effects in state.tick(effects) }
    }

    func childFailed(_ error: any Error, key: Int) { onError(error) }

    func childCompleted(key: Int) {
        update { state, effects in state.tick(effects) }
    }

    override func willDispose(_ state: inout SampleState<Element, Tick>, _ effects: DeferredEffects<Element>) {
        state.disposeAll(effects)
    }
}
