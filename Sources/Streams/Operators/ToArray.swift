// Concurrency: single upstream, so calls arrive serialized; each sink's `elements` is touched only
// from `onNext` and `onCompleted`, which never overlap.
//
// States: collecting (`elements`); ended (completion emitted the array, then completed; or an error
// passed).

extension ObservableType {
    /// Collects every element and, when the source completes, emits them as one array and completes.
    ///
    /// Timing: nothing is emitted before the source completes; a source error is forwarded as is
    /// and the collected elements are dropped. (RxSwift returns a `Single`; this returns an
    /// `Observable` that emits exactly one array on success.)
    public func toArray(file: StaticString = #fileID, line: UInt = #line) -> Observable<[Element]> {
        ToArrayObservable(source: asObservable()).inspected(as: "toArray", file: file, line: line)
    }
}

private final class ToArrayObservable<Element>: Observable<[Element]>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    init(source: Observable<Element>) { self.source = source }

    override func subscribe(_ receiver: Receiver<[Element]>) -> any Disposable {
        let sink = ToArraySink(downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink
    }
}

private final class ToArraySink<Element>: Sink<Element, [Element]>,
    @unchecked Sendable  // see SubscriptionNode; `elements` only in serialized events
{
    private var elements: [Element] = []

    override func onNext(_ element: Element) {
        if !isDisposed { elements.append(element) }
    }

    override func onCompleted() {
        guard !isDisposed else { return }
        let result = elements
        elements = []
        forwardNext(result)
        forwardCompleted()
    }
}
