import Testing

@testable import SearchDemo

/// When the full-screen UI refuses to start (the end-to-end runs are in ``TerminalEndToEndTests``).
@Suite struct TerminalRequirementTests {
    @Test(arguments: [
        (false, true, "xterm", "the terminal UI needs a terminal on standard input (use --query to search without it)"),
        (
            true, false, "xterm",
            "the terminal UI needs a terminal on standard output, not a file or pipe (use --query to print results)"
        ),
        (
            true, true, "dumb",
            "the terminal UI needs cursor addressing and an alternate screen, which TERM=dumb does not offer (use --query)"
        ),
        (
            true, true, "",
            "the terminal UI needs cursor addressing and an alternate screen, which TERM= does not offer (use --query)"
        ),
        (
            true, true, "unknown",
            "the terminal UI needs cursor addressing and an alternate screen, which TERM=unknown does not offer (use --query)"
        ),
    ])
    func refusesWithOneLine(input: Bool, output: Bool, term: String, message: String) {
        #expect(TerminalRequirement.problem(inputIsTerminal: input, outputIsTerminal: output, term: term) == message)
    }

    @Test func anUnsetTermIsRefusedAndARealTerminalIsFine() {
        #expect(
            TerminalRequirement.problem(inputIsTerminal: true, outputIsTerminal: true, term: nil)
                == "TERM is not set, so the terminal's abilities are unknown (set TERM, or use --query)")
        for term in ["xterm-256color", "screen", "tmux-256color", "linux", "vt100"] {
            #expect(TerminalRequirement.problem(inputIsTerminal: true, outputIsTerminal: true, term: term) == nil)
        }
    }
}
