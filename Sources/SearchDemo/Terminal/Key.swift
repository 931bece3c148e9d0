/// One key press decoded from terminal input bytes.
///
/// Text arrives as `.character` one Unicode scalar at a time (so a flag or an accented letter typed as
/// base + combining mark arrives as several `.character` keys that join again when appended to a
/// `String`). Control bytes the app is likely to bind get their own case; every other C0 control byte is
/// reported as `.control(byte)` and is never text.
enum Key: Sendable, Hashable {
    /// Printable text: never a control character.
    case character(Character)
    /// Enter or Return (CR `0x0D`, LF `0x0A`, or keypad Enter `ESC O M`).
    case enter
    /// Tab (`0x09`).
    case tab
    /// Backspace (DEL `0x7F` or BS `0x08`).
    case backspace
    /// Forward delete (`ESC [ 3 ~`).
    case delete
    /// A lone Esc key press.
    case escape
    /// Ctrl-C (`0x03`); raw mode turns off the terminal's own interrupt signal, so it arrives as a key.
    case ctrlC
    /// Ctrl-U (`0x15`), conventionally "erase the whole input line".
    case ctrlU
    /// Arrow up (`ESC [ A` or `ESC O A`).
    case up
    /// Arrow down (`ESC [ B` or `ESC O B`).
    case down
    /// Arrow right (`ESC [ C` or `ESC O C`).
    case right
    /// Arrow left (`ESC [ D` or `ESC O D`).
    case left
    /// Home (`ESC [ H`, `ESC [ 1 ~`, `ESC [ 7 ~`, `ESC O H`).
    case home
    /// End (`ESC [ F`, `ESC [ 4 ~`, `ESC [ 8 ~`, `ESC O F`).
    case end
    /// Page Up (`ESC [ 5 ~`).
    case pageUp
    /// Page Down (`ESC [ 6 ~`).
    case pageDown
    /// Text from a bracketed paste: never a control character (line breaks and tabs arrive as spaces). A long
    /// paste may arrive as several of these, in order.
    case paste(String)
    /// Any other C0 control byte (`0x00`–`0x1F`), for example Ctrl-A as `.control(0x01)`.
    case control(UInt8)
}
