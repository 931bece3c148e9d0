/// How results are ordered: GitHub's `sort` parameter (absent for best match).
public enum SearchSort: String, Sendable, Hashable, CaseIterable {
    /// Best match, the default: no `sort` parameter.
    case bestMatch = "best-match"
    /// By star count (`sort=stars`).
    case stars
    /// By the last update (`sort=updated`).
    case updated

    /// The next sort in the cycle the interactive screen's key walks: best match → stars → updated.
    var next: SearchSort {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }

    /// How the status line and the help name it.
    var label: String {
        switch self {
        case .bestMatch: "best match"
        case .stars: "stars"
        case .updated: "recently updated"
        }
    }
}

/// The direction of a sort: GitHub's `order` parameter (`desc` by default, ignored for best match).
public enum SearchOrder: String, Sendable, Hashable, CaseIterable {
    /// Most stars or most recent first.
    case descending = "desc"
    /// Fewest stars or least recent first.
    case ascending = "asc"
}
