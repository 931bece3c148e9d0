import Testing

@testable import SearchDemo

private let hide = "\u{1B}[?25l"
private let show = "\u{1B}[?25h"
private let clear = "\u{1B}[K"

/// The cursor-positioning sequence for a 1-based row and column.
private func at(_ row: Int, _ column: Int) -> String {
    "\u{1B}[\(row);\(column)H"
}

@Suite struct ScreenWriterTests {
    @Test func firstFrameDrawsEveryRow() {
        var writer = ScreenWriter()
        let output = writer.render(Frame(lines: ["ab", "漢字"]), size: TerminalSize(rows: 3, columns: 10))
        #expect(output == hide + at(1, 1) + "ab" + clear + at(2, 1) + "漢字" + clear + at(3, 1) + clear)
    }

    @Test func unchangedFrameWritesNothing() {
        var writer = ScreenWriter()
        let size = TerminalSize(rows: 2, columns: 4)
        _ = writer.render(Frame(lines: ["ab"], cursor: ScreenPosition(row: 0, column: 2)), size: size)
        #expect(writer.render(Frame(lines: ["ab"], cursor: ScreenPosition(row: 0, column: 2)), size: size) == "")
        #expect(writer.render(Frame(lines: ["ab", ""], cursor: ScreenPosition(row: 0, column: 2)), size: size) == "")
    }

    @Test func onlyChangedRowsAreRedrawn() {
        var writer = ScreenWriter()
        let size = TerminalSize(rows: 4, columns: 6)
        _ = writer.render(Frame(lines: ["one", "two", "three", "four"]), size: size)
        let output = writer.render(Frame(lines: ["one", "2", "three"]), size: size)
        #expect(output == hide + at(2, 1) + "2" + clear + at(4, 1) + clear)
    }

    @Test func cursorMoveAloneRepositionsAndShowsTheCursor() {
        var writer = ScreenWriter()
        let size = TerminalSize(rows: 2, columns: 8)
        _ = writer.render(Frame(lines: ["query"], cursor: ScreenPosition(row: 0, column: 5)), size: size)
        let moved = writer.render(Frame(lines: ["query"], cursor: ScreenPosition(row: 0, column: 2)), size: size)
        #expect(moved == hide + at(1, 3) + show)
        #expect(writer.render(Frame(lines: ["query"]), size: size) == hide)
    }

    @Test func resizeRedrawsEveryRow() {
        var writer = ScreenWriter()
        _ = writer.render(Frame(lines: ["abc", "def"]), size: TerminalSize(rows: 2, columns: 5))
        let output = writer.render(Frame(lines: ["abc", "def"]), size: TerminalSize(rows: 2, columns: 3))
        #expect(output == hide + at(1, 1) + "abc" + at(2, 1) + "def")
    }

    @Test func invalidateRedrawsEveryRow() {
        var writer = ScreenWriter()
        let size = TerminalSize(rows: 1, columns: 5)
        _ = writer.render(Frame(lines: ["abc"]), size: size)
        writer.invalidate()
        #expect(writer.render(Frame(lines: ["abc"]), size: size) == hide + at(1, 1) + "abc" + clear)
    }

    @Test func wideTextIsClippedToTheScreenWidth() {
        var writer = ScreenWriter()
        let frame = Frame(lines: ["漢字漢字", "😀😀😀", "검색어 검색"])
        #expect(
            writer.render(frame, size: TerminalSize(rows: 3, columns: 5))
                == hide + at(1, 1) + "漢字…" + at(2, 1) + "😀😀…" + at(3, 1) + "검색…")
        #expect(
            writer.render(frame, size: TerminalSize(rows: 3, columns: 4))
                == hide + at(1, 1) + "漢…" + clear + at(2, 1) + "😀…" + clear + at(3, 1) + "검…" + clear)
    }

    @Test func oneByOneTerminal() {
        var writer = ScreenWriter()
        let size = TerminalSize(rows: 1, columns: 1)
        let first = writer.render(
            Frame(lines: ["hello", "world"], cursor: ScreenPosition(row: 5, column: 9)), size: size)
        #expect(first == hide + at(1, 1) + "…" + at(1, 1) + show)
        #expect(writer.render(Frame(lines: ["h"]), size: size) == hide + at(1, 1) + "h")
        #expect(writer.render(Frame(lines: ["漢"]), size: size) == hide + at(1, 1) + "…")
        #expect(writer.render(Frame(lines: []), size: size) == hide + at(1, 1) + clear)
    }

    @Test func emptyScreenDrawsNothingButDoesNotCrash() {
        var writer = ScreenWriter()
        let frame = Frame(lines: ["abc"], cursor: ScreenPosition(row: 0, column: 0))
        #expect(writer.render(frame, size: TerminalSize(rows: 0, columns: 0)) == hide)
        #expect(writer.render(frame, size: TerminalSize(rows: 0, columns: 0)) == "")
        #expect(writer.render(frame, size: TerminalSize(rows: 1, columns: 0)) == hide + at(1, 1))
        #expect(writer.render(frame, size: TerminalSize(rows: -1, columns: -5)) == hide)
    }

    @Test func stylesAreSelectedAndResetPerRun() {
        var writer = ScreenWriter()
        let line = ScreenLine(spans: [
            StyledText("> ", style: TextStyle(bold: true, reversed: true)),
            StyledText("name"),
            StyledText(" ★3", style: TextStyle(dim: true, foreground: .yellow)),
        ])
        let output = writer.render(Frame(lines: [line]), size: TerminalSize(rows: 1, columns: 8))
        #expect(output == hide + at(1, 1) + "\u{1B}[1;7m> \u{1B}[0mname\u{1B}[2;33m …\u{1B}[0m")
    }

    /// The writer's last line of defence is the same sanitizer `--query` uses: tabs and line breaks (NEL
    /// included) become spaces, ESC, C1 controls and bidi overrides a visible U+FFFD.
    @Test func controlCharactersAreDrawnTerminalSafe() {
        var writer = ScreenWriter()
        let output = writer.render(
            Frame(lines: ["a\tb\u{1B}[2J\r\nc\u{85}d\u{9B}e\u{202E}"]), size: TerminalSize(rows: 1, columns: 20))
        #expect(output == hide + at(1, 1) + "a b\u{FFFD}[2J c d\u{FFFD}e\u{FFFD}" + clear)
    }

    @Test func clippedLinesFitTheWidth() {
        let line = ScreenLine(spans: [StyledText("ab"), StyledText("漢字", style: TextStyle(bold: true))])
        #expect(line.clipped(toWidth: 6) == line)
        #expect(
            line.clipped(toWidth: 5)
                == ScreenLine(spans: [StyledText("ab"), StyledText("漢…", style: TextStyle(bold: true))]))
        #expect(
            line.clipped(toWidth: 3)
                == ScreenLine(spans: [StyledText("ab"), StyledText("…", style: TextStyle(bold: true))]))
        #expect(line.clipped(toWidth: 2) == ScreenLine(spans: [StyledText("a…")]))
        #expect(line.clipped(toWidth: 0) == ScreenLine(spans: []))
    }
}
