/// What the user does on the search screen. The terminal view produces these from key presses.
enum SearchEvent: Sendable, Equatable {
    /// The search line now reads `text` (sent after every edit; the line is owned by the view).
    case queryEdited(String)
    /// Move the selection by `delta` rows (arrows: ±1, Page Up/Down: ± a page).
    case moveSelection(by: Int)
    /// Jump to the first row (Home).
    case selectFirst
    /// Jump to the last loaded row (End).
    case selectLast
    /// Open the selected repository's detail view (Enter).
    case openDetail
    /// Leave the detail view (Esc).
    case closeDetail
    /// Open the selected (or detailed) repository's `html_url` in the browser (`o`).
    case openInBrowser
    /// Order results by the next sort: best match → stars → updated → best match (Tab).
    case cycleSort
}

/// Where the app can navigate; performed by the coordinator, once per request.
enum SearchRoute: Sendable, Equatable {
    /// Open a repository page in the browser.
    case openURL(URLString)
}

/// A URL as text (keeps `SearchRoute` trivially `Sendable` and printable).
typealias URLString = String
