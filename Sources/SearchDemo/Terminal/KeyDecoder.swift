/// Turns raw terminal input bytes into ``Key`` events, incrementally and with constant memory.
///
/// Feed bytes with ``decode(_:)`` as they arrive, in chunks of any size: UTF-8 sequences and escape
/// sequences split across chunks are reassembled.
///
/// **Lone Esc.** An Esc key press and the start of an escape sequence (arrow keys and friends) both begin
/// with the byte `0x1B`. After an `0x1B` the decoder waits for the next byte, and ``hasPendingEscape`` is
/// `true`. Terminals send a whole sequence in one write, so the reader, when ``hasPendingEscape`` is
/// `true` after a chunk, waits a short time (``InputReader`` uses 50 ms) for more bytes and calls
/// ``flush()`` if none come: that reports the pending Esc as ``Key/escape``.
///
/// **Esc followed by another byte.** `ESC [` starts a CSI sequence and `ESC O` an SS3 sequence; the
/// known ones become keys and every other sequence is consumed and ignored (modifier parameters such as
/// the `1;5` in Ctrl-Up's `ESC [ 1 ; 5 A` are ignored, giving plain ``Key/up``). `ESC ESC` reports the
/// first Esc and keeps the second pending. `ESC` followed by any other ASCII byte is an Alt-modified key
/// (Alt-a sends `ESC a`) and is ignored. `ESC` followed by a non-ASCII byte reports ``Key/escape`` and
/// decodes the byte as text. A byte that cannot continue a sequence (a control byte or a non-ASCII byte)
/// abandons the sequence and is decoded afresh.
///
/// **Bracketed paste.** Between `ESC [ 200 ~` and `ESC [ 201 ~` (sent by terminals once the session turns
/// bracketed-paste mode on) bytes are text only: they become ``Key/paste(_:)`` keys, one per ``decode(_:)``
/// call that saw pasted text, so memory stays bounded. Line breaks and tabs become one space (consecutive
/// ones collapse), every other control byte and the Esc that starts an escape sequence are dropped (the rest
/// of such a sequence stays as text), so a pasted Ctrl-C, Enter or escape sequence is never a key press. A
/// paste is also ended by ``flush()``, so input that lost its end marker cannot keep the decoder in a paste.
///
/// **Invalid UTF-8.** Each maximal ill-formed subsequence becomes one U+FFFD REPLACEMENT CHARACTER, as
/// Unicode recommends: a stray continuation byte, an impossible byte (`0xC0`, `0xC1`, `0xF5`–`0xFF`), an
/// overlong or surrogate encoding, or a sequence cut short by another byte. A sequence cut short by the
/// end of a chunk is not an error: it waits for the next chunk (``flush()`` leaves it alone). C1 control
/// characters (U+0080–U+009F) encoded in UTF-8 are dropped.
struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        case escape
        case sequence(isSS3: Bool)
        case paste
    }

    /// What ends a bracketed paste.
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// The largest value kept for a sequence's first numeric parameter; larger values saturate here.
    private static let parameterCap = 10_000

    private var state = State.ground
    private var scalarBits: UInt32 = 0
    private var continuationBytesNeeded = 0
    private var nextContinuationRange: ClosedRange<UInt8> = 0x80...0xBF
    private var firstParameter = 0
    private var isInFirstParameter = true
    private var isSequenceIgnored = false
    /// Pasted text not reported yet (only within one ``decode(_:)`` call).
    private var pastedText = ""
    /// How many bytes of ``pasteEnd`` the last pasted bytes matched.
    private var pasteEndMatched = 0

    /// Creates a decoder with nothing pending.
    init() {}

    /// `true` when the last byte seen may be a lone Esc or the start of an escape sequence, or a bracketed
    /// paste is open.
    ///
    /// The reader should call ``flush()`` if no further byte arrives within a short timeout (which also ends
    /// a paste whose end marker never came).
    var hasPendingEscape: Bool {
        if case .ground = state { return false }
        return true
    }

    /// Decodes a chunk of input bytes and returns the keys it completes, in order.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            consume(byte, into: &keys)
        }
        reportPastedText(into: &keys)
        return keys
    }

    /// Resolves a pending Esc as ``Key/escape`` and drops an unfinished escape sequence.
    ///
    /// Call it when no more input followed a chunk within the escape timeout, and at end of input.
    mutating func flush() -> [Key] {
        switch state {
        case .ground:
            return []
        case .escape:
            state = .ground
            return [.escape]
        case .sequence:
            state = .ground
            return []
        case .paste:
            var keys: [Key] = []
            endPaste(into: &keys)
            return keys
        }
    }

    private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            consumeText(byte, into: &keys)
        case .escape:
            consumeAfterEscape(byte, into: &keys)
        case .sequence(let isSS3):
            consumeInSequence(byte, isSS3: isSS3, into: &keys)
        case .paste:
            consumePasted(byte, into: &keys)
        }
    }

    private mutating func consumeAfterEscape(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B:
            keys.append(.escape)
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            state = .sequence(isSS3: byte == UInt8(ascii: "O"))
            firstParameter = 0
            isInFirstParameter = true
            isSequenceIgnored = false
        case 0x00...0x7F:
            state = .ground
        default:
            keys.append(.escape)
            state = .ground
            consumeText(byte, into: &keys)
        }
    }

    private mutating func consumeInSequence(_ byte: UInt8, isSS3: Bool, into keys: inout [Key]) {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            if isInFirstParameter {
                firstParameter = min(firstParameter * 10 + Int(byte - UInt8(ascii: "0")), Self.parameterCap)
            }
        case UInt8(ascii: ":"), UInt8(ascii: ";"):
            isInFirstParameter = false
        case 0x20...0x2F, 0x3C...0x3F:
            // Intermediate bytes and private markers (`<`, `=`, `>`, `?`) only occur in sequences that are
            // not key presses (mouse reports, terminal replies).
            isSequenceIgnored = true
        case 0x40...0x7E:
            state = .ground
            if !isSequenceIgnored && !isSS3 && byte == UInt8(ascii: "~") && firstParameter == 200 {
                state = .paste
                pasteEndMatched = 0
            } else if !isSequenceIgnored, let key = Self.key(final: byte, firstParameter: firstParameter, isSS3: isSS3)
            {
                keys.append(key)
            }
        default:
            state = .ground
            consume(byte, into: &keys)
        }
    }

    /// Consumes one byte of a bracketed paste: part of the end marker, or text.
    private mutating func consumePasted(_ byte: UInt8, into keys: inout [Key]) {
        if byte == Self.pasteEnd[pasteEndMatched] {
            pasteEndMatched += 1
            if pasteEndMatched == Self.pasteEnd.count {
                pasteEndMatched = 0
                endPaste(into: &keys)
            }
            return
        }
        releasePartialPasteEnd()
        if byte == 0x1B {
            pasteEndMatched = 1
        } else {
            appendPasted(byte)
        }
    }

    /// Treats the bytes that looked like the start of the end marker as pasted text (its Esc is dropped).
    private mutating func releasePartialPasteEnd() {
        let matched = pasteEndMatched
        pasteEndMatched = 0
        guard matched > 1 else { return }
        for byte in Self.pasteEnd[1..<matched] { appendPasted(byte) }
    }

    /// Decodes one pasted byte (never Esc) into ``pastedText``.
    private mutating func appendPasted(_ byte: UInt8) {
        var decoded: [Key] = []
        consumeText(byte, into: &decoded)
        for key in decoded {
            switch key {
            case .character(let character): pastedText.append(character)
            case .enter, .tab: if pastedText.last != " " { pastedText.append(" ") }
            default: break
            }
        }
    }

    private mutating func endPaste(into keys: inout [Key]) {
        releasePartialPasteEnd()
        state = .ground
        reportPastedText(into: &keys)
    }

    private mutating func reportPastedText(into keys: inout [Key]) {
        guard !pastedText.isEmpty else { return }
        keys.append(.paste(pastedText))
        pastedText = ""
    }

    /// Decodes one byte outside any escape sequence: a control byte, ASCII text, or part of UTF-8 text.
    private mutating func consumeText(_ byte: UInt8, into keys: inout [Key]) {
        if continuationBytesNeeded > 0 {
            if nextContinuationRange.contains(byte) {
                scalarBits = scalarBits << 6 | UInt32(byte & 0x3F)
                continuationBytesNeeded -= 1
                nextContinuationRange = 0x80...0xBF
                if continuationBytesNeeded == 0 {
                    emitScalar(scalarBits, into: &keys)
                }
                return
            }
            // The sequence was cut short: replace what was read, then decode this byte afresh.
            continuationBytesNeeded = 0
            nextContinuationRange = 0x80...0xBF
            keys.append(.character("\u{FFFD}"))
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x03: keys.append(.ctrlC)
        case 0x15: keys.append(.ctrlU)
        case 0x00...0x1F: keys.append(.control(byte))
        case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF: beginScalar(bits: byte & 0x1F, continuationBytes: 1)
        case 0xE0: beginScalar(bits: byte & 0x0F, continuationBytes: 2, nextRange: 0xA0...0xBF)
        case 0xED: beginScalar(bits: byte & 0x0F, continuationBytes: 2, nextRange: 0x80...0x9F)
        case 0xE1...0xEF: beginScalar(bits: byte & 0x0F, continuationBytes: 2)
        case 0xF0: beginScalar(bits: byte & 0x07, continuationBytes: 3, nextRange: 0x90...0xBF)
        case 0xF4: beginScalar(bits: byte & 0x07, continuationBytes: 3, nextRange: 0x80...0x8F)
        case 0xF1...0xF3: beginScalar(bits: byte & 0x07, continuationBytes: 3)
        default: keys.append(.character("\u{FFFD}"))
        }
    }

    private mutating func beginScalar(
        bits: UInt8, continuationBytes: Int, nextRange: ClosedRange<UInt8> = 0x80...0xBF
    ) {
        scalarBits = UInt32(bits)
        continuationBytesNeeded = continuationBytes
        nextContinuationRange = nextRange
    }

    private func emitScalar(_ value: UInt32, into keys: inout [Key]) {
        // The lead and second-byte ranges above exclude overlongs, surrogates and values past U+10FFFF.
        guard let scalar = Unicode.Scalar(value), !(0x80...0x9F).contains(value) else { return }
        keys.append(.character(Character(scalar)))
    }
}
