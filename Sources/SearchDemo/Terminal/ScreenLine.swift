/// A foreground colour from the terminal's basic 8-colour palette (SGR 30–37).
enum TerminalColor: Int, Sendable, Hashable {
    /// The eight basic colours in SGR order: the foreground code is 30 plus the raw value.
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a run of text is drawn: attributes and an optional foreground colour.
struct TextStyle: Sendable, Hashable {
    /// Bold or bright text (SGR 1).
    var isBold = false
    /// Dim text (SGR 2).
    var isDim = false
    /// Underlined text (SGR 4).
    var isUnderlined = false
    /// Swapped foreground and background (SGR 7), typically for a selected row.
    var isReversed = false
    /// The foreground colour, or `nil` for the terminal's default.
    var foreground: TerminalColor?

    /// The terminal's default look.
    static let plain = TextStyle()

    /// Creates a style.
    init(
        bold: Bool = false, dim: Bool = false, underlined: Bool = false, reversed: Bool = false,
        foreground: TerminalColor? = nil
    ) {
        isBold = bold
        isDim = dim
        isUnderlined = underlined
        isReversed = reversed
        self.foreground = foreground
    }

    /// The SGR sequence that selects this style from the default look ("" for ``plain``).
    var selectGraphicRendition: String {
        var codes: [String] = []
        if isBold { codes.append("1") }
        if isDim { codes.append("2") }
        if isUnderlined { codes.append("4") }
        if isReversed { codes.append("7") }
        if let foreground { codes.append(String(30 + foreground.rawValue)) }
        return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}

/// A run of text drawn in one style.
struct StyledText: Sendable, Hashable {
    /// The text; it is drawn terminal-safe (see ``TerminalSafeText/line(_:)``).
    var text: String
    /// The style it is drawn in.
    var style: TextStyle

    /// Creates a run.
    init(_ text: String, style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One screen row: styled runs of text, drawn from the left edge.
struct ScreenLine: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The runs, left to right.
    var spans: [StyledText]

    /// Creates a line of runs.
    init(spans: [StyledText]) {
        self.spans = spans
    }

    /// Creates a line of one run.
    init(_ text: String, style: TextStyle = .plain) {
        spans = text.isEmpty ? [] : [StyledText(text, style: style)]
    }

    /// Creates a plain line from a literal.
    init(stringLiteral text: String) {
        self.init(text)
    }

    /// The line's width in terminal columns.
    var width: Int {
        spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// This line made terminal-safe by ``TerminalSafeText/line(_:)`` (the one sanitizer `--query` uses too:
    /// controls and bidirectional overrides become U+FFFD, tabs and line breaks spaces) and, if wider than
    /// `width`, cut with "…" (see ``DisplayWidth/truncate(_:toWidth:)``); at most `width` columns wide.
    func clipped(toWidth width: Int) -> ScreenLine {
        let clean = spans.map { StyledText(TerminalSafeText.line($0.text), style: $0.style) }
        guard width > 0 else { return ScreenLine(spans: []) }
        let line = ScreenLine(spans: clean)
        if line.width <= width { return line }
        var result: [StyledText] = []
        var used = 0
        for span in clean {
            let (kept, keptWidth) = DisplayWidth.prefix(of: span.text, maxWidth: width - 1 - used)
            if kept.count == span.text.count {
                result.append(span)
                used += keptWidth
            } else {
                result.append(StyledText(kept + String(DisplayWidth.ellipsis), style: span.style))
                break
            }
        }
        return ScreenLine(spans: result)
    }

    /// The bytes that draw this line at the cursor, leaving the terminal in the default style.
    var rendered: String {
        var output = ""
        for span in spans where !span.text.isEmpty {
            let select = span.style.selectGraphicRendition
            output += select.isEmpty ? span.text : select + span.text + ControlSequence.resetStyle
        }
        return output
    }
}
