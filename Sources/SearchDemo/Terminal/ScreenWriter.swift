/// A cell position on the screen, 0-based from the top-left corner.
struct ScreenPosition: Sendable, Hashable {
    /// The row, 0 at the top.
    var row: Int
    /// The column in cells, 0 at the left edge.
    var column: Int

    /// Creates a position.
    init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }
}

/// Everything on screen at one moment: the rows from the top, and where the cursor shows.
struct Frame: Sendable, Hashable {
    /// The rows from the top; rows past the screen's height are not drawn, missing rows are blank.
    var lines: [ScreenLine]
    /// Where the cursor is shown (for example in a text field), or `nil` to keep it hidden.
    var cursor: ScreenPosition?

    /// Creates a frame of styled lines.
    init(lines: [ScreenLine], cursor: ScreenPosition? = nil) {
        self.lines = lines
        self.cursor = cursor
    }

    /// Creates a frame of plain lines.
    init(plainLines: [String], cursor: ScreenPosition? = nil) {
        self.init(lines: plainLines.map { ScreenLine($0) }, cursor: cursor)
    }
}

/// Turns successive frames into the terminal output that updates the screen from one to the next.
///
/// Only rows that changed since the previous frame are redrawn, each by moving the cursor to the row's
/// start, writing the row, and erasing the rest of the row if the new row is narrower than the screen;
/// nothing is ever cleared first, so updates do not flicker. The first frame, a frame for a new size,
/// and the frame after ``invalidate()`` redraw every row. Rows are clipped to the screen width with
/// ``ScreenLine/clipped(toWidth:)``, so wide characters and emoji never overflow. The cursor is hidden
/// while drawing and shown afterwards at ``Frame/cursor`` (clamped to the screen) if that is set.
///
/// The result is one string per frame: write it with a single write (``TerminalSession/write(_:)``).
struct ScreenWriter: Sendable {
    private var previousLines: [ScreenLine] = []
    private var previousCursor: ScreenPosition?
    private var previousSize: TerminalSize?

    /// Creates a writer whose first frame redraws the whole screen.
    init() {}

    /// Forgets what is on screen, so the next frame redraws every row (after the screen was disturbed).
    mutating func invalidate() {
        previousSize = nil
    }

    /// Returns the output that turns the previous frame into `frame` on a screen of `size`; "" when
    /// nothing changed.
    mutating func render(_ frame: Frame, size: TerminalSize) -> String {
        let rows = max(size.rows, 0)
        let columns = max(size.columns, 0)
        let lines = (0..<rows).map { row in
            row < frame.lines.count ? frame.lines[row].clipped(toWidth: columns) : ScreenLine(spans: [])
        }
        let cursor = frame.cursor.flatMap { position -> ScreenPosition? in
            guard rows > 0, columns > 0 else { return nil }
            return ScreenPosition(
                row: min(max(position.row, 0), rows - 1), column: min(max(position.column, 0), columns - 1))
        }
        let isFullRedraw = previousSize != size
        var body = ""
        for (row, line) in lines.enumerated() where isFullRedraw || line != previousLines[row] {
            body += ControlSequence.moveCursor(row: row, column: 0) + line.rendered
            if line.width < columns { body += ControlSequence.clearToEndOfLine }
        }
        defer {
            previousLines = lines
            previousCursor = cursor
            previousSize = size
        }
        if body.isEmpty && !isFullRedraw && cursor == previousCursor { return "" }
        var output = ControlSequence.hideCursor + body
        if let cursor {
            output += ControlSequence.moveCursor(row: cursor.row, column: cursor.column) + ControlSequence.showCursor
        }
        return output
    }
}
