import Streams

/// The failure messages of ``ScreenTestStore``: aligned timelines from ``diffEvents(_:_:timing:)``
/// plus, for struct states, the fields that differ.
enum ScreenTestMessages {
    /// A received state that is not the expected one (or not at the expected tick).
    static func mismatch<State: Equatable>(
        actual: Recorded<Event<State>>, expected: Recorded<Event<State>>, timing: MarbleTiming
    ) -> String {
        var lines = ["receive: the screen delivered a different state than expected"]
        lines.append(diffEvents([actual], [expected], timing: timing) ?? "")
        if let got = actual.value.element, let want = expected.value.element {
            let fields = changedFields(expected: want, actual: got)
            if !fields.isEmpty { lines.append("fields that differ (expected → actual):") }
            lines += fields
        }
        return lines.joined(separator: "\n")
    }

    /// States delivered but never asserted before `moment`.
    static func unasserted<State: Equatable>(
        _ states: [Recorded<Event<State>>], before moment: String, timing: MarbleTiming
    ) -> String {
        let count = states.count == 1 ? "1 state" : "\(states.count) states"
        let header = "the screen delivered \(count) nobody asserted before \(moment); assert each with receive(_:)"
        let listing = states.map { "  t=\($0.time): \(describe($0.value))" }
        return ([header, diffEvents(states, [], timing: timing) ?? ""] + listing).joined(separator: "\n")
    }

    /// `receive` found no new state.
    static func nothingReceived<State>(expected: State, clock: Int, last: Recorded<Event<State>>?) -> String {
        let since = last.map { "; the last one came at t=\($0.time)" } ?? ""
        return """
            receive: expected \(String(reflecting: expected)), but the screen delivered no new state \
            (clock is \(clock)\(since)); advance the scheduler to when it is due
            """
    }

    /// `  field: old → new` for each stored property whose description differs, or nothing when
    /// the state is not a struct or class with named properties.
    static func changedFields<State>(expected: State, actual: State) -> [String] {
        let wanted = Mirror(reflecting: expected)
        let got = Mirror(reflecting: actual)
        guard wanted.displayStyle == .struct || wanted.displayStyle == .class,
            wanted.children.count == got.children.count
        else { return [] }
        return zip(wanted.children, got.children).compactMap { want, have in
            guard let label = want.label else { return nil }
            let before = String(reflecting: want.value)
            let after = String(reflecting: have.value)
            return before == after ? nil : "  \(label): \(before) → \(after)"
        }
    }

    private static func describe<State>(_ event: Event<State>) -> String {
        switch event {
        case .next(let state): String(reflecting: state)
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}
