import Streams

/// Names element values with single characters for drawing timelines.
struct ValueNamer<Element: Equatable> {
    /// A value's own name: from `values:`, or the value itself for letters and digits.
    private let known: (Element) -> Character?
    private var reserved: Set<Character>
    private(set) var assigned: [(name: Character, value: Element)] = []
    private static var pool: String { "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789" }

    init(known: @escaping (Element) -> Character?, reserved: Set<Character>) {
        self.known = known
        self.reserved = reserved
    }

    /// The glyph for `value` and whether the glyph is the value's own name.
    mutating func name(_ value: Element) -> (glyph: Character, isOwnName: Bool) {
        if let name = known(value) { return (name, true) }
        if let found = assigned.first(where: { $0.value == value }) { return (found.name, false) }
        guard let fresh = Self.pool.first(where: { !reserved.contains($0) }) else { return ("?", false) }
        reserved.insert(fresh)
        assigned.append((fresh, value))
        return (fresh, false)
    }

    /// `where A = 42, B = 43` for the names made up while drawing, or `nil`.
    var legend: String? {
        guard !assigned.isEmpty else { return nil }
        return "where " + assigned.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }
}

/// Compares recorded events and explains the first difference on two aligned timelines.
enum EventDiff {
    /// `nil` when equal; otherwise the expected/actual timelines, the first differing event,
    /// the scale, and a legend for values drawn under made-up names.
    static func message<Element: Equatable>(
        actual: [Recorded<Event<Element>>], expected: [Recorded<Event<Element>>], timing: MarbleTiming,
        namer: ValueNamer<Element>
    ) -> String? {
        guard actual != expected else { return nil }
        var namer = namer
        func marks(_ events: [Recorded<Event<Element>>]) -> [TimelineMark] {
            events.map { record in
                switch record.value {
                case .next(let value):
                    return TimelineMark(time: record.time, glyph: namer.name(value).glyph, ends: false)
                case .error: return TimelineMark(time: record.time, glyph: "#", ends: true)
                case .completed: return TimelineMark(time: record.time, glyph: "|", ends: true)
                }
            }
        }
        func describe(_ event: Event<Element>) -> String {
            switch event {
            case .next(let value):
                let name = namer.name(value)
                return name.isOwnName ? "next(\(name.glyph))" : "next(\(value))"
            case .error(let error): return "error(\(error))"
            case .completed: return "completed"
            }
        }
        let lines = [
            Timeline.Line(label: "expected:", marks: marks(expected)),
            Timeline.Line(label: "actual:", marks: marks(actual)),
        ]
        var output = Timeline.render(lines, timing: timing, drawsOrigin: true)
        let scale = output.removeLast()
        output.append(firstDifference(actual: actual, expected: expected, describe: describe))
        output.append(scale)
        if let legend = namer.legend { output.append(legend) }
        return output.joined(separator: "\n")
    }

    private static func firstDifference<Element: Equatable>(
        actual: [Recorded<Event<Element>>], expected: [Recorded<Event<Element>>],
        describe: (Event<Element>) -> String
    ) -> String {
        var index = 0
        while index < actual.count, index < expected.count, actual[index] == expected[index] { index += 1 }
        let want = index < expected.count ? expected[index] : nil
        let got = index < actual.count ? actual[index] : nil
        switch (want, got) {
        case (let want?, let got?) where want.time == got.time:
            return "first difference at t=\(want.time): expected \(describe(want.value)), got \(describe(got.value))"
        case (let want?, let got?) where want.time < got.time:
            return "first difference at t=\(want.time): expected \(describe(want.value)), got nothing"
        case (_, let got?):
            return "first difference at t=\(got.time): expected nothing, got \(describe(got.value))"
        case (let want?, nil):
            return "first difference at t=\(want.time): expected \(describe(want.value)), got nothing"
        case (nil, nil):
            return "first difference: none found"
        }
    }

    /// Letters and digits whose description is one character name themselves.
    static func ownDescription<Element>(_ value: Element) -> Character? {
        let text = String(describing: value)
        guard text.count == 1, let character = text.first, character.isLetter || character.isNumber else {
            return nil
        }
        return character
    }
}

/// Compares subscription lifetimes and explains the first difference on aligned timelines.
enum SubscriptionDiff {
    static func message(actual: [Subscription], expected: [Subscription], timing: MarbleTiming) -> String? {
        guard actual != expected else { return nil }
        func marks(_ subscription: Subscription) -> [TimelineMark] {
            var marks = [TimelineMark(time: subscription.subscribe, glyph: "^", ends: false)]
            if subscription.unsubscribe != Int.max {
                marks.append(TimelineMark(time: subscription.unsubscribe, glyph: "!", ends: true))
            }
            return marks
        }
        func lines(_ label: String, _ subscriptions: [Subscription]) -> [Timeline.Line] {
            subscriptions.enumerated().map { index, subscription in
                Timeline.Line(label: index == 0 ? label : "", marks: marks(subscription))
            }
        }
        let expectedLines = lines("expected:", expected)
        let actualLines = lines("actual:", actual)
        var rendered = Timeline.render(expectedLines + actualLines, timing: timing, drawsOrigin: false)
        let scale = rendered.removeLast()
        if expected.isEmpty { rendered.insert("expected: (no subscriptions)", at: 0) }
        if actual.isEmpty { rendered.insert("actual:   (no subscriptions)", at: max(1, expectedLines.count)) }
        var index = 0
        while index < actual.count, index < expected.count, actual[index] == expected[index] { index += 1 }
        let want = index < expected.count ? expected[index].debugDescription : "nothing"
        let got = index < actual.count ? actual[index].debugDescription : "nothing"
        rendered.append("first difference in subscription \(index + 1): expected \(want), got \(got)")
        rendered.append(scale)
        return rendered.joined(separator: "\n")
    }
}
