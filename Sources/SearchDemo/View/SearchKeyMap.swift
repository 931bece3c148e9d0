/// What a key press means on the search screen.
enum KeyOutcome: Sendable, Equatable {
    /// Send these events to the controller (possibly none).
    case events([SearchEvent])
    /// Show or hide the inspector panel (Ctrl-T).
    case toggleInspector
    /// Suspend the app (Ctrl-Z).
    case suspend
    /// Leave the app (Ctrl-C).
    case quit
}

/// Turns key presses into ``SearchEvent``s and owns the text of the search line.
///
/// ``bindings`` is the whole key map: ``handle(_:showingDetail:pageSize:)`` looks keys up in it, and the
/// `--help` text is written from it (``helpLines``), so the two cannot disagree. The search line always
/// has the keyboard for text, so in the list `o` is typed; Ctrl-O opens the selected repository there,
/// and in the detail view (where nothing is typed) `o` opens it too.
struct SearchKeyMap: Sendable, Equatable {
    /// Every key binding, in the order `--help` lists them.
    static let bindings: [KeyBinding] = [
        KeyBinding(label: "typing, a paste", meaning: "edit the search line", screen: .list, actions: [:]),
        KeyBinding(
            label: "Backspace", meaning: "delete the last character", screen: .list,
            actions: [.backspace: .deleteCharacter]),
        KeyBinding(label: "Ctrl-U", meaning: "clear the search line", screen: .list, actions: [.ctrlU: .clearLine]),
        KeyBinding(
            label: "↑ ↓", meaning: "move the selection", screen: .list,
            actions: [.up: .moveSelection(by: -1), .down: .moveSelection(by: 1)]),
        KeyBinding(
            label: "PgUp PgDn", meaning: "move the selection by a screen", screen: .list,
            actions: [.pageUp: .moveByScreen(-1), .pageDown: .moveByScreen(1)]),
        KeyBinding(
            label: "Home End", meaning: "select the first / last loaded row (End loads more)", screen: .list,
            actions: [.home: .selectFirst, .end: .selectLast]),
        KeyBinding(
            label: "Tab", meaning: "sort by best match → stars → recently updated", screen: .list,
            actions: [.tab: .cycleSort]),
        KeyBinding(
            label: "Enter →", meaning: "show the selected repository's details", screen: .list,
            actions: [.enter: .openDetail, .right: .openDetail]),
        KeyBinding(
            label: "Esc ←", meaning: "back to the list", screen: .detail,
            actions: [.escape: .closeDetail, .left: .closeDetail]),
        KeyBinding(
            label: "o", meaning: "open the repository in the browser", screen: .detail,
            actions: [.character("o"): .openInBrowser]),
        KeyBinding(
            label: "Ctrl-O", meaning: "open the repository in the browser (or show its URL)", screen: .both,
            actions: [.control(0x0F): .openInBrowser]),
        KeyBinding(
            label: "Ctrl-T", meaning: "show / hide the inspector: the screen's live subscriptions", screen: .both,
            actions: [.control(0x14): .toggleInspector]),
        KeyBinding(
            label: "Ctrl-Z", meaning: "suspend to the shell (fg resumes)", screen: .both,
            actions: [.control(0x1A): .suspend]),
        KeyBinding(label: "Ctrl-C", meaning: "quit", screen: .both, actions: [.ctrlC: .quit]),
    ]

    /// The key section of `--help`: the list's keys, then the detail view's, one binding per line.
    static var helpLines: [String] {
        func section(_ title: String, _ screen: KeyBinding.Screen) -> [String] {
            [title]
                + bindings.filter { $0.screen.includes(screen) }.map {
                    "  " + DisplayWidth.pad($0.label, toWidth: 17) + $0.meaning
                }
        }
        return section("Keys in the list:", .list) + section("Keys in the detail view:", .detail)
    }

    /// The text of the search line, exactly as typed.
    private(set) var text = ""

    /// An empty search line.
    init() {}

    /// The action bound to `key` on `screen` (`.list` or `.detail`), if any.
    static func action(for key: Key, on screen: KeyBinding.Screen) -> KeyAction? {
        bindings.lazy.filter { $0.screen.includes(screen) }.compactMap { $0.actions[key] }.first
    }

    /// The meaning of `key`; `showingDetail` selects the detail view's bindings, `pageSize` is how
    /// many rows Page Up / Page Down move. In the list, text (typed or pasted) edits the search line.
    mutating func handle(_ key: Key, showingDetail: Bool, pageSize: Int) -> KeyOutcome {
        if let action = Self.action(for: key, on: showingDetail ? .detail : .list) {
            return perform(action, pageSize: pageSize)
        }
        guard !showingDetail else { return .events([]) }
        switch key {
        case .character(let character):
            text.append(character)
        case .paste(let pasted):
            text += pasted
        default:
            return .events([])
        }
        return .events([.queryEdited(text)])
    }

    private mutating func perform(_ action: KeyAction, pageSize: Int) -> KeyOutcome {
        switch action {
        case .deleteCharacter:
            guard !text.isEmpty else { return .events([]) }
            text.removeLast()
            return .events([.queryEdited(text)])
        case .clearLine:
            guard !text.isEmpty else { return .events([]) }
            text = ""
            return .events([.queryEdited(text)])
        case .moveSelection(let rows): return .events([.moveSelection(by: rows)])
        case .moveByScreen(let screens): return .events([.moveSelection(by: screens * max(pageSize, 1))])
        case .selectFirst: return .events([.selectFirst])
        case .selectLast: return .events([.selectLast])
        case .openDetail: return .events([.openDetail])
        case .closeDetail: return .events([.closeDetail])
        case .openInBrowser: return .events([.openInBrowser])
        case .cycleSort: return .events([.cycleSort])
        case .toggleInspector: return .toggleInspector
        case .suspend: return .suspend
        case .quit: return .quit
        }
    }
}
