/// What a key press means on the search screen.
public enum KeyOutcome: Sendable, Equatable {
    /// Send these events to the controller (possibly none).
    case events([SearchEvent])
    /// Leave the app (Ctrl-C).
    case quit
}

/// Turns key presses into ``SearchEvent``s and owns the text of the search line.
///
/// The search line always has the keyboard for text, so in the list `o` is typed; Ctrl-O opens the
/// selected repository there, and in the detail view (where nothing is typed) `o` opens it too.
public struct SearchKeyMap: Sendable, Equatable {
    /// The text of the search line, exactly as typed.
    public private(set) var text = ""

    /// An empty search line.
    public init() {}

    /// The meaning of `key`; `showingDetail` selects the detail view's bindings, `pageSize` is how
    /// many rows Page Up / Page Down move.
    public mutating func handle(_ key: Key, showingDetail: Bool, pageSize: Int) -> KeyOutcome {
        if key == .ctrlC { return .quit }
        if showingDetail {
            switch key {
            case .escape, .left: return .events([.closeDetail])
            case .character("o"), .control(0x0F): return .events([.openInBrowser])
            default: return .events([])
            }
        }
        switch key {
        case .character(let character):
            text.append(character)
            return .events([.queryEdited(text)])
        case .paste(let pasted):
            text += pasted
            return .events([.queryEdited(text)])
        case .backspace:
            guard !text.isEmpty else { return .events([]) }
            text.removeLast()
            return .events([.queryEdited(text)])
        case .ctrlU:
            guard !text.isEmpty else { return .events([]) }
            text = ""
            return .events([.queryEdited(text)])
        case .up: return .events([.moveSelection(by: -1)])
        case .down: return .events([.moveSelection(by: 1)])
        case .pageUp: return .events([.moveSelection(by: -max(pageSize, 1))])
        case .pageDown: return .events([.moveSelection(by: max(pageSize, 1))])
        case .home: return .events([.selectFirst])
        case .end: return .events([.selectLast])
        case .enter, .right: return .events([.openDetail])
        case .control(0x0F): return .events([.openInBrowser])
        default: return .events([])
        }
    }
}
