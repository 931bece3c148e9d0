import Streams

/// Turns parsed marbles into recorded events.
enum MarbleEvents {
    /// Parses `marbles` and resolves names through `lookup`; times are `frame × ticksPerFrame`
    /// plus `base` (the subscription tick for hot and output marbles, 0 for cold ones).
    static func recorded<Element>(
        _ marbles: String, allowsSubscriptionPoint: Bool, base: Int, ticksPerFrame: Int,
        lookup: (Character) -> Element?, error: any Error
    ) -> Result<[Recorded<Event<Element>>], MarbleParseError> {
        let entries: [MarbleEntry]
        switch MarbleParser.parseEvents(marbles, allowsSubscriptionPoint: allowsSubscriptionPoint) {
        case .success(let parsed): entries = parsed
        case .failure(let failure): return .failure(failure)
        }
        var events: [Recorded<Event<Element>>] = []
        events.reserveCapacity(entries.count)
        for entry in entries {
            let time = base &+ entry.frame &* ticksPerFrame
            switch entry.symbol {
            case .completed: events.append(Recorded(time: time, value: .completed))
            case .error: events.append(Recorded(time: time, value: .error(error)))
            case .value(let name):
                guard let element = lookup(name) else {
                    let reason = "no value for \(MarbleParser.quoted(name)) in values:"
                    return .failure(MarbleParseError(marbles: marbles, column: entry.column, reason: reason))
                }
                events.append(Recorded(time: time, value: .next(element)))
            }
        }
        return .success(events)
    }

    /// Parses a subscription marble into a ``Subscription`` (absolute ticks from `timing`).
    static func subscription(_ marbles: String, timing: MarbleTiming) -> Result<Subscription, MarbleParseError> {
        MarbleParser.parseSubscription(marbles).map { parsed in
            let subscribe = timing.tick(ofFrame: parsed.subscribeFrame)
            guard let unsubscribe = parsed.unsubscribeFrame else { return Subscription(subscribe) }
            return Subscription(subscribe, timing.tick(ofFrame: unsubscribe))
        }
    }
}

/// Looks marble names up as the characters themselves (for `String` elements).
func stringName(_ name: Character) -> String? { String(name) }

/// Looks marble names up as the characters themselves (for `Character` elements).
func characterName(_ name: Character) -> Character? { name }
