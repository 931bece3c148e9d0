// Concurrency: no state. The prepended elements are sent synchronously during `subscribe`, before
// the source is subscribed, on the subscribing thread; the downstream receiver drops them if it
// has already terminated (for example `startWith(1, 2).take(1)`).
//
// States: none (stateless).

extension ObservableType {
    /// Emits `elements`, in order, then the source's events.
    ///
    /// Timing: the elements are emitted synchronously when subscribed, then the source is
    /// subscribed (at the same moment); disposal disposes the source subscription.
    public func startWith(_ elements: Element..., file: StaticString = #fileID, line: UInt = #line) -> Observable<
        Element
    > {
        StartWithObservable(source: asObservable(), elements: elements).inspected(
            as: "startWith", file: file, line: line)
    }
}

private final class StartWithObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    let source: Observable<Element>
    let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        for element in elements { receiver.onNext(element) }
        return source.subscribe(receiver)
    }
}
