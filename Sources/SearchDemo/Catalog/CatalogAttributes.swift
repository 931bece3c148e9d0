import Foundation

/// The catalog's per-entry values that qualifiers test and sorts compare, keyed once at load, by position.
struct CatalogAttributes: Sendable {
    private let stars: [Int]
    private let languages: [String?]
    private let owners: [String]
    private let updatedDays: [Int?]
    private let updatedTimes: [Double?]

    /// Keys `repositories` (in index order).
    init(_ repositories: [Repository]) {
        stars = repositories.map(\.stargazersCount)
        languages = repositories.map { $0.language.map(CatalogQuery.languageKey) }
        owners = repositories.map { repository in
            CatalogQuery.ownerKey(String(repository.fullName.prefix { $0 != "/" }))
        }
        updatedDays = repositories.map { $0.updatedAt.map(CalendarDay.number(of:)) }
        updatedTimes = repositories.map { $0.updatedAt?.timeIntervalSince1970 }
    }

    /// Whether the entry at `position` satisfies every qualifier of `query` (its terms aside).
    func entry(_ position: Int, satisfies query: CatalogQuery) -> Bool {
        if !query.languages.isEmpty {
            guard let language = languages[position], query.languages.contains(language) else { return false }
        }
        if !query.owners.isEmpty, !query.owners.contains(owners[position]) { return false }
        if !query.stars.allSatisfy({ $0.contains(stars[position]) }) { return false }
        if !query.pushedDays.isEmpty {
            guard let day = updatedDays[position], query.pushedDays.allSatisfy({ $0.contains(day) }) else {
                return false
            }
        }
        return true
    }

    /// Whether `lhs` comes before `rhs` by stars in the given direction; equal stars keep index order.
    func orderedByStars(_ lhs: Int, before rhs: Int, ascending: Bool) -> Bool {
        if stars[lhs] != stars[rhs] { return ascending ? stars[lhs] < stars[rhs] : stars[lhs] > stars[rhs] }
        return lhs < rhs
    }

    /// Whether `lhs` comes before `rhs` by the last update in the given direction; entries without a date
    /// come last either way, and equal dates keep index order.
    func orderedByUpdate(_ lhs: Int, before rhs: Int, ascending: Bool) -> Bool {
        switch (updatedTimes[lhs], updatedTimes[rhs]) {
        case (let left?, let right?) where left != right: return ascending ? left < right : left > right
        case (.some, nil): return true
        case (nil, .some): return false
        default: return lhs < rhs
        }
    }
}
