/// Errors the library itself produces.
public enum StreamsError: Error, Equatable, Sendable {
    /// An operation on an object that was already disposed.
    case disposed(object: String)
    /// `timeout` fired.
    case timeout
    /// A sequence had no elements where one was required (`asSingle`, `first` on a single).
    case noElements
    /// A sequence had more than one element where one was required.
    case moreThanOneElement
    /// `element(at:)` asked for an index past the end.
    case argumentOutOfRange
    /// A generic failure with a message.
    case unknown(String)
}
