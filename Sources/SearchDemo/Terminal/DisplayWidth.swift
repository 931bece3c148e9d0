/// Terminal column widths of text, and width-aware truncation and padding.
///
/// The rules follow what current terminals (xterm, VTE, kitty, iTerm2, Windows Terminal) do:
/// - East Asian Wide and Fullwidth characters (CJK ideographs, Hiragana, Katakana, Hangul syllables,
///   fullwidth forms…) take 2 columns;
/// - emoji take 2 columns: characters with default emoji presentation, any emoji followed by the emoji
///   variation selector U+FE0F, and whole ZWJ sequences, flags and skin-tone sequences, which are one
///   `Character` (grapheme cluster) each;
/// - combining marks, format characters (zero-width joiners, zero-width space), variation selectors,
///   conjoining Hangul vowels and final consonants, and control characters take 0 columns;
/// - everything else, including East Asian Ambiguous characters such as "…", takes 1 column.
///
/// A `Character` is never wider than 2 columns: its width is the widest of its scalars.
enum DisplayWidth {
    /// The ellipsis ``truncate(_:toWidth:)`` appends; one column wide.
    static let ellipsis: Character = "…"

    /// The number of terminal columns a single Unicode scalar occupies on its own: 0, 1 or 2.
    static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }  // DEL and C1 controls
        if value == 0xAD { return 1 }  // soft hyphen: format character that terminals show as "-"
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return 0  // conjoining Hangul vowels and final consonants join the leading consonant
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation || WideCharacterTable.contains(value) { return 2 }
        return 1
    }

    /// The number of terminal columns a grapheme cluster occupies: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        if character.isASCII {
            // Every ASCII cluster is one scalar except "\r\n", which is a control.
            return character.asciiValue.map { $0 >= 0x20 && $0 < 0x7F ? 1 : 0 } ?? 0
        }
        var width = 0
        var isEmojiBase = false
        for (index, scalar) in character.unicodeScalars.enumerated() {
            if index == 0 {
                isEmojiBase = scalar.properties.isEmoji
            } else if scalar.value == 0xFE0F && isEmojiBase {
                return 2
            }
            width = max(width, of(scalar: scalar))
        }
        return width
    }

    /// The number of terminal columns a string occupies: the sum of its characters' widths.
    static func of(_ text: String) -> Int {
        var width = 0
        for character in text {
            width += of(character)
        }
        return width
    }

    /// Returns `text` unchanged if it fits in `width` columns, else its longest prefix that fits in
    /// `width - 1` columns followed by "…".
    ///
    /// Never splits a grapheme cluster; a wide character that would straddle the limit is left out (the
    /// result may then be one column narrower than `width`). A non-positive `width` gives "".
    static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = prefix(of: text, maxWidth: width - 1).text
        result.append(ellipsis)
        return result
    }

    /// Returns `text` followed by enough spaces to make it `width` columns wide; a text already that
    /// wide or wider is returned unchanged.
    static func pad(_ text: String, toWidth width: Int) -> String {
        let missing = width - of(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }

    /// Returns `text` truncated (with "…") or padded with spaces to exactly `width` columns
    /// (or "" for a non-positive `width`).
    static func fit(_ text: String, toWidth width: Int) -> String {
        pad(truncate(text, toWidth: width), toWidth: width)
    }

    /// The longest prefix of `text` that fits in `maxWidth` columns, cut between grapheme clusters,
    /// with its width.
    static func prefix(of text: String, maxWidth: Int) -> (text: String, width: Int) {
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > maxWidth { break }
            result.append(character)
            used += width
        }
        return (result, used)
    }
}
