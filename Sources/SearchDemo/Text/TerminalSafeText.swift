/// The one place that makes text terminal-safe before the app writes it for a human: result lines of
/// `--query`, status and error messages, the list and the detail view.
///
/// Text from the network (a repository's name, description or language, a server's error message) can carry
/// anything a JSON string can, including escape sequences that would drive the terminal (set the window
/// title, write the clipboard, clear the screen) and bidirectional overrides that reorder what is shown.
/// ``line(_:)`` keeps the text on one line and leaves nothing that a terminal would act on:
/// - tabs and line breaks (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029) become one space each;
/// - every other C0 control (U+0000–U+001F, ESC included), DEL (U+007F) and every C1 control
///   (U+0080–U+009F) becomes ``placeholder``;
/// - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) become
///   ``placeholder`` too.
///
/// Everything else, including other format characters such as zero-width joiners in emoji, is kept.
/// `--json` output does not go through here: JSON escapes control characters itself and stays exact.
enum TerminalSafeText {
    /// What an unsafe character is shown as: U+FFFD REPLACEMENT CHARACTER, one column wide.
    static let placeholder: Unicode.Scalar = "\u{FFFD}"

    /// `text` on one line, with every control and bidirectional formatting character neutralised.
    static func line(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsChange) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isNewline || character == "\t" {
                result.append(" ")
            } else if character.unicodeScalars.contains(where: isUnsafe) {
                for scalar in character.unicodeScalars {
                    result.unicodeScalars.append(isUnsafe(scalar) ? placeholder : scalar)
                }
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Whether a terminal could act on `scalar`: a C0 or C1 control, DEL, or a bidirectional control.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Unsafe, or a line separator that becomes a space.
    private static func needsChange(_ scalar: Unicode.Scalar) -> Bool {
        isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
