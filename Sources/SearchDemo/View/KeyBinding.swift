/// What a bound key asks for, besides typing text into the search line.
enum KeyAction: Sendable, Equatable {
    /// Delete the last character of the search line.
    case deleteCharacter
    /// Clear the search line.
    case clearLine
    /// Move the selection by this many rows.
    case moveSelection(by: Int)
    /// Move the selection by this many screens (Page Up / Page Down).
    case moveByScreen(Int)
    /// Select the first loaded row.
    case selectFirst
    /// Select the last loaded row (which loads the next page).
    case selectLast
    /// Show the selected repository's details.
    case openDetail
    /// Go back from the detail view to the list.
    case closeDetail
    /// Open the selected (or shown) repository in the browser.
    case openInBrowser
    /// Order results by the next sort (best match → stars → updated).
    case cycleSort
    /// Show or hide the inspector panel (the screen's live subscriptions).
    case toggleInspector
    /// Give the terminal back and stop the app until the shell continues it (`fg`).
    case suspend
    /// Quit.
    case quit
}

/// One row of the key map: keys, where they work, what they do, and how `--help` names them.
struct KeyBinding: Sendable {
    /// Where a binding works.
    enum Screen: Sendable, Equatable {
        /// In the result list (where text goes to the search line).
        case list
        /// In the detail view.
        case detail
        /// On both screens.
        case both

        /// Whether a binding for `self` works on `screen` (`.list` or `.detail`).
        func includes(_ screen: Screen) -> Bool { self == .both || self == screen }
    }

    /// How `--help` writes the keys, e.g. `↑ ↓` or `Ctrl-O`.
    let label: String
    /// What they do, for `--help`.
    let meaning: String
    /// Where they work.
    let screen: Screen
    /// Each key and its action; empty for the row that describes typing.
    let actions: [Key: KeyAction]
}
