import TestSupport
import Testing

@testable import SearchDemo

/// Decodes `bytes` in one chunk with a fresh decoder.
private func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes)
}

/// Decodes `bytes` one byte per chunk with a fresh decoder, as a slow connection would deliver them.
private func decodeByteByByte(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return bytes.flatMap { decoder.decode([$0]) }
}

/// The `.character` keys for each scalar of `text`.
private func characters(_ text: String) -> [Key] {
    text.unicodeScalars.map { .character(Character($0)) }
}

@Suite struct KeyDecoderTests {
    @Test func printableASCII() {
        #expect(decode(Array("Hi there~".utf8)) == characters("Hi there~"))
    }

    @Test func controlKeys() {
        #expect(
            decode([0x7F, 0x08, 0x15, 0x03, 0x0D, 0x0A, 0x09]) == [
                .backspace, .backspace, .ctrlU, .ctrlC, .enter, .enter, .tab,
            ])
    }

    @Test func otherControlBytesAreNeverText() {
        #expect(
            decode([0x00, 0x01, 0x07, 0x0C, 0x1A, 0x1F]) == [
                .control(0x00), .control(0x01), .control(0x07), .control(0x0C), .control(0x1A), .control(0x1F),
            ])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}OM", .enter), ("\u{1B}[1;5A", .up), ("\u{1B}[1;2D", .left), ("\u{1B}[5;3~", .pageUp),
    ])
    func escapeSequence(sequence: String, key: Key) {
        #expect(decode(Array(sequence.utf8)) == [key])
        #expect(decodeByteByByte(Array(sequence.utf8)) == [key])
    }

    @Test func unknownSequencesAreConsumedAndIgnored() {
        let input =
            "a\u{1B}[2~\u{1B}[15~\u{1B}OP\u{1B}[<0;12;5M\u{1B}[?1;2c\u{1B}[ q\u{1B}[Z\u{1B}[99999999999999999999~b"
        #expect(decode(Array(input.utf8)) == characters("ab"))
    }

    @Test func altModifiedKeysAreIgnored() {
        #expect(decode(Array("\u{1B}a\u{1B}\u{7F}\u{1B}\rz".utf8)) == characters("z"))
    }

    @Test func loneEscapeNeedsFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("[A".utf8)) == characters("[A"))
    }

    @Test func escapeThenEscapeReportsTheFirst() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x1B]) == [.escape])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.decode(Array("[B".utf8)) == [.down])
    }

    @Test func flushDropsAnUnfinishedSequence() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[1;5".utf8)) == [])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flush() == [])
        #expect(decoder.decode(Array("x".utf8)) == characters("x"))
    }

    @Test func escapeFollowedByTextReportsEscapeThenText() {
        #expect(decode(Array("\u{1B}é".utf8)) == [.escape, .character("é")])
    }

    @Test func controlByteAbandonsASequence() {
        #expect(decode(Array("\u{1B}[1\r\u{1B}O\u{7F}\u{1B}[\u{1B}[A".utf8)) == [.enter, .backspace, .up])
    }

    @Test(arguments: ["かとう", "검색", "😀", "👨‍👩‍👧", "🇯🇵", "e\u{301}", "Ωμέγα", "\u{10FFFF}"])
    func utf8SplitAcrossReads(text: String) {
        #expect(decodeByteByByte(Array(text.utf8)) == characters(text))
        #expect(decode(Array(text.utf8)) == characters(text))
    }

    @Test func utf8SplitDoesNotNeedFlush() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE3, 0x81]) == [])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.flush() == [])
        #expect(decoder.decode([0x8B]) == [.character("か")])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let input: [UInt8] = [
            0x80,  // stray continuation byte
            0xC0, 0xAF,  // overlong "/": two impossible bytes
            0xE0, 0x80, 0x80,  // overlong 3-byte form: E0 needs A0...BF next
            0xED, 0xA0, 0x80,  // surrogate U+D800
            0xF4, 0x90, 0x80, 0x80,  // past U+10FFFF
            0xFF,
            0xE3, 0x81, 0x41,  // cut short by "A"
            0xF0, 0x9F, 0x1B, 0x5B, 0x41,  // cut short by an escape sequence
        ]
        let fffd = Key.character("\u{FFFD}")
        #expect(
            decode(input) == [
                fffd,
                fffd, fffd,
                fffd, fffd, fffd,
                fffd, fffd, fffd,
                fffd, fffd, fffd, fffd,
                fffd,
                fffd, .character("A"),
                fffd, .up,
            ])
    }

    @Test func encodedC1ControlsAreDropped() {
        #expect(decode([0xC2, 0x80, 0xC2, 0x9B, 0x41, 0xC2, 0xA0]) == [.character("A"), .character("\u{A0}")])
    }

    @Test func bracketedPasteIsTextOnly() {
        let start = Array("\u{1B}[200~".utf8)
        let end = Array("\u{1B}[201~".utf8)
        #expect(decode(start + Array("a\r\nb\tc".utf8) + end + [0x03]) == [.paste("a b c"), .ctrlC])
        #expect(decode(start + [0x03, 0x15, 0x7F, 0x07, 0x00] + Array("x".utf8) + end) == [.paste("x")])
        // An escape sequence inside loses its Esc; a partial end marker is text.
        #expect(decode(start + Array("\u{1B}[2J\u{1B}[20x\u{1B}]0;t".utf8) + end) == [.paste("[2J[20x]0;t")])
        #expect(decode(start + Array("日本\u{1B}".utf8) + end + Array("z".utf8)) == [.paste("日本"), .character("z")])
        // Byte by byte: one paste key per chunk with text, the marker still recognised.
        #expect(decodeByteByByte(start + Array("ab".utf8) + end + [0x0D]) == [.paste("a"), .paste("b"), .enter])
        #expect(decode(start + end) == [])
        // A stray end marker is ignored.
        #expect(decode(end + Array("q".utf8)) == [.character("q")])
    }

    @Test func flushEndsAPasteThatLostItsEndMarker() {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array("\u{1B}[200~hi\u{1B}[20".utf8)) == [.paste("hi")])
        #expect(decoder.hasPendingEscape)
        #expect(decoder.flush() == [.paste("[20")])
        #expect(!decoder.hasPendingEscape)
        #expect(decoder.decode([0x03]) == [.ctrlC])
    }

    @Test func longGarbageKeepsDecodingAfterwards() {
        var generator = SplitMix64(seed: 42)
        var decoder = KeyDecoder()
        for _ in 0..<2_000 {
            let chunk = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            for key in decoder.decode(chunk) {
                if case .character(let character) = key {
                    #expect(
                        character.unicodeScalars.allSatisfy { $0.value >= 0xA0 || (0x20...0x7E).contains($0.value) })
                }
            }
        }
        let endless = [0x1B, 0x5B] + [UInt8](repeating: UInt8(ascii: "9"), count: 100_000)
        _ = decoder.decode(endless)
        #expect(decoder.hasPendingEscape)
        // Whatever state the garbage left, an abandoned sequence or a pending Esc ends at the next CR.
        _ = decoder.decode([0xC2])
        #expect(decoder.decode([0x0D]) == [.character("\u{FFFD}"), .enter])
        #expect(decoder.decode(Array("ok".utf8)) == characters("ok"))
    }
}
