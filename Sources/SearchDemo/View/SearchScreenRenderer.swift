import Foundation

/// Draws the search screen as plain text lines: a pure function of the state, so every frame can be
/// checked in a unit test.
///
/// Layout (`rows` lines, none wider than `columns` terminal columns, trailing spaces trimmed):
/// - row 0: the search line, `Search: ` and the text being typed (its tail, if it does not fit);
/// - rows 1 … rows-2: the result list (or the detail view), scrolled so the selection is visible; on the start
///   screen (nothing typed, no results), the backend's ``SearchState/note`` on row 2;
/// - with the inspector shown (Ctrl-T), the body is shared: the list (or detail view) keeps its top third and
///   the ``InspectorPanel`` takes the rest (all of it when the body has fewer than 6 rows);
/// - the last row: the status bar (phase on the left, `x-ratelimit-remaining` on the right). While the list
///   still shows an earlier query's results (a new query is typed, debounced or loading), the phase is
///   prefixed with `results for “old” — `, so stale results are never shown without saying so. Idle, it is the
///   ``helpLine``; a query that matched nothing names the backend's ``SearchState/suggestion``.
///
/// Every text from a repository goes through ``TerminalSafeText/line(_:)``, and counts and durations are
/// written with ``Wording``, as in `--query` mode.
enum SearchScreenRenderer {
    /// What the status bar shows besides the state: an error toast and the spinner's frame.
    struct Overlay: Sendable, Equatable {
        /// A message shown instead of the phase (errors, a printed URL); `nil` shows the phase.
        var toast: String?
        /// Which spinner glyph a loading phase shows.
        var spinnerFrame: Int

        /// An overlay.
        init(toast: String? = nil, spinnerFrame: Int = 0) {
            self.toast = toast
            self.spinnerFrame = spinnerFrame
        }
    }

    /// The search line's prompt.
    static let prompt = "Search: "
    /// The spinner's glyphs, one per frame.
    static let spinner: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frame for `state` with the search line reading `query`, at `size`; the status bar shows
    /// `state.errorMessage` as its toast.
    static func render(state: SearchState, query: String, size: TerminalSize) -> [String] {
        render(state: state, query: query, size: size, overlay: Overlay(toast: state.errorMessage))
    }

    /// The frame for `state` with the search line reading `query`, at `size`, with `overlay`; with `inspector`
    /// (the text of an inspector snapshot), the ``InspectorPanel`` shares the body with the list.
    static func render(
        state: SearchState, query: String, size: TerminalSize, overlay: Overlay, inspector: String? = nil
    ) -> [String] {
        let rows = max(size.rows, 0)
        let columns = max(size.columns, 0)
        guard rows > 0 else { return [] }
        var lines = [searchLine(query, columns: columns)]
        if rows == 1 { return lines }
        let body = bodyRows(size: size, showingInspector: inspector != nil)
        if let detail = state.detail {
            lines += detailLines(detail, columns: columns, rows: body.list)
        } else {
            lines += listLines(state, line: query, columns: columns, rows: body.list)
        }
        if let inspector {
            let panel = InspectorPanel.lines(tree: inspector, columns: columns, rows: body.panel)
            lines += panel + Array(repeating: "", count: max(body.panel - panel.count, 0))
        }
        lines += [statusLine(state, line: query, overlay: overlay, columns: columns)]
        return lines.map { trimmed(DisplayWidth.truncate($0, toWidth: columns)) }
    }

    /// How the rows between the search line and the status bar are shared at `size`: the list's (or detail
    /// view's) rows on top, then the inspector panel's (none unless `showingInspector`).
    static func bodyRows(size: TerminalSize, showingInspector: Bool) -> (list: Int, panel: Int) {
        let body = max(size.rows - 2, 0)
        guard showingInspector else { return (body, 0) }
        let list = body >= 6 ? body / 3 : 0
        return (list, body - list)
    }

    /// The cursor's column on the search line for `query` at `columns`.
    static func cursorColumn(query: String, columns: Int) -> Int {
        min(DisplayWidth.of(searchLine(query, columns: columns)), max(columns - 1, 0))
    }

    // MARK: Search line

    private static func searchLine(_ query: String, columns: Int) -> String {
        let line = prompt + query
        if DisplayWidth.of(line) < columns || columns <= DisplayWidth.of(prompt) + 1 {
            return DisplayWidth.truncate(line, toWidth: columns)
        }
        // Keep the end of the query (where the cursor is) in view, and one column for the cursor.
        var tail = ""
        var width = 0
        let room = columns - DisplayWidth.of(prompt) - 2
        for character in query.reversed() {
            let characterWidth = DisplayWidth.of(character)
            if width + characterWidth > room { break }
            tail.insert(character, at: tail.startIndex)
            width += characterWidth
        }
        return prompt + String(DisplayWidth.ellipsis) + tail
    }

    // MARK: Result list

    private static func listLines(_ state: SearchState, line: String, columns: Int, rows: Int) -> [String] {
        guard rows > 0 else { return [] }
        if state.phase == .idle, state.results.isEmpty, line.isEmpty, let note = state.note {
            // The start screen: what is being searched (the offline catalog's size and date).
            return (["", "  " + note] + Array(repeating: "", count: max(rows - 2, 0))).prefix(rows).map { $0 }
        }
        let top = state.selection < rows ? 0 : state.selection - rows + 1
        let visible = state.results.dropFirst(top).prefix(rows)
        var lines = visible.enumerated().map { offset, repository in
            row(repository, selected: top + offset == state.selection, columns: columns)
        }
        while lines.count < rows { lines.append("") }
        return lines
    }

    /// Where a result row's columns are at a terminal width: `> ` (or two spaces), the full name, the stars,
    /// the language, then the description.
    struct RowLayout: Sendable, Equatable {
        /// The name column's width.
        let nameWidth: Int

        /// The layout at `columns`.
        init(columns: Int) {
            nameWidth = min(32, max(8, (columns - 2) * 2 / 5))
        }

        /// The display column just after the name.
        var nameEnd: Int { 2 + nameWidth }
        /// The display column the description starts at: after the name, a space, six for the stars, two
        /// spaces, ten for the language and two spaces.
        var descriptionColumn: Int { nameEnd + 1 + 6 + 2 + 10 + 2 }
    }

    private static func row(_ repository: Repository, selected: Bool, columns: Int) -> String {
        let nameWidth = RowLayout(columns: columns).nameWidth
        let name = DisplayWidth.fit(TerminalSafeText.line(repository.fullName), toWidth: nameWidth)
        let stars =
            String(repeating: " ", count: max(0, 6 - formatStars(repository.stargazersCount).count))
            + formatStars(repository.stargazersCount)
        let language = DisplayWidth.fit(TerminalSafeText.line(repository.language ?? ""), toWidth: 10)
        var line = (selected ? "> " : "  ") + name + " " + stars + "  " + language
        let room = columns - DisplayWidth.of(line) - 2
        if room >= 4, let description = repository.description.map(TerminalSafeText.line), !description.isEmpty {
            line += "  " + DisplayWidth.truncate(description, toWidth: room)
        }
        return line
    }

    /// `999`, `1.2k`, `12.3k`, `123k`, `1.2M`.
    static func formatStars(_ count: Int) -> String {
        switch count {
        case ..<1000: return String(count)
        case ..<100_000: return decimal(Double(count) / 1000) + "k"
        case ..<1_000_000: return String(count / 1000) + "k"
        default: return decimal(Double(count) / 1_000_000) + "M"
        }
    }

    private static func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }

    // MARK: Detail view

    private static func detailLines(_ repository: Repository, columns: Int, rows: Int) -> [String] {
        guard rows > 0 else { return [] }
        var lines = ["", "  " + TerminalSafeText.line(repository.fullName), ""]
        let description = repository.description.map(TerminalSafeText.line) ?? "(no description)"
        for line in wrap(description, width: columns - 4) {
            lines.append("  " + line)
        }
        lines += [
            "",
            "  Language  " + (repository.language.map(TerminalSafeText.line) ?? "—"),
            "  Stars     " + Wording.number(repository.stargazersCount),
            "  Updated   " + (repository.updatedAt.map(day) ?? "—"),
            "  URL       " + TerminalSafeText.line(repository.htmlURL.absoluteString),
            "",
            "  o open in browser · Esc back",
        ]
        if lines.count > rows { lines = Array(lines.prefix(rows)) }
        while lines.count < rows { lines.append("") }
        return lines
    }

    private static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }

    /// Splits `text` into lines of at most `width` columns, at spaces when possible.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if DisplayWidth.of(candidate) <= width {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            var rest = word
            while DisplayWidth.of(rest) > width {
                let (head, _) = DisplayWidth.prefix(of: rest, maxWidth: width)
                guard !head.isEmpty else { break }
                lines.append(head)
                rest.removeFirst(head.count)
            }
            current = rest
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    // MARK: Status bar

    /// The query the listed results belong to when it is not the one on the search line or being searched
    /// (a new query is being typed, debounced or loaded), so the status bar can say whose they are. A blank
    /// search line is not a new query: the list is about to be cleared.
    static func staleResultsQuery(_ state: SearchState, line: String) -> String? {
        guard !state.results.isEmpty, state.detail == nil else { return nil }
        let typed = SearchQuery.normalize(line)
        // A blank line is about to clear the list, so it is not marked.
        let isStale = state.resultsQuery != state.query || (!typed.isEmpty && typed != state.resultsQuery)
        return isStale ? state.resultsQuery : nil
    }

    /// What the parser understood of the query's qualifiers, for the status bar once results (or their
    /// absence) are in; `nil` for plain words, where the search line already says it all.
    private static func understoodQualifiers(_ state: SearchState) -> String? {
        switch state.phase {
        case .loaded, .empty: break
        default: return nil
        }
        guard let parsed = try? SearchQuery.parse(SearchQuery.normalize(state.query)) else { return nil }
        let summary = parsed.qualifierSummary
        return summary.isEmpty ? nil : summary
    }

    /// The status bar on the start screen: the keys, and how results are ordered (the Tab key cycles it).
    static let helpLine =
        "Type to search · Tab order: best match → stars → updated · ↑↓ select · Enter details · Ctrl-C quit"

    private static func statusLine(_ state: SearchState, line: String, overlay: Overlay, columns: Int) -> String {
        let spinner = spinner[abs(overlay.spinnerFrame) % spinner.count]
        var left: String
        if let toast = overlay.toast {
            left = toast
        } else {
            switch state.phase {
            case .idle: left = helpLine
            case .loading: left = "\(spinner) searching \(Wording.echo(state.query))…"
            case .loaded:
                let total = Wording.count(state.totalCount, "repository", "repositories")
                left = "\(Wording.number(state.results.count)) of \(total)"
            case .loadingNextPage:
                let shown = "\(Wording.number(state.results.count)) of \(Wording.number(state.totalCount))"
                left = "\(spinner) loading more… (\(shown))"
            case .empty:
                left = "no repositories match \(Wording.echo(state.query))"
                if let suggestion = state.suggestion { left += " — try \(Wording.echo(suggestion))" }
            case .rateLimited(let secondsLeft): left = "rate limited — retry in \(Wording.seconds(secondsLeft))"
            }
            if state.sort != .bestMatch { left += " · by \(state.sort.label)" }
            if let understood = understoodQualifiers(state) { left += " · \(understood)" }
            if let previous = staleResultsQuery(state, line: line) {
                left = "results for \(Wording.echo(previous)) — " + left
            }
        }
        guard let remaining = state.rateLimitRemaining else { return left }
        let right = "API: \(Wording.number(remaining)) left"
        let gap = columns - DisplayWidth.of(left) - DisplayWidth.of(right)
        return gap >= 2 ? left + String(repeating: " ", count: gap) + right : left
    }

    private static func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
