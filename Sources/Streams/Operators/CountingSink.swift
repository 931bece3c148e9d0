// The one sink of the operators that count elements on a single upstream: `skip(_:)`, `take(_:)`,
// `element(at:)`. Calls arrive serialized, so `remaining` is touched only from `onNext`, which
// never overlaps itself.
//
// States: counting (`remaining` elements before the one the rule is about); then, by rule —
// skip: passing (every later element is emitted); take: ended (the last counted element was
// emitted, then completion); element(at:): ended (the element was emitted, then completion; or the
// source completed first: `argumentOutOfRange`).

/// Counts elements down and applies its operator's rule.
final class CountingSink<Element>: Sink<Element, Element>,
    @unchecked Sendable  // see SubscriptionNode; `remaining` only in serialized onNext
{
    /// What the count is for.
    enum Rule {
        /// Drop the first `remaining` elements, then emit the rest.
        case skip
        /// Emit `remaining` elements, then complete.
        case take
        /// Emit only the element after the first `remaining`, then complete; completion before
        /// it is an error.
        case elementAt
    }

    private let rule: Rule
    private var remaining: Int

    init(_ rule: Rule, remaining: Int, downstream: Receiver<Element>) {
        self.rule = rule
        self.remaining = remaining
        super.init(downstream: downstream)
    }

    override func onNext(_ element: Element) {
        switch rule {
        case .skip:
            if remaining > 0 { remaining -= 1 } else { forwardNext(element) }
        case .take:
            guard !isDisposed, remaining > 0 else { return }
            remaining -= 1
            forwardNext(element)
            if remaining == 0 { forwardCompleted() }
        case .elementAt:
            guard !isDisposed else { return }
            if remaining > 0 {
                remaining -= 1
            } else {
                forwardNext(element)
                forwardCompleted()
            }
        }
    }

    override func onCompleted() {
        if case .elementAt = rule { forwardError(StreamsError.argumentOutOfRange) } else { forwardCompleted() }
    }
}
