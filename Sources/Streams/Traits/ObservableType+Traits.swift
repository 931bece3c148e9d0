// Concurrency: the conversions wrap the source in a single-upstream checking operator (see
// TraitElementCount.swift); no state is shared between subscriptions.

extension ObservableType {
    /// A single that succeeds with this sequence's only element when it completes.
    ///
    /// Timing: the element is emitted, followed by completion, when the source completes. A second
    /// element fails at once with ``StreamsError/moreThanOneElement`` (and unsubscribes from the
    /// source); completion without an element fails with ``StreamsError/noElements``.
    public func asSingle() -> Single<Element> {
        Single(unchecked: TraitElementCountObservable(source: asObservable(), count: .exactlyOne))
    }

    /// A maybe that succeeds with this sequence's only element when it completes, or completes
    /// empty.
    ///
    /// Timing: the element is emitted, followed by completion, when the source completes. A second
    /// element fails at once with ``StreamsError/moreThanOneElement`` (and unsubscribes from the
    /// source).
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: TraitElementCountObservable(source: asObservable(), count: .atMostOne))
    }
}
