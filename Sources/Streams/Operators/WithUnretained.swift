// Concurrency: single upstream, so calls arrive serialized. The object is held weakly by the
// observable (a `weak let`, set once in `init`); each element upgrades it to a strong reference
// for the duration of one `resultSelector` call. No other state.
//
// States: none (stateless): once the object is gone, the next element completes the sequence.

extension ObservableType {
    /// Emits `resultSelector((object, element))` for each element while `object` is alive, holding
    /// `object` weakly; once it has been deallocated, the next element completes the sequence.
    ///
    /// Timing: completion (and disposal of the source subscription) happens at the first element
    /// that finds `object` gone, not at the moment it is deallocated.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object, resultSelector: @escaping @Sendable ((Object, Element)) -> Out
    ) -> Observable<Out> {
        WithUnretainedObservable(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Emits `(object, element)` for each element while `object` is alive, holding `object`
    /// weakly; once it has been deallocated, the next element completes the sequence.
    ///
    /// Timing: as ``withUnretained(_:resultSelector:)``.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        WithUnretainedObservable(source: asObservable(), object: obj) { $0 }
    }
}

private final class WithUnretainedObservable<Element, Object: AnyObject, Out>: Observable<Out>,
    @unchecked Sendable  // immutable after init
{
    let source: Observable<Element>
    weak let object: Object?
    let resultSelector: @Sendable ((Object, Element)) -> Out

    init(source: Observable<Element>, object: Object, resultSelector: @escaping @Sendable ((Object, Element)) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func subscribe(_ receiver: Receiver<Out>) -> any Disposable {
        let sink = WithUnretainedSink(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class WithUnretainedSink<Element, Object: AnyObject, Out>: Sink<Element, Out>,
    @unchecked Sendable  // see SubscriptionNode
{
    let parent: WithUnretainedObservable<Element, Object, Out>

    init(parent: WithUnretainedObservable<Element, Object, Out>, downstream: Receiver<Out>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        guard let object = parent.object else { return forwardCompleted() }
        forwardNext(parent.resultSelector((object, element)))
    }
}
