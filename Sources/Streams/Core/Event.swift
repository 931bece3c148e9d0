/// One notification from an observable: an element, a failure, or normal completion.
///
/// A sequence of events always has the shape `next* (error | completed)?`.
public enum Event<Element> {
    /// The next element.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(any Error)
    /// The sequence finished; nothing follows.
    case completed

    /// The element of a `.next` event, otherwise `nil`.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `.error` event, otherwise `nil`.
    public var error: (any Error)? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `.completed` events.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// `true` for `.error` and `.completed`.
    public var isStopEvent: Bool {
        if case .next = self { return false }
        return true
    }

    /// Maps the element of a `.next` event; a throwing transform turns into `.error`.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        switch self {
        case .next(let element):
            do { return .next(try transform(element)) } catch { return .error(error) }
        case .error(let error): return .error(error)
        case .completed: return .completed
        }
    }
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    /// `next(1)`, `error(…)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event: Equatable where Element: Equatable {
    /// Elements compare with `==`; errors compare equal when they are the same type and, where
    /// that type is `Equatable`, equal values (otherwise equal descriptions).
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.next(let l), .next(let r)): return l == r
        case (.completed, .completed): return true
        case (.error(let l), .error(let r)): return errorsEqual(l, r)
        default: return false
        }
    }
}

/// Compares two errors the way test assertions need: same dynamic type, then `Equatable`
/// equality when available, then equal `String(reflecting:)`.
public func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    if let equal = openEquatable(lhs, rhs) { return equal }
    return String(reflecting: lhs) == String(reflecting: rhs)
}

private func openEquatable(_ lhs: any Error, _ rhs: any Error) -> Bool? {
    guard let l = (lhs as Any) as? any Equatable else { return nil }
    return l.isEqual(to: rhs)
}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
