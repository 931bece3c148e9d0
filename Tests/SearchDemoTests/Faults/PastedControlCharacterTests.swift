import Foundation
import Streams
import StreamsTest
import Testing

@testable import SearchDemo

/// Control characters and escape sequences pasted into the search line, through the real input path:
/// bytes → ``KeyDecoder`` → ``SearchTerminalView`` (its ``SearchKeyMap``) → frames → ``ScreenWriter`` output.
@MainActor @Suite struct PastedControlCharacterTests {
    private final class Terminal: @unchecked Sendable {  // used on the test's thread only
        var writer = ScreenWriter()
        var output = ""
        var lastFrame: Frame?
        var queries: [String] = []
        var otherEvents: [SearchEvent] = []
    }

    /// A paste from a terminal without bracketed paste: an escape sequence that would clear the screen, one
    /// that would set the window title, a tab, a BEL, a C1 CSI (`0xC2 0x9B`) and a NUL, interleaved with the
    /// letters of "swift".
    private static let pasted: [UInt8] =
        Array("sw".utf8) + [0x1B] + Array("[2J".utf8) + [0x1B] + Array("]0;evil".utf8) + [0x07]
        + Array("i".utf8) + [0x09] + Array("f".utf8) + [0xC2, 0x9B] + Array("31m".utf8) + [0x00] + Array("t".utf8)

    /// What is left of the paste once every control byte and every escape sequence's introducer is gone:
    /// the printable tails of the sequences stay as typed text, never as escapes.
    private static let typedText = "sw0;evilif31mt"

    private func makeView(_ terminal: Terminal) -> (SearchTerminalView, any Disposable) {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let size = TerminalSize(rows: 3, columns: 60)
        let view = SearchTerminalView(size: size, scheduler: scheduler) { frame, size in
            terminal.lastFrame = frame
            terminal.output += terminal.writer.render(frame, size: size)
        }
        let events = view.interact().subscribe(onNext: { event in
            if case .queryEdited(let text) = event {
                terminal.queries.append(text)
            } else {
                terminal.otherEvents.append(event)
            }
        })
        return (view, events)
    }

    private func feed(_ bytes: [UInt8], to view: SearchTerminalView) {
        var decoder = KeyDecoder()
        for key in decoder.decode(bytes) + decoder.flush() {
            #expect(view.handle(key) == .handled, "no pasted byte quits or suspends the app")
        }
    }

    /// `text` as a terminal sends it in bracketed-paste mode (which the session turns on).
    private static func bracketed(_ text: [UInt8]) -> [UInt8] {
        Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8)
    }

    @Test func pastedControlsNeverReachTheQueryOrTheTerminalRaw() {
        let terminal = Terminal()
        let (view, events) = makeView(terminal)
        defer { events.dispose() }

        feed(Self.pasted, to: view)

        #expect(terminal.queries.last == Self.typedText)
        for query in terminal.queries {
            #expect(!query.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(query)")
        }
        let text = withoutWriterSequences(terminal.output)
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(text.debugDescription)")
        #expect(!terminal.output.contains("\u{1B}]"))
        #expect(!terminal.output.contains("\u{1B}[2J"))
        let searchLine = terminal.lastFrame?.lines.first?.spans.map(\.text).joined()
        #expect(searchLine == SearchScreenRenderer.prompt + Self.typedText)
    }

    @Test func theSearchLineStaysUsableAfterAPaste() {
        let terminal = Terminal()
        let (view, events) = makeView(terminal)
        defer { events.dispose() }

        feed(Self.pasted, to: view)
        feed([0x15] + Array("rxswift".utf8) + [0x7F], to: view)  // Ctrl-U, type, Backspace

        #expect(
            terminal.queries.suffix(9) == ["", "r", "rx", "rxs", "rxsw", "rxswi", "rxswif", "rxswift", "rxswif"])
        let searchLine = terminal.lastFrame?.lines.first?.spans.map(\.text).joined()
        #expect(searchLine == SearchScreenRenderer.prompt + "rxswif")
    }

    /// A bracketed paste is text only: its line breaks and tabs become spaces, so a multi-line paste neither
    /// presses Enter (opening the detail view, where a pasted `o` would open the browser) nor quits on a
    /// pasted Ctrl-C; its escape sequences and other control bytes are dropped; it is one edit of the line.
    @Test func aBracketedPasteIsOneEditOfPlainText() {
        let terminal = Terminal()
        let (view, events) = makeView(terminal)
        defer { events.dispose() }
        feed(Array("a".utf8), to: view)

        let pasted =
            Array("swift\r\nui\t".utf8) + [0x03, 0x15, 0x7F, 0x1B] + Array("[2Jo\u{1B}]0;x".utf8) + [0x07, 0xC2, 0x9B]
        feed(Self.bracketed(pasted), to: view)

        #expect(terminal.queries == ["a", "aswift ui [2Jo]0;x"])
        #expect(terminal.otherEvents == [])
        #expect(
            !withoutWriterSequences(terminal.output).unicodeScalars.contains {
                $0.properties.generalCategory == .control
            })
        feed(Array("!".utf8) + [0x7F], to: view)  // typing still works after the paste
        #expect(terminal.queries.suffix(2) == ["aswift ui [2Jo]0;x!", "aswift ui [2Jo]0;x"])
    }

    /// Text that reaches the controller by any other path is cleaned again before it is searched.
    @Test func queriesAreSearchedWithoutControlCharacters() {
        #expect(SearchQuery.normalize("\u{1B}[2Jswift\t\u{07}\u{0}ui\u{9B}\n") == "[2Jswiftui")
        #expect(SearchQuery.normalize(" \t\u{1B}\r\n ") == "")
    }
}
