import Testing

@testable import SearchDemo

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct InputReaderTests {
    @Test func deliversKeysThenInputClosed() throws {
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let recorder = EventRecorder()
        let reader = try InputReader(input: ends[0], sizeSources: [], onEvent: recorder.record)
        reader.start()
        _ = TerminalOutput.write("a\u{1B}[A\u{1B}[6~か\r", to: ends[1])
        var invalid: [UInt8] = [0xFF]
        _ = write(ends[1], &invalid, 1)
        close(ends[1])
        #expect(
            recorder.wait(forCount: 7) == [
                .key(.character("a")), .key(.up), .key(.pageDown), .key(.character("か")), .key(.enter),
                .key(.character("\u{FFFD}")), .inputClosed,
            ])
    }

    /// UTF-8 split across writes is reassembled whatever the timing.
    @Test func splitUTF8AcrossWrites() throws {
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let recorder = EventRecorder()
        let reader = try InputReader(input: ends[0], sizeSources: [], onEvent: recorder.record)
        reader.start()
        for byte in Array("검".utf8) {
            var byte = byte
            _ = write(ends[1], &byte, 1)
        }
        close(ends[1])
        #expect(recorder.wait(forCount: 2) == [.key(.character("검")), .inputClosed])
    }

    @Test func loneEscapeIsReportedAfterTheTimeout() throws {
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let recorder = EventRecorder()
        let reader = try InputReader(input: ends[0], sizeSources: [], onEvent: recorder.record)
        reader.start()
        _ = TerminalOutput.write("\u{1B}", to: ends[1])
        #expect(recorder.wait(forCount: 1) == [.key(.escape)])
        _ = TerminalOutput.write("x", to: ends[1])
        close(ends[1])
        #expect(recorder.wait(forCount: 3) == [.key(.escape), .key(.character("x")), .inputClosed])
    }

    @Test func resizeMessageReportsTheNewSize() throws {
        let terminal = try PseudoTerminal()
        terminal.setSize(rows: 12, columns: 34)
        var ends: [Int32] = [-1, -1]
        try #require(closeOnExecPipe(&ends) == 0)
        defer { close(ends[0]) }
        let recorder = EventRecorder()
        let reader = try InputReader(input: ends[0], sizeSources: [terminal.slave], onEvent: recorder.record)
        reader.start()
        var message = WakeMessage.resize
        _ = write(reader.wakeWriteEnd, &message, 1)
        #expect(recorder.wait(forCount: 1) == [.resize(TerminalSize(rows: 12, columns: 34))])
        close(ends[1])
        #expect(recorder.wait(forCount: 2) == [.resize(TerminalSize(rows: 12, columns: 34)), .inputClosed])
    }
}
