/// The error a `#` in a marble string stands for when no `error:` argument is given.
public struct MarbleError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A name that tells several marble errors apart.
    public let name: String

    /// Creates a marble error; `MarbleError()` is the default one.
    public init(_ name: String = "error") {
        self.name = name
    }

    /// `MarbleError` for the default error, `MarbleError(name)` otherwise.
    public var description: String {
        name == "error" ? "MarbleError" : "MarbleError(\(name))"
    }
}

/// A marble string that does not follow the grammar, with the 1-based column of the problem.
public struct MarbleParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The whole marble string.
    public let marbles: String
    /// The 1-based column (in characters) of the offending character; one past the end for
    /// problems found at the end of the string.
    public let column: Int
    /// What is wrong, in a few words.
    public let reason: String

    /// Creates a parse error.
    public init(marbles: String, column: Int, reason: String) {
        self.marbles = marbles
        self.column = column
        self.reason = reason
    }

    /// Three lines: the reason with its column, the marble string, and a caret under the column.
    ///
    /// ```
    /// marble error at column 4: unexpected character '*'
    ///   --a*-|
    ///      ^
    /// ```
    public var description: String {
        var caretIndent = ""
        for character in marbles.prefix(max(0, column - 1)) {
            caretIndent.append(character == "\t" ? "\t" : " ")
        }
        return "marble error at column \(column): \(reason)\n  \(marbles)\n  \(caretIndent)^"
    }
}
