/// Why a query could not be parsed: the token at fault, as typed, and what is wrong with it.
public struct SearchQueryError: Error, Sendable, Equatable {
    /// The token at fault, e.g. `stars:>>1`.
    public let token: String
    /// What is wrong, e.g. `“>1” is not a number`.
    public let reason: String

    /// One line for the user: `“stars:>>1”: “>1” is not a number`.
    public var message: String { "\(Wording.echo(token)): \(reason)" }
}
