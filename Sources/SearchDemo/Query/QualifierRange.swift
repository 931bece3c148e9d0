import Foundation

/// A condition on a whole number written the way GitHub's qualifiers write it: `10`, `>10`, `>=10`, `<10`,
/// `<=10`, `10..50`, `10..*`, `*..50`. Both bounds are kept inclusive (`>10` is `11...`).
struct QualifierRange: Sendable, Equatable {
    /// The smallest value allowed, or `nil` for no lower bound.
    var lowest: Int?
    /// The largest value allowed, or `nil` for no upper bound.
    var highest: Int?

    /// A range from `lowest` through `highest`; `nil` leaves that side open.
    init(lowest: Int?, highest: Int?) {
        self.lowest = lowest
        self.highest = highest
    }

    /// Whether `value` satisfies the condition.
    func contains(_ value: Int) -> Bool {
        if let lowest, value < lowest { return false }
        if let highest, value > highest { return false }
        return true
    }

    /// Parses a qualifier's value; `number` reads one bound (a count, a date as a day number).
    ///
    /// - Returns: the range, or the reason `text` is not one: the text of the first part that is not a
    ///   number, as `number` failed on it.
    static func parse(_ text: String, number: (Substring) -> Int?) -> Result<QualifierRange, BoundError> {
        func bound(_ part: Substring) -> Result<Int, BoundError> {
            number(part).map(Result.success) ?? .failure(BoundError(part: String(part)))
        }
        func adjusted(_ part: Substring, by step: Int) -> Result<Int, BoundError> {
            bound(part).flatMap { value in
                let (moved, overflow) = value.addingReportingOverflow(step)
                return overflow ? .failure(BoundError(part: String(part))) : .success(moved)
            }
        }
        if let dots = text.range(of: "..") {
            let (low, high) = (text[..<dots.lowerBound], text[dots.upperBound...])
            let lowest = low == "*" ? .success(nil) : bound(low).map(Optional.some)
            let highest = high == "*" ? .success(nil) : bound(high).map(Optional.some)
            return lowest.flatMap { lowest in highest.map { QualifierRange(lowest: lowest, highest: $0) } }
        }
        for (prefix, make) in comparisons {
            guard text.hasPrefix(prefix) else { continue }
            let rest = text.dropFirst(prefix.count)
            switch make {
            case .atLeast(let step): return adjusted(rest, by: step).map { QualifierRange(lowest: $0, highest: nil) }
            case .atMost(let step): return adjusted(rest, by: step).map { QualifierRange(lowest: nil, highest: $0) }
            }
        }
        return bound(text[...]).map { QualifierRange(lowest: $0, highest: $0) }
    }

    /// The part of a qualifier's value that is not a valid bound.
    struct BoundError: Error, Sendable, Equatable {
        /// The offending text, e.g. `>1` in `stars:>>1`.
        let part: String
    }

    private enum Comparison {
        case atLeast(Int)
        case atMost(Int)
    }

    /// Longest prefixes first, so `>=` is not read as `>` followed by `=…`.
    private static let comparisons: [(String, Comparison)] = [
        (">=", .atLeast(0)), ("<=", .atMost(0)), (">", .atLeast(1)), ("<", .atMost(-1)),
    ]

    /// The condition in words, with `format` writing a bound: `≥ 101`, `≤ 99`, `10–500`, `= 5`.
    func describe(_ format: (Int) -> String) -> String {
        switch (lowest, highest) {
        case (let low?, let high?) where low == high: return "= " + format(low)
        case (let low?, let high?): return format(low) + "–" + format(high)
        case (let low?, nil): return "≥ " + format(low)
        case (nil, let high?): return "≤ " + format(high)
        case (nil, nil): return "any"
        }
    }
}
