import Foundation

/// How the offline catalog normalises text before comparing it.
///
/// Text is folded case-, diacritic- and width-insensitively (`"Café"`, `"CAFE"` and full-width `"ＣＡＦＥ"` all
/// become `"cafe"`) with no locale, then put in Unicode canonical composition (NFC), so a query typed in decomposed
/// form matches a catalog written precomposed. Comparisons then run on the folded UTF-8 bytes.
enum SearchFolding {
    /// The folding options applied to both the catalog and the query.
    static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]

    /// `text` folded and composed.
    static func fold(_ text: String) -> String {
        text.folding(options: options, locale: nil).precomposedStringWithCanonicalMapping
    }

    /// The UTF-8 bytes of `fold(text)`.
    static func foldedBytes(_ text: String) -> [UInt8] {
        Array(fold(text).utf8)
    }
}
