import Streams

/// A value recorded at a virtual time: an event received by a test observer, or an event a test
/// observable will send.
public struct Recorded<Value> {
    /// The virtual tick.
    public let time: Int
    /// The recorded value (usually an `Event`).
    public let value: Value

    /// Creates a record.
    public init(time: Int, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded: Equatable where Value: Equatable {}
extension Recorded: Sendable where Value: Sendable {}

extension Recorded: CustomDebugStringConvertible {
    /// `next(210, 1)`-style text, as RxTest prints.
    public var debugDescription: String {
        if let event = value as? any EventDescribing { return event.describe(at: time) }
        return "\(value) @ \(time)"
    }
}

/// Lets `Recorded` print events as `next(210, 1)`.
protocol EventDescribing {
    func describe(at time: Int) -> String
}

extension Event: EventDescribing {
    func describe(at time: Int) -> String {
        switch self {
        case .next(let value): return "next(\(time), \(value))"
        case .error(let error): return "error(\(time), \(error))"
        case .completed: return "completed(\(time))"
        }
    }
}

extension Recorded {
    /// `.next(210, x)`: element `x` at tick 210.
    public static func next<Element>(_ time: Int, _ element: Element) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .next(element))
    }

    /// `.completed(300)`: completion at tick 300.
    public static func completed<Element>(_ time: Int, _ type: Element.Type = Element.self) -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .completed)
    }

    /// `.error(300, e)`: failure `e` at tick 300.
    public static func error<Element>(_ time: Int, _ error: any Error, _ type: Element.Type = Element.self)
        -> Recorded<Event<Element>>
    where Value == Event<Element> {
        Recorded(time: time, value: .error(error))
    }

    /// Builds an array from variadic records: `Recorded.events(.next(210, 1), .completed(300))`.
    public static func events<Element>(_ recordedEvents: Recorded<Event<Element>>...) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }

    /// Returns the array unchanged (for symmetry with the variadic form).
    public static func events<Element>(_ recordedEvents: [Recorded<Event<Element>>]) -> [Recorded<Event<Element>>]
    where Value == Event<Element> {
        recordedEvents
    }
}

/// When a test observable was subscribed and unsubscribed, in virtual ticks.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The tick of subscription.
    public let subscribe: Int
    /// The tick of unsubscription, or `Int.max` if still subscribed.
    public let unsubscribe: Int

    /// A subscription that has not ended.
    public init(_ subscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = Int.max
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: Int, _ unsubscribe: Int) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200, 1000)` or `(200, never)`.
    public var debugDescription: String {
        "(\(subscribe), \(unsubscribe == Int.max ? "never" : String(unsubscribe)))"
    }
}
