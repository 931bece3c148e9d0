/// What one marble character or group member stands for.
enum MarbleSymbol: Equatable, Sendable {
    /// A letter or digit naming an element.
    case value(Character)
    /// `|`
    case completed
    /// `#`
    case error
}

/// One event of a parsed marble string, at a frame relative to the marble's frame 0.
struct MarbleEntry: Equatable, Sendable {
    /// Frames after frame 0 (negative before a `^`).
    let frame: Int
    let symbol: MarbleSymbol
    /// The 1-based column of the character, for error messages.
    let column: Int
}

/// A parsed subscription marble: frames of `^` and `!` from the first character.
struct SubscriptionMarble: Equatable, Sendable {
    let subscribeFrame: Int
    /// `nil` when the marble has no `!` (never unsubscribed).
    let unsubscribeFrame: Int?
}

/// The marble grammar. Parsing is total: any string yields entries or a ``MarbleParseError``.
///
/// Event marbles: `-` one silent frame; a letter or digit an element; `|` completion; `#` an
/// error; `(ab)` several events in the frame of the `(` (the group still spans one frame per
/// character, so what follows keeps its visual position); `^` frame 0 (hot and expected-output
/// marbles only); spaces and tabs are ignored. Subscription marbles: `-`, one `^` (subscribe),
/// at most one later `!` (unsubscribe), `(^!)` for both in one frame, spaces.
enum MarbleParser {
    /// Parses event marbles; `^` is accepted only when `allowsSubscriptionPoint`.
    static func parseEvents(
        _ marbles: String, allowsSubscriptionPoint: Bool
    ) -> Result<[MarbleEntry], MarbleParseError> {
        var scanner = GroupScanner(marbles: marbles)
        var entries: [(frame: Int, symbol: MarbleSymbol, column: Int)] = []
        var origin: Int?
        for (offset, character) in marbles.enumerated() {
            let column = offset + 1
            if character == " " || character == "\t" { continue }
            defer { scanner.frame += 1 }
            let symbol: MarbleSymbol
            switch character {
            case "-", "(", ")":
                if let failure = scanner.structural(character, column: column) { return .failure(failure) }
                continue
            case "^":
                guard allowsSubscriptionPoint else {
                    return .failure(
                        scanner.error(column, "'^' marks subscription only in hot or expected-output marbles"))
                }
                if scanner.groupStart != nil {
                    return .failure(scanner.error(column, "'^' cannot be inside a group"))
                }
                if origin != nil { return .failure(scanner.error(column, "second '^'")) }
                origin = scanner.frame
                continue
            case "|": symbol = .completed
            case "#": symbol = .error
            case "!":
                return .failure(scanner.error(column, "'!' belongs in subscription marbles (use assertSubscriptions)"))
            default:
                guard character.isLetter || character.isNumber else {
                    return .failure(scanner.error(column, "unexpected character \(quoted(character))"))
                }
                symbol = .value(character)
            }
            entries.append((scanner.eventFrame, symbol, column))
            scanner.groupCount += 1
        }
        if let failure = scanner.finish() { return .failure(failure) }
        let zero = origin ?? 0
        return .success(entries.map { MarbleEntry(frame: $0.frame &- zero, symbol: $0.symbol, column: $0.column) })
    }

    /// Parses a subscription marble such as `--^---!`.
    static func parseSubscription(_ marbles: String) -> Result<SubscriptionMarble, MarbleParseError> {
        var scanner = GroupScanner(marbles: marbles)
        var subscribe: Int?
        var unsubscribe: Int?
        for (offset, character) in marbles.enumerated() {
            let column = offset + 1
            if character == " " || character == "\t" { continue }
            defer { scanner.frame += 1 }
            switch character {
            case "-", "(", ")":
                if let failure = scanner.structural(character, column: column) { return .failure(failure) }
                continue
            case "^":
                if subscribe != nil { return .failure(scanner.error(column, "second '^'")) }
                subscribe = scanner.eventFrame
            case "!":
                if subscribe == nil { return .failure(scanner.error(column, "'!' before '^'")) }
                if unsubscribe != nil { return .failure(scanner.error(column, "second '!'")) }
                unsubscribe = scanner.eventFrame
            default:
                return .failure(
                    scanner.error(
                        column, "unexpected character \(quoted(character)) (subscription marbles use - ^ ! ( ))"))
            }
            scanner.groupCount += 1
        }
        if let failure = scanner.finish() { return .failure(failure) }
        guard let subscribe else {
            return .failure(scanner.error(marbles.count + 1, "missing '^' (the subscription frame)"))
        }
        return .success(SubscriptionMarble(subscribeFrame: subscribe, unsubscribeFrame: unsubscribe))
    }

    /// `'x'`, with control characters escaped.
    static func quoted(_ character: Character) -> String {
        "'" + character.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "'"
    }
}

/// The frame counter and `( … )` state shared by both marble kinds.
private struct GroupScanner {
    let marbles: String
    var frame = 0
    var groupStart: (frame: Int, column: Int)?
    var groupCount = 0

    /// The frame an event at the current character belongs to (the group's, inside a group).
    var eventFrame: Int { groupStart?.frame ?? frame }

    func error(_ column: Int, _ reason: String) -> MarbleParseError {
        MarbleParseError(marbles: marbles, column: column, reason: reason)
    }

    /// Handles `-`, `(` and `)`; returns an error if they are misplaced.
    mutating func structural(_ character: Character, column: Int) -> MarbleParseError? {
        switch character {
        case "-":
            return groupStart == nil ? nil : error(column, "'-' inside a group (a group is a single frame)")
        case "(":
            if groupStart != nil { return error(column, "nested '('") }
            groupStart = (frame, column)
            groupCount = 0
            return nil
        default:
            guard groupStart != nil else { return error(column, "')' without '('") }
            if groupCount == 0 { return error(column, "empty group '()'") }
            groupStart = nil
            return nil
        }
    }

    /// Reports a group left open at the end.
    func finish() -> MarbleParseError? {
        guard let groupStart else { return nil }
        return error(groupStart.column, "'(' is never closed")
    }
}
