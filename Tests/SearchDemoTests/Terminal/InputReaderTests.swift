import Testing

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct InputReaderTests {
    /// Starts an `InputReader` on a fresh pipe and runs `body` with the reader, what it reports and
    /// the pipe's write end (which `body` closes to end the input); the read end is closed after.
    private func withReader(
        sizeSources: [Int32] = [], _ body: (InputReader, EventRecorder, _ input: Int32) throws -> Void
    ) throws {
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let recorder = EventRecorder()
        let reader = try InputReader(input: ends[0], sizeSources: sizeSources, onEvent: recorder.record)
        reader.start()
        try body(reader, recorder, ends[1])
    }

    @Test func deliversKeysThenInputClosed() throws {
        try withReader { _, recorder, input in
            _ = TerminalOutput.write("a\u{1B}[A\u{1B}[6~か\r", to: input)
            var invalid: [UInt8] = [0xFF]
            _ = write(input, &invalid, 1)
            close(input)
            #expect(
                recorder.wait(forCount: 7) == [
                    .key(.character("a")), .key(.up), .key(.pageDown), .key(.character("か")), .key(.enter),
                    .key(.character("\u{FFFD}")), .inputClosed,
                ])
        }
    }

    /// UTF-8 split across writes is reassembled whatever the timing.
    @Test func splitUTF8AcrossWrites() throws {
        try withReader { _, recorder, input in
            for byte in Array("검".utf8) {
                var byte = byte
                _ = write(input, &byte, 1)
            }
            close(input)
            #expect(recorder.wait(forCount: 2) == [.key(.character("검")), .inputClosed])
        }
    }

    @Test func loneEscapeIsReportedAfterTheTimeout() throws {
        try withReader { _, recorder, input in
            _ = TerminalOutput.write("\u{1B}", to: input)
            #expect(recorder.wait(forCount: 1) == [.key(.escape)])
            _ = TerminalOutput.write("x", to: input)
            close(input)
            #expect(recorder.wait(forCount: 3) == [.key(.escape), .key(.character("x")), .inputClosed])
        }
    }

    @Test func resizeMessageReportsTheNewSize() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 12, columns: 34)
        try withReader(sizeSources: [terminal.slave]) { reader, recorder, input in
            var message = WakeMessage.resize
            _ = write(reader.wakeWriteEnd, &message, 1)
            #expect(recorder.wait(forCount: 1) == [.resize(TerminalSize(rows: 12, columns: 34))])
            close(input)
            #expect(recorder.wait(forCount: 2) == [.resize(TerminalSize(rows: 12, columns: 34)), .inputClosed])
        }
    }
}
