import Foundation

/// A parsed RFC 8288 `link` header, as GitHub sends it for pagination:
/// `<https://api.github.com/…&page=2>; rel="next", <…&page=34>; rel="last"`.
///
/// Parsing is total: garbage never traps, it just yields fewer (or no) links.
struct LinkHeader: Sendable, Equatable {
    /// One `<target>; param=value; …` entry.
    struct Link: Sendable, Equatable {
        /// The text between `<` and `>`, untrimmed of nothing but surrounding whitespace.
        var target: String
        /// The `rel` values, lowercased (a `rel` may hold several, separated by spaces).
        var relations: [String]
    }

    /// The entries in header order.
    var links: [Link]

    /// Parses `header`; malformed entries are skipped.
    init(parsing header: String) {
        var scanner = LinkScanner(Array(header))
        links = []
        while let link = scanner.nextLink() { links.append(link) }
    }

    /// The target of the first link whose `rel` includes `relation` (compared case-insensitively).
    func target(forRelation relation: String) -> String? {
        links.first { $0.relations.contains(relation.lowercased()) }?.target
    }

    /// The positive integer `page` query parameter of the link with `relation`, if there is one.
    func page(forRelation relation: String) -> Int? {
        guard let target = target(forRelation: relation), let components = URLComponents(string: target) else {
            return nil
        }
        guard let value = components.queryItems?.first(where: { $0.name == "page" })?.value,
            let page = Int(value), page > 0
        else { return nil }
        return page
    }
}

/// A cursor over the header's characters; every read is bounds-checked.
private struct LinkScanner {
    private let characters: [Character]
    private var index = 0

    init(_ characters: [Character]) { self.characters = characters }

    private var current: Character? { index < characters.count ? characters[index] : nil }

    /// The next well-formed link, skipping malformed entries; `nil` at the end.
    mutating func nextLink() -> LinkHeader.Link? {
        while true {
            skip { $0.isWhitespace || $0 == "," }
            guard let first = current else { return nil }
            guard first == "<", let target = read(until: ">") else {
                skipEntry()
                continue
            }
            index += 1  // past ">"
            let relations = readParameters()["rel"].map { $0.lowercased().split(separator: " ").map(String.init) }
            return LinkHeader.Link(target: target.trimmingCharacters(in: .whitespaces), relations: relations ?? [])
        }
    }

    /// Reads `; name=value` pairs up to the `,` ending the entry (or the end).
    private mutating func readParameters() -> [String: String] {
        var parameters: [String: String] = [:]
        while true {
            skip { $0.isWhitespace }
            guard current == ";" else {
                if current != nil && current != "," { skipEntry() }
                return parameters
            }
            index += 1
            skip { $0.isWhitespace }
            let name = readToken().lowercased()
            skip { $0.isWhitespace }
            var value = ""
            if current == "=" {
                index += 1
                skip { $0.isWhitespace }
                value = current == "\"" ? readQuoted() : readToken()
            }
            if !name.isEmpty && parameters[name] == nil { parameters[name] = value }
        }
    }

    /// Reads from just after the current character up to (not past) `terminator`; `nil` if it never comes.
    private mutating func read(until terminator: Character) -> String? {
        guard let end = characters[(index + 1)...].firstIndex(of: terminator) else { return nil }
        defer { index = end }
        return String(characters[(index + 1)..<end])
    }

    private mutating func readToken() -> String {
        let start = index
        skip { !$0.isWhitespace && $0 != ";" && $0 != "," && $0 != "=" }
        return String(characters[start..<index])
    }

    /// Reads a quoted string (the current character is the opening quote), honouring `\` escapes.
    private mutating func readQuoted() -> String {
        var value = ""
        index += 1
        while let character = current, character != "\"" {
            if character == "\\", index + 1 < characters.count { index += 1 }
            value.append(characters[index])
            index += 1
        }
        if current == "\"" { index += 1 }
        return value
    }

    /// Moves past the rest of a malformed entry, to just after the next `,` outside quotes and angle brackets.
    private mutating func skipEntry() {
        var inQuotes = false
        var inBrackets = false
        while let character = current {
            index += 1
            switch character {
            case "\"" where !inBrackets: inQuotes.toggle()
            case "<" where !inQuotes: inBrackets = true
            case ">" where !inQuotes: inBrackets = false
            case "," where !inQuotes && !inBrackets: return
            default: break
            }
        }
    }

    private mutating func skip(while matches: (Character) -> Bool) {
        while let character = current, matches(character) { index += 1 }
    }
}
