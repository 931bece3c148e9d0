// Concurrency: single upstream, so calls arrive serialized; the sink keeps no mutable state.
// Memory: the sink reaches `predicate` through its observable (one word) rather than holding
// the closure (two), which keeps it in a smaller malloc size class (Docs/Performance.md, M1).
//
// States: none (stateless).

extension ObservableType {
    /// Emits only the elements for which `predicate` returns `true`; a thrown error becomes the
    /// sequence's error.
    @inlinable
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        FilterObservable(source: asObservable(), predicate: predicate)  // inlined: see MapObservable
    }
}

/// `filter`'s observable, built by inlined code in the caller's module (see ``MapObservable``).
@usableFromInline
final class FilterObservable<Element>: Observable<Element>, @unchecked Sendable {  // immutable after init
    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: @Sendable (Element) throws -> Bool
    @usableFromInline let sinkType: FilterSink<Element>.Type

    @inlinable
    init(source: Observable<Element>, predicate: @escaping @Sendable (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
        self.sinkType = FilterSink<Element>.self
    }

    override func subscribe(_ receiver: Receiver<Element>) -> any Disposable {
        let sink = sinkType.init(parent: self, downstream: receiver)
        sink.setUpstream(source.subscribe(sink))
        return sink as DisposableNode  // the non-generic base: boxing it needs no metadata lookup
    }
}

@usableFromInline
final class FilterSink<Element>: Sink<Element, Element>, @unchecked Sendable {  // see SubscriptionNode
    let parent: FilterObservable<Element>

    required init(parent: FilterObservable<Element>, downstream: Receiver<Element>) {
        self.parent = parent
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        guard !isDisposed else { return }
        do {
            // `parent` lives as long as this sink, so the closure is called without retaining it.
            let passes = try Unmanaged.passUnretained(parent)._withUnsafeGuaranteedRef { try $0.predicate(element) }
            if passes { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }
}
