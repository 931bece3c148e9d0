/// Errors the library itself produces, with RxSwift's cases; ``RxError`` is the same type under
/// RxSwift's name, so code that catches or compares `RxError` ports unchanged.
///
/// Equality compares cases (and, for `disposed`, ignores which object: RxTest compares errors by
/// domain and code, so two `disposed` errors are equal there too).
public enum StreamsError: Error, Equatable, CustomDebugStringConvertible {
    /// An unknown error occurred.
    case unknown
    /// An operation on an object that was already disposed (a subject after `dispose()`).
    case disposed(object: any AnyObject & Sendable)
    /// An arithmetic overflow (`enumerated()` past `Int.max` elements).
    case overflow
    /// An argument was out of range (`element(at:)` past the end).
    case argumentOutOfRange
    /// A sequence had no elements where one was required (`single()`, `asSingle()`).
    case noElements
    /// A sequence had more than one element where one was required.
    case moreThanOneElement
    /// `timeout` fired, or a blocking call ran out of time.
    case timeout

    /// A sentence describing the error.
    public var debugDescription: String {
        switch self {
        case .unknown: "Unknown error occurred."
        case .disposed(let object): "Object `\(object)` was already disposed."
        case .overflow: "Arithmetic overflow occurred."
        case .argumentOutOfRange: "Argument out of range."
        case .noElements: "Sequence doesn't contain any elements."
        case .moreThanOneElement: "Sequence contains more than one element."
        case .timeout: "Sequence timeout."
        }
    }

    /// `true` when both are the same case (`disposed` errors are equal whatever the object).
    public static func == (lhs: StreamsError, rhs: StreamsError) -> Bool {
        switch (lhs, rhs) {
        case (.unknown, .unknown), (.disposed, .disposed), (.overflow, .overflow),
            (.argumentOutOfRange, .argumentOutOfRange), (.noElements, .noElements),
            (.moreThanOneElement, .moreThanOneElement), (.timeout, .timeout):
            true
        default:
            false
        }
    }
}

/// The library's errors under RxSwift's name: the same type as ``StreamsError``.
public typealias RxError = StreamsError
