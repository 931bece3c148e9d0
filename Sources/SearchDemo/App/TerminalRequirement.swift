#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the full-screen UI needs before it touches the terminal: a terminal on standard input (keys) and on
/// standard output (frames), and a `TERM` that promises cursor addressing and an alternate screen.
///
/// Without them the UI would draw escape codes into a file or pipe, or into a terminal that shows them as
/// text, and leave a terminal in raw mode while the user types blind; the program refuses instead, with
/// one line on standard error and exit status 2, without changing the terminal.
enum TerminalRequirement {
    /// `TERM` values that name terminals without cursor addressing (or no terminal type at all).
    static let incapableTerminals: Set<String> = ["", "dumb", "unknown"]

    /// Why the UI cannot run with these streams and this `TERM`, as one line, or `nil` when it can.
    static func problem(inputIsTerminal: Bool, outputIsTerminal: Bool, term: String?) -> String? {
        if !inputIsTerminal {
            return "the terminal UI needs a terminal on standard input (use --query to search without it)"
        }
        if !outputIsTerminal {
            return "the terminal UI needs a terminal on standard output, not a file or pipe "
                + "(use --query to print results)"
        }
        guard let term else {
            return "TERM is not set, so the terminal's abilities are unknown (set TERM, or use --query)"
        }
        if incapableTerminals.contains(term) {
            return "the terminal UI needs cursor addressing and an alternate screen, which "
                + "TERM=\(TerminalSafeText.line(term)) does not offer (use --query)"
        }
        return nil
    }

    /// ``problem(inputIsTerminal:outputIsTerminal:term:)`` for this process's standard input and output and
    /// the `TERM` in `environment`.
    static func problemHere(environment: [String: String]) -> String? {
        problem(
            inputIsTerminal: isatty(STDIN_FILENO) == 1, outputIsTerminal: isatty(STDOUT_FILENO) == 1,
            term: environment["TERM"])
    }
}
