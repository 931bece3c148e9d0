/// The terminal control sequences (ECMA-48 / xterm) the terminal layer emits.
enum ControlSequence {
    /// Switches to the alternate screen buffer, saving the cursor (`ESC [ ? 1049 h`).
    static let enterAlternateScreen = "\u{1B}[?1049h"
    /// Returns to the normal screen buffer and restores the cursor (`ESC [ ? 1049 l`).
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// Hides the cursor (`ESC [ ? 25 l`).
    static let hideCursor = "\u{1B}[?25l"
    /// Shows the cursor (`ESC [ ? 25 h`).
    static let showCursor = "\u{1B}[?25h"
    /// Turns off automatic wrapping at the right margin, so a miscounted line can never scroll the screen.
    static let disableAutowrap = "\u{1B}[?7l"
    /// Turns automatic wrapping back on (the terminal default).
    static let enableAutowrap = "\u{1B}[?7h"
    /// Asks the terminal to bracket pasted text with `ESC [ 200 ~` … `ESC [ 201 ~` (`ESC [ ? 2004 h`), so a
    /// paste is never taken for key presses.
    static let enableBracketedPaste = "\u{1B}[?2004h"
    /// Turns bracketed paste off again (`ESC [ ? 2004 l`).
    static let disableBracketedPaste = "\u{1B}[?2004l"
    /// Erases from the cursor to the end of the line (`ESC [ K`).
    static let clearToEndOfLine = "\u{1B}[K"
    /// Resets colours and text attributes (`ESC [ 0 m`).
    static let resetStyle = "\u{1B}[0m"

    /// What entering the full-screen mode writes: alternate screen, no autowrap, hidden cursor, bracketed paste.
    static let enterFullScreen = enterAlternateScreen + disableAutowrap + hideCursor + enableBracketedPaste

    /// What leaving the full-screen mode writes: undoes ``enterFullScreen`` and any leftover style.
    static let leaveFullScreen =
        disableBracketedPaste + resetStyle + showCursor + enableAutowrap + leaveAlternateScreen

    /// Moves the cursor to a 0-based `row` and `column` (emitted 1-based, `ESC [ row ; column H`).
    static func moveCursor(row: Int, column: Int) -> String {
        "\u{1B}[\(row + 1);\(column + 1)H"
    }
}
