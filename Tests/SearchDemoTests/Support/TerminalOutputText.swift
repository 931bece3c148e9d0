/// `output` without the control sequences `ESC [ <digits ; ?> <letter>` (cursor movement, erase and
/// style): what `ScreenWriter` itself writes around the text. Written out rather than as a `Regex`,
/// which needs macOS 13 / iOS 16.
func withoutWriterSequences(_ output: String) -> String {
    let characters = Array(output)
    var kept = ""
    var index = 0
    while index < characters.count {
        if let end = writerSequenceEnd(in: characters, at: index) {
            index = end
        } else {
            kept.append(characters[index])
            index += 1
        }
    }
    return kept
}

/// The index just past the sequence that starts at `start`, or `nil` when none starts there.
private func writerSequenceEnd(in characters: [Character], at start: Int) -> Int? {
    guard characters[start] == "\u{1B}", start + 1 < characters.count, characters[start + 1] == "[" else {
        return nil
    }
    var index = start + 2
    while index < characters.count, isParameter(characters[index]) { index += 1 }
    guard index < characters.count, characters[index].isASCII, characters[index].isLetter else { return nil }
    return index + 1
}

/// An ASCII digit, `;` or `?`.
private func isParameter(_ character: Character) -> Bool {
    character == ";" || character == "?" || (character.isASCII && character.isNumber)
}
