import Streams

/// The inspector panel (Ctrl-T): the text of `Inspector.snapshot()` — the screen's live subscriptions, one
/// node per line, indented from each subscriber up to its sources — fitted into part of the screen.
///
/// Layout (`rows` lines, none wider than `columns`; ``text(of:)`` puts the tagged trees first):
/// - row 0: the title, `Inspector · N lines · Ctrl-T hides`, ruled to the width with `─`;
/// - then the tree's lines in order, each made terminal-safe (a node's last element can be a repository's
///   text from the network) and cut to the width with `…`;
/// - when the tree has more lines than fit, the last row says `… N more` (never a partial tree without saying
///   so).
///
/// A pure function of its inputs, so a unit test can check every frame with a fixed snapshot string.
enum InspectorPanel {
    /// The text the panel shows for `snapshot`: its trees that carry a tag (the controller's `query` and `search`
    /// chains) first, then the others (the view's bindings), each group in the snapshot's order, so the chains a
    /// reader looks for are on screen at a normal height.
    static func text(of snapshot: InspectorSnapshot) -> String {
        func isTagged(_ node: InspectorSnapshot.Node) -> Bool {
            node.tag != nil || node.sources.contains(where: isTagged)
        }
        var ordered = snapshot
        ordered.roots = snapshot.roots.filter(isTagged) + snapshot.roots.filter { !isTagged($0) }
        return ordered.description
    }

    /// What the panel says when the snapshot is empty.
    static let emptyNote = "no live subscriptions recorded (Inspector.isEnabled was off when they were built)"

    /// The panel for the snapshot text `tree` in `rows` rows of `columns` columns (`[]` when either is 0).
    static func lines(tree: String, columns: Int, rows: Int) -> [String] {
        guard rows > 0, columns > 0 else { return [] }
        let nodes = tree.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var lines = [title(lineCount: nodes.count, columns: columns)]
        let room = rows - 1
        guard room > 0 else { return lines }
        if nodes.isEmpty {
            lines.append(emptyNote)
        } else if nodes.count <= room {
            lines += nodes
        } else {
            let shown = room - 1
            lines += nodes.prefix(shown)
            lines.append("… \(Wording.number(nodes.count - shown)) more")
        }
        return lines.map { DisplayWidth.truncate(TerminalSafeText.line($0), toWidth: columns) }
    }

    /// `─ Inspector · 12 lines · Ctrl-T hides ───…`, exactly `columns` wide when it fits.
    static func title(lineCount: Int, columns: Int) -> String {
        let text = "─ Inspector · \(Wording.count(lineCount, "line", "lines")) · Ctrl-T hides "
        let rule = max(columns - DisplayWidth.of(text), 0)
        return DisplayWidth.truncate(text + String(repeating: "─", count: rule), toWidth: columns)
    }
}
