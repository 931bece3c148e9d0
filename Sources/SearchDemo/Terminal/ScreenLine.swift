/// A foreground colour from the terminal's basic 8-colour palette (SGR 30–37).
public enum TerminalColor: Int, Sendable, Hashable {
    /// The eight basic colours in SGR order: the foreground code is 30 plus the raw value.
    case black, red, green, yellow, blue, magenta, cyan, white
}

/// How a run of text is drawn: attributes and an optional foreground colour.
public struct TextStyle: Sendable, Hashable {
    /// Bold or bright text (SGR 1).
    public var isBold = false
    /// Dim text (SGR 2).
    public var isDim = false
    /// Underlined text (SGR 4).
    public var isUnderlined = false
    /// Swapped foreground and background (SGR 7), typically for a selected row.
    public var isReversed = false
    /// The foreground colour, or `nil` for the terminal's default.
    public var foreground: TerminalColor?

    /// The terminal's default look.
    public static let plain = TextStyle()

    /// Creates a style.
    public init(
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
public struct StyledText: Sendable, Hashable {
    /// The text; control characters in it are drawn as spaces.
    public var text: String
    /// The style it is drawn in.
    public var style: TextStyle

    /// Creates a run.
    public init(_ text: String, style: TextStyle = .plain) {
        self.text = text
        self.style = style
    }
}

/// One screen row: styled runs of text, drawn from the left edge.
public struct ScreenLine: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The runs, left to right.
    public var spans: [StyledText]

    /// Creates a line of runs.
    public init(spans: [StyledText]) {
        self.spans = spans
    }

    /// Creates a line of one run.
    public init(_ text: String, style: TextStyle = .plain) {
        spans = text.isEmpty ? [] : [StyledText(text, style: style)]
    }

    /// Creates a plain line from a literal.
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The line's width in terminal columns.
    public var width: Int {
        spans.reduce(0) { $0 + DisplayWidth.of($1.text) }
    }

    /// This line with control characters replaced by spaces and, if wider than `width`, cut with "…"
    /// (see ``DisplayWidth/truncate(_:toWidth:)``); the result is at most `width` columns wide.
    public func clipped(toWidth width: Int) -> ScreenLine {
        let clean = spans.map { StyledText(Self.withoutControls($0.text), style: $0.style) }
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

    /// `text` with each grapheme that is a control character replaced by a space.
    private static func withoutControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            return text
        }
        return String(text.map { $0.unicodeScalars.first?.properties.generalCategory == .control ? " " : $0 })
    }
}
