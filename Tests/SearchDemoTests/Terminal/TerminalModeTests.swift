import Testing

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct TerminalModeTests {
    @Test func rawModeOnAPseudoTerminalAndBack() throws {
        let terminal = try PseudoTerminal()
        let before = try TerminalMode.attributes(of: terminal.slave)
        #expect(localFlagsSet(before, ICANON | ECHO | ISIG))

        let original = try TerminalMode.enterRawMode(terminal.slave)
        #expect(sameAttributes(original, before))
        let raw = try TerminalMode.attributes(of: terminal.slave)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0)
        #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) == tcflag_t(OPOST))
        #expect(raw.c_cflag & tcflag_t(CSIZE) == tcflag_t(CS8))
        var rawCopy = raw
        withUnsafeBytes(of: &rawCopy.c_cc) { characters in
            #expect(characters[Int(VMIN)] == 1)
            #expect(characters[Int(VTIME)] == 0)
        }

        try TerminalMode.apply(original, to: terminal.slave)
        #expect(sameAttributes(try TerminalMode.attributes(of: terminal.slave), before))
    }

    @Test func notATerminal() throws {
        try withPipe { input, _ in
            #expect(throws: TerminalError.notATerminal(fileDescriptor: input)) {
                try TerminalMode.attributes(of: input)
            }
            #expect(TerminalSize.query(fileDescriptor: input) == nil)
            #expect(TerminalSize.current(fileDescriptors: [input, -1]) == TerminalSize(rows: 24, columns: 80))
        }
    }

    @Test func windowSize() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 30, columns: 100)
        #expect(TerminalSize.query(fileDescriptor: terminal.slave) == TerminalSize(rows: 30, columns: 100))
        terminal.setSize(rows: 1, columns: 1)
        #expect(TerminalSize.current(fileDescriptors: [-1, terminal.slave]) == TerminalSize(rows: 1, columns: 1))
        terminal.setSize(rows: 0, columns: 0)
        #expect(TerminalSize.current(fileDescriptors: [terminal.slave]) == .fallback)
    }
}
