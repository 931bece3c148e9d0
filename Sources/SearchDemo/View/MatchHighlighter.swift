/// Marks where the query's words occur in a result row's name and description, so the terminal view can
/// draw them underlined and bold.
///
/// Words are compared the way the offline catalog compares them (``SearchFolding``, one character at a time),
/// so `swift` marks `Swift` and `ＳＷＩＦＴ`. Splitting only cuts the row into runs: the text and so its width
/// never change, whatever wide characters it holds.
enum MatchHighlighter {
    /// How matches are drawn on top of the row's own style.
    static func highlighted(_ base: TextStyle) -> TextStyle {
        var style = base
        style.isBold = true
        style.isUnderlined = true
        return style
    }

    /// Whether the terminal UI should highlight: not when `NO_COLOR` is set to anything (no-color.org) nor for
    /// a `dumb` terminal.
    static func isWanted(environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    /// `line`, a result row of ``SearchScreenRenderer`` at `columns`, as runs in `base` with the occurrences of
    /// `query`'s terms in the name and description columns (only those `in:` names, when given) highlighted.
    static func row(_ line: String, query: SearchQuery, columns: Int, base: TextStyle) -> ScreenLine {
        let terms = query.terms.map(folded).filter { !$0.isEmpty }
        guard !terms.isEmpty else { return ScreenLine(line, style: base) }
        let layout = SearchScreenRenderer.RowLayout(columns: columns)
        let parts = split(line, atColumns: [2, layout.nameEnd, layout.descriptionColumn])
        let namesSearched = query.fields.isEmpty || query.fields.contains(.name)
        let descriptionsSearched = query.fields.isEmpty || query.fields.contains(.description)
        var spans = [StyledText(parts[0], style: base)]
        spans += namesSearched ? runs(parts[1], terms: terms, base: base) : [StyledText(parts[1], style: base)]
        spans.append(StyledText(parts[2], style: base))
        spans += descriptionsSearched ? runs(parts[3], terms: terms, base: base) : [StyledText(parts[3], style: base)]
        return ScreenLine(spans: spans.filter { !$0.text.isEmpty })
    }

    /// `text` as runs in `base`, with every non-overlapping occurrence of a term (longest first at each
    /// position) in the highlighted style.
    static func runs(_ text: String, terms: [[UInt8]], base: TextStyle) -> [StyledText] {
        let characters = Array(text)
        let foldedCharacters = characters.map { Array(SearchFolding.fold(String($0)).utf8) }
        let longestFirst = terms.sorted { $0.count > $1.count }
        var marked = [Bool](repeating: false, count: characters.count)
        var start = 0
        while start < characters.count {
            guard let end = longestFirst.lazy.compactMap({ match($0, foldedCharacters, from: start) }).first else {
                start += 1
                continue
            }
            for index in start..<end { marked[index] = true }
            start = end
        }
        var spans: [StyledText] = []
        for (index, character) in characters.enumerated() {
            let style = marked[index] ? highlighted(base) : base
            if spans.last?.style == style {
                spans[spans.count - 1].text.append(character)
            } else {
                spans.append(StyledText(String(character), style: style))
            }
        }
        return spans
    }

    /// The end of `term` matched from character `start`, or `nil`.
    private static func match(_ term: [UInt8], _ characters: [[UInt8]], from start: Int) -> Int? {
        var matched = 0
        var index = start
        while matched < term.count, index < characters.count {
            let next = characters[index]
            guard matched + next.count <= term.count, term[matched..<matched + next.count].elementsEqual(next) else {
                return nil
            }
            matched += next.count
            index += 1
        }
        return matched == term.count && index > start ? index : nil
    }

    private static func folded(_ term: String) -> [UInt8] {
        Array(SearchFolding.fold(term).split(whereSeparator: \.isWhitespace).joined(separator: " ").utf8)
    }

    /// `text` cut at the given display columns (ascending) into `columns.count + 1` parts; a wide character
    /// across a cut goes to the later part.
    static func split(_ text: String, atColumns columns: [Int]) -> [String] {
        var parts: [String] = []
        var rest = Substring(text)
        var used = 0
        for column in columns {
            let (head, width) = DisplayWidth.prefix(of: String(rest), maxWidth: max(0, column - used))
            parts.append(head)
            rest = rest.dropFirst(head.count)
            used += width
        }
        parts.append(String(rest))
        return parts
    }
}
