// Timing (RxSwift's `asSingle`/`asMaybe`): the first element is held and emitted, followed by
// completion, when the source completes. A second element fails at once with
// `StreamsError.moreThanOneElement` (and disposes the source subscription); completion without an
// element fails a single with `StreamsError.noElements` and completes a maybe. Errors are
// forwarded at once.
//
// States: empty (no element yet); holding (the first element is held by the engine); stopped
// (engine: a terminal event was decided, the held element is released after unlocking).

extension ObservableType {
    /// A single that succeeds with this sequence's only element when it completes.
    ///
    /// Timing: the element is emitted, followed by completion, when the source completes. A second
    /// element fails at once with ``StreamsError/moreThanOneElement`` (and unsubscribes from the
    /// source); completion without an element fails with ``StreamsError/noElements``.
    public func asSingle(file: StaticString = #fileID, line: UInt = #line) -> Single<Element> {
        Single(raw: lift(ElementCount<Element>(requiresOne: true)).inspected(as: "asSingle", file: file, line: line))
    }

    /// A maybe that succeeds with this sequence's only element when it completes, or completes
    /// empty.
    ///
    /// Timing: the element is emitted, followed by completion, when the source completes. A second
    /// element fails at once with ``StreamsError/moreThanOneElement`` (and unsubscribes from the
    /// source).
    public func asMaybe(file: StaticString = #fileID, line: UInt = #line) -> Maybe<Element> {
        Maybe(raw: lift(ElementCount<Element>(requiresOne: false)).inspected(as: "asMaybe", file: file, line: line))
    }
}

extension ObservableType where Element == Never {
    /// This element-less sequence as a ``Completable``.
    ///
    /// To turn any sequence into a completable, drop its elements first:
    /// `ignoreElements().asCompletable()`.
    public func asCompletable(file: StaticString = #fileID, line: UInt = #line) -> Completable {
        Completable(raw: asObservable().inspected(as: "asCompletable", file: file, line: line))
    }
}

/// `asSingle` (`requiresOne`) and `asMaybe`: the element-count check.
private struct ElementCount<Element>: SinkMaking {
    let requiresOne: Bool

    func makeSink(downstream: Receiver<Element>) -> Sink<Element, Element> {
        ElementCountSink(state: requiresOne, downstream: downstream)
    }
}

/// The state is whether completion without an element is an error; the element itself is held by
/// the engine (``DeferredEffects/hold(_:)``).
private final class ElementCountSink<Element>: SerializingSink<Element, Element, Bool>,
    @unchecked Sendable  // see SerializingSink
{
    override func onNext(_ element: Element) {
        update { _, effects in
            if effects.isHolding {
                effects.dropHeld()
                effects.fail(StreamsError.moreThanOneElement)
            } else {
                effects.hold(element)
            }
        }
    }

    override func onCompleted() {
        update { requiresOne, effects in
            if effects.isHolding {
                effects.emitHeld()
                effects.complete()
            } else if requiresOne {
                effects.fail(StreamsError.noElements)
            } else {
                effects.complete()
            }
        }
    }
}
